// One run: overview, per-case results, protocol, environment, raw JSON and parse problems.
#pragma once

#include "Manifest.h"
#include "Verification.h"

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
    explicit RunDetailsWidget(QWidget* parent = nullptr);
    void setManifest(ManifestPtr manifest, const QList<DigestCheck>& checks);

    QTabWidget* tabs() const { return m_tabs; }
    PairsModel* overviewModel() const { return m_overview; }
    CaseTableModel* caseModel() const { return m_cases; }
    ProblemModel* problemModel() const { return m_problems; }
    QPlainTextEdit* rawView() const { return m_raw; }

private:
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
