// Runs side by side. Two runs: KernelIndex's comparability verdict first (the first material mismatch,
// each run's eligibility), then per-case ratios with their intervals and verdicts (Verdict.h), the suite's
// verdict, and the field diff. Three to eight: the verdict of each against a chosen baseline with the
// first material mismatch at the top, cases with a column per run and its ratio to the baseline, and the
// field differences split into those that decide comparability and context. Both have a filter for the
// fields.
#pragma once

#include "CaseComparison.h"
#include "Comparability.h"
#include "Diff.h"
#include "Manifest.h"
#include "MultiComparison.h"
#include "TableExport.h"

#include <QWidget>
#include <nlohmann/json.hpp>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QStackedWidget;

namespace kix::ui {

class FieldDiffModel;
class CaseDiffModel;
class MultiCaseModel;
class MultiFieldModel;
class ProfileDiffView;

class DiffWidget : public QWidget {
    Q_OBJECT
public:
    explicit DiffWidget(QWidget* parent = nullptr);
    void setRuns(ManifestPtr a, ManifestPtr b);
    // 2–8 runs against runs[baseline]; fewer or more show why in the title. Compared off the UI thread:
    // comparisonShown() says when the result is in (the latest request wins).
    void setRunList(const QList<ManifestPtr>& runs, int baseline = 0);
    void clear();

    QLabel* titleLabel() const { return m_title; }
    QLabel* verdictLabel() const { return m_verdict; }
    QLabel* summaryLabel() const { return m_summary; }
    QLineEdit* fieldFilter() const { return m_filter; }
    QCheckBox* decidingOnly() const { return m_decidingOnly; }
    QComboBox* baselineBox() const { return m_baseline; }
    // The verdicts' minimum effect, in percent (Verdict.h; 2 by default): changing it judges again.
    QDoubleSpinBox* minimumEffectBox() const { return m_minEffect; }
    FieldDiffModel* fieldModel() const { return m_fields; }
    CaseDiffModel* caseModel() const { return m_cases; }
    MultiCaseModel* multiCaseModel() const { return m_multiCases; }
    MultiFieldModel* multiFieldModel() const { return m_multiFields; }
    ProfileDiffView* profileDiff() const { return m_profileDiff; } // two runs' Nsight Compute profiles
    const ComparabilityVerdict& verdict() const { return m_lastVerdict; }
    const MultiComparison& comparison() const { return m_comparison; }
    bool hasComparison() const { return !m_comparison.runs.isEmpty(); }
    bool isPreparing() const { return m_preparing; }
    // Runs the event loop until the comparison asked for is shown (for an export); false on timeout.
    bool waitUntilShown(int timeoutMs) const;

    // For File ▸ Export: the cases and fields as tables, and the JSON `kix diff --json` writes.
    ExportTable caseTable() const;
    ExportTable fieldTable() const;
    nlohmann::json exportJson() const;

signals:
    void comparisonShown();

protected:
    void changeEvent(QEvent* event) override;

private:
    void present(const MultiComparison& m, const QList<ManifestPtr>& runs, const CaseComparison& twoCases,
                 const QList<FieldChange>& twoFields);
    void showTwo(const CaseComparison& cmp, const QList<FieldChange>& fields);
    void showMany();
    void applyFilter();
    void setBanner(bool good);

    QLabel* m_title;
    QLabel* m_verdict;
    QLabel* m_summary;
    QLineEdit* m_filter;
    QCheckBox* m_decidingOnly;
    QComboBox* m_baseline;
    QDoubleSpinBox* m_minEffect;
    QStackedWidget* m_pages;
    FieldDiffModel* m_fields;
    CaseDiffModel* m_cases;
    MultiCaseModel* m_multiCases;
    MultiFieldModel* m_multiFields;
    QWidget* m_caseView;
    ProfileDiffView* m_profileDiff;
    ComparabilityVerdict m_lastVerdict;
    MultiComparison m_comparison;
    QList<FieldChange> m_allFields;
    bool m_bannerGood = false;
    bool m_bannerShown = false;
    quint64 m_job = 0; // the latest comparison asked for
    bool m_preparing = false;
};

} // namespace kix::ui
