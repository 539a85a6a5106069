// The small row models (pairs, problems, digests and signatures), long cells elided per reset.
#include "CaseDiffModel.h"
#include "DigestModel.h"
#include "FieldDiffModel.h"
#include "GuiTest.h"
#include "ManifestParser.h"
#include "PairsModel.h"
#include "Palette.h"
#include "Problem.h"
#include "ProblemCodes.h"
#include "ProblemModel.h"
#include "RecordFixtures.h"
#include "TestMain.h"
#include "TestSupport.h"
#include "Verdict.h"

#include <QAbstractItemModelTester>
#include <QColor>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QStringLiteral>

using namespace kixtest;
using kixfix::Json;

Q_DECLARE_METATYPE(kix::CaseDelta)

namespace {

DigestRow signatureRow(SignatureState state, const QString& file, int line, const QString& fingerprint,
                       const QString& summary) {
    SignatureCheck s;
    s.envelopeFile = file;
    s.line = line;
    s.state = state;
    s.fingerprint = fingerprint;
    s.summary = summary;
    s.detail = QStringLiteral("checked <%1>").arg(summary);
    return DigestRow::ofSignature(QStringLiteral("run A"), s);
}

} // namespace

class TestRowModels : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixtest::initGui(); }

    void rowModels() {
        PairsModel pairs;
        ProblemModel problems;
        DigestModel digests;
        FieldDiffModel fields;
        CaseDiffModel cases;
        QAbstractItemModelTester t1(&pairs, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(&problems, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t3(&digests, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t4(&fields, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t5(&cases, QAbstractItemModelTester::FailureReportingMode::QtTest);
        pairs.setRows({{QStringLiteral("a"), QStringLiteral("1")}});
        problems.setRows(
            {makeProblem(Problem::Severity::Error, codes::catalogLine, QStringLiteral("/x/c.jsonl"),
                         QStringLiteral("row.status"), QStringLiteral("bad"), 12),
             makeProblem(Problem::Severity::Warning, "upstream.enum", QStringLiteral("f.json"), QString(),
                         QStringLiteral("not in the enum"))});
        QCOMPARE(problems.index(0, ProblemModel::Severity).data().toString(), QStringLiteral("✖ error"));
        QCOMPARE(problems.index(0, ProblemModel::Code).data().toString(), QStringLiteral("catalog.line"));
        QCOMPARE(problems.index(0, ProblemModel::Location).data().toString(), QStringLiteral("c.jsonl:12"));
        QCOMPARE(problems.index(1, ProblemModel::Severity).data().toString(),
                 QStringLiteral("⚠ KernelIndex"));
        QCOMPARE(problems.index(1, ProblemModel::Path).data().toString(), QStringLiteral("(whole document)"));
        const auto seed = loadManifestFile(kixtest::seedPath());
        QList<DigestRow> rows;
        for (const auto& c : verifyRunDigests(*seed))
            rows.append({seed->title(), c});
        digests.setRows(rows);
        QCOMPARE(digests.rowCount(), 4);
        QCOMPARE(digests.index(0, DigestModel::State).data().toString(), QStringLiteral("✔ verified"));
        QCOMPARE(digests.index(2, DigestModel::State).data().toString(), QStringLiteral("? not verifiable"));
        QCOMPARE(digests.index(2, DigestModel::Computed).data().toString(), QStringLiteral("—"));
        fields.setRows(diffJson(Json::parse(R"({"a": 1})"), Json::parse(R"({"a": 2, "b": 3})")));
        QCOMPARE(fields.index(0, FieldDiffModel::Change).data().toString(), QStringLiteral("~ changed"));
        QCOMPARE(fields.index(1, FieldDiffModel::Change).data().toString(), QStringLiteral("+ added"));
        CaseDelta d;
        d.axes = QStringLiteral("s=1");
        d.latencyA = 100;
        d.latencyB = 50;
        d.verdict.ratio = 0.5;
        d.verdict.verdict = kix::Verdict::Faster;
        cases.setRows({d});
        QCOMPARE(cases.index(0, CaseDiffModel::Verdict).data().toString(), QStringLiteral("▼ faster"));
        QCOMPARE(cases.index(0, CaseDiffModel::Ratio).data().toString(), QStringLiteral("0.500"));
        // Text from a manifest is never rendered as HTML, tooltips included.
        pairs.setRows({{QStringLiteral("title"), QStringLiteral("<b>bold</b> & <img src=x>")}});
        QCOMPARE(pairs.index(0, 1).data().toString(), QStringLiteral("<b>bold</b> & <img src=x>"));
        QCOMPARE(pairs.index(0, 1).data(Qt::ToolTipRole).toString(),
                 QStringLiteral(
                     "<p style='white-space:pre-wrap'>&lt;b&gt;bold&lt;/b&gt; &amp; &lt;img src=x&gt;</p>"));
        pairs.setRows({});
        QCOMPARE(pairs.rowCount(), 0);
    }

    // A cell over the widget cap (a 15 MiB title in a field diff) is shown elided, the same text on every
    // request, and a reset shows the new rows' text, not the old one's (the elided text is kept per reset).
    void longCellsElidedPerReset() {
        PairsModel pairs;
        QAbstractItemModelTester tester(&pairs, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QString first = QStringLiteral("\\x1b") + QString(3000, u'a');
        pairs.setRows({{QStringLiteral("title"), QString(u'\x1b') + QString(3000, u'a')}});
        const QString shown = pairs.index(0, 1).data().toString();
        QCOMPARE(shown, first.left(kix::kWidgetLineCap + 3) + QStringLiteral("… (1977 more characters)"));
        QCOMPARE(pairs.index(0, 1).data().toString(), shown);
        QCOMPARE(pairs.index(0, 1).data(kix::ui::SortRole).toString(), shown);
        pairs.setRows({{QStringLiteral("title"), QString(5000, u'b')}});
        QCOMPARE(pairs.index(0, 1).data().toString(),
                 QString(kix::kWidgetLineCap, u'b') + QStringLiteral("… (3976 more characters)"));
    }

    // Digest rows in each state, and signature rows: what the envelope says, in the digest columns.
    void digestAndSignatureRows() {
        DigestModel model;
        QAbstractItemModelTester t(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        DigestCheck mismatch;
        mismatch.field = QStringLiteral("workloadDigest");
        mismatch.expected = QStringLiteral("sha256:aa");
        mismatch.computed = QStringLiteral("sha256:bb");
        mismatch.state = DigestCheck::State::Mismatch;
        mismatch.reason = QStringLiteral("recomputed from <w.json>");
        DigestCheck normalized = mismatch;
        normalized.field = QStringLiteral("protocolDigest");
        normalized.computed = normalized.expected;
        normalized.state = DigestCheck::State::Verified;
        normalized.afterNormalization = true;
        DigestCheck unverifiable;
        unverifiable.field = QStringLiteral("environmentDigest");
        unverifiable.expected = QStringLiteral("sha256:cc");
        unverifiable.reason = QStringLiteral("the environment is not loaded");
        model.setRows(
            {{QStringLiteral("run A"), mismatch},
             {QStringLiteral("run A"), normalized},
             {QStringLiteral("run B"), unverifiable},
             signatureRow(SignatureState::Trusted, QStringLiteral("a.intoto.jsonl"), 3,
                          QStringLiteral("sha256:ff"), QStringLiteral("signed by sha256:ff (trusted)")),
             signatureRow(SignatureState::UnknownKey, QStringLiteral("b.intoto.jsonl"), 0,
                          QStringLiteral("sha256:ee"), QStringLiteral("signed by an unknown key")),
             signatureRow(SignatureState::SignatureInvalid, QStringLiteral("c.intoto.jsonl"), 1, QString(),
                          QStringLiteral("signature invalid"))});
        QCOMPARE(column(model, DigestModel::Run),
                 (QStringList{"run A", "run A", "run B", "run A", "run A", "run A"}));
        QCOMPARE(column(model, DigestModel::Field),
                 (QStringList{"workloadDigest", "protocolDigest", "environmentDigest", "signature",
                              "signature", "signature"}));
        QCOMPARE(column(model, DigestModel::State),
                 (QStringList{"✖ mismatch", "✔ verified (normalized)", "? not verifiable",
                              "✔ signed by sha256:ff (trusted)", "? signed by an unknown key",
                              "✖ signature invalid"}));
        QCOMPARE(column(model, DigestModel::Expected),
                 (QStringList{"sha256:aa", "sha256:aa", "sha256:cc", "a.intoto.jsonl, line 3",
                              "b.intoto.jsonl", "c.intoto.jsonl, line 1"}));
        QCOMPARE(column(model, DigestModel::Computed),
                 (QStringList{"sha256:bb", "sha256:aa", "—", "sha256:ff", "sha256:ee", "—"}));
        QCOMPARE(column(model, DigestModel::Reason),
                 (QStringList{"recomputed from <w.json>", "recomputed from <w.json>",
                              "the environment is not loaded", "checked <signed by sha256:ff (trusted)>",
                              "checked <signed by an unknown key>", "checked <signature invalid>"}));
        QList<QColor> states;
        for (int r = 0; r < model.rowCount(); ++r)
            states << foreground(model.index(r, DigestModel::State));
        QCOMPARE(states,
                 (QList<QColor>{toneColor(Tone::Bad), toneColor(Tone::Good), toneColor(Tone::Caution),
                                toneColor(Tone::Good), toneColor(Tone::Caution), toneColor(Tone::Bad)}));
        QCOMPARE(foreground(model.index(0, DigestModel::Field)), QColor());
        QCOMPARE(foreground(model.index(3, DigestModel::Field)), QColor());
        // Tooltips: the state and reason columns explain (the reason, the envelope's detail), the others
        // repeat the cell; all of it escaped.
        QCOMPARE(model.index(0, DigestModel::State).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("<p style='white-space:pre-wrap'>recomputed from &lt;w.json&gt;</p>"));
        QCOMPARE(model.index(0, DigestModel::Computed).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("<p style='white-space:pre-wrap'>sha256:bb</p>"));
        QCOMPARE(model.index(3, DigestModel::State).data(Qt::ToolTipRole).toString(),
                 QStringLiteral(
                     "<p style='white-space:pre-wrap'>checked &lt;signed by sha256:ff (trusted)&gt;</p>"));
        QCOMPARE(model.index(3, DigestModel::Expected).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("<p style='white-space:pre-wrap'>a.intoto.jsonl, line 3</p>"));
        QCOMPARE(model.index(3, DigestModel::Run).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("<p style='white-space:pre-wrap'>run A</p>"));
        QVERIFY(!model.index(0, DigestModel::State).data(Qt::TextAlignmentRole).isValid());
        QVERIFY(!model.index(3, DigestModel::State).data(Qt::TextAlignmentRole).isValid());
        QCOMPARE(signatureSymbol(SignatureState::SubjectMismatch), QStringLiteral("✖"));
        QCOMPARE(signatureSymbol(SignatureState::Malformed), QStringLiteral("✖"));
        QCOMPARE(stateSymbol(DigestCheck::State::Mismatch), QStringLiteral("✖"));
    }
};

KIX_TEST_MAIN(TestRowModels)
#include "tst_row_models.moc"
