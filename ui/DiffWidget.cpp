#include "DiffWidget.h"

#include "CaseComparison.h"
#include "CaseDiffModel.h"
#include "Comparability.h"
#include "FieldDiffModel.h"
#include "TableViews.h"

#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace kix::ui {

namespace {
QLabel* plainLabel(QWidget* parent) {
    auto* l = new QLabel(parent);
    l->setTextFormat(Qt::PlainText);
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
}
} // namespace

DiffWidget::DiffWidget(QWidget* parent)
    : QWidget(parent)
    , m_title(plainLabel(this))
    , m_verdict(plainLabel(this))
    , m_summary(plainLabel(this))
    , m_fields(new FieldDiffModel(this))
    , m_cases(new CaseDiffModel(this)) {
    m_verdict->setMargin(8);
    QFont bold = m_verdict->font();
    bold.setBold(true);
    m_verdict->setFont(bold);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    m_caseView = makeReadOnlyTable(m_cases, splitter);
    splitter->addWidget(m_caseView);
    QTableView* fieldView = makeReadOnlyTable(m_fields, splitter);
    // Values can be long JSON: the two value columns share the width instead of pushing B out of view.
    fieldView->horizontalHeader()->setSectionResizeMode(FieldDiffModel::Before, QHeaderView::Stretch);
    fieldView->horizontalHeader()->setSectionResizeMode(FieldDiffModel::After, QHeaderView::Stretch);
    splitter->addWidget(fieldView);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_verdict);
    layout->addWidget(m_summary);
    layout->addWidget(splitter, 1);
    setRuns(nullptr, nullptr);
}

void DiffWidget::setRuns(ManifestPtr a, ManifestPtr b) {
    m_lastVerdict = {};
    if (!a || !b || !a->run || !b->run) {
        m_title->setText(tr("Select two runs (Ctrl+click), or drop two files, then Compare (Ctrl+D)."));
        m_verdict->clear();
        m_verdict->setStyleSheet({});
        m_summary->clear();
        m_fields->setRows({});
        m_cases->setRows({});
        return;
    }
    m_title->setText(tr("A: %1\nB: %2").arg(a->title(), b->title()));
    const ComparabilityVerdict v = assessComparability(*a, *b);
    QString text;
    if (v.comparable) {
        text = tr("✔ Comparable by KernelIndex's policy: one comparison cohort (same operation, workload, "
                  "protocol, "
                  "environment, correctness and metric), both runs eligible.");
        m_verdict->setStyleSheet(
            QStringLiteral("QLabel { background: #d9f2e1; color: #0f5a27; border-radius: 4px; }"));
    } else {
        text = tr("⚠ Not comparable by KernelIndex's policy — the numbers below are shown, but a ratio "
                  "between them "
                  "means little:");
        for (const auto& r : v.reasons)
            text += QStringLiteral("\n  • ") + r;
        m_verdict->setStyleSheet(
            QStringLiteral("QLabel { background: #fde7c8; color: #6b3d00; border-radius: 4px; }"));
    }
    if (v.sameRun)
        text += tr("\nA and B are the same run.");
    m_verdict->setText(text);
    m_lastVerdict = v;
    const CaseComparison cmp = compareCases(*a, *b);
    m_summary->setText(tr("Cases: %1. Fields: ").arg(cmp.summary()));
    m_cases->setRows(cmp.rows);
    m_caseView->setVisible(!cmp.rows.isEmpty()); // suite-only runs have no per-case rows to show
    const QList<FieldChange> fields = diffManifests(*a, *b);
    m_fields->setRows(fields);
    m_summary->setText(m_summary->text() + tr("%n difference(s) by JSON path.", nullptr, int(fields.size())));
}

} // namespace kix::ui
