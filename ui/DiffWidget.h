// Two runs side by side: KernelIndex's comparability verdict first (the first material mismatch, each
// run's eligibility), then per-case ratios and the field diff.
#pragma once

#include "Comparability.h"
#include "Manifest.h"

#include <QWidget>

class QLabel;

namespace kix::ui {

class FieldDiffModel;
class CaseDiffModel;

class DiffWidget : public QWidget {
    Q_OBJECT
public:
    explicit DiffWidget(QWidget* parent = nullptr);
    void setRuns(ManifestPtr a, ManifestPtr b);

    QLabel* verdictLabel() const { return m_verdict; }
    QLabel* summaryLabel() const { return m_summary; }
    FieldDiffModel* fieldModel() const { return m_fields; }
    CaseDiffModel* caseModel() const { return m_cases; }
    const ComparabilityVerdict& verdict() const { return m_lastVerdict; }

private:
    QLabel* m_title;
    QLabel* m_verdict;
    QLabel* m_summary;
    FieldDiffModel* m_fields;
    CaseDiffModel* m_cases;
    QWidget* m_caseView;
    ComparabilityVerdict m_lastVerdict;
};

} // namespace kix::ui
