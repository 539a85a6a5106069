#include "Palette.h"

#include <array>

namespace kix::ui {

QColor seriesColor(int index) {
    static const std::array<QColor, 7> colors = {QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00),
                                                 QColor(0x00, 0x9E, 0x73), QColor(0xCC, 0x79, 0xA7),
                                                 QColor(0xE6, 0x9F, 0x00), QColor(0x56, 0xB4, 0xE9),
                                                 QColor(0x88, 0x88, 0x88)};
    return colors[std::size_t(index) % colors.size()];
}

QColor toneColor(Tone tone) {
    switch (tone) {
    case Tone::Good:
        return QColor(0x1a, 0x8f, 0x3c);
    case Tone::Bad:
        return QColor(0xd0, 0x30, 0x30);
    case Tone::Caution:
        return QColor(0xb0, 0x80, 0x10);
    }
    return {};
}

} // namespace kix::ui
