#include "AboutBox.h"

#include "QCustomPlotInclude.h"
#include "kix_config.h"

#include <QCoreApplication>
#include <QMessageBox>

namespace kix::ui {

void showAboutBox(QWidget* parent) {
    const auto tr = [](const char* text) { return QCoreApplication::translate("kix::ui::MainWindow", text); };
    constexpr int kIconSize = 64;
    QMessageBox box(parent);
    box.setWindowTitle(tr("About kix"));
    box.setTextFormat(Qt::PlainText);
    box.setIconPixmap(parent->windowIcon().pixmap(kIconSize, kIconSize));
    box.setText(tr("kix %1 — a result explorer for GPU-kernel benchmark runs\n\n"
                   "Qt %2 (built with %3)\nQCustomPlot %4\nCUDA: %5\n\n"
                   "Licensed under the GNU GPL, version 3 or later.")
                    .arg(QStringLiteral(KIX_VERSION), QString::fromLatin1(qVersion()),
                         QStringLiteral(QT_VERSION_STR), QStringLiteral(QCUSTOMPLOT_VERSION_STR),
                         KIX_HAVE_CUDA ? tr("built with CUDA %1").arg(QStringLiteral(KIX_CUDA_VERSION))
                                       : tr("not built (no nvcc at build time)")));
    box.exec();
}

} // namespace kix::ui
