#include "ProfileDiffView.h"

#include "ProfileDiffModel.h"
#include "TextSanitizer.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace kix::ui {

ProfileDiffView::ProfileDiffView(QWidget* parent)
    : QWidget(parent)
    , m_summary(new QLabel(this))
    , m_model(new ProfileDiffModel(this))
    , m_view(new QTableView(this)) {
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_view->setModel(m_model);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(m_view);
    clear();
}

void ProfileDiffView::showRuns(const Manifest& a, const Manifest& b, const CaseComparison& cmp) {
    const ProfileComparison profiles = compareRunProfiles(a, b, cmp);
    if (!profiles.any()) {
        clear();
        return;
    }
    const RunProfile &pa = profiles.a, &pb = profiles.b;
    m_model->setRows(profileDiffRows(profiles));
    QString text =
        tr("Nsight Compute: %1 in A, %2 in B; each case's metrics, the ones that moved most first.")
            .arg(pa.artifact ? widgetLine(pa.artifact->set.device) : tr("no profile"),
                 pb.artifact ? widgetLine(pb.artifact->set.device) : tr("no profile"));
    if (!cmp.gpuStateDifferences.isEmpty())
        text += QStringLiteral("\n") +
                tr("GPU state: %1").arg(widgetLine(cmp.gpuStateDifferences.join(QStringLiteral("; "))));
    m_summary->setText(text);
    m_view->resizeColumnsToContents();
    setVisible(true);
}

void ProfileDiffView::clear() {
    m_model->setRows({});
    m_summary->clear();
    setVisible(false);
}

} // namespace kix::ui
