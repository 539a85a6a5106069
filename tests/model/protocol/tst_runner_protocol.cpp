// The runner protocol: every event survives toJson -> parseEvent, bad lines are refused with their
// reason, the stream splits bytes into lines however they arrive, and text is made printable.
#include "RunnerProtocol.h"
#include "TestMain.h"

#include <QTest>

using namespace kix::protocol;

Q_DECLARE_METATYPE(kix::protocol::RunnerEvent)

namespace {
RunnerEvent make(EventKind kind) {
    RunnerEvent e;
    e.kind = kind;
    return e;
}
} // namespace

class TestRunnerProtocol : public QObject {
    Q_OBJECT
private slots:
    void roundTrip_data() {
        QTest::addColumn<RunnerEvent>("event");
        QTest::addColumn<QString>("text");
        RunnerEvent e = make(EventKind::Device);
        e.deviceName = QStringLiteral("NVIDIA H200");
        e.deviceDetail = QStringLiteral("compute capability 9.0");
        QTest::newRow("device") << e << QStringLiteral("NVIDIA H200 (compute capability 9.0)");
        e = make(EventKind::CopyBandwidth);
        e.gbps = 4224.6;
        QTest::newRow("copy") << e << QStringLiteral("device-to-device copy: 4225 GB/s");
        e = make(EventKind::CaseStarted);
        e.position = 1;
        e.total = 2;
        e.caseIndex = 8;
        e.batchSize = 1;
        e.seqLen = 128;
        QTest::newRow("case started")
            << e << QStringLiteral("case 1 of 2 (workload 8): batch_size=1 seq_len=128");
        e = make(EventKind::CaseFinished);
        e.position = 2;
        e.total = 2;
        e.caseIndex = 8;
        e.correct = true;
        e.medianNs = 9310;
        e.task = 1;
        QTest::newRow("case finished in a task")
            << e << QStringLiteral("task 1: case 2 of 2 (workload 8): 9.31 µs median, correct");
        e.medianNs.reset();
        e.correct = false;
        e.task = -1;
        QTest::newRow("case finished, no timing")
            << e << QStringLiteral("case 2 of 2 (workload 8): INCORRECT");
        e = make(EventKind::Written);
        e.file = QStringLiteral("/runs/a.manifest.json");
        e.status = QStringLiteral("passed");
        QTest::newRow("written") << e << QStringLiteral("wrote /runs/a.manifest.json (passed)");
        e = make(EventKind::Failed);
        e.exitCode = 5;
        e.message = QStringLiteral("case 3 failed");
        QTest::newRow("failed") << e << QStringLiteral("case 3 failed");
        e = make(EventKind::JobSubmitted);
        e.jobId = QStringLiteral("42");
        e.tasks = 2;
        QTest::newRow("job submitted") << e << QStringLiteral("Slurm job 42 submitted (2 array tasks)");
        e = make(EventKind::TaskState);
        e.jobId = QStringLiteral("42");
        e.task = 0;
        e.state = QStringLiteral("PENDING");
        e.reason = QStringLiteral("Resources");
        e.outcome = TaskOutcome::Pending;
        QTest::newRow("task state") << e << QStringLiteral("task 0: Slurm: PENDING (Resources)");
        e = make(EventKind::TaskFinished);
        e.jobId = QStringLiteral("42");
        e.task = 1;
        e.state = QStringLiteral("TIMEOUT");
        e.outcome = TaskOutcome::TimedOut;
        e.exitCode = 0;
        e.signal = 15;
        e.message = QStringLiteral("it reached its time limit (TIMEOUT)");
        e.logTail = QStringList{QStringLiteral("case 1 of 8"),
                                QStringLiteral("slurmstepd: error: *** TIME LIMIT ***")};
        QTest::newRow("task finished")
            << e << QStringLiteral("task 1: timed out: it reached its time limit (TIMEOUT)");
        e = make(EventKind::Cancelling);
        e.jobId = QStringLiteral("42");
        e.message = QStringLiteral("cancelling: called scancel 42");
        QTest::newRow("cancelling") << e << QStringLiteral("cancelling: called scancel 42");
    }
    void roundTrip() {
        QFETCH(RunnerEvent, event);
        QFETCH(QString, text);
        const QByteArray line = QByteArray::fromStdString(event.toJson().dump());
        QString error;
        const auto back = parseEvent(line, &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->kind, event.kind);
        QCOMPARE(QString::fromStdString(back->toJson().dump()),
                 QString::fromStdString(event.toJson().dump()));
        QCOMPARE(describeEvent(*back), text);
    }

    void badLines_data() {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("error");
        QTest::newRow("not json") << QByteArray("GPU: H200") << QStringLiteral("not a JSON object");
        QTest::newRow("array") << QByteArray("[1]") << QStringLiteral("not a JSON object");
        QTest::newRow("no name") << QByteArray(R"({"position":1})") << QStringLiteral("no \"event\" name");
        QTest::newRow("wrong type") << QByteArray(R"({"event":"case-finished","position":"1"})")
                                    << QStringLiteral(
                                           "event \"case-finished\": \"position\" is not an integer");
        QTest::newRow("bad tail") << QByteArray(R"({"event":"task-finished","logTail":[1]})")
                                  << QStringLiteral(
                                         "event \"task-finished\": \"logTail\" is not an array of strings");
        QTest::newRow("bad outcome") << QByteArray(R"({"event":"task-state","outcome":"exploded"})")
                                     << QStringLiteral("event \"task-state\": unknown outcome \"exploded\"");
    }
    void badLines() {
        QFETCH(QByteArray, line);
        QFETCH(QString, error);
        QString why;
        QVERIFY(!parseEvent(line, &why));
        QCOMPARE(why, error);
    }

    void unknownEventIsKept() {
        const auto e = parseEvent(R"({"event":"from-the-future","x":1})");
        QVERIFY(e);
        QCOMPARE(e->kind, EventKind::Unknown);
        QCOMPARE(describeEvent(*e), QStringLiteral("event \"from-the-future\""));
    }

    void streamSplitsLinesAnyhow() {
        const QByteArray all =
            R"({"event":"device","name":"A","detail":""})"
            "\nplain text from stderr\n"
            R"({"event":"case-started","position":1,"total":1,"case":3,"batch_size":2,"seq_len":256})"
            "\n\n"
            R"({"event":"written","file":"f","status":"passed"})";
        for (int chunk : {1, 3, 7, 1000}) {
            ProgressStream s;
            QList<ProgressStream::Item> items;
            for (qsizetype i = 0; i < all.size(); i += chunk)
                items += s.feed(all.mid(i, chunk));
            QCOMPARE(items.size(), 3); // the last line has no newline yet
            items += s.finish();
            QCOMPARE(items.size(), 4);
            QCOMPARE(items[0].event->deviceName, QStringLiteral("A"));
            QVERIFY(!items[1].event);
            QCOMPARE(items[1].text, QStringLiteral("plain text from stderr"));
            QCOMPARE(items[2].event->caseIndex, 3);
            QCOMPARE(items[3].event->file, QStringLiteral("f"));
        }
    }

    void streamDropsOverlongLines() {
        ProgressStream s;
        auto items = s.feed(QByteArray(ProgressStream::kMaxLine + 10, 'x'));
        QCOMPARE(items.size(), 1);
        QCOMPARE(items[0].text, QStringLiteral("a progress line longer than 1048576 bytes was dropped"));
        items = s.feed(QByteArray(100, 'y') + "\n" + R"({"event":"log","message":"after"})" + "\n");
        QCOMPARE(items.size(), 1); // the rest of the long line is skipped, the next one is read
        QCOMPARE(items[0].event->message, QStringLiteral("after"));
    }

    void malformedEventBecomesText() {
        ProgressStream s;
        const auto items = s.feed(R"({"event":"case-finished","position":"x"})"
                                  "\n");
        QCOMPARE(items.size(), 1);
        QVERIFY(!items[0].event);
        QCOMPARE(items[0].text,
                 QStringLiteral("{\"event\":\"case-finished\",\"position\":\"x\"} (not a progress event: "
                                "event \"case-finished\": \"position\" is not an integer)"));
    }

    void printableShowsControls_data() {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("out");
        QTest::newRow("plain") << QStringLiteral("NVIDIA H200 µs") << QStringLiteral("NVIDIA H200 µs");
        QTest::newRow("escape") << QStringLiteral("a\x1b]52;c;ZWNobw==\x07z")
                                << QStringLiteral("a\\x1b]52;c;ZWNobw==\\x07z");
        QTest::newRow("cr") << QStringLiteral("x\ry") << QStringLiteral("x\\ry");
        QTest::newRow("forged line") << QStringLiteral("ok\nkix run: finished")
                                     << QStringLiteral("ok\\nkix run: finished");
        QTest::newRow("tab") << QStringLiteral("a\tb") << QStringLiteral("a\\tb");
        QTest::newRow("del and c1") << QString::fromUtf16(u"a\u007f\u009bb")
                                    << QStringLiteral("a\\x7f⟨U+009B⟩b");
        QTest::newRow("bidi") << QString::fromUtf16(u"ab\u202Ecd\u2066\u061C")
                              << QStringLiteral("ab⟨U+202E⟩cd⟨U+2066⟩⟨U+061C⟩");
        // What the old copy let through: line separator, zero-width, BOM, noncharacter, lone surrogate.
        QTest::newRow("invisible and separators")
            << QString::fromUtf16(u"a\u2028b\u200Bc\uFEFFd\uFFFEe") + QChar(0xD800) + u'f'
            << QStringLiteral("a⟨U+2028⟩b⟨U+200B⟩c⟨U+FEFF⟩d⟨U+FFFE⟩e⟨U+D800⟩f");
        QTest::newRow("15 MiB line") << QString(15 << 20, u'x')
                                     << QString(4096, u'x') + QStringLiteral("… (15724544 more characters)");
    }
    void printableShowsControls() {
        QFETCH(QString, in);
        QFETCH(QString, out);
        QCOMPARE(printable(in), out);
    }

    // A line that is not an event is shown as text; its invalid UTF-8 byte by byte, not as U+FFFD.
    void streamShowsRawLinesVisibly() {
        ProgressStream stream;
        const auto items = stream.feed("boom \x1b[2J \xff\xfe\n");
        QCOMPARE(items.size(), 1);
        QVERIFY(!items[0].event);
        QCOMPARE(items[0].text, QStringLiteral("boom \\x1b[2J \\xff\\xfe"));
    }

    // The event name is the runner's text too, in every message that quotes it.
    void parseErrorsQuoteTheNameVisibly() {
        QString error;
        QVERIFY(!parseEvent("{\"event\":\"task-state\\u001b[2J\",\"outcome\":\"exploded\"}", &error));
        QCOMPARE(error, QStringLiteral("event \"task-state\\x1b[2J\": unknown outcome \"exploded\""));
    }

    void describeEscapesUntrustedText() {
        RunnerEvent e = make(EventKind::Log);
        e.message = QStringLiteral("\x1b[2Jcleared");
        QCOMPARE(describeEvent(e), QStringLiteral("\\x1b[2Jcleared"));
    }

    void exitMeanings() {
        QCOMPARE(exitMeaning(RunOk), QStringLiteral("finished: every case passed"));
        QCOMPARE(exitMeaning(RunUsage), QStringLiteral("the runner rejected its arguments"));
        QCOMPARE(exitMeaning(RunUnavailable), QStringLiteral("no GPU can be used on this machine"));
        QCOMPARE(exitMeaning(RunFailed), QStringLiteral("the run failed"));
        QCOMPARE(exitMeaning(RunCancelled), QStringLiteral("cancelled; nothing was written"));
        QCOMPARE(exitMeaning(9), QStringLiteral("the runner ended with status 9"));
        QCOMPARE(int(RunOk), 0);
        QCOMPARE(int(RunUsage), 2);
        QCOMPARE(int(RunUnavailable), 4);
        QCOMPARE(int(RunFailed), 5);
        QCOMPARE(int(RunCancelled), 6);
    }

    void outcomeNames() {
        for (auto o : {TaskOutcome::Pending, TaskOutcome::Running, TaskOutcome::Done, TaskOutcome::Failed,
                       TaskOutcome::Cancelled, TaskOutcome::TimedOut})
            QCOMPARE(outcomeFromName(outcomeName(o)), o);
        QCOMPARE(outcomeName(TaskOutcome::TimedOut), QStringLiteral("timed out"));
        QVERIFY(!outcomeFromName(QStringLiteral("exploded")));
    }
};

KIX_TEST_GUILESS_MAIN(TestRunnerProtocol)
#include "tst_runner_protocol.moc"
