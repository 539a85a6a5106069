#include "Sha256.h"

#include "WorkPool.h"

#include <QThreadPool>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <stdexcept>
#include <thread>

namespace kix {

namespace {

std::mutex g_mutex;
std::condition_variable g_released;
int g_threadsHolding = 0; // threads that used OpenSSL and have not released their state yet
std::thread::id g_mainThread;
bool g_cleanedUp = false;

// Lives in thread-local storage of each thread that used OpenSSL; C++ thread_local destructors run
// before the pthread TLS destructors, so the thread frees its own OpenSSL state, under OpenSSL's
// lock, and then says so.
struct ThreadRelease {
    ThreadRelease() {
        const std::lock_guard lock(g_mutex);
        ++g_threadsHolding;
    }
    ~ThreadRelease() {
        OPENSSL_thread_stop();
        const std::lock_guard lock(g_mutex);
        --g_threadsHolding;
        g_released.notify_all();
    }
    ThreadRelease(const ThreadRelease&) = delete;
    ThreadRelease& operator=(const ThreadRelease&) = delete;
};

} // namespace

void enterCryptoThread() {
    // main()'s own state is freed by OPENSSL_cleanup() itself.
    if (std::this_thread::get_id() == g_mainThread)
        return;
    thread_local const ThreadRelease release;
}

CryptoRuntime::CryptoRuntime() {
    g_mainThread = std::this_thread::get_id();
    // The first initialisation decides: with NO_ATEXIT, no later implicit one registers the handler.
    if (OPENSSL_init_crypto(OPENSSL_INIT_NO_ATEXIT, nullptr) != 1)
        throw std::runtime_error("OpenSSL could not be initialised");
}

CryptoRuntime::~CryptoRuntime() {
    // 1. Nothing may still be hashing: wait for the pools' tasks and let their threads end (kix's own
    // pool does the hashing; Qt's global one is drained too, as ~QCoreApplication would).
    for (QThreadPool* pool : {workPool(), QThreadPool::globalInstance()})
        if (pool)
            pool->waitForDone();
    // 2. Each thread that used OpenSSL releases its state on its way out; wait until all have.
    std::unique_lock lock(g_mutex);
    const bool released =
        g_released.wait_for(lock, std::chrono::seconds(1), [] { return g_threadsHolding == 0; });
    lock.unlock();
    // 3. Only then free OpenSSL's global state.
    if (released) {
        OPENSSL_cleanup();
        g_cleanedUp = true;
    }
}

bool CryptoRuntime::cleanedUp() {
    return g_cleanedUp;
}

QByteArray sha256Hex(std::string_view bytes) {
    enterCryptoThread();
    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (!ctx || EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr) != 1 ||
        EVP_DigestUpdate(ctx.get(), bytes.data(), bytes.size()) != 1 ||
        EVP_DigestFinal_ex(ctx.get(), digest, &length) != 1)
        throw std::runtime_error("OpenSSL SHA-256 failed");
    return QByteArray(reinterpret_cast<const char*>(digest), int(length)).toHex();
}

} // namespace kix
