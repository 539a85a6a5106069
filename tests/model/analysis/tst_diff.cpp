// Field-level diff by JSON path; per-case arrays matched by id.
#include "Diff.h"
#include "ManifestParser.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QTest>

using Kind = kix::FieldChange::Kind;

class TestDiff : public QObject {
    Q_OBJECT
private slots:
    void changes_data() {
        QTest::addColumn<QByteArray>("a");
        QTest::addColumn<QByteArray>("b");
        QTest::addColumn<QStringList>("expected"); // "symbol path before -> after"
        QTest::newRow("same") << QByteArray(R"({"x": 1})") << QByteArray(R"({"x": 1.0})") << QStringList{};
        QTest::newRow("changed") << QByteArray(R"({"x": {"y": 1}})") << QByteArray(R"({"x": {"y": 2}})")
                                 << QStringList{QStringLiteral("~ x.y 1 -> 2")};
        QTest::newRow("added and removed")
            << QByteArray(R"({"a": 1})") << QByteArray(R"({"b": "s"})")
            << QStringList{QStringLiteral("\u2212 a 1 -> "), QStringLiteral("+ b  -> \"s\"")};
        QTest::newRow("array by index")
            << QByteArray(R"({"l": [1, 2]})") << QByteArray(R"({"l": [1, 3, 4]})")
            << QStringList{QStringLiteral("~ l[1] 2 -> 3"), QStringLiteral("+ l[2]  -> 4")};
        QTest::newRow("cases by id") << QByteArray(R"({"cases": [{"id": "a", "v": 1}, {"id": "b", "v": 2}]})")
                                     << QByteArray(R"({"cases": [{"id": "b", "v": 3}, {"id": "c", "v": 4}]})")
                                     << QStringList{
                                            QStringLiteral("\u2212 cases[id=a] {\"id\":\"a\",\"v\":1} -> "),
                                            QStringLiteral("~ cases[id=b].v 2 -> 3"),
                                            QStringLiteral("+ cases[id=c]  -> {\"id\":\"c\",\"v\":4}")};
        QTest::newRow("odd key") << QByteArray(R"({"a b": 1})") << QByteArray(R"({"a b": 2})")
                                 << QStringList{QStringLiteral("~ [\"a b\"] 1 -> 2")};
    }
    void changes() {
        QFETCH(QByteArray, a);
        QFETCH(QByteArray, b);
        QFETCH(QStringList, expected);
        QStringList got;
        for (const auto& c :
             kix::diffJson(kix::Json::parse(a.toStdString()), kix::Json::parse(b.toStdString())))
            got << QStringLiteral("%1 %2 %3 -> %4")
                       .arg(kix::changeKindSymbol(c.kind))
                       .arg(c.path, c.before, c.after);
        QCOMPARE(got, expected);
    }

    void seedAgainstAnEditedSeed() {
        const auto a = kix::loadManifestFile(kixtest::seedPath());
        auto doc = kixtest::seedJson();
        doc["protocol"]["spec"]["harness"]["version"] = "v1.1";
        doc["run"]["spec"]["timing"]["latencyNs"]["mean"] = 42000;
        const auto b = kix::parseManifest(QByteArray::fromStdString(doc.dump()), QStringLiteral("b.json"));
        const auto changes = kix::diffManifests(*a, *b);
        QStringList paths;
        for (const auto& c : changes)
            paths << c.path;
        QCOMPARE(paths, (QStringList{QStringLiteral("protocol.spec.harness.version"),
                                     QStringLiteral("run.spec.timing.latencyNs.mean")}));
        QCOMPARE(changes[0].before, QStringLiteral("\"v1.0\""));
        QCOMPARE(changes[0].after, QStringLiteral("\"v1.1\""));
        QCOMPARE(changes[0].kind, Kind::Changed);
    }
};

KIX_TEST_GUILESS_MAIN(TestDiff)
#include "tst_diff.moc"
