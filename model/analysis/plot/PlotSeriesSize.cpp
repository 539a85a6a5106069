#include "PlotSeriesSize.h"

#include "Roofline.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace kix {

namespace {

std::optional<double> bytesOf(const CaseResult& c) {
    if (c.bytes && std::isfinite(*c.bytes) && *c.bytes > 0)
        return *c.bytes;
    return std::nullopt;
}

// The product of the case's axes; none without axes or with an axis that is not positive (a log axis
// cannot place zero, and a negative extent is no size).
std::optional<double> axesProductOf(const CaseResult& c) {
    if (c.axes.isEmpty())
        return std::nullopt;
    double product = 1;
    for (const auto& axis : c.axes) {
        if (!(axis.second > 0))
            return std::nullopt;
        product *= axis.second;
    }
    return std::isfinite(product) ? std::optional<double>(product) : std::nullopt;
}

QStringList axisNamesOf(const CaseResult& c) {
    QStringList names;
    for (const auto& axis : c.axes)
        names << axis.first;
    return names;
}

// The same axes on every sized case, else none (the label then says "the axes' product").
QStringList commonAxisNames(const QList<CaseResult>& cases, const QList<std::optional<double>>& size) {
    QStringList names;
    bool first = true;
    for (qsizetype i = 0; i < cases.size(); ++i) {
        if (!size[i])
            continue;
        const QStringList own = axisNamesOf(cases[i]);
        if (first)
            names = own;
        else if (own != names)
            return {};
        first = false;
    }
    return names;
}

} // namespace

qsizetype CaseSizes::unsized() const {
    return std::count_if(size.begin(), size.end(), [](const auto& s) { return !s.has_value(); });
}

QString CaseSizes::axisLabel() const {
    switch (measure) {
    case SizeMeasure::BytesMoved:
        return QStringLiteral("case size: bytes moved (log scale)");
    case SizeMeasure::AxesProduct:
        return axisNames.isEmpty()
                   ? QStringLiteral("case size: product of the case's axes (log scale)")
                   : QStringLiteral("case size: %1 (log scale)").arg(axisNames.join(QStringLiteral(" × ")));
    case SizeMeasure::None:
        break;
    }
    return QStringLiteral("case size (none recorded)");
}

CaseSizes caseSizes(const QList<CaseResult>& cases) {
    QList<std::optional<double>> bytes, product;
    qsizetype byBytes = 0, byProduct = 0;
    for (const CaseResult& c : cases) {
        bytes << bytesOf(c);
        product << axesProductOf(c);
        byBytes += bytes.back().has_value();
        byProduct += product.back().has_value();
    }
    CaseSizes out;
    if (byBytes > 0 && byBytes >= byProduct) {
        out.measure = SizeMeasure::BytesMoved;
        out.size = std::move(bytes);
    } else if (byProduct > 0) {
        out.measure = SizeMeasure::AxesProduct;
        out.size = std::move(product);
        out.axisNames = commonAxisNames(cases, out.size);
    } else {
        out.size = QList<std::optional<double>>(cases.size());
    }
    return out;
}

QString sizeText(double size, SizeMeasure measure) {
    if (measure == SizeMeasure::BytesMoved)
        return formatBytes(size);
    // A product of axes is a whole number: all its digits, as the axes multiply out.
    return size == std::round(size) && size < 1e15 ? QString::number(size, 'f', 0)
                                                   : QString::number(size, 'g', 6);
}

QList<double> sizeTicks(double lo, double hi) {
    QList<double> ticks;
    if (!(lo > 0) || !(hi > lo) || !std::isfinite(hi))
        return ticks;
    const int first = int(std::ceil(std::log10(lo) - 1e-9));
    const int last = int(std::floor(std::log10(hi) + 1e-9));
    if (last - first >= 1) {
        const int step = (last - first) / 10 + 1; // ten labels at most
        for (int e = first; e <= last; e += step)
            ticks << std::pow(10.0, e);
        return ticks;
    }
    for (int e = first - 1; e <= last; ++e)
        for (const double m : {1.0, 2.0, 5.0})
            if (const double t = m * std::pow(10.0, e); t >= lo * (1 - 1e-9) && t <= hi * (1 + 1e-9))
                ticks << t;
    return ticks;
}

QString sizeTickText(double size, SizeMeasure measure) {
    if (measure == SizeMeasure::BytesMoved) {
        // "1.00 MB" on a tick reads better as "1 MB": drop the zeros formatBytes keeps for alignment.
        QString s = formatBytes(size);
        const qsizetype space = s.indexOf(u' ');
        if (s.left(space).contains(u'.')) {
            qsizetype end = space;
            while (s[end - 1] == u'0')
                --end;
            if (s[end - 1] == u'.')
                --end;
            s.remove(end, space - end);
        }
        return s;
    }
    // A count without unit: SI prefixes as the bytes have them ("100", "1k", "10M").
    static const std::array<const char*, 6> prefixes = {"", "k", "M", "G", "T", "P"};
    std::size_t k = 0;
    while (k + 1 < prefixes.size() && size >= 999.5) {
        size /= 1000;
        ++k;
    }
    return QString::number(size, 'g', 3) + QLatin1String(prefixes[k]);
}

} // namespace kix
