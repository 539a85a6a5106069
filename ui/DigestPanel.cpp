#include "DigestPanel.h"

#include "DigestModel.h"
#include "EvidenceOfRuns.h"
#include "KeyStore.h"
#include "PlainText.h"
#include "RooflineRun.h"
#include "TableViews.h"
#include "TextSanitizer.h"

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
    , m_trust(new QLabel(this))
    , m_all(new QPushButton(tr("Verify all loaded runs"), this)) {
    holdUntrustedText(m_caption);
    holdUntrustedText(m_trust);
    QTableView* view = makeReadOnlyTable(m_model, this);
    auto* bar = new QHBoxLayout;
    bar->addWidget(m_caption, 1);
    bar->addWidget(m_all);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_trust);
    layout->addWidget(view, 1);
    connect(m_all, &QPushButton::clicked, this, &DigestPanel::verifyAll);
    m_caption->setText(tr("Only digests recomputed by kix are shown as verified."));
}

namespace {

// Roofline warnings shown above the table: a run of 10,000 cases can have one per case, and a line each
// made the panel 23,000 px tall (and the window with it).
constexpr qsizetype kWarningsShown = 5;

// The user's trust store; one that cannot be read checks every signature against no trusted key, and the
// reason is shown (an unreadable store must not silently demote signatures).
TrustStore readTrustStore(QString& problem) {
    QString error;
    const auto trust = KeyStore(KeyStore::defaultConfigDirectory()).trustStore(error);
    if (!trust)
        problem = DigestPanel::tr("Signatures checked against no trusted key: %1").arg(error);
    return trust.value_or(TrustStore{});
}

} // namespace

QString DigestPanel::trustText() const {
    return m_trust->text();
}

void DigestPanel::showRun(int storeIndex) {
    ++m_job; // a verify-all still running no longer owns the table
    const RunEntry* e = m_store->runAt(storeIndex);
    QList<DigestRow> rows;
    QList<DigestCheck> checks;
    QString title;
    QStringList trustLines;
    if (e) {
        title = e->run->resource->label();
        checks = m_store->verify(storeIndex);
        for (const auto& c : checks)
            rows.append({title, c});
        QString problem;
        RunTrustChecker checker(m_store->index(), readTrustStore(problem));
        const RunTrust trust = checker.trustOf(m_store->row(storeIndex).index, checks);
        for (const SignatureCheck& s : trust.signatures)
            rows.append(DigestRow::ofSignature(title, s));
        trustLines << tr("Evidence: %1 (%2)")
                          .arg(trust.evidence.summary, trust.evidence.reasons.join(QStringLiteral("; ")));
        const ManifestPtr m = m_store->at(storeIndex);
        const RunRoofline roofline = rooflineOfRun(*m, GpuBandwidthTable::bundled());
        trustLines << tr("Roofline: %1").arg(roofline.summary()) +
                          (roofline.sources.isEmpty()
                               ? QString()
                               : QStringLiteral(" (%1)").arg(roofline.sources.join(QStringLiteral("; "))));
        const QStringList warnings = roofline.warnings();
        for (const QString& w : warnings.first(std::min(warnings.size(), kWarningsShown)))
            trustLines << QStringLiteral("⚠ ") + w;
        if (warnings.size() > kWarningsShown)
            trustLines << tr("⚠ … and %n more roofline warning(s): `kix verify` lists them all", nullptr,
                             int(warnings.size() - kWarningsShown));
        if (!problem.isEmpty())
            trustLines << problem;
    }
    m_model->setRows(rows);
    for (QString& line : trustLines)
        line = widgetLine(line); // reasons and warnings quote untrusted names and labels
    m_trust->setText(trustLines.join(u'\n'));
    m_trust->setVisible(!trustLines.isEmpty());
    m_caption->setText(e ? tr("%1: %2. Only digests recomputed by kix are shown as verified.")
                               .arg(widgetLine(title), summarize(checks).text())
                         : tr("Select a run."));
}

void DigestPanel::verifyAll() {
    const quint64 job = ++m_job;
    m_all->setEnabled(false);
    m_caption->setText(tr("Verifying %n run(s)…", nullptr, m_store->index().runCount()));
    // A snapshot: the worker reads its own copy of the index, never the store.
    const RecordIndex index = m_store->snapshot();
    QString problem;
    TrustStore trust = readTrustStore(problem);
    m_trust->setText(problem);
    m_trust->setVisible(!problem.isEmpty());
    QtConcurrent::run([index, trust] {
        QList<DigestRow> rows;
        RunTrustChecker checker(index, trust);
        for (int i = 0; i < index.runCount(); ++i) {
            const RunEntry& e = index.run(i);
            const QString title = e.run->resource->label();
            for (const auto& c : verifyRun(index, e))
                rows.append({title, c});
            for (const SignatureCheck& s : checker.signaturesOf(i))
                rows.append(DigestRow::ofSignature(title, s));
        }
        return std::make_pair(rows, int(index.runCount()));
    }).then(this, [this, job](const std::pair<QList<DigestRow>, int>& result) {
        m_all->setEnabled(true);
        if (job != m_job)
            return;
        m_model->setRows(result.first);
        QList<DigestCheck> checks;
        int envelopes = 0;
        for (const auto& r : result.first) {
            if (r.signature)
                ++envelopes;
            else
                checks << r.check;
        }
        const DigestSummary s = summarize(checks);
        m_caption->setText(
            envelopes > 0
                ? tr("All loaded runs: %1; %n signed envelope(s).", nullptr, envelopes).arg(s.text())
                : tr("All loaded runs: %1.").arg(s.text()));
        emit verified(result.second, s.mismatch);
    });
}

} // namespace kix::ui
