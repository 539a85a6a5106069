#include "WindowFixtures.h"

#include "MainWindow.h"
#include "RunFilterProxy.h"
#include "RunTableModel.h"
#include "TestSupport.h"

#include <QApplication>
#include <QFile>
#include <QMessageBox>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeView>

namespace kixtest {

bool loadInto(kix::ui::MainWindow& w, const QStringList& paths) {
    QSignalSpy done(&w, &kix::ui::MainWindow::loadFinished);
    QSignalSpy refreshed(w.runModel(), &kix::ui::RunTableModel::refreshed);
    w.openPaths(paths);
    if (done.isEmpty() && !done.wait(20000))
        return false;
    return (!refreshed.isEmpty() || refreshed.wait(20000)) &&
           QTest::qWaitFor([&w] { return !w.proxy()->isBusy(); }, 20000);
}

int rowOf(kix::ui::MainWindow& w, const QString& name) {
    auto* model = w.runTable()->model();
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->index(r, kix::ui::RunTableModel::Implementation).data().toString() == name)
            return r;
    return -1;
}

Answered answerMessageBox(const std::function<void()>& trigger) {
    Answered answered;
    QTimer poll;
    poll.setInterval(10);
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            answered = {box->windowTitle(), box->text(), box->textFormat()};
            poll.stop();
            box->done(QMessageBox::Ok);
        }
    });
    poll.start();
    trigger();
    return answered;
}

QStringList samplesWithLeader(const QTemporaryDir& dir) {
    const QString leader = dir.filePath(QStringLiteral("leader.manifest.json"));
    QFile f(leader);
    if (!f.open(QIODevice::WriteOnly) || f.write(suiteOnlyLeader()) < 0)
        qFatal("cannot write %s", qPrintable(leader));
    return {repoPath(QStringLiteral("resources/samples")), problemPath(), leader};
}

} // namespace kixtest
