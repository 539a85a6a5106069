// Work on the global thread pool whose result is applied on a QObject's thread, from its event loop.
#pragma once

#include <QMetaObject>
#include <QObject>
#include <QtConcurrent>
#include <type_traits>
#include <utility>

namespace kix::ui {

// Runs `work()` on the pool, then `apply(result)` on `context`'s thread — always later, from its event
// loop, never inside the call that asked. QFuture::then(context, f) calls f at once, inside the caller,
// when the work has already finished by the time then() is attached (it happens on a loaded machine);
// the views set "busy" state and tests check it right after asking, so a result must never arrive
// within the request. Nothing is applied once `context` is destroyed.
template <typename Work, typename Apply> void runOffUiThread(QObject* context, Work work, Apply apply) {
    using Result = std::decay_t<std::invoke_result_t<Work>>;
    QtConcurrent::run(std::move(work))
        .then(context, [context, apply = std::move(apply)](Result result) mutable {
            QMetaObject::invokeMethod(
                context,
                [apply = std::move(apply), result = std::move(result)]() mutable {
                    apply(std::move(result));
                },
                Qt::QueuedConnection);
        });
}

} // namespace kix::ui
