#include "DigestPanel.h"

#include "DigestModel.h"
#include "TableViews.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace kix::ui {

DigestPanel::DigestPanel(RunStore* store, QWidget* parent)
    : QWidget(parent)
    , m_store(store)
    , m_model(new DigestModel(this))
    , m_caption(new QLabel(this))
    , m_all(new QPushButton(tr("Verify all loaded runs"), this)) {
    m_caption->setTextFormat(Qt::PlainText);
    m_caption->setWordWrap(true);
    QTableView* view = makeReadOnlyTable(m_model, this);
    auto* bar = new QHBoxLayout;
    bar->addWidget(m_caption, 1);
    bar->addWidget(m_all);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(view, 1);
    connect(m_all, &QPushButton::clicked, this, &DigestPanel::verifyAll);
    m_caption->setText(tr("Only digests recomputed by kix are shown as verified."));
}

void DigestPanel::showRun(int storeIndex) {
    ++m_job; // a verify-all still running no longer owns the table
    const RunEntry* e = m_store->runAt(storeIndex);
    QList<DigestRow> rows;
    QList<DigestCheck> checks;
    QString title;
    if (e) {
        title = e->run->resource->label();
        checks = m_store->verify(storeIndex);
        for (const auto& c : checks)
            rows.append({title, c});
    }
    m_model->setRows(rows);
    m_caption->setText(e ? tr("%1: %2. Only digests recomputed by kix are shown as verified.")
                               .arg(title, summarize(checks).text())
                         : tr("Select a run."));
}

void DigestPanel::verifyAll() {
    const quint64 job = ++m_job;
    m_all->setEnabled(false);
    m_caption->setText(tr("Verifying %n run(s)…", nullptr, m_store->index().runCount()));
    // A snapshot: the worker reads its own copy of the index, never the store.
    const RecordIndex index = m_store->snapshot();
    QtConcurrent::run([index] {
        QList<DigestRow> rows;
        for (const RunEntry& e : index.runs())
            for (const auto& c : verifyRun(index, e))
                rows.append({e.run->resource->label(), c});
        return std::make_pair(rows, int(index.runCount()));
    }).then(this, [this, job](const std::pair<QList<DigestRow>, int>& result) {
        m_all->setEnabled(true);
        if (job != m_job)
            return;
        m_model->setRows(result.first);
        QList<DigestCheck> checks;
        for (const auto& r : result.first)
            checks << r.check;
        const DigestSummary s = summarize(checks);
        m_caption->setText(tr("All loaded runs: %1.").arg(s.text()));
        emit verified(result.second, s.mismatch);
    });
}

} // namespace kix::ui
