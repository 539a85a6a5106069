// kix serving (issue 37, item 3): the serving runs of a catalog by serving cohort, each with its
// measurement and eligibility, never among kernel runs; --cohort, --json, and the errors with their exact
// messages and statuses.
#include "CatalogFixture.h"
#include "CliRunner.h"
#include "ServingFixture.h"
#include "TestMain.h"

#include <QTemporaryDir>
#include <QTest>

using kixfix::Json;
using kixtest::runKix;

class TestServingCommand : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QString writeCatalog(const QByteArray& text) {
        QString path = m_dir.filePath(QStringLiteral("serving.jsonl"));
        if (!kixfix::writeFile(path, text))
            qFatal("cannot write the catalog");
        return path;
    }

private slots:
    void listsByCohort() {
        const QString path = writeCatalog(kixfix::ServingCatalog().text() + kixfix::Catalog().text());
        const kixtest::CliResult r = runKix({QStringLiteral("serving"), path});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.err, QString());
        const QString a = QStringLiteral("sha256:") + QString(64, u'a');
        const QString b = QStringLiteral("sha256:") + QString(64, u'b');
        QCOMPARE(
            r.out,
            QStringLiteral(
                "serving cohort %1 (KernelIndex's cohortKey): chat-open-loop · meridian-8b · NVIDIA B200 × 2 "
                "· "
                "output_token_throughput_tps\n"
                "  2 run(s), 1 eligible: comparable with each other only\n"
                "    2026-08-01T12:00:00Z     tp2-a                             14250 tokens_s "
                "(output_token_throughput_tps, reported)\n"
                "    2026-08-01T12:00:00Z     tp2-b                             13900 tokens_s "
                "(output_token_throughput_tps, reported)  [not eligible: retracted]\n"
                "serving cohort %2 (KernelIndex's cohortKey): chat-open-loop · meridian-8b · NVIDIA B200 × 4 "
                "· "
                "output_token_throughput_tps\n"
                "  1 run(s), 1 eligible: comparable with each other only\n"
                "    2026-08-01T12:00:00Z     tp4                               26100 tokens_s "
                "(output_token_throughput_tps, reported)\n"
                "3 serving run(s) in 2 serving cohort(s) (2 by KernelIndex's cohortKey, 0 by kix's facts); "
                "never ranked with kernel runs\n")
                .arg(a, b));
        const kixtest::CliResult j = runKix({QStringLiteral("serving"), path, QStringLiteral("--json"),
                                             QStringLiteral("--cohort"), QString(12, u'b')});
        QCOMPARE(j.code, 0);
        const Json v = Json::parse(j.out.toStdString());
        QCOMPARE(v["servingRuns"].get<int>(), 1);
        QCOMPARE(v["servingCohorts"].size(), std::size_t(1));
        const Json& run = v["servingCohorts"][0]["runs"][0];
        QCOMPARE(run["name"].get<std::string>(), std::string("tp4"));
        QCOMPARE(run["measurement"]["value"].get<double>(), 26100.0);
        QCOMPARE(run["catalogId"].get<std::string>(), std::string("r-3"));
        QVERIFY(run["eligible"].get<bool>());
    }

    void errors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("err");
        QTest::newRow("no serving run")
            << QStringList{QStringLiteral("KERNELS")} << 3
            << QStringLiteral("kix serving: nothing to list: the inputs hold no ServingRun\n");
        QTest::newRow("no such cohort")
            << QStringList{QStringLiteral("SERVING"), QStringLiteral("--cohort"), QStringLiteral("cafe")} << 2
            << QStringLiteral("kix serving: no serving cohort's key starts with \"cafe\"\n");
    }
    void errors() {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, err);
        const QString kernels = m_dir.filePath(QStringLiteral("kernels.jsonl"));
        QVERIFY(kixfix::writeFile(kernels, kixfix::Catalog().text()));
        const QString serving = writeCatalog(kixfix::ServingCatalog().text());
        args.replaceInStrings(QStringLiteral("KERNELS"), kernels);
        args.replaceInStrings(QStringLiteral("SERVING"), serving);
        const kixtest::CliResult r = runKix(QStringList{QStringLiteral("serving")} + args);
        QCOMPARE(r.code, code);
        QCOMPARE(r.err, err);
    }
};

KIX_TEST_MAIN(TestServingCommand)
#include "tst_serving_command.moc"
