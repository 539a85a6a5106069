#include "DiffWidget.h"

#include "OffUiThread.h"
#include "PlainText.h"
#include "ProfileDiffView.h"

#include "CaseComparison.h"
#include "CaseDiffModel.h"
#include "Comparability.h"
#include "DiffReport.h"
#include "ExportTableOf.h"
#include "FieldDiffModel.h"
#include "Format.h"
#include "MultiCompareModels.h"
#include "Palette.h"
#include "TableViews.h"
#include "TextSanitizer.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

namespace kix::ui {

namespace {
QLabel* plainLabel(QWidget* parent) {
    return holdUntrustedText(new QLabel(parent));
}

} // namespace

DiffWidget::DiffWidget(QWidget* parent)
    : QWidget(parent)
    , m_title(plainLabel(this))
    , m_verdict(plainLabel(this))
    , m_summary(plainLabel(this))
    , m_filter(new QLineEdit(this))
    , m_decidingOnly(new QCheckBox(tr("Only fields that decide comparability"), this))
    , m_baseline(new QComboBox(this))
    , m_minEffect(new QDoubleSpinBox(this))
    , m_pages(new QStackedWidget(this))
    , m_fields(new FieldDiffModel(this))
    , m_cases(new CaseDiffModel(this))
    , m_multiCases(new MultiCaseModel(this))
    , m_multiFields(new MultiFieldModel(this)) {
    m_verdict->setMargin(8);
    QFont bold = m_verdict->font();
    bold.setBold(true);
    m_verdict->setFont(bold);
    m_filter->setPlaceholderText(tr("Filter fields (path or value)"));
    m_filter->setClearButtonEnabled(true);
    m_baseline->setToolTip(tr("The run the others are compared with"));
    // As wide as its longest run label: a fixed-width box cut "2 kix fused (baseline)" to "2 kix f…".
    m_baseline->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    // The band of "no material difference": ±this, on the log scale (docs/verdicts.md).
    m_minEffect->setRange(0.1, 50.0);
    m_minEffect->setDecimals(1);
    m_minEffect->setSingleStep(0.5);
    m_minEffect->setSuffix(QStringLiteral(" %"));
    m_minEffect->setValue(kDefaultMinimumEffect * 100);
    m_minEffect->setKeyboardTracking(false); // judge once per value, not per keystroke
    m_minEffect->setToolTip(tr("Minimum effect: a ratio whose interval lies inside ±this is \"same\", one "
                               "entirely beyond it is faster or slower, anything else \"can't tell\""));

    // Two runs.
    auto* two = new QSplitter(Qt::Vertical, m_pages);
    m_caseView = makeReadOnlyTable(m_cases, two);
    two->addWidget(m_caseView);
    m_profileDiff = new ProfileDiffView(two); // hidden unless a run has a profile
    two->addWidget(m_profileDiff);
    QTableView* fieldView = makeReadOnlyTable(m_fields, two);
    // Values can be long JSON: the two value columns share the width instead of pushing B out of view.
    fieldView->horizontalHeader()->setSectionResizeMode(FieldDiffModel::Before, QHeaderView::Stretch);
    fieldView->horizontalHeader()->setSectionResizeMode(FieldDiffModel::After, QHeaderView::Stretch);
    two->addWidget(fieldView);
    m_pages->addWidget(two);
    // Three to eight.
    auto* many = new QSplitter(Qt::Vertical, m_pages);
    many->addWidget(makeSortableTable(m_multiCases, many));
    QTableView* multiFields = makeSortableTable(m_multiFields, many);
    multiFields->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    many->addWidget(multiFields);
    m_pages->addWidget(many);

    auto* filters = new QHBoxLayout;
    filters->addWidget(new QLabel(tr("Baseline:"), this));
    filters->addWidget(m_baseline);
    filters->addWidget(new QLabel(tr("Minimum effect:"), this));
    filters->addWidget(m_minEffect);
    filters->addWidget(m_filter, 1);
    filters->addWidget(m_decidingOnly);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_verdict);
    layout->addWidget(m_summary);
    layout->addLayout(filters);
    layout->addWidget(m_pages, 1);
    connect(m_filter, &QLineEdit::textChanged, this, &DiffWidget::applyFilter);
    connect(m_decidingOnly, &QCheckBox::toggled, this, &DiffWidget::applyFilter);
    connect(m_baseline, &QComboBox::activated, this, [this](int i) {
        if (hasComparison() && i != m_comparison.baseline)
            setRunList(m_comparison.runs, i);
    });
    connect(m_minEffect, &QDoubleSpinBox::valueChanged, this, [this] {
        if (hasComparison())
            setRunList(m_comparison.runs, m_comparison.baseline);
    });
    clear();
}

void DiffWidget::clear() {
    ++m_job; // a comparison still being prepared is not shown
    m_preparing = false;
    m_lastVerdict = {};
    m_comparison = {};
    m_allFields.clear();
    m_title->setText(tr("Select two to eight runs (Ctrl+click), or drop two files, then Compare (Ctrl+D)."));
    m_verdict->clear();
    m_verdict->setStyleSheet({});
    m_bannerShown = false;
    m_summary->clear();
    m_fields->setRows({});
    m_cases->setRows({});
    m_profileDiff->clear();
    m_multiCases->setComparison({});
    m_multiFields->setComparison({});
    m_baseline->clear();
    m_baseline->setEnabled(false);
    m_pages->setCurrentIndex(0);
}

void DiffWidget::setRuns(ManifestPtr a, ManifestPtr b) {
    setRunList({std::move(a), std::move(b)}, 0);
}

namespace {

// What a comparison shows, computed off the UI thread (10,000 cases: about 400 ms).
struct PreparedComparison {
    MultiComparison multi;
    CaseComparison twoCases;      // two runs against the first: per-case ratios with their verdicts
    QList<FieldChange> twoFields; // and the field diff
};

PreparedComparison prepareComparison(const QList<ManifestPtr>& runs, int baseline,
                                     const VerdictOptions& options) {
    PreparedComparison p;
    p.multi = compareRuns(runs, baseline, options);
    if (p.multi.error.isEmpty() && p.multi.runs.size() == 2 && p.multi.baseline == 0) {
        p.twoCases = p.multi.judged[1]; // judged once: bootstraps are the costly part
        p.twoFields = diffManifests(*p.multi.runs[0], *p.multi.runs[1]);
    }
    return p;
}

} // namespace

void DiffWidget::setRunList(const QList<ManifestPtr>& runs, int baseline) {
    const quint64 job = ++m_job;
    m_preparing = true;
    m_title->setText(tr("Comparing %n run(s)…", nullptr, int(runs.size())));
    VerdictOptions options;
    options.minimumEffect = m_minEffect->value() / 100;
    runOffUiThread(
        this, [runs, baseline, options] { return prepareComparison(runs, baseline, options); },
        [this, job, runs](const PreparedComparison& p) {
            if (job != m_job)
                return; // cleared, or other runs asked for meanwhile
            m_preparing = false;
            present(p.multi, runs, p.twoCases, p.twoFields);
            emit comparisonShown();
        });
}

bool DiffWidget::waitUntilShown(int timeoutMs) const {
    return waitOnEventLoop(
        this, &DiffWidget::comparisonShown, [this] { return !m_preparing; }, timeoutMs);
}

void DiffWidget::present(const MultiComparison& m, const QList<ManifestPtr>& runs,
                         const CaseComparison& twoCases, const QList<FieldChange>& twoFields) {
    if (!m.error.isEmpty()) {
        clear();
        if (runs.size() > kMaxCompareRuns ||
            std::all_of(runs.begin(), runs.end(), [](const ManifestPtr& r) { return r && r->run; }))
            m_title->setText(tr("Cannot compare: %1.").arg(m.error));
        return;
    }
    m_comparison = m;
    m_baseline->clear();
    for (const QString& h : runHeaders(m))
        m_baseline->addItem(h);
    m_baseline->setCurrentIndex(m.baseline);
    m_baseline->setEnabled(m.runs.size() >= 2); // two runs too: B as the baseline reads A ÷ B
    if (m.runs.size() == 2 && m.baseline == 0)
        showTwo(twoCases, twoFields);
    else
        showMany();
}

void DiffWidget::setBanner(bool good) {
    m_bannerGood = good;
    m_bannerShown = true;
    m_verdict->setStyleSheet(bannerStyle(good ? Tone::Good : Tone::Caution, palette()));
}

void DiffWidget::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_bannerShown)
        setBanner(m_bannerGood);
}

void DiffWidget::showTwo(const CaseComparison& cmp, const QList<FieldChange>& fields) {
    const Manifest& a = *m_comparison.runs[0];
    const Manifest& b = *m_comparison.runs[1];
    m_pages->setCurrentIndex(0);
    m_title->setText(tr("A: %1\nB: %2").arg(widgetLine(a.title()), widgetLine(b.title())));
    const ComparabilityVerdict& v = m_comparison.verdicts[1];
    QString text;
    if (v.comparable) {
        text = tr("✔ Comparable by KernelIndex's policy: one comparison cohort (same operation, workload, "
                  "protocol, environment, correctness and metric), both runs eligible.");
    } else {
        text = tr("⚠ Not comparable by KernelIndex's policy — the numbers below are shown, but a ratio "
                  "between them means little:");
        for (const auto& r : v.reasons)
            text += QStringLiteral("\n  • ") + widgetLine(r);
    }
    setBanner(v.comparable);
    if (v.sameRun)
        text += tr("\nA and B are the same run.");
    m_verdict->setText(text);
    m_lastVerdict = v;
    m_cases->setRows(cmp.rows);
    m_caseView->setVisible(!cmp.rows.isEmpty()); // suite-only runs have no per-case rows to show
    m_profileDiff->showRuns(a, b, cmp);
    m_allFields = fields;
    m_summary->setText(tr("Cases: %1.\nSuite: %2\nFields: %3")
                           .arg(cmp.summary(), widgetLine(verdictLine(cmp.suite)),
                                tr("%n difference(s) by JSON path.", nullptr, int(m_allFields.size()))));
    applyFilter();
}

void DiffWidget::showMany() {
    const MultiComparison& m = m_comparison;
    m_pages->setCurrentIndex(1);
    QStringList titles;
    const QStringList headers = runHeaders(m);
    for (int r = 0; r < m.runs.size(); ++r)
        titles << headers[r] + QStringLiteral(": ") + widgetLine(m.runs[r]->title());
    m_title->setText(titles.join(u'\n'));
    QString text =
        (m.allComparable ? QStringLiteral("✔ ") : QStringLiteral("⚠ ")) + widgetLine(m.verdictText);
    if (m.firstMismatch)
        text +=
            tr("\n  • first material mismatch: %1 differs: \"%2\" vs \"%3\"")
                .arg(m.firstMismatch->part, widgetLine(m.firstMismatch->a), widgetLine(m.firstMismatch->b));
    setBanner(m.allComparable);
    m_verdict->setText(text);
    m_lastVerdict =
        m.verdicts.value(m.firstMismatchRun < 0 ? 1 - std::min(m.baseline, 1) : m.firstMismatchRun);
    m_multiCases->setComparison(m);
    m_multiFields->setComparison(m);
    QStringList means;
    for (int r = 0; r < m.runs.size(); ++r)
        if (r != m.baseline)
            means << tr("%1: %2 (%3)")
                         .arg(r + 1)
                         .arg(formatRatio(m.geomeanRatio.value(r)),
                              m.judged[r].suiteOnly ? tr("suite values only")
                                                    : verdictName(m.judged[r].suite.verdict));
    const int deciding = int(
        std::count_if(m.fields.begin(), m.fields.end(), [](const MultiFieldRow& f) { return f.decides; }));
    m_summary->setText(
        tr("Geometric mean ratio to the baseline over shared cases — %1. Fields: %2 differ, %3 of them "
           "decide comparability.")
            .arg(means.join(QStringLiteral(", ")))
            .arg(m.fields.size())
            .arg(deciding));
    applyFilter();
}

void DiffWidget::applyFilter() {
    const QString text = m_filter->text();
    const bool deciding = m_decidingOnly->isChecked();
    m_multiFields->setFilter(text, deciding);
    QList<FieldChange> shown;
    for (const FieldChange& f : m_allFields) {
        if (deciding && !decidesComparability(f.path))
            continue;
        if (text.isEmpty() || f.path.contains(text, Qt::CaseInsensitive) ||
            f.before.contains(text, Qt::CaseInsensitive) || f.after.contains(text, Qt::CaseInsensitive))
            shown << f;
    }
    m_fields->setRows(shown);
}

ExportTable DiffWidget::caseTable() const {
    return m_pages->currentIndex() == 0 ? exportTableOf(m_cases) : exportTableOf(m_multiCases);
}

ExportTable DiffWidget::fieldTable() const {
    return m_pages->currentIndex() == 0 ? exportTableOf(m_fields) : exportTableOf(m_multiFields);
}

nlohmann::json DiffWidget::exportJson() const {
    return multiComparisonJson(m_comparison);
}

} // namespace kix::ui
