// One typed settings object with the defaults in one place. KIX_SETTINGS_FILE (or
// KIX_SETTINGS_ISOLATED=1, used by the tests) keeps them out of the user's configuration.
#pragma once

#include <QByteArray>
#include <QSettings>
#include <QStringList>
#include <memory>

namespace kix::ui {

// What "Run on cluster…" submits with (the options of `kix run --slurm`), remembered between runs.
struct ClusterSettings {
    QString partition, account; // empty: the cluster's defaults
    QString outputFolder;       // must be on a filesystem the compute nodes share
    bool cpuMode = false;       // --device cpu
    QString gres, time;         // empty: gpu:1 in GPU mode; no limit beyond the partition's
    QString array = QStringLiteral("gpus:1");
    QString cases; // empty: all
    bool quick = false;
    double pollSeconds = 5;
};

// What "Run locally…" runs: the bundled kernel, or a SOL-ExecBench solution (`kix run --solution`) with the
// paths last chosen, remembered between runs.
struct SolutionSettings {
    bool useSolution = false;
    QString solution, problem; // the solution.json and the problem folder (definition.json, workload.jsonl)
    QString python;            // empty: python3 on PATH
    bool officialHarness = false; // --harness sol-execbench
};

class Settings {
public:
    Settings();
    QStringList recentFiles() const;
    void setRecentFiles(const QStringList& files);
    QByteArray geometry() const;
    QByteArray windowState() const;
    void saveWindow(const QByteArray& geometry, const QByteArray& state);
    QString runsFolder() const; // where "Run locally…" writes its manifests
    ClusterSettings cluster() const;
    void setCluster(const ClusterSettings& cluster);
    SolutionSettings solutionRun() const;
    void setSolutionRun(const SolutionSettings& run);
    // A view's saved layout (a header's column widths and order, a splitter's sizes), per user.
    QByteArray viewState(const QString& view) const;
    void setViewState(const QString& view, const QByteArray& state);
    QString lastFolder() const;
    void setLastFolder(const QString& folder);
    // The cohort snapshot kept for a source's identity (model/analysis/history/SinceLastOpen.h), stored as
    // its text; empty when none is kept. The last kMaxSnapshots identities are kept.
    QByteArray cohortSnapshot(const QString& identity) const;
    void setCohortSnapshot(const QString& identity, const QByteArray& snapshot);

    static constexpr int kMaxRecent = 9;
    static constexpr int kMaxSnapshots = 16;
    static constexpr int kStateVersion = 1;

private:
    std::unique_ptr<QSettings> m_settings;
};

} // namespace kix::ui
