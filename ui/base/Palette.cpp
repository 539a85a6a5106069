#include "Palette.h"

#include <QGuiApplication>
#include <array>

namespace kix::ui {

QColor seriesColor(int index) {
    static const std::array<QColor, 7> colors = {QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00),
                                                 QColor(0x00, 0x9E, 0x73), QColor(0xCC, 0x79, 0xA7),
                                                 QColor(0xE6, 0x9F, 0x00), QColor(0x56, 0xB4, 0xE9),
                                                 QColor(0x88, 0x88, 0x88)};
    return colors[std::size_t(index) % colors.size()];
}

QColor baselineColor() {
    return {0x9b, 0x4d, 0xca};
}

QPalette lightPalette() {
    QPalette p(QColor(0xef, 0xef, 0xef), QColor(0xff, 0xff, 0xff));
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::AlternateBase, QColor(0xf5, 0xf5, 0xf7));
    p.setColor(QPalette::Text, QColor(0x1a, 0x1a, 0x1a));
    p.setColor(QPalette::WindowText, QColor(0x1a, 0x1a, 0x1a));
    p.setColor(QPalette::ButtonText, QColor(0x1a, 0x1a, 0x1a));
    p.setColor(QPalette::Highlight, QColor(0x30, 0x7c, 0xd0));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Mid, QColor(0xb0, 0xb0, 0xb0));
    return p;
}

QPalette darkPalette() {
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x31);
    const QColor base(0x1e, 0x1f, 0x22);
    const QColor text(0xe6, 0xe6, 0xe6);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x8e, 0xe0));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::PlaceholderText, QColor(0x90, 0x90, 0x90));
    p.setColor(QPalette::Mid, QColor(0x60, 0x60, 0x60));
    p.setColor(QPalette::Dark, QColor(0x15, 0x15, 0x15));
    p.setColor(QPalette::Light, QColor(0x45, 0x45, 0x48));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x80, 0x80));
    return p;
}

bool isDark(const QPalette& palette) {
    return palette.color(QPalette::Base).lightness() < 128;
}

QColor toneColor(Tone tone, const QPalette& palette) {
    const bool dark = isDark(palette);
    switch (tone) {
    case Tone::Good:
        return dark ? QColor(0x6f, 0xd8, 0x8c) : QColor(0x1a, 0x7f, 0x37);
    case Tone::Bad:
        return dark ? QColor(0xff, 0x85, 0x7a) : QColor(0xc0, 0x25, 0x25);
    case Tone::Caution:
        return dark ? QColor(0xf0, 0xc0, 0x5a) : QColor(0x9a, 0x67, 0x00);
    }
    return {};
}

QColor toneColor(Tone tone) {
    return toneColor(tone, QGuiApplication::palette());
}

QString bannerStyle(Tone tone, const QPalette& palette) {
    const bool dark = isDark(palette);
    QColor background;
    switch (tone) {
    case Tone::Good:
        background = dark ? QColor(0x16, 0x3d, 0x24) : QColor(0xd9, 0xf2, 0xe1);
        break;
    case Tone::Bad:
        background = dark ? QColor(0x4a, 0x1c, 0x1c) : QColor(0xfb, 0xdd, 0xdd);
        break;
    case Tone::Caution:
        background = dark ? QColor(0x45, 0x33, 0x0c) : QColor(0xfd, 0xe7, 0xc8);
        break;
    }
    const QColor text = dark ? toneColor(tone, palette).lighter(115) : toneColor(tone, palette).darker(140);
    return QStringLiteral("QLabel { background: %1; color: %2; border-radius: 4px; }")
        .arg(background.name(), text.name());
}

} // namespace kix::ui
