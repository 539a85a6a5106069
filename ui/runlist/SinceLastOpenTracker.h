// "What changed since I last looked" for the explorer (issue 23): the catalogs and folders opened are
// noted; once their load ends, each one's cohort snapshot is taken off the UI thread and compared with the
// one kept in the settings under its identity (model/analysis/history/SinceLastOpen.h), the new snapshot is
// kept, and the result is one line ("catalog-…: 3 cohort(s) changed since …") and the store rows of the runs
// in changed cohorts, for the run list's filter.
#pragma once

#include "RecordIndex.h"

#include <QMap>
#include <QObject>
#include <QSet>
#include <QStringList>

namespace kix::ui {

class Settings;

class SinceLastOpenTracker : public QObject {
    Q_OBJECT
public:
    explicit SinceLastOpenTracker(Settings* settings, QObject* parent = nullptr);

    // Paths the user opened (files, folders); resources (":/…") and paths that do not exist are skipped.
    void noteOpened(const QStringList& paths);
    // A load ended: the noted paths whose runs are in `snapshot` are compared and their snapshots kept;
    // those with no run loaded yet stay noted (their load is still queued). A cancelled load drops them.
    void noteLoaded(const RecordIndex& snapshot, bool cancelled);
    void clear(); // Close all: nothing noted, no line, no rows

    QString line() const { return m_line; }        // empty when nothing was compared
    QSet<int> storeRows() const { return m_rows; } // rows of the runs in changed cohorts
    bool isBusy() const { return m_pending > 0; }

    struct Root {
        QString path;     // canonical
        QString identity; // lastOpenIdentity
        QByteArray previous;
    };
    struct Compared {
        Root root;
        bool loaded = false; // some run was read from it
        QByteArray snapshot; // the new one, serialized
        QString line;        // "<name>: <summary>"
        QSet<int> storeRows;
    };

signals:
    void changed(); // line() and storeRows() were set

private:
    void apply(quint64 job, const QList<Compared>& results);

    Settings* m_settings;
    QList<Root> m_noted;
    QMap<QString, Compared> m_results; // by canonical path, in path order
    QString m_line;
    QSet<int> m_rows;
    quint64 m_job = 0;
    int m_pending = 0;
};

} // namespace kix::ui
