// A seeded source of random numbers of the tests' own (Box–Muller on mt19937_64, which the standard fully
// specifies), so that simulated samples, and every number asserted from them, are the same with any
// standard library (whose distributions differ).
#pragma once

#include <cmath>
#include <cstdint>
#include <numbers>
#include <random>

namespace kixtest {

class SeededSource {
public:
    explicit SeededSource(std::uint64_t seed)
        : m_rng(seed) {}
    double uniform() { return double(m_rng() >> 11) * 0x1.0p-53; } // [0, 1)
    double normal() {
        const double u1 = 1 - uniform(); // (0, 1]
        const double u2 = uniform();
        return std::sqrt(-2 * std::log(u1)) * std::cos(2 * std::numbers::pi * u2);
    }

private:
    std::mt19937_64 m_rng;
};

} // namespace kixtest
