// Work on kix's thread pool whose result is applied on a QObject's thread, from its event loop. Never Qt's
// global pool: Qt's painting waits on that one (model/base/WorkPool.h).
#pragma once

#include "WorkPool.h"

#include <QEventLoop>
#include <QFutureWatcher>
#include <QObject>
#include <QTimer>
#include <QtConcurrent>
#include <type_traits>
#include <utility>

namespace kix::ui {

// Runs `work()` on the pool, then `apply(result)` on `context`'s thread — always later, from its event
// loop, never inside the call that asked (the views set "busy" state and tests check it right after
// asking). Nothing is applied once `context` is destroyed: the watcher is its child and goes with it,
// and the work's result is dropped.
//
// Not QFuture::then(context, f): it calls f at once, inside the caller, when the work has already
// finished by the time then() is attached, and Qt 6.4 asserts (Debug builds abort) when the context is
// destroyed before the work ends. A QFutureWatcher always reports from posted events.
template <typename Work, typename Apply> void runOffUiThread(QObject* context, Work work, Apply apply) {
    using Result = std::decay_t<std::invoke_result_t<Work>>;
    auto* watcher = new QFutureWatcher<Result>(context);
    QObject::connect(watcher, &QFutureWatcherBase::finished, context,
                     [watcher, apply = std::move(apply)]() mutable {
                         watcher->deleteLater();
                         apply(watcher->future().takeResult());
                     });
    watcher->setFuture(QtConcurrent::run(workPool(), std::move(work)));
}

// Runs the event loop until `done()` holds, woken by `sender`'s `signal`, for at most `timeoutMs`; returns
// done(). What a screenshot, an export or a test calls before reading what runOffUiThread applies.
template <typename Sender, typename Signal, typename Done>
bool waitOnEventLoop(const Sender* sender, Signal signal, Done done, int timeoutMs) {
    if (done())
        return true;
    QEventLoop loop;
    QObject::connect(sender, signal, &loop, [&loop, &done] {
        if (done())
            loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    loop.exec();
    return done();
}

} // namespace kix::ui
