// The roofline check (Roofline.h) of one loaded run, from what its bundle view resolved: the
// operation and workload it names, its environment's GPU in the bandwidth table, its protocol, its primary
// value and, for kix's per-case results, every case. `kix show`, `kix verify` and the explorer all ask here,
// so they say the same. A verdict is a warning, never a digest failure.
#pragma once

#include "GpuBandwidth.h"
#include "Manifest.h"
#include "RecordIndex.h"
#include "Roofline.h"

#include <QHash>
#include <memory>

#include <QList>
#include <QString>
#include <QStringList>

namespace kix {

struct CaseRoofline {
    QString label; // the case's axes ("batch_size=4 seq_len=1973"), else its id
    RooflineOutcome outcome;
};

struct RunRoofline {
    RooflineOutcome overall;   // the run's primary value (a suite's against the same aggregate of floors)
    QList<CaseRoofline> cases; // per-case results (kix's extension), each against its own floor
    // Where facts not loaded with the run came from: "its operation from kix's resources/problems/013-…".
    // A run of a problem kix bundles (by the digests it names) needs no files beside it to have a floor.
    QStringList sources;

    bool hasFloor() const;
    // Runs and cases faster than their memory floor (below the cache floor too): "suspicious".
    int suspiciousCount() const;
    // Within 5% above the floor.
    int atRooflineCount() const;
    // One sentence per flag, with the numbers: "faster than the memory roofline: suspicious: …" and
    // "at the roofline: …", each prefixed by the case it concerns ("case batch_size=4: …").
    QStringList warnings() const;
    // A short line for the run: "3.4× floor", "suspicious 0.031× floor", or "no floor: <why>".
    QString summary() const;
};

// `m` must have its workload and operation resolved (RecordIndex::manifest() does when they are loaded). A
// run that did not pass has no floor (its status says why), as in the catalog report.
RunRoofline rooflineOfRun(const Manifest& m, const GpuBandwidthTable& table);

// The bytes the roofline counts for each case of `m`, by case id (else the bytes the case records having to
// move): what an Nsight Compute profile's DRAM bytes are checked against (profile/ProfileChecks.h).
QHash<QString, double> caseRooflineBytes(const Manifest& m, const GpuBandwidthTable& table);

// The same for many runs of one index, without building their bundle views: each supporting resource (a
// suite many runs share, its operation, an environment) is parsed once. `kix verify` over a catalog of
// thousands of runs asks here.
class RunRooflines {
public:
    RunRooflines(const RecordIndex& index, const GpuBandwidthTable& table);
    RunRoofline of(int runIndex);

private:
    const Json* parsed(const ResourceEntry* entry);

    const RecordIndex& m_index;
    const GpuBandwidthTable& m_table;
    QHash<QString, std::shared_ptr<const Json>> m_parsed; // by resource digest
};

} // namespace kix
