// LaunchOverrides from text (kix/rmsnorm_backward.h, parseLaunchOverrides): the benchmark's sweeps
// name their plans on the command line, so one run on a GPU can compare designs chosen after the
// program was built.
#include "kix/rmsnorm_backward.h"

#include <charconv>
#include <sstream>

namespace kix::kernels {

namespace {

// The number after `prefix` in `token` (the whole rest of it), or -1 when there is none.
int numberAfter(const std::string& token, const std::string& prefix) {
    if (token.size() <= prefix.size() || token.compare(0, prefix.size(), prefix) != 0)
        return -1;
    int value = -1;
    const char* first = token.data() + prefix.size();
    const char* last = token.data() + token.size();
    const auto [end, ec] = std::from_chars(first, last, value);
    return ec == std::errc() && end == last && value >= 0 ? value : -1;
}

} // namespace

std::string parseLaunchOverrides(const std::string& text, LaunchOverrides& out) {
    LaunchOverrides o;
    std::istringstream in(text);
    std::string token;
    while (in >> token) {
        int n = -1;
        if (token == "default") {
        } else if (token == "fin=kernel") {
            o.secondKernel = 1;
            o.columnPass = 0;
        } else if (token == "fin=launch") {
            o.secondKernel = 0;
            o.columnPass = 0;
        } else if (token == "fin=cols") {
            o.columnPass = 1;
        } else if (token == "fin=none") {
            o.skipFinish = true;
            o.secondKernel = 0;
            o.columnPass = 0;
        } else if ((n = numberAfter(token, "cols")) >= 0) {
            if (n == 0 || n > 32 || 32 % n != 0)
                return "plan token '" + token + "': column units must divide 32";
            o.columnUnits = n;
        } else if ((n = numberAfter(token, "pf")) >= 0 && n <= 1) {
            o.prefetch = n;
        } else if ((n = numberAfter(token, "cs")) >= 0 && n <= 1) {
            o.streaming = n;
        } else if ((n = numberAfter(token, "hv")) >= 0 && n <= 1) {
            o.halves = n;
        } else if ((n = numberAfter(token, "trig")) >= 0 && n <= 1) {
            o.triggerEarly = n;
        } else if ((n = numberAfter(token, "bps")) >= 1) {
            o.blocksPerSm = n;
        } else if ((n = numberAfter(token, "r")) >= 1 && n <= 2) {
            o.rowsPerIteration = n;
        } else if ((n = numberAfter(token, "k")) >= 1 && n <= 16) {
            o.rowLanes = n;
        } else if ((n = numberAfter(token, "s")) >= 0 && n <= 16) {
            o.stages = n;
        } else {
            return "plan token '" + token +
                   "' is not one of r1 r2 pf0 pf1 k<N> cs0 cs1 s<N> fin=kernel "
                   "fin=launch fin=cols fin=none cols<N> hv0 hv1 trig0 trig1 bps<N> default";
        }
    }
    out = o;
    return {};
}

} // namespace kix::kernels
