#include "RunDetailsWidget.h"

#include "CaseTableModel.h"
#include "Digest.h"
#include "Format.h"
#include "PairsModel.h"
#include "PlainText.h"
#include "ProblemModel.h"
#include "RejectedLinks.h"
#include "RooflineRun.h"
#include "TableViews.h"
#include "TextSanitizer.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace kix::ui {

namespace {
QString tr(const char* text) {
    return QObject::tr(text);
}

QString latencyText(const Manifest& m) {
    const RunSpec& r = m.runSpec;
    if (r.hasTiming && !r.latencyNs.isEmpty()) {
        QString latency =
            formatLatency(r.primaryLatencyNs()) + QStringLiteral(" (") + r.primaryStatistic + u')';
        if (!r.aggregation.isEmpty())
            latency += QStringLiteral("; ") + r.aggregation;
        return latency;
    }
    if (const auto& p = m.policy.primary) {
        const auto ns = p->nanoseconds();
        return (ns ? formatLatency(ns) : formatNumber(p->value, 6) + u' ' + p->unit) +
               QStringLiteral(" (%1, %2)").arg(p->metric, p->statistic);
    }
    return tr("— (no primary measurement)");
}

QString upstreamText(const Manifest& m) {
    if (m.acceptedUpstream())
        return tr("yes: its schemas and parser accept every resource");
    const int findings = int(std::count_if(m.problems.begin(), m.problems.end(), isUpstreamFinding));
    const QString links =
        rejectedLinksPhrase(m.rejectedLinks, [](const QString& n) { return widgetLine(n); });
    return tr("no: %1 finding(s), %2 error(s) (see Problems)").arg(findings).arg(errorCount(m.problems)) +
           (links.isEmpty() ? QString() : QStringLiteral("; ") + links);
}

// Why the key could not be recomputed: each unknown part's reason once (an unloaded workload leaves both
// the operation and the correctness key unknown, for the same reason), as Verification.cpp lists them.
QString unknownKeyReasons(const PolicyFacts& f) {
    QStringList reasons;
    for (const KeyPart* part : {&f.operation, &f.workload, &f.protocol, &f.environment, &f.correctness})
        if (!part->known() && !reasons.contains(part->missing))
            reasons << part->missing;
    return reasons.join(QStringLiteral("; "));
}

void policyRows(const Manifest& m, Pairs& p) {
    const PolicyFacts& f = m.policy;
    p << qMakePair(tr("Comparison key (recomputed)"),
                   f.comparisonKey.isEmpty() ? tr("unknown: ") + unknownKeyReasons(f) : f.comparisonKey);
    if (!f.publishedComparisonKey.isEmpty())
        p << qMakePair(tr("Comparison key (published)"), f.publishedComparisonKey);
    QStringList why;
    for (const QString& c : f.ineligible)
        why << eligibilityReasonText(c);
    p << qMakePair(tr("Eligible for ranking"),
                   f.eligible() ? tr("yes") : tr("no: ") + why.join(QStringLiteral("; ")));
    p << qMakePair(tr("Cohort: operation"), f.operation.known() ? f.operation.label : f.operation.missing)
      << qMakePair(tr("Cohort: workload"), f.workload.known() ? f.workload.label : f.workload.missing)
      << qMakePair(tr("Cohort: protocol"), f.protocol.label)
      << qMakePair(tr("Cohort: environment"), f.environment.label)
      << qMakePair(tr("Cohort: correctness"),
                   f.correctness.known() ? f.correctness.label : f.correctness.missing)
      << qMakePair(tr("Cohort: metric"), f.metric.label);
}

// The GPU's state a kix run recorded (GpuState.h): the identity, the lock and calibration, and a row per
// flag, the run's and each case's (throttled, below the run's typical SM clock, another process).
void gpuStateRows(const RunSpec& r, Pairs& p) {
    if (r.gpu && !r.gpu->unavailable.isEmpty()) {
        p << qMakePair(tr("GPU state"), tr("not recorded: %1").arg(r.gpu->unavailable));
        return;
    }
    if (r.gpu) {
        const GpuRunState& g = *r.gpu;
        p << qMakePair(
            tr("GPU state"),
            QStringLiteral("%1 at %2, VBIOS %3, driver %4").arg(g.uuid, g.pciBusId, g.vbios, g.driver));
        p << qMakePair(tr("SM clocks"), g.lockedSmClockMHz ? tr("locked at %1 MHz").arg(*g.lockedSmClockMHz)
                                                           : tr("not locked"));
        if (g.calibrationNs)
            p << qMakePair(tr("Calibration copy"),
                           QStringLiteral("%1 µs").arg(*g.calibrationNs / 1e3, 0, 'f', 1));
        if (g.noiseFloor)
            p << qMakePair(tr("A/A noise floor"), QStringLiteral("%1%").arg(*g.noiseFloor * 100, 0, 'f', 2));
        for (const QString& flag : runGpuFlags(g))
            p << qMakePair(tr("GPU flag"), flag);
    }
    QList<std::optional<CaseGpuState>> states;
    for (const CaseResult& c : r.cases)
        states << c.gpuState;
    const auto typical = typicalSmClockOf(states);
    for (const CaseResult& c : r.cases)
        if (c.gpuState)
            for (const QString& flag : caseGpuFlags(*c.gpuState, typical))
                p << qMakePair(tr("GPU flag: %1").arg(c.axesLabel()), flag);
}

Pairs overviewOf(const Manifest& m) {
    Pairs p;
    for (const Origin& o : m.origins)
        p << qMakePair(tr("Read from"), o.toString());
    if (!m.run)
        return p;
    const RunSpec& r = m.runSpec;
    p << qMakePair(tr("Run"), m.run->name) << qMakePair(tr("Run digest (recomputed)"), m.run->digest);
    if (!m.run->normalization.isEmpty())
        p << qMakePair(tr("Normalized before hashing"), m.run->normalization.join(QStringLiteral("; ")));
    p << qMakePair(tr("Status"), r.status) << qMakePair(tr("Observed"), r.observedAt)
      << qMakePair(tr("Benchmark"), r.benchmark) << qMakePair(tr("Implementation"), m.implementationLabel());
    if (!r.implementationRevision.isEmpty())
        p << qMakePair(tr("Revision"), r.implementationRevision);
    p << qMakePair(tr("GPU"),
                   m.gpuLabel() + (m.environmentSpec.architecture.isEmpty()
                                       ? QString()
                                       : QStringLiteral(" (%1)").arg(m.environmentSpec.architecture)));
    p << qMakePair(tr("Latency"), latencyText(m));
    // The model's rule, as the run table's "× floor" and the Digests tab apply it.
    p << qMakePair(tr("Roofline"), rooflineOfRun(m, GpuBandwidthTable::bundled()).summary());
    for (const Measurement& x : r.measurements)
        p << qMakePair(
            tr("Measurement"),
            QStringLiteral("%1 %2 = %3 %4").arg(x.metric, x.statistic, formatNumber(x.value, 6), x.unit));
    p << qMakePair(tr("Cases"), r.cases.isEmpty() ? tr("none published: the run gives a suite value only")
                                                  : QString::number(r.cases.size()));
    gpuStateRows(r, p);
    if (m.protocol)
        p << qMakePair(tr("Harness"), m.protocolSpec.label())
          << qMakePair(tr("Comparison family"), m.protocolSpec.family);
    if (m.workload)
        p << qMakePair(tr("Workload"),
                       m.workloadFacts.label + QStringLiteral(" (") + m.workload->name + u')');
    if (!r.source.isEmpty())
        p << qMakePair(tr("Source"),
                       r.source + (r.externalId.isEmpty() ? QString() : QStringLiteral(" #") + r.externalId));
    for (const auto& [name, value] : r.metrics)
        p << qMakePair(tr("Metric: %1").arg(name), formatNumber(value, 6));
    if (m.published) {
        p << qMakePair(tr("Catalog row"), m.published->id)
          << qMakePair(tr("Published"), m.published->publishedAt);
        if (!m.published->retractedAt.isEmpty())
            p << qMakePair(tr("Retracted"), m.published->retractedAt + u' ' + m.published->retractionReason);
        p << qMakePair(tr("Catalog measurements"), QString::number(m.publishedMeasurements.size()));
    }
    p << qMakePair(tr("Accepted by KernelIndex"), upstreamText(m));
    p << qMakePair(tr("Digest checks"), summarize(m.checks).text());
    policyRows(m, p);
    return p;
}
} // namespace

RunDetailsWidget::RunDetailsWidget(QWidget* parent)
    : QWidget(parent)
    , m_tabs(new QTabWidget(this))
    , m_heading(new QLabel(this))
    , m_overview(new PairsModel(this))
    , m_cases(new CaseTableModel(this))
    , m_protocol(new PairsModel(this))
    , m_environment(new PairsModel(this))
    , m_problems(new ProblemModel(this))
    , m_raw(new QPlainTextEdit(this)) {
    holdUntrustedText(m_heading); // manifest text: never rich text, never wider than the view
    QFont headingFont = m_heading->font();
    headingFont.setPointSizeF(headingFont.pointSizeF() * 1.25);
    headingFont.setBold(true);
    m_heading->setFont(headingFont);
    m_raw->setReadOnly(true);
    m_raw->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_raw->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_tabs->addTab(makeReadOnlyTable(m_overview, this), tr("Overview"));
    m_tabs->addTab(makeSortableTable(m_cases, this), tr("Cases"));
    m_tabs->addTab(makeReadOnlyTable(m_protocol, this), tr("Protocol"));
    m_tabs->addTab(makeReadOnlyTable(m_environment, this), tr("Environment"));
    m_tabs->addTab(m_raw, tr("Raw JSON"));
    m_tabs->addTab(makeReadOnlyTable(m_problems, this), tr("Problems"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_heading);
    layout->addWidget(m_tabs);
    connect(m_tabs, &QTabWidget::currentChanged, this, &RunDetailsWidget::fillShownTab);
    setManifest(nullptr);
}

void RunDetailsWidget::setManifest(const ManifestPtr& m) {
    m_manifest = m;
    m_heading->setText(!m        ? tr("Select a run")
                       : !m->run ? tr("Could not read %1").arg(widgetLine(m->origins.value(0).toString()))
                       : m->hasErrors() ? tr("%1 (invalid: see Problems)").arg(widgetLine(m->title()))
                                        : widgetLine(m->title()));
    m_overview->setRows(m ? overviewOf(*m) : Pairs{});
    m_protocol->setRows(m && m->protocol ? flattenedFields(m->protocol->json) : Pairs{});
    m_environment->setRows(m && m->environment ? flattenedFields(m->environment->json) : Pairs{});
    m_problems->setRows(m ? m->problems : Problems{});
    m_tabs->setTabText(ProblemsTab, m && !m->problems.isEmpty() ? tr("Problems (%1)").arg(m->problems.size())
                                                                : tr("Problems"));
    m_casesStale = m_rawStale = true;
    if (m && (!m->run || m->hasErrors()))
        m_tabs->setCurrentIndex(ProblemsTab);
    fillShownTab();
}

// The case table (10,000 labels and a header reset) and the raw text (up to 256 Ki characters laid
// out) are the costly tabs; a click on a run fills only the one on screen, the other when it is shown.
void RunDetailsWidget::fillShownTab() {
    const ManifestPtr& m = m_manifest;
    if (m_tabs->currentIndex() == CasesTab && m_casesStale) {
        m_casesStale = false;
        m_cases->setManifest(m && m->run ? m : nullptr);
    } else if (m_tabs->currentIndex() == RawTab && m_rawStale) {
        m_rawStale = false;
        m_raw->setPlainText(m ? widgetBlock(QByteArrayView(m->rawText)) : QString());
    }
}

} // namespace kix::ui
