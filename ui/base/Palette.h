// Colours, in one place and aware of the palette: series colours that stay distinguishable on light and
// dark backgrounds (Okabe–Ito), and state colours for text and banners, a darker and a lighter set chosen
// by the application palette's base colour, so "✓ verified" and "slower" stay readable in a dark theme.
#pragma once

#include <QColor>
#include <QPalette>
#include <QString>

namespace kix::ui {

QColor seriesColor(int index);
// The published baseline time's marks on the plot: apart from every series colour.
QColor baselineColor();

// Complete palettes for the Fusion style, used by --palette and the screenshots of both themes.
QPalette lightPalette();
QPalette darkPalette();

// Text colours for states in tables: good (verified, faster, added), bad (mismatch, error,
// slower, removed), caution (not verifiable, changed). Always paired with a symbol or a word.
enum class Tone { Good, Bad, Caution };
bool isDark(const QPalette& palette);
QColor toneColor(Tone tone, const QPalette& palette);
QColor toneColor(Tone tone); // against the application's palette
// A QLabel style sheet for a banner of this tone: a tinted background with readable text, for the palette.
QString bannerStyle(Tone tone, const QPalette& palette);

} // namespace kix::ui
