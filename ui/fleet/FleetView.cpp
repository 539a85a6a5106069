#include "FleetView.h"

#include "Format.h"
#include "TableViews.h"

#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace kix::ui {

namespace {

QList<FleetCardRow> cardRows(const FleetReport& r) {
    QList<FleetCardRow> rows;
    for (int k = 0; k < r.cards.size(); ++k) {
        const FleetCard& c = r.cards[k];
        FleetCardRow row;
        row.name = fleetCardName(r, k);
        row.identity = c.identity.label();
        row.geomean = formatLatency(c.geomeanNs);
        row.reference = k == r.reference;
        row.named = c.slower || c.faster;
        if (c.judged) {
            row.ratio = ratioLabel(c.judged->suite);
            row.interval = intervalLabel(c.judged->suite);
            row.verdict = verdictName(c.judged->suite.verdict);
            row.reason = c.judged->suite.reason;
        } else {
            row.verdict = QObject::tr("reference");
        }
        row.state = c.state.join(QStringLiteral("; "));
        rows << row;
    }
    return rows;
}

QString summaryOf(const FleetReport& r) {
    QString text = QObject::tr("%1 cards of %2. Reference: %3 (%4), the median card by suite geomean. Spread "
                               "of the geomeans: max/min %5, CV %6.")
                       .arg(r.cards.size())
                       .arg(r.cards[r.reference].identity.name, fleetCardName(r, r.reference),
                            r.cards[r.reference].identity.label(), fleetSpreadLabel(r.spread),
                            fleetVariationLabel(r.variation));
    if (r.slower.isEmpty() && r.faster.isEmpty())
        return text + u' ' + QObject::tr("No card differs from the fleet beyond its noise floor.");
    for (const int k : r.slower)
        text += u' ' + QObject::tr("%1 is slower than the fleet.").arg(fleetCardName(r, k));
    for (const int k : r.faster)
        text += u' ' + QObject::tr("%1 is faster than the fleet.").arg(fleetCardName(r, k));
    return text;
}

} // namespace

FleetCardsModel::FleetCardsModel(QObject* parent)
    : RowTableModel({tr("Card"), tr("Identity"), tr("Geomean"), tr("Card / reference"), tr("95% CI"),
                     tr("Verdict"), tr("GPU state")},
                    parent) {}

void FleetCardsModel::setReport(const FleetReport& report) {
    setRows(report.error.isEmpty() ? cardRows(report) : QList<FleetCardRow>{});
}

QVariant FleetCardsModel::cell(const FleetCardRow& row, int column, int role) const {
    if (role == Qt::ToolTipRole && column == int(FleetCardColumn::Verdict) && !row.reason.isEmpty())
        return widgetLine(row.reason);
    if (role == Qt::FontRole && row.named && column == int(FleetCardColumn::Verdict)) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (FleetCardColumn(column)) {
    case FleetCardColumn::Card:
        return row.reference ? row.name + QStringLiteral(" *") : row.name;
    case FleetCardColumn::Identity:
        return row.identity;
    case FleetCardColumn::Geomean:
        return row.geomean;
    case FleetCardColumn::Ratio:
        return row.ratio;
    case FleetCardColumn::Interval:
        return row.interval;
    case FleetCardColumn::Verdict:
        return row.verdict;
    case FleetCardColumn::State:
        return row.state;
    case FleetCardColumn::Count:
        break;
    }
    return {};
}

FleetCasesModel::FleetCasesModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void FleetCasesModel::setReport(const FleetReport& report) {
    beginResetModel();
    m_report = report.error.isEmpty() ? report : FleetReport{};
    endResetModel();
}

int FleetCasesModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_report.cases.size());
}

int FleetCasesModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() || m_report.cards.isEmpty() ? 0 : kFixedColumns + int(m_report.cards.size());
}

QVariant FleetCasesModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case 0:
        return tr("Case");
    case 1:
        return tr("Spread");
    case 2:
        return tr("CV");
    default:
        break;
    }
    const int k = section - kFixedColumns;
    return QString(fleetCardName(m_report, k) + (k == m_report.reference ? QStringLiteral(" *") : QString()));
}

QVariant FleetCasesModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const FleetCase& fc = m_report.cases[index.row()];
    const int column = index.column();
    if (column < kFixedColumns) {
        if (role != Qt::DisplayRole)
            return {};
        if (column == 0)
            return widgetLine(fc.axes.isEmpty() ? fc.id : fc.axes);
        return column == 1 ? fleetSpreadLabel(fc.spread) : fleetVariationLabel(fc.variation);
    }
    const FleetCell& cell = fc.cards.value(column - kFixedColumns);
    if (role == Qt::DisplayRole) {
        const QString mark = fleetVerdictMark(cell.verdict);
        return mark.isEmpty() ? formatLatency(cell.centerNs) : formatLatency(cell.centerNs) + u' ' + mark;
    }
    if (role == Qt::ToolTipRole) {
        QStringList lines;
        if (cell.intervalNs)
            lines << tr("median's 95% interval [%1, %2], %3 launches")
                         .arg(formatLatency(cell.intervalNs->lo), formatLatency(cell.intervalNs->hi))
                         .arg(cell.launches);
        if (cell.verdict)
            lines << verdictLine(*cell.verdict);
        lines << cell.state;
        return widgetBlock(lines.join(u'\n'));
    }
    return {};
}

FleetView::FleetView(QWidget* parent)
    : QWidget(parent)
    , m_summary(new QLabel(this))
    , m_cards(new FleetCardsModel(this))
    , m_cases(new FleetCasesModel(this))
    , m_cardTable(makeReadOnlyTable(m_cards, this))
    , m_caseTable(makeReadOnlyTable(m_cases, this)) {
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_cardTable);
    split->addWidget(m_caseTable);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);
    showRuns({});
}

void FleetView::showRuns(const QList<ManifestPtr>& runs) {
    QList<ManifestPtr> usable;
    for (const ManifestPtr& m : runs)
        if (m && m->hasRun())
            usable << m;
    FleetReport report;
    if (usable.size() < kMinFleetCards)
        report.error =
            tr("Select the runs of one cohort on two or more cards (Ctrl+click): one run per card, "
               "as kix run --gpus writes them.");
    else
        report = buildFleetReport(usable);
    m_summary->setText(widgetBlock(report.error.isEmpty() ? summaryOf(report) : report.error));
    m_cards->setReport(report);
    m_cases->setReport(report);
}

QString FleetView::summary() const {
    return m_summary->text();
}

} // namespace kix::ui
