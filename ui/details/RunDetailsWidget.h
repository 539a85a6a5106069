// One run: overview (identity, where it was read, KernelIndex's verdicts), per-case results, protocol,
// environment, the bundle as JSON, and every located problem with its code. The two costly tabs (cases,
// raw text) are filled when shown, so tests and callers switch to them before reading them.
#pragma once

#include "Manifest.h"

#include <QWidget>

class QTabWidget;
class QTableView;
class QPlainTextEdit;
class QLabel;

namespace kix::ui {

class PairsModel;
class CaseTableModel;
class ProblemModel;

class RunDetailsWidget : public QWidget {
    Q_OBJECT
public:
    enum Tab { OverviewTab, CasesTab, ProtocolTab, EnvironmentTab, RawTab, ProblemsTab };
    explicit RunDetailsWidget(QWidget* parent = nullptr);
    void setManifest(const ManifestPtr& manifest);

    QTabWidget* tabs() const { return m_tabs; }
    PairsModel* overviewModel() const { return m_overview; }
    CaseTableModel* caseModel() const { return m_cases; }
    ProblemModel* problemModel() const { return m_problems; }
    QPlainTextEdit* rawView() const { return m_raw; }
    QLabel* heading() const { return m_heading; }

private:
    void fillShownTab();

    ManifestPtr m_manifest;
    bool m_casesStale = true; // the Cases and Raw JSON tabs are filled when shown
    bool m_rawStale = true;
    QTabWidget* m_tabs;
    QLabel* m_heading;
    PairsModel* m_overview;
    CaseTableModel* m_cases;
    PairsModel* m_protocol;
    PairsModel* m_environment;
    ProblemModel* m_problems;
    QPlainTextEdit* m_raw;
};

} // namespace kix::ui
