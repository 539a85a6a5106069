// The citation dialog shows exactly what the model produces, and copies it.
#include "Citation.h"
#include "CitationDialog.h"
#include "GuiTest.h"
#include "ManifestParser.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QByteArray>
#include <QClipboard>
#include <QComboBox>
#include <QDate>
#include <QDateEdit>
#include <QFile>
#include <QGuiApplication>
#include <QIODevice>
#include <QLineEdit>
#include <QObject>
#include <QString>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>

using namespace kix;

class TestCitationDialog : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixtest::initGui(); }

    void textEqualsModel_data() {
        QTest::addColumn<int>("index");
        QTest::newRow("bibtex") << 0;
        QTest::newRow("cff") << 1;
        QTest::newRow("text") << 2;
    }
    void textEqualsModel() {
        QFETCH(int, index);
        const auto m = loadManifestFile(kixtest::seedPath());
        ui::CitationDialog d(m);
        d.formatBox()->setCurrentIndex(index);
        d.accessedEdit()->setDate(QDate(2026, 12, 2));
        d.urlEdit()->setText(QStringLiteral("https://example.org/r/1"));
        CitationOptions o;
        o.accessed = QDate(2026, 12, 2);
        o.url = QStringLiteral("https://example.org/r/1");
        const CitationFormat formats[] = {CitationFormat::BibTeX, CitationFormat::Cff, CitationFormat::Text};
        QCOMPARE(d.text(), cite(*m, formats[index], o));
        d.copyToClipboard();
        QCOMPARE(QGuiApplication::clipboard()->text(), d.text());
    }

    // The manifest's permalink is untrusted: the field shows its bidi control and escape visibly, and the
    // citation of the unedited field is still the model's own (which escapes the permalink itself).
    void hostilePermalinkShownInert() {
        auto doc = kixtest::seedJson();
        doc["run"]["metadata"]["url"] = "https://example.org/r/\x1b[2J\xe2\x80\xaelive";
        const auto m = parseManifest(QByteArray::fromStdString(doc.dump()), QStringLiteral("evil.json"));
        QCOMPARE(manifestPermalink(*m), QStringLiteral("https://example.org/r/\x1b[2J\u202Elive"));
        ui::CitationDialog d(m);
        QCOMPARE(d.urlEdit()->text(), QStringLiteral("https://example.org/r/\\x1b[2J⟨U+202E⟩live"));
        d.accessedEdit()->setDate(QDate(2026, 12, 2));
        CitationOptions o;
        o.accessed = QDate(2026, 12, 2);
        QCOMPARE(d.text(), cite(*m, CitationFormat::BibTeX, o));
        d.urlEdit()->setText(QStringLiteral("https://example.org/mine"));
        o.url = QStringLiteral("https://example.org/mine");
        QCOMPARE(d.text(), cite(*m, CitationFormat::BibTeX, o));
    }

    void saveWritesTheCitation() {
        const auto m = loadManifestFile(kixtest::seedPath());
        ui::CitationDialog d(m);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("c.bib"));
        QCOMPARE(d.saveTo(path), QString());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(f.readAll()), d.text());
        // A folder's name is untrusted too: the message shows its bidi control, never obeys it.
        QCOMPARE(d.saveTo(dir.filePath(QStringLiteral("missing\u202Edir/c.bib"))),
                 QStringLiteral("cannot write %1/missing⟨U+202E⟩dir/c.bib: No such file or directory")
                     .arg(dir.path()));
    }
};

KIX_TEST_MAIN(TestCitationDialog)
#include "tst_citation_dialog.moc"
