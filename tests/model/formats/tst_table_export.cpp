// Table exports: CSV quoting (parsed back), Markdown escaping, JSON (parsed back), tab-separated text,
// and the suffixes the Export menu maps to formats.
#include "CsvReader.h"
#include "TableExport.h"
#include "TestMain.h"

#include <QTest>
#include <nlohmann/json.hpp>

using namespace kix;

namespace {

ExportTable sample() {
    return {{"Run", "Latency", "Note"},
            {{"ac4k", "45.3 µs", "plain"},
             {"a, b", "1 \"quoted\"", "two\nlines"},
             {"pipe|here", "\x1b[2J", " padded "}}};
}

using kixtest::parseCsv;

} // namespace

class TestTableExport : public QObject {
    Q_OBJECT
private slots:
    void csvRoundTrip() {
        const QByteArray csv = toCsv(sample());
        QVERIFY(csv.startsWith("Run,Latency,Note\r\n"));
        QVERIFY(csv.contains("\"a, b\",\"1 \"\"quoted\"\"\",\"two\nlines\""));
        const auto rows = parseCsv(QString::fromUtf8(csv));
        QCOMPARE(rows.size(), 4);
        QCOMPARE(rows[0], sample().headers);
        for (int r = 0; r < 3; ++r)
            QCOMPARE(rows[r + 1], sample().rows[r]);
    }

    void markdown() {
        const QString md = QString::fromUtf8(toMarkdown(sample()));
        const QStringList lines = md.split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 5);
        QCOMPARE(lines[0], QStringLiteral("| Run | Latency | Note |"));
        QCOMPARE(lines[1], QStringLiteral("|---|---|---|"));
        QCOMPARE(lines[2], QStringLiteral("| ac4k | 45.3 µs | plain |"));
        QCOMPARE(lines[3],
                 QStringLiteral("| a, b | 1 \"quoted\" | two\\\\nlines |")); // the \n shown, its \ escaped
        QCOMPARE(lines[4], QStringLiteral("| pipe\\|here | \\\\x1b[2J |  padded  |"));
        QVERIFY(!md.contains(QChar(0x1b)));
    }

    void jsonRoundTrip() {
        const auto j = nlohmann::json::parse(toJson(sample()).toStdString());
        QCOMPARE(j.size(), std::size_t(3));
        QCOMPARE(QString::fromStdString(j[1]["Run"].get<std::string>()), QStringLiteral("a, b"));
        QCOMPARE(QString::fromStdString(j[1]["Note"].get<std::string>()), QStringLiteral("two\nlines"));
        QCOMPARE(QString::fromStdString(j[2]["Latency"].get<std::string>()), QStringLiteral("\x1b[2J"));
        QCOMPARE(QString::fromStdString(j[0]["Latency"].get<std::string>()), QStringLiteral("45.3 µs"));
        QCOMPARE(toJson({{"A"}, {}}), QByteArray("[]\n"));
    }

    void tsv() {
        QCOMPARE(toTsv(sample(), false),
                 QStringLiteral(
                     "ac4k\t45.3 µs\tplain\na, b\t1 \"quoted\"\ttwo lines\npipe|here\t\x1b[2J\t padded \n"));
        QVERIFY(toTsv(sample(), true).startsWith(QStringLiteral("Run\tLatency\tNote\n")));
    }

    void suffixes_data() {
        QTest::addColumn<QString>("suffix");
        QTest::addColumn<bool>("known");
        QTest::addColumn<int>("format");
        QTest::newRow("csv") << "CSV" << true << int(ExportFormat::Csv);
        QTest::newRow("md") << "md" << true << int(ExportFormat::Markdown);
        QTest::newRow("markdown") << "markdown" << true << int(ExportFormat::Markdown);
        QTest::newRow("json") << "json" << true << int(ExportFormat::Json);
        QTest::newRow("xlsx") << "xlsx" << false << -1;
    }
    void suffixes() {
        QFETCH(QString, suffix);
        QFETCH(bool, known);
        QFETCH(int, format);
        ExportFormat f = ExportFormat::Csv;
        QCOMPARE(exportFormatFromSuffix(suffix, f), known);
        if (known) {
            QCOMPARE(int(f), format);
            QCOMPARE(exportTable(sample(), f), exportTable(sample(), ExportFormat(format)));
        }
        QCOMPARE(exportFormatSuffix(ExportFormat::Markdown), QStringLiteral("md"));
    }
};

KIX_TEST_MAIN(TestTableExport)
#include "tst_table_export.moc"
