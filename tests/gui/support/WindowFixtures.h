// Fixtures of the tests of the window: loading into it, finding a row, answering its message boxes.
#pragma once

#include <QString>
#include <QStringList>
#include <functional>

class QTemporaryDir;

namespace kix::ui {
class MainWindow;
}

namespace kixtest {

// Loads the paths and waits for the window to finish, and for its run table to show them grouped into
// suites and sorted (done off the UI thread once the load has ended).
bool loadInto(kix::ui::MainWindow& w, const QStringList& paths);

// The proxy row whose implementation column reads `name`; -1 when none does.
int rowOf(kix::ui::MainWindow& w, const QString& name);

// What a modal message box said.
struct Answered {
    QString title;
    QString text;
    Qt::TextFormat format = Qt::AutoText;
};

// Runs `trigger`, which opens a modal message box; answers the box with OK and says what it said (nothing
// when no box came).
Answered answerMessageBox(const std::function<void()>& trigger);

// What the explorer opens as its bundled samples (the runs and the problem file that yields the suite
// they name), and a second leaderboard run of 013 written from the seed (kixtest::suiteOnlyLeader) into
// `dir`, so that one cohort holds two ranked runs.
QStringList samplesWithLeader(const QTemporaryDir& dir);

} // namespace kixtest
