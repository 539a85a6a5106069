// The `kix` command line: output, exit statuses and error messages of each subcommand; catalogs as
// inputs; KernelIndex's comparability in `kix diff` (text and --json); the same file given twice, by a
// link or by another spelling; empty folders.
#include "CatalogFixture.h"
#include "CliRunner.h"
#include "Commands.h"
#include "Format.h"
#include "KeyStore.h"
#include "KixResources.h"
#include "LocalRunner.h"
#include "ManifestParser.h"
#include "RooflineRun.h"
#include "RunStore.h"
#include "Signing.h"
#include "TestMain.h"
#include "TestSupport.h"
#include "TextSanitizer.h"

#include <QTemporaryDir>
#include <QTest>
#include <unistd.h>

using kixfix::Json;

namespace {
using Result = kixtest::CliResult;
Result run(const QStringList& args) {
    return kixtest::runKix(args);
}

// A folder with the fixture world: support resources and runs in one file each.
struct Files {
    QTemporaryDir dir;
    kixfix::Catalog c;
    QString support, a, b;
    QString path(const char* name) const { return dir.filePath(QString::fromLatin1(name)); }
    QString write(const char* name, const Json& value) const {
        QString p = path(name);
        if (!kixfix::writeJson(p, value))
            qFatal("cannot write %s", name);
        return p;
    }
    Files() {
        support = path("support");
        write("support/op.json", c.op);
        write("support/w1.json", c.w1);
        write("support/w2.json", c.w2);
        write("support/impl.json", c.impl);
        a = write("a.json", c.runBundle("run-a", c.w1, 8120));
    }
};
// This user's signing key, in the test's own config folder (created on first use).
kix::SigningKey ownKey() {
    QString error;
    const auto key = kix::KeyStore(kix::KeyStore::defaultConfigDirectory()).signingKey(error);
    if (!key)
        qFatal("no signing key: %s", qPrintable(error));
    return *key;
}

kix::SigningKey strangerKey() {
    QString error;
    const auto key = kix::SigningKey::generate(error);
    if (!key)
        qFatal("cannot generate a key: %s", qPrintable(error));
    return *key;
}

// How a signed fixture manifest is spoiled before `kix verify` looks at it.
enum class Spoil { None, NotSigned, ManifestByte, EnvelopeByte, WrongKey, UntrustedKey, TruncatedEnvelope };

// What a hostile manifest puts in every field it can: a screen clear, an OSC 52 clipboard write, a bell,
// a carriage return, a line feed before a forged verdict line, a bidi override, a line separator and a
// noncharacter. ("\x07" "a": a hex escape would swallow the letter.)
const char kHostile[] = "\x1b[2J\x1b]52;c;ZXZpbA==\x07\x07"
                        "a\rb\nCOMPARABLE: yes\xe2\x80\xae\xe2\x80\xa8\xef\xbf\xbe";
// How the sanitizer shows each of them.
const QStringList kHostileShown = {QStringLiteral("\\x1b[2J\\x1b]52;c;ZXZpbA==\\x07\\x07a\\rb"),
                                   QStringLiteral("\\nCOMPARABLE: yes⟨U+202E⟩⟨U+2028⟩⟨U+FFFE⟩")};
constexpr qsizetype kHugeTitle = qsizetype{15} << 20; // 15 MiB

// A valid run (no parse error: `kix diff` refuses inputs with errors) whose title carries `text`, and with
// `everywhere` its GPU and status too, written to a file whose name carries an escape and a bidi override.
QString writeHostile(const kixfix::Catalog& c, const QTemporaryDir& dir, const std::string& text,
                     bool everywhere = true) {
    const Json env = everywhere ? kixfix::environment(text) : c.env;
    Json b = kixfix::bundle(
        kixfix::run("run-evil", c.w1, c.impl, c.proto, env, 8120, everywhere ? text.c_str() : "passed"),
        c.proto, env);
    b["run"]["metadata"]["title"] = text;
    QString path = dir.filePath(QString::fromUtf8("evil\x1b]0;pwned\x07\xe2\x80\xae.json"));
    if (!kixfix::writeJson(path, b))
        qFatal("cannot write the hostile manifest");
    return path;
}

// Why `text` is not safe on a terminal, or empty: every code point the sanitizer would not emit, but LF
// (the line ends of the format).
QString unsafeIn(const QString& text) {
    for (const char32_t c : text.toUcs4())
        if (c != U'\n' && kix::isUnsafeCodePoint(c))
            return QStringLiteral("U+%1 in the output").arg(uint(c), 4, 16, QLatin1Char('0'));
    return {};
}

// The roofline verdict kix computes for a fixture file with its support folder loaded.
kix::RunRoofline rooflineOf(const QStringList& inputs, const QString& file) {
    kix::RunStore store;
    store.add(kix::RunStore::loadBlocking(inputs));
    const kix::ManifestPtr m = store.at(store.indexOfFile(file));
    if (!m)
        qFatal("not loaded: %s", qPrintable(file));
    return kix::rooflineOfRun(*m, kix::GpuBandwidthTable::bundled());
}
} // namespace

class TestCli : public QObject {
    Q_OBJECT
    QTemporaryDir m_config; // this test's XDG_CONFIG_HOME: `kix run` creates its signing key there

private slots:
    void initTestCase() {
        kixInitResources();
        QVERIFY(m_config.isValid());
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_config.path()));
    }

    void showSeed() {
        const Result r = run({QStringLiteral("show"), kixtest::seedPath()});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.startsWith(QStringLiteral("ac4k · 013_fused_residual_rms_norm_backward · B200\n")));
        QVERIFY(r.out.contains(QStringLiteral("latency         45.3 µs (mean)\n")));
        QVERIFY(r.out.contains(
            QStringLiteral("  protocolDigest        verified        sha256:2964c5c4ed9c…  "
                           "recomputed from the BenchmarkProtocol at /protocol in this file\n")));
        QVERIFY(r.out.contains(QStringLiteral("  workloadDigest        not verifiable  ")));
        QVERIFY(r.out.contains(QStringLiteral("upstream        accepted by KernelIndex: yes\n")));
    }

    void showJson() {
        const Result r = run({QStringLiteral("show"), QStringLiteral("--json"), kixtest::seedPath()});
        QCOMPARE(r.code, 0);
        const auto j = Json::parse(r.out.toStdString());
        const Json& first = j["runs"][0];
        QCOMPARE(QString::fromStdString(first["digest"].get<std::string>()),
                 QStringLiteral("sha256:486a757a54ba25c8de2165e2dd2b9696c234d1147241426c430e6334870d0e2b"));
        QCOMPARE(QString::fromStdString(first["digests"][0]["state"].get<std::string>()),
                 QStringLiteral("verified"));
        QCOMPARE(first["latencyNs"].get<double>(), 45344.0);
        QCOMPARE(first["acceptedUpstream"].get<bool>(), true);
        QCOMPARE(QString::fromStdString(first["primary"]["metric"].get<std::string>()),
                 QStringLiteral("latency"));
        QVERIFY(first["policy"]["comparisonKey"].is_null()); // the workload is not loaded
    }

    void errors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("err");
        const auto row = [](const char* name, const char* args, int code, const char* err) {
            QTest::newRow(name) << QString::fromUtf8(args).split(u' ', Qt::SkipEmptyParts) << code
                                << QString::fromUtf8(err);
        };
        row("no command", "", 2, "Usage: kix COMMAND");
        row("unknown command", "frobnicate", 2, "kix: unknown command \"frobnicate\"");
        row("show nothing", "show", 2,
            "kix show: expected at least 1 file argument(s), got 0 (see kix show --help)");
        row("show missing file", "show /nonexistent.json", 3, "/nonexistent.json: no such file");
        row("cite bad format", "cite --format ris x.json", 2,
            "kix cite: unknown format \"ris\": expected bibtex, cff or text");
        row("cite bad date", "cite --accessed 02/12/2026 x.json", 2,
            "kix cite: --accessed expects a date as YYYY-MM-DD, got \"02/12/2026\"");
        row("diff one file", "diff a", 2,
            "kix diff: expected 2 file argument(s), got 1 (see kix diff --help)");
        row("unknown option", "verify --frob a", 2, "kix verify: Unknown option 'frob'.");
        // What was typed is echoed through the sanitizer (issue 13).
        row("unknown command with an escape", "frob\x1b[2J", 2, "kix: unknown command \"frob\\x1b[2J\"\n\n");
        row("unknown option with an escape", "verify --fr\x1b]52;c;eA\x07ob a", 2,
            "kix verify: Unknown option 'fr\\x1b]52;c;eA\\x07ob'.\n");
        row("show selector with a line separator",
            "show --run a\xe2\x80\xa8"
            "b x.json",
            3, "x.json: no such file\nkix show: no loaded run matches \"a⟨U+2028⟩b\"\n");
        row("run device with a noncharacter",
            "run --device tp\x1b[2J\xef\xbf\xbe"
            "u",
            2, "kix run: --device expects gpu or cpu, got \"tp\\x1b[2J⟨U+FFFE⟩u\"\n");
        row("run case with a carriage return", "run --cases 3,x\ry", 2,
            "kix run: case \"x\\ry\" is not a number from 0 to 15\n");
        row("run bad cases", "run --cases 3,16", 2, "kix run: case \"16\" is not a number from 0 to 15\n");
        row("run bad device", "run --device tpu", 2, "kix run: --device expects gpu or cpu, got \"tpu\"\n");
        row("run big case on cpu", "run --device cpu --cases 8,1", 2,
            "kix run: workload 1 has 524288 rows; CPU mode runs only workloads of at most 4096 rows (2, 3, "
            "4, 5, "
            "7, 8, 14, 15)\n");
        row("run bad tag", "run --device cpu --file-tag ../x", 2,
            "kix run: --file-tag expects up to 64 letters, digits, - and _, got \"../x\"\n");
        row("cluster option without --slurm", "run --device cpu --partition gpu", 2,
            "kix run: --partition, --account, --print-script and the other cluster options need --slurm\n");
        row("slurm bad array", "run --slurm --array 0-3", 2,
            "kix run: --array expects cases, cases:N or gpus:N (N from 1 to 9999), got \"0-3\"\n");
        row("slurm bad partition", "run --slurm --partition a;b --output /tmp/x", 2,
            "kix run: --partition \"a;b\" is not one word of letters, digits and _ . : , = + @ / - %\n");
        row("slurm bad poll", "run --slurm --poll 0 --output /tmp/x", 2,
            "kix run: --poll expects seconds from 0.1 to 86400, got \"0\"\n");
        row("slurm with a tag", "run --slurm --file-tag t1", 2,
            "kix run: --file-tag is set by the batch script for each task; leave it out with --slurm\n");
    }
    void errors() {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, err);
        const Result r = run(args);
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.startsWith(err), qPrintable(r.err));
    }

    // An empty folder is a clear error for every command, never "checked nothing" nor a crash.
    void emptyFolder_data() {
        QTest::addColumn<QString>("command");
        for (const char* c : {"show", "verify", "cite"})
            QTest::newRow(c) << QString::fromLatin1(c);
    }
    void emptyFolder() {
        QFETCH(QString, command);
        QTemporaryDir dir;
        const Result r = run({command, dir.path()});
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.startsWith(dir.path() +
                                  QStringLiteral(": no manifest in this folder (looked for *.json *.yaml "
                                                 "*.yml *.jsonl *.jsonl.zst, in subfolders too)\n")),
                 qPrintable(r.err));
        const Result diff = run({QStringLiteral("diff"), dir.path(), dir.path()});
        QCOMPARE(diff.code, 3);
        QVERIFY(diff.err.startsWith(dir.path() + QStringLiteral(": no manifest in this folder")));
    }

    void verifyExitStatus() {
        const Files f;
        const Result ok = run({QStringLiteral("verify"), f.a, f.support});
        QCOMPARE(ok.code, 0);
        QVERIFY2(ok.out.contains(QStringLiteral("  workloadDigest        verified\n")), qPrintable(ok.out));
        QVERIFY(ok.out.contains(QStringLiteral("1 run(s), 6 other resource(s): ")));
        Json tampered = f.c.runBundle("run-a", f.c.w1, 8120);
        tampered["environment"]["spec"]["hardware"]["product"] = "NVIDIA B201";
        const QString path = f.write("tampered.json", tampered);
        const Result r = run({QStringLiteral("verify"), path});
        QCOMPARE(r.code, 1);
        QVERIFY2(
            r.out.contains(
                QStringLiteral("  environmentDigest     mismatch\n      expected %1\n      computed %2\n")
                    .arg(QString::fromStdString(kixfix::digest(f.c.env)),
                         QString::fromStdString(kixfix::digest(tampered["environment"])))),
            qPrintable(r.out));
    }

    // An invalid manifest is never a bare "invalid manifest": each problem is named, the digests still shown.
    void verifyInvalidManifest() {
        const Files f;
        Json broken = f.c.runBundle("run-a", f.c.w1, 8120);
        broken["run"]["spec"]["status"] = 3;
        const QString path = f.write("broken.json", broken);
        const Result r = run({QStringLiteral("verify"), path});
        QCOMPARE(r.code, 3);
        QCOMPARE(r.err,
                 path + QStringLiteral(": run.spec.status: expected a string, got a number\n") + path +
                     QStringLiteral(
                         ": run.spec.status: warning: KernelIndex expects a string here, not a number\n"));
        QVERIFY(!r.out.contains(QStringLiteral("invalid manifest")));
        QVERIFY(r.out.contains(
            QStringLiteral("  1 error(s) in this manifest (listed on stderr); the digests it names:\n")));
        QVERIFY(r.out.contains(QStringLiteral("  protocolDigest        verified\n")));
    }

    void verifyJsonReportsEveryResource() {
        const Files f;
        const Result r = run({QStringLiteral("verify"), QStringLiteral("--json"), f.a, f.support});
        QCOMPARE(r.code, 0);
        const Json j = Json::parse(r.out.toStdString());
        QStringList kinds;
        for (const Json& res : j["resources"])
            kinds << QString::fromStdString(res["kind"].get<std::string>());
        kinds.sort();
        QCOMPARE(kinds,
                 (QStringList{QStringLiteral("BenchmarkProtocol"), QStringLiteral("ExecutionEnvironment"),
                              QStringLiteral("ImplementationRevision"), QStringLiteral("OperationSpec"),
                              QStringLiteral("WorkloadCase"), QStringLiteral("WorkloadCase")}));
        for (const Json& res : j["resources"])
            QVERIFY(res["digest"].get<std::string>().rfind("sha256:", 0) == 0);
        QCOMPARE(j["summary"]["mismatch"].get<int>(), 0);
        QCOMPARE(j["runs"][0]["policy"]["comparisonKey"].get<std::string>(), f.c.keyOf(f.c.w1));
    }

    void catalogInputs() {
        const Files f;
        const QString catalog = f.path("catalog.jsonl");
        QVERIFY(kixfix::writeFile(catalog, f.c.text()));
        const Result verify = run({QStringLiteral("verify"), catalog});
        QCOMPARE(verify.code, 0);
        QVERIFY2(verify.out.contains(QStringLiteral(
                     "4 run(s), 7 other resource(s): 43 verified, 0 mismatch, 0 not verifiable; 0 error(s)")),
                 qPrintable(verify.out.right(300)));
        QVERIFY(verify.out.contains(catalog + QStringLiteral(":6 /row/manifest/run: run run-a ")));
        const Result show =
            run({QStringLiteral("show"), catalog, QStringLiteral("--run"), QStringLiteral("run-b")});
        QCOMPARE(show.code, 0);
        QVERIFY(show.out.contains(QStringLiteral("read from       ") + catalog +
                                  QStringLiteral(":7 /row/manifest/run\n")));
        QVERIFY(show.out.contains(
            QStringLiteral("catalog row     run-2, published 2026-08-15, 0 measurement row(s)\n")));
        QVERIFY(show.out.contains(QStringLiteral("cohort          ") +
                                  QString::fromStdString(f.c.keyOf(f.c.w1)) + u'\n'));
        const Result none =
            run({QStringLiteral("show"), catalog, QStringLiteral("--run"), QStringLiteral("nope")});
        QCOMPARE(none.code, 3);
        QCOMPARE(none.err, QStringLiteral("kix show: no loaded run matches \"nope\"\n"));
    }

    // Issue 10's layout glitch: a digest name longer than its column ran into its state.
    void longDigestNamesKeepTheirSeparator() {
        const Files f;
        const QString catalog = f.path("catalog.jsonl");
        QVERIFY(kixfix::writeFile(catalog, f.c.text()));
        const Result verify = run({QStringLiteral("verify"), catalog});
        QCOMPARE(verify.code, int(kix::cli::ExitOk));
        QVERIFY2(verify.out.contains(QStringLiteral("  published environmentKey verified\n")),
                 qPrintable(verify.out));
        QVERIFY(!verify.out.contains(QStringLiteral("environmentKeyverified")));
        const Result show =
            run({QStringLiteral("show"), catalog, QStringLiteral("--run"), QStringLiteral("run-a")});
        QVERIFY2(show.out.contains(QStringLiteral("  published environmentKey verified        ")),
                 qPrintable(show.out));
    }

    // Every state of an envelope beside a manifest in `kix verify`: its line, its exit status, and what it
    // does to the evidence level. A catalog run is never "signed"; an unsigned manifest is not a failure.
    void verifySignatureStates_data() {
        QTest::addColumn<int>("spoil");
        QTest::addColumn<int>("exit");
        QTest::addColumn<QString>("signature"); // %1: the signer's fingerprint
        QTest::addColumn<QString>("evidence");
        using kix::cli::Exit;
        QTest::newRow("trusted") << int(Spoil::None) << int(Exit::ExitOk)
                                 << QStringLiteral("signed by %1 (trusted) · this user's signing key")
                                 << QStringLiteral("rerun here: signed by %1 (trusted)");
        QTest::newRow("not signed") << int(Spoil::NotSigned) << int(Exit::ExitOk)
                                    << QStringLiteral("none beside the manifest")
                                    << QStringLiteral("verified digests");
        QTest::newRow("manifest byte")
            << int(Spoil::ManifestByte) << int(Exit::ExitSubjectMismatch)
            << QStringLiteral("subject digest does not match") << QStringLiteral("verified digests");
        QTest::newRow("envelope byte")
            << int(Spoil::EnvelopeByte) << int(Exit::ExitSignatureInvalid)
            << QStringLiteral("signature invalid") << QStringLiteral("verified digests");
        QTest::newRow("wrong key") << int(Spoil::WrongKey) << int(Exit::ExitSignatureInvalid)
                                   << QStringLiteral("signature invalid")
                                   << QStringLiteral("verified digests");
        QTest::newRow("untrusted key")
            << int(Spoil::UntrustedKey) << int(Exit::ExitUnknownKey)
            << QStringLiteral("signed by an unknown key") << QStringLiteral("verified digests");
        QTest::newRow("truncated envelope")
            << int(Spoil::TruncatedEnvelope) << int(Exit::ExitEnvelopeMalformed)
            << QStringLiteral("malformed envelope") << QStringLiteral("verified digests");
    }
    void verifySignatureStates() {
        QFETCH(int, spoil);
        QFETCH(int, exit);
        QFETCH(QString, signature);
        QFETCH(QString, evidence);
        const Files f;
        const kix::SigningKey own = ownKey();
        const kix::SigningKey stranger = strangerKey();
        const Spoil how = Spoil(spoil);
        const kix::SigningKey& signer = how == Spoil::UntrustedKey || how == Spoil::WrongKey ? stranger : own;
        const QString envelope = f.a + QStringLiteral(".intoto.jsonl");
        if (how != Spoil::NotSigned)
            QVERIFY(kix::signWrittenResources({f.a}, {{"gpu", "NVIDIA B200"}}, signer).error.isEmpty());
        QByteArray bytes = how == Spoil::NotSigned ? QByteArray() : kixtest::readAll(envelope);
        Json env = bytes.isEmpty() ? Json() : Json::parse(bytes.toStdString());
        switch (how) {
        case Spoil::ManifestByte: {
            QByteArray manifest = kixtest::readAll(f.a);
            const qsizetype at = manifest.indexOf("8120");
            QVERIFY(at > 0);
            manifest[at + 3] = '1'; // 8120 ns → 8121 ns: one byte
            QVERIFY(kixfix::writeFile(f.a, manifest));
            break;
        }
        case Spoil::EnvelopeByte: {
            std::string sig = env["signatures"][0]["sig"].get<std::string>();
            sig[10] = sig[10] == 'A' ? 'B' : 'A'; // one byte of the signature
            env["signatures"][0]["sig"] = sig;
            QVERIFY(kixfix::writeFile(envelope, QByteArray::fromStdString(env.dump()) + '\n'));
            break;
        }
        case Spoil::WrongKey: // signed by a stranger, claiming to be this user's key
            env["signatures"][0]["keyid"] = own.fingerprint().toStdString();
            env["signatures"][0]["publicKey"] = own.publicKey().raw().toBase64().toStdString();
            QVERIFY(kixfix::writeFile(envelope, QByteArray::fromStdString(env.dump()) + '\n'));
            break;
        case Spoil::TruncatedEnvelope:
            QVERIFY(kixfix::writeFile(envelope, bytes.left(bytes.size() / 2)));
            break;
        default:
            break;
        }
        const Result r = run({QStringLiteral("verify"), f.a, f.support});
        QVERIFY2(r.code == exit, qPrintable(QStringLiteral("exit %1\n%2%3").arg(r.code).arg(r.out, r.err)));
        const QString fingerprint = signer.fingerprint();
        // Only the rows whose text names the signer have a %1 to fill.
        const auto named = [&fingerprint](const QString& text) {
            return text.contains(QStringLiteral("%1")) ? text.arg(fingerprint) : text;
        };
        signature = named(signature);
        evidence = named(evidence);
        QVERIFY2(r.out.contains(QStringLiteral("\n  signature             ") + signature + u'\n'),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("\n  evidence              ") + evidence + u'\n'),
                 qPrintable(r.out));
        // A digest check is never changed by a signature: every digest verifies in every row.
        QVERIFY2(r.out.contains(QStringLiteral(" verified, 0 mismatch, 0 not verifiable; 0 error(s)")),
                 qPrintable(r.out));
        const Result j = run({QStringLiteral("verify"), QStringLiteral("--json"), f.a, f.support});
        QCOMPARE(j.code, exit);
        const Json report = Json::parse(j.out.toStdString());
        const Json& runReport = report["runs"][0];
        QCOMPARE(runReport["signatures"].size(), how == Spoil::NotSigned ? std::size_t(0) : std::size_t(1));
        QCOMPARE(QString::fromStdString(runReport["evidence"]["summary"].get<std::string>()), evidence);
        // `kix show` says the same, and never fails for a signature.
        const Result show = run({QStringLiteral("show"), f.a, f.support});
        QCOMPARE(show.code, int(kix::cli::ExitOk));
        QVERIFY2(show.out.contains(QStringLiteral("trust\n  evidence              ") + evidence),
                 qPrintable(show.out));
    }

    // The trust store's problem names a file under the user's config folder, whose name is untrusted too.
    void verifyShowsTheTrustStoreProblemVisibly() {
        const Files f;
        QVERIFY(kix::signWrittenResources({f.a}, Json::object(), ownKey()).error.isEmpty());
        const QString config = f.dir.filePath(QStringLiteral("cfg\x1b[2J"));
        const QByteArray saved = qgetenv("XDG_CONFIG_HOME");
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(config));
        const QString trustFile = kix::KeyStore(kix::KeyStore::defaultConfigDirectory()).trustFile();
        const bool made = QDir().mkpath(trustFile); // a folder where the trust store's file belongs
        const Result r = run({QStringLiteral("verify"), f.a, f.support});
        qputenv("XDG_CONFIG_HOME", saved);
        QVERIFY(made);
        QCOMPARE(r.code, int(kix::cli::ExitInput));
        QVERIFY2(unsafeIn(r.out + r.err).isEmpty(), qPrintable(r.err));
        QCOMPARE(r.err,
                 QStringLiteral("kix verify: signatures checked against no trusted key: %1: not a regular "
                                "file\n")
                     .arg(kix::terminalLine(trustFile)));
        QVERIFY(r.err.contains(QStringLiteral("/cfg\\x1b[2J/")));
    }

    // A trusted signature on a manifest whose digest does not verify leaves it at "reported".
    void aSignatureNeverUpgradesAMismatch() {
        const Files f;
        Json tampered = f.c.runBundle("run-a", f.c.w1, 8120);
        tampered["environment"]["spec"]["hardware"]["architecture"] = "sm_101";
        const QString path = f.write("tampered.json", tampered);
        QVERIFY(kix::signWrittenResources({path}, {{"gpu", "NVIDIA B200"}}, ownKey()).error.isEmpty());
        const Result r = run({QStringLiteral("verify"), path, f.support});
        QCOMPARE(r.code, int(kix::cli::ExitMismatch));
        QVERIFY2(
            r.out.contains(
                QStringLiteral("  signature             signed by %1 (trusted)").arg(ownKey().fingerprint())),
            qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("  evidence              reported\n"
                                              "      1 digest(s) do not match their content\n")));
    }

    // Two reruns of one comparison signed by trusted keys that agree within noise replicate each other.
    void replicatedReruns() {
        const Files f;
        const auto write = [&f](const char* file, const std::string& name, double mean) {
            Json b = f.c.runBundle(name, f.c.w1, 8120);
            b["run"]["spec"]["timing"] = {{"primaryStatistic", "mean"},
                                          {"latencyNs", {{"mean", mean}, {"stddev", 40}, {"samples", 200}}}};
            QString p = f.write(file, b);
            if (!kix::signWrittenResources({p}, Json::object(), ownKey()).error.isEmpty())
                qFatal("cannot sign %s", file);
            return p;
        };
        const QString one = write("one.json", "rerun-1", 8120);
        const QString two = write("two.json", "rerun-2", 8125);
        const Result r = run({QStringLiteral("verify"), one, two, f.support});
        QCOMPARE(r.code, int(kix::cli::ExitOk));
        QCOMPARE(r.out.count(QStringLiteral("  evidence              replicated: 1 other trusted rerun(s) "
                                            "agree within noise\n")),
                 2);
    }

    // The speed-of-light check in `kix verify` and `kix show`: a warning with the numbers, never a failure.
    void rooflineFlags() {
        const Files f;
        // 8192 tokens × 4096 bf16 in and out: 134,217,728 bytes; at the B200's 8,000 GB/s, 16,777.216 ns.
        const double floorNs = 8192.0 * 4096 * 4 / 8000;
        const QString fast = f.write("fast.json", f.c.runBundle("run-fast", f.c.w2, 100));
        const QString near = f.write("near.json", f.c.runBundle("run-near", f.c.w2, floorNs * 1.02));
        const QStringList inputs = {fast, near, f.support};
        const kix::RunRoofline fastRoofline = rooflineOf(inputs, fast);
        QVERIFY(fastRoofline.overall.verdict);
        QCOMPARE(fastRoofline.overall.verdict->bytes, 134217728.0);
        QCOMPARE(fastRoofline.overall.verdict->floorNs, floorNs);
        QCOMPARE(fastRoofline.overall.verdict->kind, kix::RooflineVerdict::Kind::Suspicious);
        const kix::RunRoofline nearRoofline = rooflineOf(inputs, near);
        QCOMPARE(nearRoofline.overall.verdict->kind, kix::RooflineVerdict::Kind::AtRoofline);

        const Result r = run({QStringLiteral("verify"), fast, near, f.support});
        QCOMPARE(r.code, int(kix::cli::ExitOk)); // a warning, not a digest failure
        const QString suspicious = fastRoofline.overall.verdict->text();
        QVERIFY(suspicious.startsWith(
            QStringLiteral("faster than the memory roofline: suspicious: 0.0060× floor; "
                           "100 ns measured, floor 16.8 µs (134 MB at 8.00 TB/s")));
        QVERIFY2(r.out.contains(QStringLiteral("  roofline              suspicious 0.0060× floor\n"
                                               "  roofline warning      ") +
                                suspicious + u'\n'),
                 qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("  roofline              at roofline 1.02× floor\n"
                                              "  roofline warning      at the roofline: 1.02× floor; ")));
        QVERIFY(r.out.contains(
            QStringLiteral("roofline: 1 run(s) faster than the memory roofline (suspicious), 1 "
                           "at the roofline; warnings, not digest failures\n")));
        const Result show = run({QStringLiteral("show"), fast, f.support});
        QCOMPARE(show.code, int(kix::cli::ExitOk));
        QVERIFY(show.out.contains(QStringLiteral("  roofline warning      ") + suspicious + u'\n'));
        const Result j = run({QStringLiteral("verify"), QStringLiteral("--json"), fast, f.support});
        const Json runReport = Json::parse(j.out.toStdString())["runs"][0];
        QCOMPARE(QString::fromStdString(runReport["roofline"]["overall"]["verdict"].get<std::string>()),
                 QStringLiteral("suspicious"));
        QCOMPARE(runReport["roofline"]["overall"]["floorNs"].get<double>(), floorNs);
        QCOMPARE(runReport["roofline"]["warnings"].size(), std::size_t(1));
        // Without its workload loaded, a run has no floor and says why.
        const Result alone = run({QStringLiteral("show"), fast});
        QVERIFY(alone.out.contains(
            QStringLiteral("  roofline              no floor: the workload it names (%1) is "
                           "not loaded\n")
                .arg(QString::fromStdString(kixfix::digest(f.c.w2)))));
    }

    // A run of problem 013 names its suite and operation by digest; kix builds both from its bundled problem
    // file, so kix's own H200 rerun has a floor per case with no file beside it. The range agrees with the
    // per-case table of docs/roofline-report.md (1.24× to 13.2×).
    void rooflineFromTheBundledProblem() {
        const Result r =
            run({QStringLiteral("verify"),
                 kixtest::repoPath(QStringLiteral(
                     "tests/data/legacy-kix/kix-run-20261202T153824Z-nvidia-h200.manifest.json"))});
        QCOMPARE(r.code, int(kix::cli::ExitOk));
        const QString from =
            QStringLiteral("from kix's resources/problems/013-fused-residual-rms-norm-backward.json\n");
        QVERIFY2(r.out.contains(
                     QStringLiteral("      its workload ") + from + QStringLiteral("      its operation ") +
                     from +
                     QStringLiteral("      16 of 16 case(s) with a floor, 0 suspicious, 0 at the roofline, "
                                    "1.24× to 13.2× floor\n")),
                 qPrintable(r.out));
    }

    // KernelIndex's policy in kix diff: the first material mismatch with the differing values.
    void diffNotComparable_data() {
        QTest::addColumn<QString>("which");
        QTest::addColumn<QString>("part");
        QTest::addColumn<QString>("reason");
        QTest::newRow("workload cases")
            << "w2"
            << "workload"
            << "  - first material mismatch: workload differs: \"hidden=4096 tokens=2048 · ";
        QTest::newRow("environments") << "env"
                                      << "environment"
                                      << "  - first material mismatch: environment differs: \"NVIDIA B200 · "
                                         "driver 580.00 · CUDA 13.1 · pytorch 2.9 · ";
        QTest::newRow("failed run") << "failed"
                                    << "metric"
                                    << "  - B is not eligible: its status is compile_error, not passed; it "
                                       "has no primary measurement";
    }
    void diffNotComparable() {
        QFETCH(QString, which);
        QFETCH(QString, part);
        QFETCH(QString, reason);
        const Files f;
        Json b = which == QLatin1String("w2") ? f.c.runBundle("run-b", f.c.w2, 30100)
                 : which == QLatin1String("env")
                     ? kixfix::bundle(kixfix::run("run-b", f.c.w1, f.c.impl, f.c.proto,
                                                  kixfix::environment("NVIDIA B200", "2.10")),
                                      f.c.proto, kixfix::environment("NVIDIA B200", "2.10"))
                     : f.c.runBundle("run-b", f.c.w1, -1, "compile_error");
        const QString pathB = f.write("b.json", b);
        const Result r = run({QStringLiteral("diff"), f.a, pathB, QStringLiteral("--with"), f.support});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("NOT COMPARABLE:\n")), qPrintable(r.out));
        QVERIFY2(r.out.contains(reason), qPrintable(r.out));
        const Result j = run({QStringLiteral("diff"), QStringLiteral("--json"), f.a, pathB,
                              QStringLiteral("--with"), f.support});
        QCOMPARE(j.code, 0);
        const Json v = Json::parse(j.out.toStdString());
        QCOMPARE(v["comparable"].get<bool>(), false);
        QCOMPARE(QString::fromStdString(v["firstMismatch"]["part"].get<std::string>()), part);
        QVERIFY(!v["reasons"].empty());
    }

    void diffComparable() {
        const Files f;
        const QString pathB = f.write("b.json", f.c.runBundle("run-b", f.c.w1, 9050));
        const Result r = run({QStringLiteral("diff"), f.a, pathB, QStringLiteral("--with"), f.support});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("COMPARABLE: one comparison cohort ") +
                                QString::fromStdString(f.c.keyOf(f.c.w1))),
                 qPrintable(r.out));
        QVERIFY(
            r.out.contains(QStringLiteral("Cases: suite values only (no per-case results): B/A = 1.115\n")));
        QVERIFY(r.out.contains(QStringLiteral("  ~ run.spec.timing.latencyNs.median: 8120 -> 9050\n")));
    }

    // A comparable pair with per-case results: a case slower beyond noise, one within noise, one faster.
    void diffComparableCases() {
        const Files f;
        // {tokens, A's median, B's median, stddev, samples}: each case's mean is its median.
        const double rows[][5] = {
            {2048, 1000, 1500, 10, 100}, {4096, 2000, 2020, 200, 10}, {8192, 4000, 2000, 10, 100}};
        const auto withCases = [&](const std::string& name, int side) {
            Json b = f.c.runBundle(name, f.c.w1, 8120);
            Json cases = Json::array();
            for (const auto& r : rows)
                cases.push_back(
                    {{"id", "c" + std::to_string(int(r[0]))},
                     {"axes", {{"tokens", int(r[0])}}},
                     {"latencyNs",
                      {{"median", r[side]}, {"mean", r[side]}, {"stddev", r[3]}, {"samples", int(r[4])}}}});
            b["run"]["spec"]["cases"] = cases;
            return b;
        };
        const QString pathA = f.write("ca.json", withCases("run-a", 1));
        const QString pathB = f.write("cb.json", withCases("run-b", 2));
        const QStringList args{pathA, pathB, QStringLiteral("--with"), f.support};
        const Result r = run(QStringList{QStringLiteral("diff")} + args);
        QCOMPARE(r.code, int(kix::cli::ExitOk));
        const auto line = [](const char* axes, double a, double b, const char* verdict) -> QString {
            return QStringLiteral("\n  ") + QString::fromLatin1(axes).leftJustified(36) +
                   kix::formatLatency(a).rightJustified(10) + QStringLiteral(" -> ") +
                   kix::formatLatency(b).rightJustified(10) + QStringLiteral("  B/A ") +
                   kix::formatRatio(b / a).rightJustified(7) + QStringLiteral("  ") +
                   QString::fromLatin1(verdict) + u'\n';
        };
        QVERIFY2(r.out.contains(line("tokens=2048", 1000, 1500, "slower, beyond noise")), qPrintable(r.out));
        QVERIFY(r.out.contains(line("tokens=4096", 2000, 2020, "slower, within noise")));
        QVERIFY(r.out.contains(line("tokens=8192", 4000, 2000, "faster, beyond noise")));
        QVERIFY(r.out.contains(
            QStringLiteral("\nCases: 3 cases matched, geometric mean B/A = 0.912; beyond noise: 1 "
                           "faster, 1 slower; 1 within noise; 0 without statistics\n")));

        const Result j = run(QStringList{QStringLiteral("diff"), QStringLiteral("--json")} + args);
        QCOMPARE(j.code, int(kix::cli::ExitOk));
        const Json v = Json::parse(j.out.toStdString());
        QCOMPARE(v["comparable"].get<bool>(), true);
        QCOMPARE(v["comparisonKey"].get<std::string>(), f.c.keyOf(f.c.w1));
        QVERIFY(v["reasons"].empty());
        QCOMPARE(v["cases"].size(), std::size_t(3));
        const char* verdicts[][2] = {
            {"slower", "beyond noise"}, {"slower", "within noise"}, {"faster", "beyond noise"}};
        for (int i = 0; i < 3; ++i) {
            const Json& c = v["cases"][i];
            QCOMPARE(c["id"].get<std::string>(), "c" + std::to_string(int(rows[i][0])));
            QCOMPARE(c["axes"].get<std::string>(), "tokens=" + std::to_string(int(rows[i][0])));
            QCOMPARE(c["latencyA"].get<double>(), rows[i][1]);
            QCOMPARE(c["latencyB"].get<double>(), rows[i][2]);
            QCOMPARE(c["ratio"].get<double>(), rows[i][2] / rows[i][1]);
            QCOMPARE(c["direction"].get<std::string>(), std::string(verdicts[i][0]));
            QCOMPARE(c["noise"].get<std::string>(), std::string(verdicts[i][1]));
        }
        QVERIFY(qAbs(v["geomeanRatio"].get<double>() - std::cbrt(1.5 * 1.01 * 0.5)) < 1e-12);
        QStringList fields;
        for (const Json& c : v["fields"])
            fields << QString::fromStdString(
                c["kind"].get<std::string>() + ' ' + c["path"].get<std::string>() + ' ' +
                c["before"].get<std::string>() + ' ' + c["after"].get<std::string>());
        QCOMPARE(fields, (QStringList{
                             QStringLiteral("changed run.metadata.name \"run-a\" \"run-b\""),
                             QStringLiteral("changed run.metadata.title \"run-a\" \"run-b\""),
                             QStringLiteral("changed run.spec.cases[id=c2048].latencyNs.mean 1000 1500"),
                             QStringLiteral("changed run.spec.cases[id=c2048].latencyNs.median 1000 1500"),
                             QStringLiteral("changed run.spec.cases[id=c4096].latencyNs.mean 2000 2020"),
                             QStringLiteral("changed run.spec.cases[id=c4096].latencyNs.median 2000 2020"),
                             QStringLiteral("changed run.spec.cases[id=c8192].latencyNs.mean 4000 2000"),
                             QStringLiteral("changed run.spec.cases[id=c8192].latencyNs.median 4000 2000"),
                         }));
    }

    // kix diff A A: one file given twice, through a link or spelled another way, is the same run.
    void diffOneFileTwice_data() {
        QTest::addColumn<QString>("how");
        QTest::newRow("same path") << "same";
        QTest::newRow("symbolic link") << "link";
        QTest::newRow("hard link") << "hard link";
        QTest::newRow("another spelling") << "spelling";
    }
    void diffOneFileTwice() {
        QFETCH(QString, how);
        const Files f;
        QString b = f.a;
        if (how == QLatin1String("link")) {
            b = f.path("link.json");
            QVERIFY(QFile::link(f.a, b));
        } else if (how == QLatin1String("hard link")) {
            b = f.path("hard.json");
            QCOMPARE(::link(QFile::encodeName(f.a).constData(), QFile::encodeName(b).constData()), 0);
        } else if (how == QLatin1String("spelling")) {
            b = f.dir.path() + QStringLiteral("/support/.././/a.json");
        }
        const Result r = run({QStringLiteral("diff"), f.a, b, QStringLiteral("--with"), f.support});
        QCOMPARE(r.code, int(kix::cli::ExitOk));
        QVERIFY2(r.out.contains(QStringLiteral("A and B are the same run (")), qPrintable(r.out + r.err));
        // The verdict line itself (the workload loaded, so that the comparison key is known).
        QVERIFY2(r.out.contains(QStringLiteral("\nCOMPARABLE: one comparison cohort %1 (same operation, "
                                               "workload, protocol, environment, correctness and metric), "
                                               "both eligible\n")
                                    .arg(QString::fromStdString(f.c.keyOf(f.c.w1)))),
                 qPrintable(r.out));
        QVERIFY(!r.out.contains(QStringLiteral("NOT COMPARABLE")));
        QVERIFY(r.out.contains(QStringLiteral("Fields: 0 differences\n")));
    }

    // Without the workload loaded the key cannot be computed, but one workload digest settles it: the
    // verdict says so without an empty key.
    void diffOneFileTwiceWithoutItsWorkload() {
        const Files f;
        const Result r = run({QStringLiteral("diff"), f.a, f.a});
        QCOMPARE(r.code, int(kix::cli::ExitOk));
        QVERIFY2(
            r.out.contains(QStringLiteral("\nCOMPARABLE: one comparison cohort (same operation, workload, "
                                          "protocol, environment, correctness and metric), both eligible\n")),
            qPrintable(r.out));
    }

    void diffRunsOfOneCatalog() {
        const Files f;
        const QString catalog = f.path("catalog.jsonl");
        QVERIFY(kixfix::writeFile(catalog, f.c.text()));
        const Result many = run({QStringLiteral("diff"), catalog, catalog});
        QCOMPARE(many.code, 3);
        QVERIFY(many.err.startsWith(QStringLiteral("kix diff: ") + catalog +
                                    QStringLiteral(" holds 4 runs: choose one with --a-run NAME|DIGEST\n")));
        const Result r = run({QStringLiteral("diff"), catalog, catalog, QStringLiteral("--a-run"),
                              QStringLiteral("run-1"), QStringLiteral("--b-run"), QStringLiteral("run-c")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("  - first material mismatch: workload differs:")),
                 qPrintable(r.out));
    }

    // Issue 13: untrusted text reaches the terminal only through the one sanitizer, in every command.
    void hostileText_data() {
        QTest::addColumn<QString>("command");
        QTest::addColumn<bool>("huge"); // the 15 MiB title rather than the control characters
        QTest::addColumn<int>("code");
        for (const char* command : {"show", "diff", "verify", "cite"})
            QTest::newRow(QByteArray(command).append(" controls").constData())
                << QString::fromLatin1(command) << false << int(kix::cli::ExitOk);
        // A citation is never elided (it must be complete), so cite has no 15 MiB row.
        for (const char* command : {"show", "diff", "verify"})
            QTest::newRow(QByteArray(command).append(" 15 MiB title").constData())
                << QString::fromLatin1(command) << true << int(kix::cli::ExitOk);
    }
    void hostileText() {
        QFETCH(QString, command);
        QFETCH(bool, huge);
        QFETCH(int, code);
        const Files f;
        const QString evil = huge ? writeHostile(f.c, f.dir, std::string(kHugeTitle, 'T'), false)
                                  : writeHostile(f.c, f.dir, kHostile);
        QStringList args{command, evil};
        if (command == QLatin1String("diff"))
            args << f.a;
        if (command ==
            QLatin1String("cite")) // plain text shows what the sanitizer shows; BibTeX escapes "\\"
            args << QStringLiteral("--format") << QStringLiteral("text");
        const Result r = run(args);
        const QString all = r.out + r.err;
        QVERIFY2(r.code == code, qPrintable(QStringLiteral("exit %1\n%2").arg(r.code).arg(all.left(4000))));
        QVERIFY2(unsafeIn(all).isEmpty(), qPrintable(unsafeIn(all)));
        QVERIFY(all.contains(QStringLiteral("evil\\x1b]0;pwned\\x07⟨U+202E⟩.json")) ||
                command == QLatin1String("cite")); // a citation names no file
        if (huge) {                                // verify prints no title: its output must only stay small
            QVERIFY2(
                command == QLatin1String("verify") ||
                    all.contains(
                        QStringLiteral("… (%1 more characters)").arg(kHugeTitle - kix::kTerminalLineCap)),
                qPrintable(all.left(4000)));
            QVERIFY2(all.size() < qsizetype{64} * 1024, qPrintable(QString::number(all.size())));
            return;
        }
        for (const QString& shown : kHostileShown)
            QVERIFY2(all.contains(shown), qPrintable(all));
        // The forged verdict never stands on a line of its own.
        for (const QString& line : all.split(u'\n'))
            QVERIFY2(!line.startsWith(QStringLiteral("COMPARABLE: yes")), qPrintable(all));
    }

    // --json is JSON-escaped all the way to ASCII: the hostile text comes back exactly when parsed, yet no
    // byte of the output can act on a terminal (C1 and bidi controls included, which JSON leaves raw).
    void hostileTextInJson_data() {
        QTest::addColumn<QString>("command");
        for (const char* command : {"show", "diff", "verify"})
            QTest::newRow(command) << QString::fromLatin1(command);
    }
    void hostileTextInJson() {
        QFETCH(QString, command);
        const Files f;
        const QString evil = writeHostile(f.c, f.dir, kHostile);
        QStringList args{command, QStringLiteral("--json"), evil};
        if (command == QLatin1String("diff"))
            args << f.a;
        const Result r = run(args);
        QCOMPARE(r.code, int(kix::cli::ExitOk));
        for (const QChar c : r.out)
            QVERIFY2(
                c == u'\n' || (c.unicode() >= 0x20 && c.unicode() < 0x7f),
                qPrintable(QStringLiteral("U+%1 in the JSON").arg(c.unicode(), 4, 16, QLatin1Char('0'))));
        const Json j = Json::parse(r.out.toStdString());
        const bool diff = command == QLatin1String("diff");
        QCOMPARE(QString::fromStdString((diff ? j["a"] : j["runs"][0])["file"].get<std::string>()), evil);
        if (!diff)
            QCOMPARE(j["runs"][0]["title"].get<std::string>(), std::string(kHostile));
    }

    void cite() {
        const Result r =
            run({QStringLiteral("cite"), QStringLiteral("--format"), QStringLiteral("text"),
                 QStringLiteral("--accessed"), QStringLiteral("2026-12-02"), kixtest::seedPath()});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.endsWith(QStringLiteral("Accessed 2026-12-02.\n")));
    }

    void importTrace() {
        QTemporaryDir dir;
        const Result r = run({QStringLiteral("import-trace"), QStringLiteral("-o"), dir.path(),
                              kixtest::dataPath(QStringLiteral("traces/synthetic-013.traces.jsonl"))});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out.split(u'\n', Qt::SkipEmptyParts).size(), 15); // a set per solution (tst_trace_import)
        QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("demo_cuda.manifest.json"))));
        QCOMPARE(run({QStringLiteral("verify"), dir.path()}).code, 0);
        const Result broken = run({QStringLiteral("import-trace"), QStringLiteral("-o"), dir.path(),
                                   kixtest::dataPath(QStringLiteral("traces/broken.traces.jsonl"))});
        QCOMPARE(broken.code, 3);
    }

    void runWithoutGpu() {
        const QString why = kix::runner::localRunUnavailableReason();
        if (why.isEmpty())
            QSKIP("a GPU is present here; tst_kernel_cuda covers the local run");
        const Result r = run({QStringLiteral("run"), QStringLiteral("--output"),
                              QDir::tempPath() + QStringLiteral("/kix-never")});
        QCOMPARE(r.code, int(kix::protocol::RunUnavailable));
        QCOMPARE(r.err, QStringLiteral("kix run: cannot run locally: %1\n").arg(why));
        QVERIFY(!QFileInfo::exists(QDir::tempPath() + QStringLiteral("/kix-never")));
        const Result jsonl = run({QStringLiteral("run"), QStringLiteral("--check"),
                                  QStringLiteral("--progress"), QStringLiteral("jsonl")});
        QCOMPARE(jsonl.code, int(kix::protocol::RunUnavailable));
        QCOMPARE(QString::fromStdString((Json::parse(jsonl.out.toStdString())["event"]).get<std::string>()),
                 QStringLiteral("unavailable"));
    }

    // issue 13: an unusable --output is found before any work, not after a whole run.
    void runRefusesAnUnusableOutputFirst() {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("a-file"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        Result r = run({QStringLiteral("run"), QStringLiteral("--device"), QStringLiteral("cpu"),
                        QStringLiteral("--output"), file});
        QCOMPARE(r.code, int(kix::protocol::RunUsage));
        QCOMPARE(
            r.err,
            QStringLiteral("kix run: --output: %1 exists and is not a folder; nothing was run\n").arg(file));
        QCOMPARE(r.out, QString());
        const QString below = file + QStringLiteral("/runs");
        r = run({QStringLiteral("run"), QStringLiteral("--device"), QStringLiteral("cpu"),
                 QStringLiteral("--output"), below});
        QCOMPARE(r.code, int(kix::protocol::RunUsage));
        QCOMPARE(r.err,
                 QStringLiteral("kix run: --output: cannot create %1: %2 is not a folder; nothing was run\n")
                     .arg(below, file));
        // The path is echoed through the sanitizer.
        const QString evil = dir.filePath(QStringLiteral("evil\x1b[2J\r"));
        QFile e(evil);
        QVERIFY(e.open(QIODevice::WriteOnly));
        e.close();
        r = run({QStringLiteral("run"), QStringLiteral("--device"), QStringLiteral("cpu"),
                 QStringLiteral("--output"), evil});
        QCOMPARE(r.code, int(kix::protocol::RunUsage));
        QCOMPARE(r.err,
                 QStringLiteral("kix run: --output: %1/evil\\x1b[2J\\r exists and is not a folder; nothing "
                                "was run\n")
                     .arg(dir.path()));
    }

    // sbatch's stderr reaches the terminal only through the sanitizer, its line breaks included.
    void slurmRejectionIsShownVisibly() {
        QTemporaryDir tools, out;
        const auto tool = [&tools](const char* name, const QByteArray& body) {
            QFile t(tools.filePath(QString::fromLatin1(name)));
            QVERIFY(t.open(QIODevice::WriteOnly));
            t.write("#!/bin/sh\n" + body);
            t.close();
            QVERIFY(t.setPermissions(t.permissions() | QFileDevice::ExeOwner));
        };
        tool("sbatch",
             "printf 'sbatch: error: \\033[2Jbad\\rCOMPARABLE\\342\\200\\256\\nnext\\n' >&2\nexit 1\n");
        tool("squeue", "exit 0\n");
        tool("scancel", "exit 0\n");
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", QFile::encodeName(tools.path()));
        const Result r = run({QStringLiteral("run"), QStringLiteral("--slurm"), QStringLiteral("--device"),
                              QStringLiteral("cpu"), QStringLiteral("--output"), out.path()});
        qputenv("PATH", path);
        QCOMPARE(r.code, int(kix::protocol::RunFailed));
        QVERIFY2(unsafeIn(r.out + r.err).isEmpty(), qPrintable(r.err));
        QVERIFY2(r.err.endsWith(
                     QStringLiteral("kix run: Slurm rejected the job: \\x1b[2Jbad\\rCOMPARABLE⟨U+202E⟩; "
                                    "next\n")),
                 qPrintable(r.err));
    }

    void runInCpuMode() {
        QTemporaryDir dir;
        const Result r =
            run({QStringLiteral("run"), QStringLiteral("--device"), QStringLiteral("cpu"),
                 QStringLiteral("--quick"), QStringLiteral("--cases"), QStringLiteral("15"),
                 QStringLiteral("--file-tag"), QStringLiteral("t1"), QStringLiteral("--output"), dir.path()});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.startsWith(QStringLiteral("CPU: ")), qPrintable(r.out));
        QVERIFY(r.out.contains(
            QStringLiteral("(CPU mode: the kernel's math on one CPU thread, not a GPU result)\n")));
        QVERIFY(r.out.contains(QStringLiteral("case 1 of 1 (workload 15): ")));
        QVERIFY(r.out.contains(QStringLiteral("-t1.manifest.json\n")));
        const QStringList written =
            QDir(dir.path()).entryList({QStringLiteral("kix-cpu-run-*-t1.manifest.json")});
        QCOMPARE(written.size(), 1);
        // What it wrote is signed with this user's key, created on first use (issue 10).
        const QString manifest = dir.filePath(written.first());
        const QString fingerprint = ownKey().fingerprint();
        QVERIFY2(r.out.contains(
                     QStringLiteral("kix run: signed by %1: %2.intoto.jsonl\n").arg(fingerprint, manifest)),
                 qPrintable(r.out));
        const Result verified = run({QStringLiteral("verify"), manifest,
                                     dir.filePath(QStringLiteral("kix-cpu-reference-0.1.0.json")),
                                     kix::runner::bundledSuitePath()});
        QCOMPARE(verified.code, int(kix::cli::ExitOk));
        QVERIFY2(verified.out.contains(
                     QStringLiteral("  evidence              rerun here: signed by %1 (trusted)\n")
                         .arg(fingerprint)),
                 qPrintable(verified.out));
        const Result keyVerify = run({QStringLiteral("key"), QStringLiteral("verify"), manifest});
        QCOMPARE(keyVerify.code, int(kix::cli::ExitOk));
        // A key others can read is refused: the run's files are still written, unsigned, with the reason.
        const kix::KeyStore keys(kix::KeyStore::defaultConfigDirectory());
        QVERIFY(
            QFile::setPermissions(keys.keyFile(), QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup));
        QTemporaryDir second;
        const Result loose = run({QStringLiteral("run"), QStringLiteral("--device"), QStringLiteral("cpu"),
                                  QStringLiteral("--quick"), QStringLiteral("--cases"), QStringLiteral("15"),
                                  QStringLiteral("--output"), second.path()});
        QVERIFY(QFile::setPermissions(keys.keyFile(), QFile::ReadOwner | QFile::WriteOwner));
        QCOMPARE(loose.code, int(kix::protocol::RunOk));
        QCOMPARE(
            loose.err,
            QStringLiteral("kix run: the run's files are written but not signed: %1: the signing key can be "
                           "read or written by other users (permissions 0640); kix refuses to sign with it. "
                           "Make it private (chmod 600 %1), or delete it to have kix create a new key\n")
                .arg(keys.keyFile()));
        QCOMPARE(QDir(second.path()).entryList({QStringLiteral("*.intoto.jsonl")}), QStringList());
        QCOMPARE(QDir(second.path()).entryList({QStringLiteral("*.manifest.json")}).size(), 1);
        const Result check = run({QStringLiteral("run"), QStringLiteral("--device"), QStringLiteral("cpu"),
                                  QStringLiteral("--check")});
        QCOMPARE(check.code, 0);
        QCOMPARE(check.out, QStringLiteral("kix run: a CPU-mode run is possible here\n"));
    }

    void printScript() {
        const Result r =
            run({QStringLiteral("run"), QStringLiteral("--slurm"), QStringLiteral("--print-script"),
                 QStringLiteral("--array"), QStringLiteral("cases:2"), QStringLiteral("--cases"),
                 QStringLiteral("0,1,2"), QStringLiteral("--partition"), QStringLiteral("h100"),
                 QStringLiteral("--runner"), QStringLiteral("/opt/kix/bin/kix"), QStringLiteral("--output"),
                 QStringLiteral("/shared/kix")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.startsWith(QStringLiteral("#!/bin/bash\n")), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("\n#SBATCH --array=0-1\n#SBATCH --partition=h100\n")));
        QVERIFY(r.out.contains(QStringLiteral("\n#SBATCH --gres=gpu:1\n")));
        QVERIFY(r.out.contains(QStringLiteral("\n  0) cases=0,1 ;;\n  1) cases=2 ;;\n")));
        QVERIFY(r.out.contains(
            QStringLiteral("exec '/opt/kix/bin/kix' run --cases \"$cases\" --progress jsonl")));
        QVERIFY(!QFileInfo::exists(QStringLiteral("/shared/kix"))); // printing submits and creates nothing
    }

    void slurmWithoutSbatch() {
        QTemporaryDir empty, out;
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", empty.path().toLocal8Bit());
        const Result r = run({QStringLiteral("run"), QStringLiteral("--slurm"), QStringLiteral("--device"),
                              QStringLiteral("cpu"), QStringLiteral("--output"), out.path()});
        const Result check = run({QStringLiteral("run"), QStringLiteral("--slurm"), QStringLiteral("--check"),
                                  QStringLiteral("--progress"), QStringLiteral("jsonl")});
        qputenv("PATH", path);
        QCOMPARE(r.code, int(kix::protocol::RunUnavailable));
        QCOMPARE(r.err,
                 QStringLiteral("kix run: sbatch not found: Slurm's client commands are not on PATH\n"));
        QCOMPARE(QDir(out.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
                 QStringList{});
        QCOMPARE(check.code, int(kix::protocol::RunUnavailable));
        QCOMPARE(check.out,
                 QStringLiteral("{\"event\":\"unavailable\",\"message\":\"sbatch not found: Slurm's "
                                "client commands are not on PATH\"}\n"));
    }

    void subcommandHelp() {
        const Result r = run({QStringLiteral("diff"), QStringLiteral("--help")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.startsWith(QStringLiteral("Usage: kix diff [options] a b\n")), qPrintable(r.out));
    }

    void version() {
        const Result r = run({QStringLiteral("--version")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.startsWith(QStringLiteral("kix 0.1.0 (Qt ")));
    }
};

KIX_TEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
