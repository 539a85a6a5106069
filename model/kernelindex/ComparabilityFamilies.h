// The comparability families kix writes or recognizes (a BenchmarkProtocol's
// spec.comparability.family): KernelIndex compares runs only within one family, so each spelling
// lives here once.
#pragma once

namespace kix::families {

inline constexpr char kLocalRerun[] = "kix_local_rerun"; // a kix rerun on a GPU (app/runner)
inline constexpr char kCpuMode[] = "kix_cpu_mode";       // a kix rerun in CPU mode: never beside a GPU run
inline constexpr char kSolExecBenchLeaderboard[] = "sol_execbench_leaderboard"; // the published board
inline constexpr char kSolExecBenchLocal[] = "sol_execbench_local"; // an imported SOL-ExecBench trace

} // namespace kix::families
