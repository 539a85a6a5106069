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

// Tokens that set one field to the number after their prefix, within bounds.
struct NumberToken {
    const char* prefix;
    int min, max;
    int LaunchOverrides::*field;
};
constexpr NumberToken kNumberTokens[] = {{"pf", 0, 1, &LaunchOverrides::prefetch},
                                         {"cs", 0, 1, &LaunchOverrides::streaming},
                                         {"hv", 0, 1, &LaunchOverrides::halves},
                                         {"trig", 0, 1, &LaunchOverrides::triggerEarly},
                                         {"bps", 1, 1 << 16, &LaunchOverrides::blocksPerSm},
                                         {"r", 1, 2, &LaunchOverrides::rowsPerIteration},
                                         {"k", 1, 16, &LaunchOverrides::rowLanes},
                                         {"s", 0, 16, &LaunchOverrides::stages},
                                         {"cpf", 0, 16, &LaunchOverrides::columnAhead},
                                         {"rpf", 0, 16, &LaunchOverrides::rowAhead},
                                         {"cmix", 0, 1, &LaunchOverrides::columnSpread}};

// The fin= tokens and those whose numbers have their own rule; "" when the token is not one of them.
std::string applySpecial(const std::string& token, LaunchOverrides& o, bool& known) {
    known = true;
    if (token == "default")
        return {};
    if (token == "fin=kernel" || token == "fin=launch" || token == "fin=none") {
        o.secondKernel = token == "fin=kernel" ? 1 : 0;
        o.columnPass = 0;
        o.skipFinish = token == "fin=none";
        return {};
    }
    if (token == "fin=cols") {
        o.columnPass = 1;
        return {};
    }
    if (const int n = numberAfter(token, "cols"); n >= 0) {
        if (n == 0 || n > 32 || 32 % n != 0)
            return "plan token '" + token + "': column units must divide 32";
        o.columnUnits = n;
        return {};
    }
    if (const int n = numberAfter(token, "rq"); n >= 0) {
        if (n > 8 || (n & (n - 1)) != 0)
            return "plan token '" + token + "': the second kernel's column groups are 0, 1, 2, 4 or 8";
        o.reduceQuads = n;
        return {};
    }
    known = false;
    return {};
}

} // namespace

std::string parseLaunchOverrides(const std::string& text, LaunchOverrides& out) {
    LaunchOverrides o;
    std::istringstream in(text);
    std::string token;
    while (in >> token) {
        bool known = false;
        if (std::string err = applySpecial(token, o, known); !err.empty())
            return err;
        for (const NumberToken& t : kNumberTokens) {
            if (known)
                break;
            const int n = numberAfter(token, t.prefix);
            if (n >= t.min && n <= t.max) {
                o.*t.field = n;
                known = true;
            }
        }
        if (!known)
            return "plan token '" + token +
                   "' is not one of r1 r2 pf0 pf1 k<N> cs0 cs1 s<N> fin=kernel "
                   "fin=launch fin=cols fin=none cols<N> hv0 hv1 trig0 trig1 rq<N> cpf<N> rpf<N> cmix0 cmix1 "
                   "bps<N> "
                   "default";
    }
    out = o;
    return {};
}

} // namespace kix::kernels
