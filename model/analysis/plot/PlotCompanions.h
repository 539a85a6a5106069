// Which runs the latency plot draws beside the selected one: the loaded leaderboard leaders of the same
// benchmark, fastest first, and a second selected run. A policy over the typed records, so the window
// only maps the chosen runs to bundle views (and builds just those).
#pragma once

#include "ComparabilityFamilies.h"
#include "RecordIndex.h"

#include <QList>

namespace kix {

// The comparability family of SOL-ExecBench leaderboard runs: only those are leaders to draw against.
inline constexpr const char* kLeaderboardFamily = families::kSolExecBenchLeaderboard;
// Leaders drawn at most: more lines hide the selected run.
inline constexpr int kMaxPlotLeaders = 4;

// Run indices into `index`: the second selected run (`secondRun`, or -1) first unless it is a leader
// drawn anyway, then up to kMaxPlotLeaders runs of `run`'s benchmark in kLeaderboardFamily without
// errors, fastest primary latency first (runs without one last). `run` itself is never among them.
QList<int> plotCompanions(const RecordIndex& index, int run, int secondRun = -1);

} // namespace kix
