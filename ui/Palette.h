// Series colours that stay distinguishable on light and dark palettes (Okabe–Ito).
#pragma once

#include <QColor>

namespace kix::ui {

QColor seriesColor(int index);

} // namespace kix::ui
