#include "RerunDialog.h"

#include "ClusterTaskModel.h"
#include "RerunController.h"
#include "TextSanitizer.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace kix::ui {

RerunDialog::RerunDialog(RerunController* controller, QWidget* parent)
    : QDialog(parent)
    , m_controller(controller)
    , m_status(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_log(new QPlainTextEdit(this))
    , m_cancel(new QPushButton(tr("Cancel run"), this)) {
    const bool cluster = controller->mode() == RerunController::Mode::Cluster;
    setWindowTitle(cluster ? tr("Run on cluster") : tr("Run locally"));
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    m_status->setText(cluster ? tr("Submitting the job…") : tr("Starting the runner…"));
    m_progress->setRange(0, 0); // busy until the first case reports
    m_log->setReadOnly(true);
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_log->setMinimumSize(620, 260);
    auto* buttons = new QDialogButtonBox(this);
    buttons->addButton(m_cancel, QDialogButtonBox::RejectRole);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_status);
    layout->addWidget(m_progress);
    if (cluster) {
        m_tasks = new ClusterTaskModel(this);
        m_taskView = new QTableView(this);
        m_taskView->setObjectName(QStringLiteral("clusterTasks"));
        m_taskView->setModel(m_tasks);
        m_taskView->verticalHeader()->hide();
        m_taskView->horizontalHeader()->setStretchLastSection(true);
        m_taskView->setEditTriggers(QAbstractItemView::NoEditTriggers);
        layout->addWidget(m_taskView, 1);
        connect(controller, &RerunController::runnerEvent, m_tasks, &ClusterTaskModel::apply);
        m_taskView->setWordWrap(false);
        connect(m_tasks, &QAbstractItemModel::modelReset, m_taskView, &QTableView::resizeColumnsToContents);
        connect(m_tasks, &QAbstractItemModel::dataChanged, m_taskView, &QTableView::resizeColumnsToContents);
        m_cancel->setText(tr("Cancel job"));
    }
    layout->addWidget(m_log, 1);
    layout->addWidget(buttons);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (m_controller->isRunning())
            m_controller->cancel();
        else
            accept();
    });
    // Every line is untrusted (the runner's output, its path and the output folder's in the command
    // line): one line each, controls shown, up to a block's length.
    connect(controller, &RerunController::logLine, m_log, [this](const QString& line) {
        m_log->appendPlainText(sanitizeText(line, {TextShape::Line, kWidgetBlockCap}));
    });
    connect(controller, &RerunController::progress, this, [this](int pos, int total, const QString& text) {
        m_progress->setRange(0, total);
        m_progress->setValue(pos);
        m_status->setText(widgetLine(text)); // a cluster job's id comes from the runner
    });
    connect(controller, &RerunController::finished, this,
            [this](bool ok, const QString& message, const QStringList&) {
                m_status->setText(ok ? tr("Done: %1").arg(widgetLine(message))
                                     : tr("Not completed: %1").arg(widgetLine(message)));
                m_progress->setRange(0, 1);
                m_progress->setValue(ok ? 1 : 0);
                m_cancel->setText(tr("Close"));
            });
}

void RerunDialog::reject() {
    if (m_controller->isRunning())
        m_controller->cancel(); // closing the dialog stops the run rather than orphaning it
    else
        QDialog::reject();
}

} // namespace kix::ui
