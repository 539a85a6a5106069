// The Digests tab with signed envelopes (issue 10): the model's envelope rows in every state, checked by
// QAbstractItemModelTester, and the panel's rows, evidence level and roofline line for a signed run, an
// edited one, and all loaded runs at once.
#include "CatalogFixture.h"
#include "DigestModel.h"
#include "DigestPanel.h"
#include "GuiTest.h"
#include "KeyStore.h"
#include "Palette.h"
#include "RecordFixtures.h"
#include "RunStore.h"
#include "Signing.h"
#include "SigningKey.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QByteArray>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileDevice>
#include <QLabel>
#include <QObject>
#include <QSignalSpy>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>

using namespace kix;
using namespace kix::ui;
using kixfix::Json;

namespace {

SigningKey ownKey() {
    QString error;
    const auto key = KeyStore(KeyStore::defaultConfigDirectory()).signingKey(error);
    if (!key)
        qFatal("no signing key: %s", qPrintable(error));
    return *key;
}

SignatureCheck check(SignatureState state, const QString& summary) {
    SignatureCheck c;
    c.envelopeFile = QStringLiteral("/runs/a.json.intoto.jsonl");
    c.line = 1;
    c.state = state;
    c.fingerprint = QStringLiteral("sha256:ab12");
    c.summary = summary;
    c.detail = QStringLiteral("why: ") + summary;
    return c;
}

// A run, its support resources and a signed copy of it, in one folder.
struct Folder {
    QTemporaryDir dir;
    kixfix::Catalog c;
    QString a, support;
    Folder() {
        support = dir.filePath(QStringLiteral("support"));
        kixfix::writeJson(dir.filePath(QStringLiteral("support/op.json")), c.op);
        kixfix::writeJson(dir.filePath(QStringLiteral("support/w1.json")), c.w1);
        kixfix::writeJson(dir.filePath(QStringLiteral("support/impl.json")), c.impl);
        a = dir.filePath(QStringLiteral("a.json"));
        kixfix::writeJson(a, c.runBundle("run-a", c.w1, 8120));
        if (!signWrittenResources({a}, Json::object(), ownKey()).error.isEmpty())
            qFatal("cannot sign");
    }
};

} // namespace

// Shows the run and waits until its checks are in.
static bool showAndWait(DigestPanel& panel, int row) {
    QSignalSpy shown(&panel, &DigestPanel::runShown);
    panel.showRun(row);
    return !shown.isEmpty() || shown.wait(10000);
}

class TestDigestPanel : public QObject {
    Q_OBJECT
    QTemporaryDir m_config;

private slots:
    void initTestCase() {
        kixtest::initGui();
        QVERIFY(m_config.isValid());
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_config.path()));
    }

    void envelopeRows_data() {
        QTest::addColumn<int>("state");
        QTest::addColumn<QString>("summary");
        QTest::addColumn<QString>("shown");
        QTest::addColumn<int>("tone");
        QTest::newRow("trusted") << int(SignatureState::Trusted)
                                 << QStringLiteral("signed by sha256:ab12 (trusted)")
                                 << QStringLiteral("✔ signed by sha256:ab12 (trusted)") << int(Tone::Good);
        QTest::newRow("unknown key") << int(SignatureState::UnknownKey)
                                     << QStringLiteral("signed by an unknown key")
                                     << QStringLiteral("? signed by an unknown key") << int(Tone::Caution);
        QTest::newRow("invalid") << int(SignatureState::SignatureInvalid)
                                 << QStringLiteral("signature invalid")
                                 << QStringLiteral("✖ signature invalid") << int(Tone::Bad);
        QTest::newRow("subject") << int(SignatureState::SubjectMismatch)
                                 << QStringLiteral("subject digest does not match")
                                 << QStringLiteral("✖ subject digest does not match") << int(Tone::Bad);
        QTest::newRow("malformed") << int(SignatureState::Malformed) << QStringLiteral("malformed envelope")
                                   << QStringLiteral("✖ malformed envelope") << int(Tone::Bad);
    }
    void envelopeRows() {
        QFETCH(int, state);
        QFETCH(QString, summary);
        QFETCH(QString, shown);
        QFETCH(int, tone);
        DigestModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        DigestCheck digest;
        digest.field = QStringLiteral("protocolDigest");
        digest.state = DigestCheck::State::Verified;
        model.setRows({DigestRow(QStringLiteral("run"), digest),
                       DigestRow::ofSignature(QStringLiteral("run"), check(SignatureState(state), summary))});
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, DigestModel::State).data().toString(), QStringLiteral("✔ verified"));
        QCOMPARE(model.index(1, DigestModel::Field).data().toString(), QStringLiteral("signature"));
        QCOMPARE(model.index(1, DigestModel::State).data().toString(), shown);
        QCOMPARE(model.index(1, DigestModel::State).data(Qt::ForegroundRole).value<QBrush>().color(),
                 toneColor(Tone(tone)));
        QCOMPARE(model.index(1, DigestModel::Expected).data().toString(),
                 QStringLiteral("/runs/a.json.intoto.jsonl, line 1"));
        QCOMPARE(model.index(1, DigestModel::Computed).data().toString(), QStringLiteral("sha256:ab12"));
        QCOMPARE(model.index(1, DigestModel::Reason).data().toString(), QStringLiteral("why: ") + summary);
        model.setRows({});
        QCOMPARE(model.rowCount(), 0);
    }

    void panelShowsSignaturesEvidenceAndRoofline() {
        const Folder f;
        RunStore store;
        store.add(RunStore::loadBlocking({f.a, f.support}));
        DigestPanel panel(&store);
        QAbstractItemModelTester tester(panel.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        const int row = store.indexOfFile(f.a);
        QVERIFY(showAndWait(panel, row));
        const DigestModel* model = panel.model();
        QCOMPARE(model->rowCount(), store.verify(row).size() + 1);
        const int last = model->rowCount() - 1;
        const QString fingerprint = ownKey().fingerprint();
        QCOMPARE(model->index(last, DigestModel::State).data().toString(),
                 QStringLiteral("✔ signed by %1 (trusted)").arg(fingerprint));
        const QStringList lines = panel.trustText().split(u'\n');
        QVERIFY2(lines.value(0).startsWith(
                     QStringLiteral("Evidence: rerun here: signed by %1 (trusted) (").arg(fingerprint)),
                 qPrintable(panel.trustText()));
        // 2048 tokens × 4096 bf16 in and out at 8,000 GB/s: a floor of 4,194 ns; 8,120 ns is 1.94× it.
        QCOMPARE(lines.value(1), QStringLiteral("Roofline: 1.94× floor"));

        // Edited after signing: the envelope row says so, and the run falls back to its digests.
        QByteArray bytes = kixtest::readAll(f.a);
        bytes.replace("8120", "8121");
        QVERIFY(kixfix::writeFile(f.a, bytes));
        QVERIFY(showAndWait(panel, row));
        QCOMPARE(model->index(model->rowCount() - 1, DigestModel::State).data().toString(),
                 QStringLiteral("✖ subject digest does not match"));
        QVERIFY2(panel.trustText().startsWith(QStringLiteral("Evidence: verified digests (")),
                 qPrintable(panel.trustText()));

        QSignalSpy verified(&panel, &DigestPanel::verified);
        panel.verifyAll();
        QTRY_COMPARE_WITH_TIMEOUT(verified.size(), 1, 10000);
        int envelopeRows = 0;
        for (const DigestRow& r : model->rows())
            envelopeRows += r.signature ? 1 : 0;
        QCOMPARE(envelopeRows, 1);
    }

    // A trust store that cannot be used is named above the table with the reason; its path is untrusted
    // (a folder's name), so its bidi control and escape are shown, never obeyed: for one run and for
    // Verify all.
    void trustStoreProblemShownInert() {
        const Folder f;
        RunStore store;
        store.add(RunStore::loadBlocking({f.a, f.support}));
        QTemporaryDir config;
        const QByteArray oldConfig = qgetenv("XDG_CONFIG_HOME");
        const QString evil = config.filePath(QStringLiteral("evil\x1b[2J\u202Ecfg"));
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(evil));
        const QString keys = KeyStore::defaultConfigDirectory() + QStringLiteral("/keys");
        QVERIFY(QDir().mkpath(keys));
        QVERIFY(QFile::setPermissions(keys, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                                QFileDevice::ExeOwner));
        QVERIFY(kixfix::writeFile(keys + QStringLiteral("/trusted-keys.json"), "[]"));
        const QString expected =
            QStringLiteral("Signatures checked against no trusted key: %1/evil\\x1b[2J⟨U+202E⟩cfg/%2/keys/"
                           "trusted-keys.json: keys: expected an object with a \"keys\" array")
                .arg(config.path(), QCoreApplication::applicationName());
        DigestPanel panel(&store);
        QSignalSpy verified(&panel, &DigestPanel::verified);
        panel.verifyAll(); // the problem is shown at once, before the checks run
        const QString allText = panel.trustText();
        QTRY_COMPARE_WITH_TIMEOUT(verified.size(), 1, 10000);
        QVERIFY(showAndWait(panel, store.indexOfFile(f.a)));
        const QString runText = panel.trustText();
        qputenv("XDG_CONFIG_HOME", oldConfig);
        QCOMPARE(allText, expected);
        QCOMPARE(runText.split(u'\n').last(), expected);
    }

    // The checks run off the UI thread; a run selected while another's are running wins, and the
    // earlier result never reaches the table.
    void latestSelectionWins() {
        const Folder f;
        RunStore store;
        store.add(RunStore::loadBlocking({f.a, f.support}));
        DigestPanel panel(&store);
        QSignalSpy shown(&panel, &DigestPanel::runShown);
        const int row = store.indexOfFile(f.a);
        panel.showRun(row);
        panel.showRun(-1);         // nothing selected: shown at once
        QTest::qWait(300);         // long enough for the first check to come back: it must be dropped
        QVERIFY(!shown.isEmpty()); // the first may have been shown already if its check was that fast
        QCOMPARE(shown.last().at(0).toInt(), -1);
        QCOMPARE(panel.model()->rowCount(), 0);
        QVERIFY(panel.trustText().isEmpty());
    }

    // A run faster than its memory floor is flagged with the numbers.
    void panelFlagsASuspiciousRun() {
        const Folder f;
        kixfix::writeJson(f.dir.filePath(QStringLiteral("support/w2.json")), f.c.w2);
        const QString fast = f.dir.filePath(QStringLiteral("fast.json"));
        kixfix::writeJson(fast, f.c.runBundle("run-fast", f.c.w2, 100));
        RunStore store;
        store.add(RunStore::loadBlocking({fast, f.support}));
        DigestPanel panel(&store);
        QVERIFY(showAndWait(panel, store.indexOfFile(fast)));
        const QStringList lines = panel.trustText().split(u'\n');
        QCOMPARE(lines.value(1), QStringLiteral("Roofline: suspicious 0.0060× floor"));
        QVERIFY2(lines.value(2).startsWith(
                     QStringLiteral("⚠ faster than the memory roofline: suspicious: 0.0060× floor; "
                                    "100 ns measured, floor 16.8 µs")),
                 qPrintable(panel.trustText()));
    }
};

KIX_TEST_MAIN(TestDigestPanel)
#include "tst_digest_panel.moc"
