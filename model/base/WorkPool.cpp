#include "WorkPool.h"

#include <QThreadPool>

namespace kix {

namespace {
// Q_GLOBAL_STATIC as Qt's own global pool: made on first use, on any thread, and destroyed at exit;
// CryptoRuntime drains it before that (model/base/Sha256.h).
Q_GLOBAL_STATIC(QThreadPool, g_workPool)
} // namespace

QThreadPool* workPool() {
    return g_workPool();
}

} // namespace kix
