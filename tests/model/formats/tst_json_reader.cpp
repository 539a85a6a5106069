// Untrusted JSON: every way the bytes can be wrong gives one located message, never a crash or hang.
#include "JsonReader.h"
#include "KixResources.h"
#include "ManifestParser.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <functional>
#include <sys/stat.h>
#include <unistd.h>

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
        // Issue 26: nlohmann stops at a NUL byte as at the end of the input, so a second document or
        // garbage after one rode along unread; it is refused with its place.
        QTest::newRow("NUL after a document")
            << QByteArray("{\"a\": 1}\0{\"b\": 2} garbage", 25)
            << "t.json: not valid JSON (line 1, column 9, byte offset 8): a NUL byte is not allowed in JSON "
               "text (write it as \\u0000 in a string)";
        QTest::newRow("NUL in a string")
            << QByteArray("{\n \"a\": \"x\0y\"}", 14)
            << "t.json: not valid JSON (line 2, column 9, byte offset 10): a NUL byte is not allowed in JSON "
               "text (write it as \\u0000 in a string)";
        // Issue 26, item 11: a number that underflows a double was 0 without a word.
        QTest::newRow("underflow")
            << QByteArray(R"({"run": {"x": [1, 1e-400]}})")
            << "t.json: run.x[1]: the number 1e-400 is too small for a double: it would "
               "read as 0 (KernelIndex rejects it too); write 0 or a number above 1e-308";
        QByteArray deep;
        for (int i = 0; i < 70; ++i)
            deep += "[";
        QTest::newRow("too deep")
            << deep
            << "t.json: "
               "[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]"
               "[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]"
               "[0][0]: nesting deeper than 64 levels, the limit (raise it with the environment variable "
               "KIX_MAX_DEPTH, at most 1000)";
    }
    void errors() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        const auto r = kix::parseJson(bytes, QStringLiteral("t.json"));
        QVERIFY(!r.value);
        QCOMPARE(r.error.toString(), expected);
        const QString tag = QString::fromLatin1(QTest::currentDataTag());
        const QString code = tag == u"empty"           ? QStringLiteral("json.empty")
                             : tag == u"duplicate key" ? QStringLiteral("json.duplicate_key")
                             : tag == u"too deep"      ? QStringLiteral("json.too_deep")
                                                       : QStringLiteral("json.syntax");
        QCOMPARE(r.error.code, code);
    }

    // Issue 40: arrays under the packed keys whose elements all qualify go beside the DOM; any other
    // array stays in it as JSON, so a reader's located error is what it was without packing.
    void packedArrays_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("dom");         // the DOM as dumped, a marker shown as <packed N>
        QTest::addColumn<QList<double>>("first"); // the first packed array
        QTest::newRow("packed") << QByteArray(R"({"c": [{"s": [1, 2.5, 3]}], "t": [1, 2]})")
                                << R"({"c":[{"s":<packed 0>}],"t":[1,2]})" << QList<double>{1, 2.5, 3};
        QTest::newRow("empty array packed")
            << QByteArray(R"({"s": []})") << R"({"s":<packed 0>})" << QList<double>{};
        QTest::newRow("nested: both packed")
            << QByteArray(R"({"s": [4], "x": {"s": [5]}})") << R"({"s":<packed 0>,"x":{"s":<packed 1>}})"
            << QList<double>{4};
        QTest::newRow("a zero stays JSON")
            << QByteArray(R"({"s": [1, 0, 2]})") << R"({"s":[1.0,0,2]})" << QList<double>{};
        QTest::newRow("negative stays JSON")
            << QByteArray(R"({"s": [-1]})") << R"({"s":[-1]})" << QList<double>{};
        QTest::newRow("above the maximum stays JSON")
            << QByteArray(R"({"s": [7, 1001]})") << R"({"s":[7.0,1001]})" << QList<double>{};
        QTest::newRow("a string stays JSON")
            << QByteArray(R"({"s": [1, "x", 2]})") << R"({"s":[1.0,"x",2]})" << QList<double>{};
        QTest::newRow("an array inside stays JSON")
            << QByteArray(R"({"s": [[1]]})") << R"({"s":[[1]]})" << QList<double>{};
        QTest::newRow("a top-level array is not a member")
            << QByteArray(R"([1, 2])") << R"([1,2])" << QList<double>{};
        QTest::newRow("an array of arrays under another key")
            << QByteArray(R"({"u": [[1]]})") << R"({"u":[[1]]})" << QList<double>{};
    }
    void packedArrays() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, dom);
        QFETCH(QList<double>, first);
        kix::PackedNumberArrays packed{{"s"}, 1000, {}};
        const auto r = kix::parseJson(bytes, QStringLiteral("t.json"), {}, &packed);
        QVERIFY2(r.value, qPrintable(r.error.toString()));
        std::function<kix::Json(const kix::Json&)> shown = [&](const kix::Json& v) -> kix::Json {
            if (const auto i = kix::PackedNumberArrays::markerIndex(v))
                return kix::Json("<packed " + std::to_string(*i) + ">");
            if (v.is_object()) {
                kix::Json o = kix::Json::object();
                for (const auto& [k, e] : v.items())
                    o[k] = shown(e);
                return o;
            }
            if (v.is_array()) {
                kix::Json a = kix::Json::array();
                for (const auto& e : v)
                    a.push_back(shown(e));
                return a;
            }
            return v;
        };
        QString text = QString::fromStdString(shown(*r.value).dump());
        text.replace(QRegularExpression(QStringLiteral("\"(<packed \\d+>)\"")), QStringLiteral("\\1"));
        QCOMPARE(text, dom);
        const bool anyPacked = dom.contains(QLatin1String("<packed"));
        if (anyPacked)
            QCOMPARE(QList<double>(packed.arrays[0].begin(), packed.arrays[0].end()), first);
    }

    // Packing changes no error: the same located messages with and without it.
    void packedArraysKeepErrors_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");
        QTest::newRow("underflow inside") << QByteArray(R"({"s": [1, 1e-400]})")
                                          << "t.json: s[1]: the number 1e-400 is too small for a double: it "
                                             "would read as 0 (KernelIndex rejects it too); write 0 or a "
                                             "number above 1e-308";
        QTest::newRow("duplicate packed key")
            << QByteArray(R"({"s": [1], "s": [2]})") << "t.json: s: duplicate key \"s\"";
        QTest::newRow("truncated inside") << QByteArray(R"({"s": [1, 2)")
                                          << "t.json: not valid JSON (line 1, column 12): syntax error while "
                                             "parsing array - unexpected end of input; expected ']'";
    }
    void packedArraysKeepErrors() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        kix::PackedNumberArrays packed{{"s"}, 1000, {}};
        const auto withPacking = kix::parseJson(bytes, QStringLiteral("t.json"), {}, &packed);
        const auto without = kix::parseJson(bytes, QStringLiteral("t.json"));
        QVERIFY(!withPacking.value && !without.value);
        QCOMPARE(withPacking.error.toString(), expected);
        QCOMPARE(without.error.toString(), expected);
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
                 QStringLiteral(
                     "t.json: record is 19 bytes, over the limit of 10 bytes per record (raise it with the "
                     "environment variable KIX_MAX_RECORD_BYTES, for example KIX_MAX_RECORD_BYTES=19)"));
        QCOMPARE(r.error.code, QStringLiteral("json.too_large"));
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
                 QStringLiteral(
                     "file is 2048 bytes, over the limit of 1024 bytes per record (raise it with the "
                     "environment variable KIX_MAX_RECORD_BYTES, for example KIX_MAX_RECORD_BYTES=2048)"));
        QCOMPARE(kix::readJsonFile(big.fileName(), limits).error.code, QStringLiteral("read.too_large"));
        limits.maxBytes = qint64(3) * 1024 * 1024;
        QByteArray bytes;
        QVERIFY(!kix::readLimitedFile(big.fileName(), limits, bytes));
        QCOMPARE(bytes, QByteArray(2048, ' '));
    }

    // The bundled samples live in Qt's resource system, which only QFile can read.
    void qtResources() {
        kixInitResources();
        const auto r =
            kix::readJsonFile(QStringLiteral(":/kix/problems/013-fused-residual-rms-norm-backward.json"));
        QVERIFY2(r.value, qPrintable(r.error.toString()));
        QCOMPARE(kix::readJsonFile(QStringLiteral(":/kix/no-such.json")).error.code,
                 QStringLiteral("read.not_found"));
        QCOMPARE(kix::readJsonFile(QStringLiteral(":/kix/samples")).error.code,
                 QStringLiteral("read.is_folder"));
        kix::JsonLimits limits;
        limits.maxBytes = 1024;
        QCOMPARE(kix::readJsonFile(QStringLiteral(":/kix/problems/013-fused-residual-rms-norm-backward.json"),
                                   limits)
                     .error.code,
                 QStringLiteral("read.too_large"));
    }

    // FIFOs, devices and sockets are refused at once: never a read that blocks or never ends.
    void specialFiles() {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("pipe.json"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        QElapsedTimer timer;
        timer.start();
        const auto r = kix::readJsonFile(fifo);
        QVERIFY(timer.elapsed() < 2000);
        QCOMPARE(r.error.message,
                 QStringLiteral("is a FIFO (named pipe), not a regular file: kix reads only regular files"));
        QCOMPARE(r.error.code, QStringLiteral("read.not_regular"));
        QCOMPARE(kix::readJsonFile(QStringLiteral("/dev/zero")).error.message,
                 QStringLiteral("is a character device, not a regular file: kix reads only regular files"));
        QCOMPARE(kix::readJsonFile(QStringLiteral("/dev/null")).error.code,
                 QStringLiteral("read.not_regular"));
        const QString link = dir.filePath(QStringLiteral("dangling.json"));
        QVERIFY(QFile::link(dir.filePath(QStringLiteral("gone.json")), link));
        QCOMPARE(kix::readJsonFile(link).error.message,
                 QStringLiteral("is a symbolic link to a missing file"));
        QCOMPARE(kix::readJsonFile(link).error.code, QStringLiteral("read.dangling_link"));
        QCOMPARE(kix::readJsonFile(dir.path()).error.code, QStringLiteral("read.is_folder"));
    }

    void unreadable() {
        if (::geteuid() == 0)
            QSKIP("running as root: a file without read permission is still readable");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("secret.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{}");
        f.close();
        QVERIFY(f.setPermissions(QFileDevice::WriteOwner));
        QCOMPARE(kix::readJsonFile(path).error.code, QStringLiteral("read.unreadable"));
        QVERIFY(kix::readJsonFile(path).error.message.startsWith(QStringLiteral("cannot be read: ")));
    }

    // A file whose size says 0 but that delivers more (as /proc files do, or a file that grows while it
    // is read) is read to the limit and no further.
    void grows() {
        const QString proc = QStringLiteral("/proc/self/status");
        if (!QFileInfo(proc).isFile() || QFileInfo(proc).size() != 0)
            QSKIP("/proc/self/status is not a zero-sized regular file here");
        kix::JsonLimits limits;
        limits.maxBytes = 64;
        QByteArray bytes;
        const auto p = kix::readLimitedFile(proc, limits, bytes);
        QVERIFY(p);
        QCOMPARE(
            p->message,
            QStringLiteral("file grew while it was read, past the limit of 64 bytes per record (raise it "
                           "with the environment variable KIX_MAX_RECORD_BYTES)"));
        QCOMPARE(p->code, QStringLiteral("read.grew"));
        QVERIFY(bytes.isEmpty());
        limits.maxBytes = 1 << 20;
        QVERIFY(!kix::readLimitedFile(proc, limits, bytes));
        QVERIFY(bytes.startsWith("Name:"));
    }

    // KIX_MAX_RECORD_BYTES and KIX_MAX_DEPTH set the limits at run time; bad values are named and ignored.
    void environment_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QByteArray>("depth");
        QTest::addColumn<qint64>("maxBytes");
        QTest::addColumn<int>("maxDepth");
        QTest::addColumn<QStringList>("problems");
        const qint64 defBytes = kix::JsonLimits::kDefaultMaxBytes;
        const int defDepth = kix::JsonLimits::kDefaultMaxDepth;
        QTest::newRow("unset") << QByteArray() << QByteArray() << defBytes << defDepth << QStringList();
        QTest::newRow("bytes") << QByteArray("4096") << QByteArray() << qint64(4096) << defDepth
                               << QStringList();
        QTest::newRow("K suffix") << QByteArray("64K") << QByteArray() << qint64(65536) << defDepth
                                  << QStringList();
        QTest::newRow("MiB suffix") << QByteArray(" 64MiB ") << QByteArray() << qint64(64) * 1024 * 1024
                                    << defDepth << QStringList();
        QTest::newRow("g suffix") << QByteArray("2g") << QByteArray("200") << qint64(2) * 1024 * 1024 * 1024
                                  << 200 << QStringList();
        const QString badBytes = QStringLiteral("KIX_MAX_RECORD_BYTES: \"%1\" is not a byte count from 1024 "
                                                "to 68719476736 (digits, optionally with K, "
                                                "M or G): using the default of 16777216 bytes");
        QTest::newRow("not a number") << QByteArray("lots") << QByteArray() << defBytes << defDepth
                                      << QStringList{badBytes.arg(QStringLiteral("lots"))};
        QTest::newRow("too small") << QByteArray("100") << QByteArray() << defBytes << defDepth
                                   << QStringList{badBytes.arg(QStringLiteral("100"))};
        QTest::newRow("too large") << QByteArray("65G") << QByteArray() << defBytes << defDepth
                                   << QStringList{badBytes.arg(QStringLiteral("65G"))};
        QTest::newRow("negative") << QByteArray("-5") << QByteArray() << defBytes << defDepth
                                  << QStringList{badBytes.arg(QStringLiteral("-5"))};
        QTest::newRow("controls are not echoed")
            << QByteArray("1[2J") << QByteArray() << defBytes << defDepth
            << QStringList{badBytes.arg(QStringLiteral("1?[2J"))};
        const QString badDepth = QStringLiteral(
            "KIX_MAX_DEPTH: \"%1\" is not a nesting depth from 2 to 1000: using the default of 64");
        QTest::newRow("depth too large") << QByteArray() << QByteArray("100000") << defBytes << defDepth
                                         << QStringList{badDepth.arg(QStringLiteral("100000"))};
        QTest::newRow("depth 1") << QByteArray() << QByteArray("1") << defBytes << defDepth
                                 << QStringList{badDepth.arg(QStringLiteral("1"))};
    }
    void environment() {
        QFETCH(QByteArray, bytes);
        QFETCH(QByteArray, depth);
        QFETCH(qint64, maxBytes);
        QFETCH(int, maxDepth);
        QFETCH(QStringList, problems);
        const auto set = [](const char* name, const QByteArray& value) {
            if (value.isNull())
                qunsetenv(name);
            else
                qputenv(name, value);
        };
        set("KIX_MAX_RECORD_BYTES", bytes);
        set("KIX_MAX_DEPTH", depth);
        const kix::JsonLimits limits = kix::JsonLimits::defaults();
        const kix::JsonLimits constructed;
        QStringList seen;
        for (const kix::Problem& p : kix::JsonLimits::environmentProblems()) {
            seen.append(p.toString());
            QCOMPARE(p.code, QStringLiteral("json.limit_setting"));
        }
        qunsetenv("KIX_MAX_RECORD_BYTES");
        qunsetenv("KIX_MAX_DEPTH");
        QCOMPARE(limits.maxBytes, maxBytes);
        QCOMPARE(limits.maxDepth, maxDepth);
        QCOMPARE(constructed.maxBytes, maxBytes); // a default-constructed JsonLimits takes the settings too
        QCOMPARE(constructed.maxDepth, maxDepth);
        QCOMPARE(seen, problems);
    }

    void environmentApplies() {
        qputenv("KIX_MAX_RECORD_BYTES", "1K");
        const auto r = kix::parseJson(QByteArray(2000, ' '), QStringLiteral("t.json"));
        qunsetenv("KIX_MAX_RECORD_BYTES");
        QCOMPARE(r.error.message,
                 QStringLiteral(
                     "record is 2000 bytes, over the limit of 1024 bytes per record (raise it with the "
                     "environment variable KIX_MAX_RECORD_BYTES, for example KIX_MAX_RECORD_BYTES=2000)"));
        qputenv("KIX_MAX_DEPTH", "3");
        const auto deep = kix::parseJson(QByteArray("[[[[1]]]]"), QStringLiteral("t.json"));
        qunsetenv("KIX_MAX_DEPTH");
        QCOMPARE(deep.error.toString(),
                 QStringLiteral("t.json: [0][0][0]: nesting deeper than 3 levels, the limit (raise "
                                "it with the environment variable KIX_MAX_DEPTH, at most 1000)"));
    }
};

KIX_TEST_GUILESS_MAIN(TestJsonReader)
#include "tst_json_reader.moc"
