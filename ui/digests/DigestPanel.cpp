#include "DigestPanel.h"

#include "Actions.h"
#include "DigestModel.h"
#include "KeyStore.h"
#include "OffUiThread.h"
#include "PlainText.h"
#include "RooflineRun.h"
#include "RunTrust.h"
#include "TableViews.h"
#include "TextSanitizer.h"

#include <QAction>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace kix::ui {

DigestPanel::DigestPanel(RunStore* store, QWidget* parent)
    : QWidget(parent)
    , m_store(store)
    , m_model(new DigestModel(this))
    , m_caption(new QLabel(this))
    , m_trust(new QLabel(this))
    , m_all(new QPushButton(tr("Verify all loaded runs"), this))
    , m_verifyAll(namedAction(this, QStringLiteral("verifyAll"), tr("&Verify all digests"),
                              QKeySequence(QStringLiteral("Ctrl+Shift+V")))) {
    connect(m_verifyAll, &QAction::triggered, this, &DigestPanel::verifyAll);
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

namespace {

// What the panel shows for one run, computed off the UI thread.
struct RunShown {
    QList<DigestRow> rows;
    QList<DigestCheck> checks;
    QStringList trustLines;
};

// Digest checks, envelopes, evidence level and roofline of one run. Reads only its own copies (the index
// snapshot, the manifest, the trust store): a run of 10,000 cases took 250 ms on the UI thread.
RunShown checkRun(const RecordIndex& index, int runIndex, const Manifest& m, const TrustStore& trust,
                  const QString& trustProblem) {
    RunShown out;
    const RunEntry& e = index.run(runIndex);
    const QString title = e.run->resource->label();
    out.checks = verifyRun(index, e);
    for (const auto& c : out.checks)
        out.rows.append({title, c});
    RunTrustChecker checker(index, trust);
    const RunTrust runTrust = checker.trustOf(runIndex, out.checks);
    for (const SignatureCheck& sig : runTrust.signatures)
        out.rows.append(DigestRow::ofSignature(title, sig));
    QStringList& lines = out.trustLines;
    lines << DigestPanel::tr("Evidence: %1 (%2)")
                 .arg(runTrust.evidence.summary, runTrust.evidence.reasons.join(QStringLiteral("; ")));
    const RunRoofline roofline = rooflineOfRun(m, GpuBandwidthTable::bundled());
    lines << DigestPanel::tr("Roofline: %1").arg(roofline.summary()) +
                 (roofline.sources.isEmpty()
                      ? QString()
                      : QStringLiteral(" (%1)").arg(roofline.sources.join(QStringLiteral("; "))));
    const QStringList warnings = roofline.warnings();
    for (const QString& w : warnings.first(std::min(warnings.size(), kWarningsShown)))
        lines << QStringLiteral("⚠ ") + w;
    if (warnings.size() > kWarningsShown)
        lines << DigestPanel::tr("⚠ … and %n more roofline warning(s): `kix verify` lists them all", nullptr,
                                 int(warnings.size() - kWarningsShown));
    if (!trustProblem.isEmpty())
        lines << trustProblem;
    for (QString& line : lines)
        line = widgetLine(line); // reasons and warnings quote untrusted names and labels
    return out;
}

} // namespace

void DigestPanel::showRun(int storeIndex) {
    const quint64 job = ++m_job; // a verify-all or an earlier run still running no longer owns the table
    const RunEntry* e = m_store->runAt(storeIndex);
    const ManifestPtr m = e ? m_store->at(storeIndex) : nullptr;
    m_checking = false;
    if (!e || !m) {
        m_model->setRows({});
        m_trust->clear();
        m_trust->setVisible(false);
        m_caption->setText(tr("Select a run."));
        emit runShown(storeIndex);
        return;
    }
    const QString title = widgetLine(e->run->resource->label());
    m_caption->setText(tr("%1: checking digests…").arg(title));
    m_checking = true;
    QString problem;
    const TrustStore trust = readTrustStore(problem);
    runOffUiThread(
        this,
        [index = m_store->snapshot(), runIndex = m_store->row(storeIndex).index, m, trust, problem] {
            return checkRun(index, runIndex, *m, trust, problem);
        },
        [this, job, storeIndex, title](const RunShown& shown) {
            if (job != m_job)
                return; // another run was selected meanwhile
            m_checking = false;
            m_model->setRows(shown.rows);
            m_trust->setText(shown.trustLines.join(u'\n'));
            m_trust->setVisible(!shown.trustLines.isEmpty());
            m_caption->setText(tr("%1: %2. Only digests recomputed by kix are shown as verified.")
                                   .arg(title, summarize(shown.checks).text()));
            emit runShown(storeIndex);
        });
}

void DigestPanel::verifyAll() {
    const quint64 job = ++m_job;
    m_checking = false;
    m_all->setEnabled(false);
    m_caption->setText(tr("Verifying %n run(s)…", nullptr, m_store->index().runCount()));
    // A snapshot: the worker reads its own copy of the index, never the store.
    const RecordIndex index = m_store->snapshot();
    QString problem;
    TrustStore trust = readTrustStore(problem);
    m_trust->setText(widgetLine(problem)); // quotes the trust store's path and what is wrong in it
    m_trust->setVisible(!problem.isEmpty());
    runOffUiThread(
        this,
        [index, trust] {
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
        },
        [this, job](const std::pair<QList<DigestRow>, int>& result) {
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
