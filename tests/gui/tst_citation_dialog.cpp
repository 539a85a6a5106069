// The citation dialog shows exactly what the model produces, and copies it.
#include "Citation.h"
#include "CitationDialog.h"
#include "GuiTestSupport.h"
#include "ManifestParser.h"
#include "TestMain.h"

#include <QClipboard>
#include <QComboBox>
#include <QDateEdit>
#include <QGuiApplication>
#include <QLineEdit>

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
};

KIX_TEST_MAIN(TestCitationDialog)
#include "tst_citation_dialog.moc"
