// The two-launch design kix used before the one-launch kernel (bench only; see the .cu file).
#pragma once

#include "kix/rmsnorm_backward.h"

#include <cstddef>
#include <string>

namespace kixbench {

std::size_t twoLaunchWorkspaceBytes(long long rows, int hidden, int rowsPerIteration);
std::string launchTwoLaunch(const kix::kernels::BackwardArgs& args, int rowsPerIteration, void* workspace,
                            void* stream);

} // namespace kixbench
