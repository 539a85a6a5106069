// Untrusted JSON: every way the bytes can be wrong gives one located message, never a crash or hang.
#include "JsonReader.h"
#include "ManifestParser.h"
#include "TestSupport.h"

#include <QTemporaryDir>
#include <QTest>

class TestJsonReader : public QObject {
    Q_OBJECT
private slots:
    void errors_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");
        QTest::newRow("empty") << QByteArray("  \n") << "t.json: file is empty: expected a JSON object";
        QTest::newRow("not json") << QByteArray("hello")
                                  << "t.json: not valid JSON (line 1, column 1): syntax error while parsing "
                                     "value - invalid literal; last read: 'h'";
        QTest::newRow("truncated")
            << QByteArray("{\n  \"run\": {\"kind\": \"Bench")
            << "t.json: not valid JSON (line 2, column 25): syntax error while parsing value - invalid "
               "string: missing closing quote; last read: '\"Bench'";
        QTest::newRow("trailing garbage")
            << QByteArray("{} x")
            << "t.json: not valid JSON (line 1, column 4): syntax error while parsing value - invalid "
               "literal; last read: '{} x'; expected end of input";
        QTest::newRow("duplicate key") << QByteArray(R"({"run": {"kind": "a", "kind": "b"}})")
                                       << "t.json: run.kind: duplicate key \"kind\"";
        QTest::newRow("invalid utf-8")
            << QByteArray("{\"a\": \"\xff\"}")
            << "t.json: not valid JSON (line 1, column 8): syntax error while parsing value - invalid "
               "string: ill-formed UTF-8 byte; last read: '\"\uFFFD'";
        QTest::newRow("lone surrogate") << QByteArray(R"({"a": "\ud800"})")
                                        << "t.json: not valid JSON (line 1, column 14): syntax error while "
                                           "parsing value - invalid string: surrogate U+D800..U+DBFF must be "
                                           "followed by U+DC00..U+DFFF; last read: '\"\\ud800\"'";
        QByteArray deep;
        for (int i = 0; i < 70; ++i)
            deep += "[";
        QTest::newRow("too deep")
            << deep
            << "t.json: "
               "[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]"
               "[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]"
               "[0][0]: nesting deeper than 64 levels";
    }
    void errors() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        const auto r = kix::parseJson(bytes, QStringLiteral("t.json"));
        QVERIFY(!r.value);
        QCOMPARE(r.error.toString(), expected);
    }

    void nanNamed() {
        const auto m =
            kix::parseManifest(QByteArray(R"({"run": {"spec": {"timing": {"latencyNs": {"mean": NaN}}}}})"),
                               QStringLiteral("t.json"));
        QCOMPARE(m->problems.size(), 1);
        QVERIFY2(
            m->problems.first().message.endsWith(QStringLiteral("(NaN and Infinity are not JSON numbers)")),
            qPrintable(m->problems.first().toString()));
    }

    void sizeLimit() {
        kix::JsonLimits limits;
        limits.maxBytes = 10;
        const auto r =
            kix::parseJson(QByteArray("{\"a\": \"0123456789\"}"), QStringLiteral("t.json"), limits);
        QCOMPARE(r.error.toString(),
                 QStringLiteral("t.json: file is 19 bytes, over the 10-byte limit for a manifest"));
    }

    void files() {
        QTemporaryDir dir;
        QCOMPARE(kix::readJsonFile(dir.filePath(QStringLiteral("missing.json"))).error.message,
                 QStringLiteral("no such file"));
        QCOMPARE(kix::readJsonFile(dir.path()).error.message,
                 QStringLiteral("is a folder, expected a manifest file"));
        QFile big(dir.filePath(QStringLiteral("big.json")));
        QVERIFY(big.open(QIODevice::WriteOnly));
        big.write(QByteArray(2048, ' '));
        big.close();
        kix::JsonLimits limits;
        limits.maxBytes = 1024;
        QCOMPARE(kix::readJsonFile(big.fileName(), limits).error.message,
                 QStringLiteral("file is 2048 bytes, over the 1024-byte limit for a manifest"));
    }
};

QTEST_GUILESS_MAIN(TestJsonReader)
#include "tst_json_reader.moc"
