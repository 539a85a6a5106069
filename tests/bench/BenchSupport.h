// What the benchmark programs share: resident memory, the longest UI-thread stall over a span and a
// wait for a condition with the event loop running.
#pragma once

#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QObject>
#include <QTimer>
#include <algorithm>
#include <functional>
#include <utility>

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

// Measures the longest gap between ticks of a 1 ms timer while running.
class StallMeter {
public:
    StallMeter() {
        m_timer.setInterval(1);
        QObject::connect(&m_timer, &QTimer::timeout,
                         [this] { m_longest = std::max(m_longest, m_clock.restart()); });
    }
    void start() {
        m_longest = 0;
        m_clock.start();
        m_timer.start();
    }
    qint64 stop() {
        m_timer.stop();
        return std::max(m_longest, m_clock.elapsed());
    }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_longest = 0;
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
