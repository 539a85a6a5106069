// `kix verify`: exit statuses, --json, catalogs as inputs, every state of a signed envelope beside a
// manifest, replicated reruns and the speed-of-light (roofline) warning.
#include "CliFixtures.h"
#include "Commands.h"
#include "Format.h"
#include "KixResources.h"
#include "ManifestParser.h"
#include "RooflineRun.h"
#include "RunStore.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace kixcli;

namespace {
// How a signed fixture manifest is spoiled before `kix verify` looks at it.
enum class Spoil { None, NotSigned, ManifestByte, EnvelopeByte, WrongKey, UntrustedKey, TruncatedEnvelope };

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

class TestVerifyCommand : public QObject {
    Q_OBJECT
    SuiteConfig m_config; // resources and this suite's own XDG_CONFIG_HOME

private slots:
    void initTestCase() { QVERIFY(m_config.setUp()); }

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
        // Read with an error: printed, and invalid: 14, --strict-upstream or not (issue 37: it was 0).
        const Result r = run({QStringLiteral("verify"), path});
        QCOMPARE(r.code, 14);
        QCOMPARE(run({QStringLiteral("verify"), QStringLiteral("--strict-upstream"), path}).code, 14);
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
        // A folder where the trust store's file belongs, in a keys folder private to its owner (one that
        // others can reach is refused before the file is looked at).
        const bool made =
            QDir().mkpath(trustFile) &&
            QFile::setPermissions(QFileInfo(trustFile).path(),
                                  QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
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
};

KIX_TEST_GUILESS_MAIN(TestVerifyCommand)
#include "tst_verify_command.moc"
