#include "ProfileImport.h"

#include "NcuInvocation.h"

namespace kix::profile {

ProfileImport importNcuReport(const QByteArray& csv, const QString& source, const ProfileTarget& target,
                              const QString& onlyCase, bool firstLaunchOnly) {
    ProfileImport out;
    NcuReadResult read = readNcuCsv(csv, source);
    out.problems = read.problems;
    if (!read.table || hasErrors(out.problems))
        return out;
    const NcuTable table = firstLaunchOnly ? profile::firstLaunchOnly(*read.table) : *read.table;
    MatchRequest request{target.cases, onlyCase, target.device, target.entryFunctions};
    MatchResult matched = matchToCases(table, request, source);
    out.problems += matched.problems;
    if (!matched.set || hasErrors(out.problems))
        return out;
    ProfileArtifact artifact;
    artifact.run = target.run;
    artifact.source = source;
    artifact.set = std::move(*matched.set);
    out.artifact = std::move(artifact);
    return out;
}

void mergeProfileSet(ProfileSet& into, const ProfileSet& from) {
    if (into.device.isEmpty()) {
        into.device = from.device;
        into.computeCapability = from.computeCapability;
    }
    if (!into.l2Bytes)
        into.l2Bytes = from.l2Bytes;
    into.cases += from.cases;
    into.unmatched += from.unmatched;
}

} // namespace kix::profile
