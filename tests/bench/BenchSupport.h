// What the benchmark programs share: resident memory, the longest UI-thread stall over a span and a
// wait for a condition with the event loop running.
#pragma once

#include <QEventLoop>
#include <QFile>
#include <QObject>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <functional>
#include <utility>
#include <vector>

namespace kix::bench {

// Peak and current resident memory of this process, MiB (Linux /proc/self/status).
inline std::pair<double, double> residentMiB() {
    QFile status(QStringLiteral("/proc/self/status"));
    double peak = 0, now = 0;
    if (status.open(QIODevice::ReadOnly))
        for (const QByteArray& line : status.readAll().split('\n')) {
            const auto kib = [&] { return line.simplified().split(' ').value(1).toDouble() / 1024.0; };
            if (line.startsWith("VmHWM:"))
                peak = kib();
            else if (line.startsWith("VmRSS:"))
                now = kib();
        }
    return {peak, now};
}

// CLOCK_MONOTONIC, ns: the clock perf record -k CLOCK_MONOTONIC stamps its samples with.
inline qint64 monotonicNs() {
    timespec t{};
    clock_gettime(CLOCK_MONOTONIC, &t);
    return qint64(t.tv_sec) * 1000000000 + t.tv_nsec;
}

// CPU time of the calling thread, ms: what the UI thread spent, whatever else the machine ran.
inline double threadCpuMs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

// Measures the longest gap between ticks of a 1 ms timer while running. With KIX_BENCH_STALLS=N, stop()
// also prints the N longest gaps on stderr as CLOCK_MONOTONIC seconds (perf record -k CLOCK_MONOTONIC
// stamps its samples on the same clock, so a profile can be cut to a stall).
class StallMeter {
public:
    StallMeter() {
        m_timer.setInterval(1);
        QObject::connect(&m_timer, &QTimer::timeout, [this] { tick(); });
    }
    void start() {
        m_longest = 0;
        m_gaps.clear();
        m_last = monotonicNs();
        m_timer.start();
    }
    qint64 stop() {
        m_timer.stop();
        tick();
        printGaps();
        return m_longest;
    }

private:
    void tick() {
        const qint64 now = monotonicNs();
        m_longest = std::max(m_longest, (now - m_last) / 1000000); // whole ms
        if (now - m_last >= 20'000'000)                            // gaps of 20 ms or more, for the log
            m_gaps.emplace_back(m_last, now);
        m_last = now;
    }
    void printGaps() {
        const int wanted = qEnvironmentVariableIntValue("KIX_BENCH_STALLS");
        if (wanted <= 0)
            return;
        std::sort(m_gaps.begin(), m_gaps.end(),
                  [](const auto& a, const auto& b) { return a.second - a.first > b.second - b.first; });
        for (std::size_t i = 0; i < m_gaps.size() && int(i) < wanted; ++i)
            std::fprintf(stderr, "stall %.1f ms: %.6f .. %.6f\n",
                         double(m_gaps[i].second - m_gaps[i].first) / 1e6, double(m_gaps[i].first) / 1e9,
                         double(m_gaps[i].second) / 1e9);
    }

    QTimer m_timer;
    qint64 m_longest = 0;
    qint64 m_last = 0;                             // the last tick, monotonicNs()
    std::vector<std::pair<qint64, qint64>> m_gaps; // [start, end) of each long gap, ns
};

// Runs the event loop until done() holds (polled every millisecond).
inline void waitUntil(const std::function<bool()>& done) {
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (done())
            loop.quit();
    });
    poll.start(1);
    loop.exec();
}

} // namespace kix::bench
