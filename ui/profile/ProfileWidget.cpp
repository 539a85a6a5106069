#include "ProfileWidget.h"

#include "GpuBandwidth.h"
#include "ProfileChecks.h"
#include "ProfileMetricsModel.h"
#include "RooflineRun.h"
#include "TableViews.h"
#include "TextSanitizer.h"

#include <QComboBox>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace kix::ui {

ProfileWidget::ProfileWidget(QWidget* parent)
    : QWidget(parent)
    , m_status(new QLabel(this))
    , m_cases(new QComboBox(this))
    , m_roofline(new QLabel(this))
    , m_metrics(new ProfileMetricsModel(this))
    , m_kernels(new ProfileKernelModel(this))
    , m_metricView(new QTableView(this))
    , m_kernelView(new QTableView(this)) {
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    m_roofline->setWordWrap(true);
    m_roofline->setTextFormat(Qt::PlainText);
    m_cases->setAccessibleName(tr("Profiled case"));
    m_metricView->setModel(m_metrics);
    m_kernelView->setModel(m_kernels);
    for (QTableView* v : {m_metricView, m_kernelView}) {
        v->verticalHeader()->hide();
        v->horizontalHeader()->setStretchLastSection(true);
        v->setSelectionBehavior(QAbstractItemView::SelectRows);
    }
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_status);
    layout->addWidget(m_cases);
    layout->addWidget(m_roofline);
    layout->addWidget(m_metricView, 3);
    layout->addWidget(m_kernelView, 1);
    connect(m_cases, &QComboBox::currentIndexChanged, this, &ProfileWidget::showCase);
    showRun(nullptr);
}

void ProfileWidget::showRun(ManifestPtr run) {
    m_run = std::move(run);
    m_profile = m_run && m_run->run
                    ? findRunProfile(m_run->file, m_run->run->digest, m_run->runSpec.rawSamplesUri)
                    : RunProfile{};
    m_rooflineBytes =
        m_run ? caseRooflineBytes(*m_run, GpuBandwidthTable::bundled()) : QHash<QString, double>{};
    const QSignalBlocker block(m_cases);
    m_cases->clear();
    if (m_run)
        for (const CaseResult& c : m_run->runSpec.cases)
            m_cases->addItem(widgetLine(c.axes.isEmpty() ? c.id : c.axesLabel()), c.id);
    m_cases->setVisible(m_cases->count() > 1);
    if (!m_run) {
        m_status->setText(tr("No run selected."));
    } else if (m_profile.file.isEmpty()) {
        m_status->setText(tr("No Nsight Compute profile for this run: kix run --profile records one, kix "
                             "profile import REPORT --run %1 attaches one (docs/profiles.md).")
                              .arg(widgetLine(QFileInfo(m_run->file).fileName())));
    } else if (!m_profile.artifact) {
        QStringList why;
        for (const Problem& p : m_profile.problems)
            why << p.message;
        m_status->setText(tr("The profile %1 is not shown: %2")
                              .arg(widgetLine(m_profile.file), widgetLine(why.join(QStringLiteral("; ")))));
    } else {
        const profile::ProfileArtifact& a = *m_profile.artifact;
        m_status->setText(
            tr("Nsight Compute on %1 (compute capability %2), from %3; %4, naming this run "
               "by digest.%5")
                .arg(widgetLine(a.set.device), widgetLine(a.set.computeCapability), widgetLine(a.source),
                     widgetLine(QFileInfo(m_profile.file).fileName()),
                     a.set.unmatched.isEmpty()
                         ? QString()
                         : QStringLiteral("\n") + widgetLine(a.set.unmatched.join(QStringLiteral("; ")))));
    }
    showCase(m_cases->count() > 0 ? 0 : -1);
}

void ProfileWidget::showCase(int index) {
    const QString caseId = index >= 0 ? m_cases->itemData(index).toString() : QString();
    const profile::CaseProfile* c = m_profile.artifact ? caseProfileOf(*m_profile.artifact, caseId) : nullptr;
    m_metrics->setCase(c ? std::optional<profile::CaseProfile>(*c) : std::nullopt);
    m_kernels->setKernels(c ? c->kernels : QList<profile::KernelProfile>{});
    m_metricView->resizeColumnsToContents();
    if (!m_profile.artifact) {
        m_roofline->clear();
        m_roofline->setVisible(false);
        return;
    }
    m_roofline->setVisible(true);
    if (!c) {
        m_roofline->setText(tr("No profile for this case."));
        return;
    }
    const auto bytes = m_rooflineBytes.constFind(c->caseId);
    m_roofline->setText(
        tr("Against the roofline: %1")
            .arg(profile::rooflineConsistency(
                     *c, bytes == m_rooflineBytes.constEnd() ? std::nullopt : std::optional<double>(*bytes),
                     m_profile.artifact->set.l2Bytes)
                     .text));
}

} // namespace kix::ui
