// The tests' main(): Qt Test's, plus the CryptoRuntime every kix program's main() holds.
//
// Code under test hashes on the global pool's threads (loading, verifying, the digest panel). Without a
// CryptoRuntime, OpenSSL's own atexit handler frees its state while those threads may still be ending,
// which LeakSanitizer reports as orphaned per-thread state (or, rarely, a double free): issue 13 item 7.
// The runtime is made right after the application and destroyed before it, after the test object.
#pragma once

#include <QtTest/QTest>

#include "Sha256.h"

// QTEST_MAIN_WRAPPER places its extra arguments between the application and the test object, which is
// exactly where the runtime belongs.
#define KIX_TEST_MAIN(TestObject)                                                                            \
    QTEST_MAIN_WRAPPER(TestObject, QTEST_MAIN_SETUP() const kix::CryptoRuntime kixCryptoRuntime;)
#define KIX_TEST_GUILESS_MAIN(TestObject)                                                                    \
    QTEST_MAIN_WRAPPER(TestObject,                                                                           \
                       QTEST_QAPP_SETUP(QCoreApplication) const kix::CryptoRuntime kixCryptoRuntime;)
