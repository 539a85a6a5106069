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
    const ManifestPtr m = m_store->at(storeIndex);
    QList<DigestRow> rows;
    if (m)
        for (const auto& c : m_store->verify(storeIndex))
            rows.append({m->title(), c});
    m_model->setRows(rows);
    m_caption->setText(m ? tr("%1: %2. Only digests recomputed by kix are shown as verified.")
                               .arg(m->title(), summarize(m_store->verify(storeIndex)).text())
                         : tr("Select a run."));
}

void DigestPanel::verifyAll() {
    const quint64 job = ++m_job;
    m_all->setEnabled(false);
    m_caption->setText(tr("Verifying %n run(s)…", nullptr, m_store->size()));
    // Copies: the worker reads immutable manifests and its own index, never the store.
    const QList<ManifestPtr> manifests = m_store->manifests();
    const ResourceIndex index = m_store->resources();
    QtConcurrent::run([manifests, index] {
        QList<DigestRow> rows;
        for (const auto& m : manifests)
            for (const auto& c : verifyRunDigests(*m, &index))
                rows.append({m->title(), c});
        return rows;
    }).then(this, [this, job](const QList<DigestRow>& rows) {
        m_all->setEnabled(true);
        if (job != m_job)
            return;
        m_model->setRows(rows);
        QList<DigestCheck> checks;
        QSet<QString> runs;
        for (const auto& r : rows) {
            checks << r.check;
            runs.insert(r.run);
        }
        const DigestSummary s = summarize(checks);
        m_caption->setText(tr("All loaded runs: %1.").arg(s.text()));
        emit verified(int(runs.size()), s.mismatch);
    });
}

} // namespace kix::ui
