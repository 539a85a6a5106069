// Shared by the GUI tests: a window with the bundled samples loaded.
#pragma once

#include "KixResources.h"
#include "MainWindow.h"
#include "RunTableModel.h"
#include "TestSupport.h"

#include <QSignalSpy>
#include <QTableView>
#include <QTest>

namespace kixtest {

inline void initGui() {
    kixInitResources();
    qputenv("KIX_SETTINGS_ISOLATED", "1");
    qputenv("KIX_RUNNER", "/nonexistent/kix"); // tests never start a real run by accident
}

// Loads the paths and waits for the window to finish.
inline bool loadInto(kix::ui::MainWindow& w, const QStringList& paths) {
    QSignalSpy done(&w, &kix::ui::MainWindow::loadFinished);
    w.openPaths(paths);
    return !done.isEmpty() || done.wait(20000);
}

// The proxy row whose implementation column reads `name`.
inline int rowOf(kix::ui::MainWindow& w, const QString& name) {
    auto* model = w.runTable()->model();
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->index(r, kix::ui::RunTableModel::Implementation).data().toString() == name)
            return r;
    return -1;
}

} // namespace kixtest
