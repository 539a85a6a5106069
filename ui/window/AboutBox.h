// Help ▸ About kix: the version, Qt's (running and built with), QCustomPlot's, whether CUDA was built in,
// and the licence, as plain text.
#pragma once

class QWidget;

namespace kix::ui {

void showAboutBox(QWidget* parent);

} // namespace kix::ui
