// Tones and their colours under light and dark palettes.
#include "GuiTest.h"
#include "Palette.h"
#include "TestMain.h"

#include <QColor>
#include <QGuiApplication>
#include <QLabel>
#include <QObject>
#include <QPalette>
#include <QRegularExpression>
#include <QRegularExpressionMatch>
#include <QString>
#include <QStringLiteral>
#include <QTest>

using namespace kixtest;

class TestPalette : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixtest::initGui(); }

    // The two complete palettes, and the state colours and banners chosen by the palette's base colour.
    void paletteTones_data() {
        QTest::addColumn<bool>("dark");
        QTest::addColumn<int>("tone");
        QTest::addColumn<QColor>("text");
        QTest::addColumn<QString>("background");
        QTest::newRow("light good") << false << int(Tone::Good) << QColor(0x1a, 0x7f, 0x37) << "#d9f2e1";
        QTest::newRow("light bad") << false << int(Tone::Bad) << QColor(0xc0, 0x25, 0x25) << "#fbdddd";
        QTest::newRow("light caution")
            << false << int(Tone::Caution) << QColor(0x9a, 0x67, 0x00) << "#fde7c8";
        QTest::newRow("dark good") << true << int(Tone::Good) << QColor(0x6f, 0xd8, 0x8c) << "#163d24";
        QTest::newRow("dark bad") << true << int(Tone::Bad) << QColor(0xff, 0x85, 0x7a) << "#4a1c1c";
        QTest::newRow("dark caution") << true << int(Tone::Caution) << QColor(0xf0, 0xc0, 0x5a) << "#45330c";
    }
    void paletteTones() {
        QFETCH(bool, dark);
        QFETCH(int, tone);
        QFETCH(QColor, text);
        QFETCH(QString, background);
        const QPalette palette = dark ? darkPalette() : lightPalette();
        QCOMPARE(isDark(palette), dark);
        QCOMPARE(toneColor(Tone(tone), palette), text);
        const QString style = bannerStyle(Tone(tone), palette);
        const QRegularExpression form(QStringLiteral(
            "^QLabel \\{ background: (#[0-9a-f]{6}); color: (#[0-9a-f]{6}); border-radius: 4px; \\}$"));
        const QRegularExpressionMatch m = form.match(style);
        QVERIFY2(m.hasMatch(), qPrintable(style));
        QCOMPARE(m.captured(1), background);
        // The banner's text is the tone pushed away from its background: darker on light, lighter on dark.
        const QColor bannerText(m.captured(2));
        if (dark)
            QVERIFY(bannerText.lightness() > text.lightness());
        else
            QVERIFY(bannerText.lightness() < text.lightness());
        QVERIFY(std::abs(bannerText.hue() - text.hue()) <= 3); // the same colour, lighter or darker
    }

    void palettes() {
        const QPalette light = lightPalette();
        QCOMPARE(light.color(QPalette::Base), QColor(Qt::white));
        QCOMPARE(light.color(QPalette::Text), QColor(0x1a, 0x1a, 0x1a));
        QCOMPARE(light.color(QPalette::Highlight), QColor(0x30, 0x7c, 0xd0));
        QCOMPARE(light.color(QPalette::Mid), QColor(0xb0, 0xb0, 0xb0));
        const QPalette dark = darkPalette();
        QCOMPARE(dark.color(QPalette::Window), QColor(0x2b, 0x2d, 0x31));
        QCOMPARE(dark.color(QPalette::Base), QColor(0x1e, 0x1f, 0x22));
        QCOMPARE(dark.color(QPalette::Text), QColor(0xe6, 0xe6, 0xe6));
        QCOMPARE(dark.color(QPalette::ToolTipBase), dark.color(QPalette::Base));
        QCOMPARE(dark.color(QPalette::Disabled, QPalette::Text), QColor(0x80, 0x80, 0x80));
        QCOMPARE(dark.color(QPalette::Disabled, QPalette::ButtonText), QColor(0x80, 0x80, 0x80));
        // Text stays readable on its base in both: far apart in lightness.
        QVERIFY(std::abs(light.color(QPalette::Text).lightness() - light.color(QPalette::Base).lightness()) >
                150);
        QVERIFY(std::abs(dark.color(QPalette::Text).lightness() - dark.color(QPalette::Base).lightness()) >
                150);
        // The application's palette decides the colour a model paints with.
        QCOMPARE(toneColor(Tone::Bad), toneColor(Tone::Bad, QGuiApplication::palette()));
        QCOMPARE(seriesColor(0), seriesColor(7)); // seven colours, then again
        QVERIFY(seriesColor(0) != seriesColor(1));
        QVERIFY(baselineColor() != seriesColor(0));
    }
};

KIX_TEST_MAIN(TestPalette)
#include "tst_palette.moc"
