// Series colours that stay distinguishable on light and dark palettes (Okabe–Ito).
#pragma once

#include <QColor>

namespace kix::ui {

QColor seriesColor(int index);

// Text colours for states in tables: good (verified, faster, added), bad (mismatch, error,
// slower, removed), caution (not verifiable, changed). Always paired with a symbol or a word.
enum class Tone { Good, Bad, Caution };
QColor toneColor(Tone tone);

} // namespace kix::ui
