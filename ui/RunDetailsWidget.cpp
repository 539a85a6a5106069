#include "RunDetailsWidget.h"

#include "CaseTableModel.h"
#include "Format.h"
#include "PairsModel.h"
#include "ProblemModel.h"
#include "Roles.h"
#include "TableViews.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace kix::ui {

namespace {
QTableView* makeTable(QAbstractItemModel* model, QWidget* parent, bool sortable = false) {
    if (!sortable)
        return makeReadOnlyTable(model, parent);
    auto* proxy = new QSortFilterProxyModel(parent);
    proxy->setSortRole(SortRole);
    proxy->setSourceModel(model);
    QTableView* view = makeReadOnlyTable(proxy, parent);
    view->setSortingEnabled(true);
    return view;
}

Pairs overviewOf(const Manifest& m, const QList<DigestCheck>& checks) {
    Pairs p;
    p << qMakePair(QObject::tr("File"), m.file);
    if (!m.run)
        return p;
    const RunSpec& r = m.runSpec;
    p << qMakePair(QObject::tr("Run"), m.run->name)
      << qMakePair(QObject::tr("Run digest (recomputed)"), m.run->digest)
      << qMakePair(QObject::tr("Status"), r.status) << qMakePair(QObject::tr("Observed"), r.observedAt)
      << qMakePair(QObject::tr("Benchmark"), r.benchmark)
      << qMakePair(QObject::tr("Implementation"), m.implementationLabel());
    if (!r.implementationRevision.isEmpty())
        p << qMakePair(QObject::tr("Revision"), r.implementationRevision);
    p << qMakePair(QObject::tr("GPU"),
                   m.gpuLabel() + (m.environmentSpec.architecture.isEmpty()
                                       ? QString()
                                       : QStringLiteral(" (%1)").arg(m.environmentSpec.architecture)));
    QString latency = formatLatency(r.primaryLatencyNs()) + QStringLiteral(" (") + r.primaryStatistic + u')';
    if (!r.aggregation.isEmpty())
        latency += QStringLiteral("; ") + r.aggregation;
    p << qMakePair(QObject::tr("Latency"), latency);
    p << qMakePair(QObject::tr("Cases"), r.cases.isEmpty()
                                             ? QObject::tr("none published: the run gives a suite value only")
                                             : QString::number(r.cases.size()));
    if (m.protocol) {
        p << qMakePair(QObject::tr("Harness"),
                       m.protocolSpec.harnessName + u' ' + m.protocolSpec.harnessVersion)
          << qMakePair(QObject::tr("Comparison family"), m.protocolSpec.family);
    }
    if (!r.source.isEmpty())
        p << qMakePair(QObject::tr("Source"),
                       r.source + (r.externalId.isEmpty() ? QString() : QStringLiteral(" #") + r.externalId));
    for (const auto& [name, value] : r.metrics)
        p << qMakePair(QObject::tr("Metric: %1").arg(name), formatNumber(value, 6));
    p << qMakePair(QObject::tr("Digest checks"), summarize(checks).text());
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
    m_heading->setTextFormat(Qt::PlainText); // manifest text is untrusted: never rich text
    QFont headingFont = m_heading->font();
    headingFont.setPointSizeF(headingFont.pointSizeF() * 1.25);
    headingFont.setBold(true);
    m_heading->setFont(headingFont);
    m_heading->setWordWrap(true);
    m_raw->setReadOnly(true);
    m_raw->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_raw->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_tabs->addTab(makeTable(m_overview, this), tr("Overview"));
    m_tabs->addTab(makeTable(m_cases, this, true), tr("Cases"));
    m_tabs->addTab(makeTable(m_protocol, this), tr("Protocol"));
    m_tabs->addTab(makeTable(m_environment, this), tr("Environment"));
    m_tabs->addTab(m_raw, tr("Raw JSON"));
    m_tabs->addTab(makeTable(m_problems, this), tr("Problems"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_heading);
    layout->addWidget(m_tabs);
    setManifest(nullptr, {});
}

void RunDetailsWidget::setManifest(ManifestPtr m, const QList<DigestCheck>& checks) {
    m_heading->setText(!m               ? tr("Select a run")
                       : m->hasErrors() ? tr("Could not read %1").arg(m->file)
                                        : m->title());
    m_overview->setRows(m ? overviewOf(*m, checks) : Pairs{});
    m_cases->setManifest(m && m->run ? m : nullptr);
    m_protocol->setRows(m && m->protocol ? flattenedFields(m->protocol->json) : Pairs{});
    m_environment->setRows(m && m->environment ? flattenedFields(m->environment->json) : Pairs{});
    m_problems->setRows(m ? m->problems : Problems{});
    m_raw->setPlainText(m ? QString::fromUtf8(m->rawText) : QString());
    m_tabs->setTabText(5, m && !m->problems.isEmpty() ? tr("Problems (%1)").arg(m->problems.size())
                                                      : tr("Problems"));
    if (m && m->hasErrors())
        m_tabs->setCurrentIndex(5);
}

} // namespace kix::ui
