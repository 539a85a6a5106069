#include "RunGroups.h"

#include <QHash>
#include <algorithm>
#include <utility>

namespace kix {

namespace {

enum class GroupRole { Suite, Case, Unknown };

// What the run's workload says it is; Unknown when the workload is not loaded.
GroupRole groupRoleOf(const RecordIndex& index, const RunEntry& e) {
    const ResourceEntry* w = index.workloadOf(e);
    if (!w)
        return GroupRole::Unknown;
    if (w->resource->kind == ResourceKind::WorkloadSuite)
        return GroupRole::Suite;
    if (w->resource->kind == ResourceKind::WorkloadCase)
        return GroupRole::Case;
    return GroupRole::Unknown;
}

// One harness invocation: what a suite run and its case runs share.
QString invocationKey(const RunSpec& s) {
    if (s.observedAt.isEmpty() || s.implementationDigest.isEmpty() || s.environmentDigest.isEmpty() ||
        s.protocolDigest.isEmpty())
        return {};
    return s.implementationDigest + u'|' + s.environmentDigest + u'|' + s.protocolDigest + u'|' +
           s.observedAt;
}

// The evidence file the run's raw samples are in, and whether it names a fragment of it (a case).
std::pair<QString, bool> evidenceFileOf(const RunSpec& s) {
    const qsizetype hash = s.rawSamplesUri.indexOf(u'#');
    return hash < 0 ? std::pair{s.rawSamplesUri, false} : std::pair{s.rawSamplesUri.left(hash), true};
}

QString operationOfWorkload(const RecordIndex& index, const RunEntry& e) {
    const ResourceEntry* w = index.workloadOf(e);
    return w ? w->resource->workload.operationDigest : QString();
}

// Suite runs by invocation: the first one loaded wins (a second is a copy from another source).
QHash<QString, int> suiteRunsByInvocation(const RecordIndex& index) {
    QHash<QString, int> suiteOf;
    for (int r = 0; r < index.rowCount(); ++r) {
        const StoreRow row = index.row(r);
        if (row.kind != StoreRow::Kind::Run)
            continue;
        const RunEntry& e = index.run(row.index);
        const QString key = invocationKey(e.run->spec);
        const GroupRole role = groupRoleOf(index, e);
        const bool suiteByEvidence = role == GroupRole::Unknown && !e.run->spec.rawSamplesUri.isEmpty() &&
                                     !evidenceFileOf(e.run->spec).second;
        if (!key.isEmpty() && (role == GroupRole::Suite || suiteByEvidence) && !suiteOf.contains(key))
            suiteOf.insert(key, r);
    }
    return suiteOf;
}

// Whether run c (of the same invocation as suite run s) is one of s's cases.
bool isCaseRunOf(const RecordIndex& index, const RunEntry& c, const RunEntry& s) {
    const GroupRole role = groupRoleOf(index, c);
    const GroupRole suiteRole = groupRoleOf(index, s);
    if (role == GroupRole::Case && suiteRole == GroupRole::Suite) {
        const QString op = operationOfWorkload(index, c);
        return !op.isEmpty() && op == operationOfWorkload(index, s);
    }
    if (role == GroupRole::Suite || (role != GroupRole::Unknown && suiteRole != GroupRole::Unknown))
        return false;
    const auto [caseFile, isFragment] = evidenceFileOf(c.run->spec);
    return isFragment && !caseFile.isEmpty() && caseFile == evidenceFileOf(s.run->spec).first;
}

} // namespace

RunGroups groupRuns(const RecordIndex& index) {
    RunGroups g;
    const int rows = index.rowCount();
    g.parentRow = QList<int>(rows, -1);
    g.childRows = QList<QList<int>>(rows);
    const QHash<QString, int> suiteOf = suiteRunsByInvocation(index);
    for (int r = 0; r < rows; ++r) {
        const StoreRow row = index.row(r);
        if (row.kind != StoreRow::Kind::Run)
            continue;
        const RunEntry& e = index.run(row.index);
        const auto suite = suiteOf.constFind(invocationKey(e.run->spec));
        if (suite == suiteOf.cend() || *suite == r ||
            !isCaseRunOf(index, e, index.run(index.row(*suite).index)))
            continue;
        g.parentRow[r] = *suite;
        g.childRows[*suite].append(r);
    }
    g.topLevelCount = int(std::count(g.parentRow.cbegin(), g.parentRow.cend(), -1));
    return g;
}

} // namespace kix
