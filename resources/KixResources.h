// Registers the bundled resources (:/kix/...). Call once from main() or a test's initTestCase().
#pragma once

#include <QtGlobal>

inline void kixInitResources() {
    Q_INIT_RESOURCE(kix);
}
