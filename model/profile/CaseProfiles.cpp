#include "CaseProfiles.h"

#include "QuotedForMessage.h"

namespace kix::profile {

namespace {

QString gpuKey(QString name) {
    name = name.trimmed().toLower();
    if (name.startsWith(QStringLiteral("nvidia ")))
        name = name.mid(7);
    return name.simplified();
}

} // namespace

std::optional<double> CaseProfile::durationNs() const {
    std::optional<double> sum;
    for (const KernelProfile& k : kernels) {
        const auto d = k.value("durationNs");
        if (!d)
            return std::nullopt;
        sum = sum.value_or(0) + *d;
    }
    return sum;
}

std::optional<double> CaseProfile::dramBytes(bool* estimated) const {
    std::optional<double> sum;
    if (estimated)
        *estimated = false;
    for (const KernelProfile& k : kernels) {
        bool thisEstimated = false;
        const auto b = k.dramBytes(&thisEstimated);
        if (!b)
            return std::nullopt;
        if (estimated && thisEstimated)
            *estimated = true;
        sum = sum.value_or(0) + *b;
    }
    return sum;
}

bool sameGpuModel(const QString& a, const QString& b) {
    return gpuKey(a) == gpuKey(b);
}

QList<QList<int>> launchGroups(const NcuTable& table) {
    QList<QList<int>> groups;
    if (table.launches.isEmpty())
        return groups;
    const QString entry = table.launches.front().function;
    for (int i = 0; i < int(table.launches.size()); ++i) {
        if (table.launches[i].function == entry || groups.isEmpty())
            groups.push_back({});
        groups.back().push_back(i);
    }
    return groups;
}

MatchResult matchToCases(const NcuTable& table, const MatchRequest& request, const QString& file) {
    MatchResult result;
    const auto fail = [&](const char* code, const QString& message) {
        result.problems << makeProblem(Problem::Severity::Error, code, file, QString(), message);
        return result;
    };
    if (table.launches.isEmpty())
        return fail(codes::profileNoLaunch, QStringLiteral("the report holds no profiled launch"));
    const NcuLaunch& first = table.launches.front();
    if (!request.expectedDevice.isEmpty() && !first.device.isEmpty() &&
        !sameGpuModel(first.device, request.expectedDevice))
        return fail(codes::profileOtherGpu,
                    QStringLiteral("the report was taken on %1, the run on %2")
                        .arg(quotedForMessage(first.device), quotedForMessage(request.expectedDevice)));
    if (!request.entryFunctions.isEmpty() && !request.entryFunctions.contains(first.function))
        return fail(
            codes::profileOtherKernel,
            QStringLiteral("the report's first kernel is %1, but the run's implementation launches %2 "
                           "first")
                .arg(quotedForMessage(first.function), request.entryFunctions.join(QStringLiteral(" or "))));
    ProfileSet set;
    set.device = first.device;
    set.computeCapability = first.computeCapability;
    if (const auto l2 = parseNcuNumber(first.cells.value(QStringLiteral("device__attribute_l2_cache_size"))))
        set.l2Bytes = *l2;
    const QList<QList<int>> groups = launchGroups(table);
    QList<CaseSlot> caseSlots = request.cases;
    if (!request.onlyCase.isEmpty()) {
        const auto it = std::find_if(caseSlots.begin(), caseSlots.end(),
                                     [&](const CaseSlot& s) { return s.id == request.onlyCase; });
        if (it == caseSlots.end())
            return fail(codes::profileUnmatched,
                        QStringLiteral("the run has no case %1").arg(quotedForMessage(request.onlyCase)));
        caseSlots = {*it};
    }
    const int matched = int(std::min(groups.size(), caseSlots.size()));
    for (int g = 0; g < matched; ++g) {
        CaseProfile c;
        c.caseId = caseSlots[g].id;
        c.label = caseSlots[g].label.isEmpty() ? caseSlots[g].id : caseSlots[g].label;
        for (int i : groups[g]) {
            KernelProfileResult k = kernelProfile(table.launches[i], table, file);
            result.problems += k.problems;
            c.kernels << std::move(k.profile);
        }
        set.cases << std::move(c);
    }
    if (hasErrors(result.problems))
        return result;
    for (qsizetype g = matched; g < groups.size(); ++g)
        set.unmatched << QStringLiteral("launch %1 (%2, from line %3): no case of the run is left for it")
                             .arg(table.launches[groups[g].front()].id)
                             .arg(table.launches[groups[g].front()].function)
                             .arg(table.launches[groups[g].front()].line);
    for (qsizetype s = matched; s < caseSlots.size(); ++s)
        set.unmatched << QStringLiteral("case %1: the report holds no launch for it").arg(caseSlots[s].label);
    for (const QString& u : set.unmatched)
        result.problems << makeProblem(Problem::Severity::Warning, codes::profileUnmatched, file, QString(),
                                       u);
    result.set = std::move(set);
    return result;
}

} // namespace kix::profile
