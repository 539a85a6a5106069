// Citation text for the seed run, with an injected access date; untrusted text is escaped.
#include "Citation.h"
#include "ManifestParser.h"
#include "TestSupport.h"

#include <QTest>

class TestCitation : public QObject {
    Q_OBJECT
private slots:
    void formats_data() {
        QTest::addColumn<int>("format");
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("expected");
        QTest::newRow("bibtex, no url")
            << int(kix::CitationFormat::BibTeX) << QString()
            << QStringLiteral(
                   "@misc{kix_ac4k_2026_486a757a,\n"
                   "  title        = {ac4k · 013\\_fused\\_residual\\_rms\\_norm\\_backward · B200},\n"
                   "  author       = {{ac4k}},\n"
                   "  year         = {2026},\n"
                   "  howpublished = {kernelindex.dev/v1alpha1 run manifest},\n"
                   "  note         = {013\\_fused\\_residual\\_rms\\_norm\\_backward, NVIDIA B200, mean "
                   "latency 45.3 µs. Run digest "
                   "sha256:486a757a54ba25c8de2165e2dd2b9696c234d1147241426c430e6334870d0e2b. Accessed "
                   "2026-12-02}\n"
                   "}\n");
        QTest::newRow("bibtex, url")
            << int(kix::CitationFormat::BibTeX) << QStringLiteral("https://example.org/runs/01a03529")
            << QStringLiteral(
                   "@misc{kix_ac4k_2026_486a757a,\n"
                   "  title        = {ac4k · 013\\_fused\\_residual\\_rms\\_norm\\_backward · B200},\n"
                   "  author       = {{ac4k}},\n"
                   "  year         = {2026},\n"
                   "  howpublished = {\\url{https://example.org/runs/01a03529}},\n"
                   "  url          = {https://example.org/runs/01a03529},\n"
                   "  note         = {013\\_fused\\_residual\\_rms\\_norm\\_backward, NVIDIA B200, mean "
                   "latency 45.3 µs. Run digest "
                   "sha256:486a757a54ba25c8de2165e2dd2b9696c234d1147241426c430e6334870d0e2b. Accessed "
                   "2026-12-02}\n"
                   "}\n");
        QTest::newRow("cff")
            << int(kix::CitationFormat::Cff) << QStringLiteral("https://example.org/runs/01a03529")
            << QStringLiteral(
                   "cff-version: 1.2.0\n"
                   "message: \"If you use this benchmark result, please cite it as below.\"\n"
                   "type: dataset\n"
                   "title: \"ac4k · 013_fused_residual_rms_norm_backward · B200\"\n"
                   "authors:\n  - name: \"ac4k\"\n"
                   "date-released: 2026-06-26\n"
                   "url: \"https://example.org/runs/01a03529\"\n"
                   "identifiers:\n  - type: other\n    value: "
                   "\"sha256:486a757a54ba25c8de2165e2dd2b9696c234d1147241426c430e6334870d0e2b\"\n"
                   "    description: \"kernelindex.dev/v1alpha1 run digest (SHA-256 of the RFC 8785 form)\"\n"
                   "abstract: \"013_fused_residual_rms_norm_backward, NVIDIA B200, mean latency 45.3 µs. "
                   "Accessed 2026-12-02.\"\n");
        QTest::newRow("text")
            << int(kix::CitationFormat::Text) << QString()
            << QStringLiteral("ac4k. \"ac4k · 013_fused_residual_rms_norm_backward · B200\". "
                              "013_fused_residual_rms_norm_backward, "
                              "NVIDIA B200, mean latency 45.3 µs, observed 2026-06-26. "
                              "sha256:486a757a54ba25c8de2165e2dd2b9696c234d1147241426c430e6334870d0e2b. "
                              "Accessed 2026-12-02.\n");
    }
    void formats() {
        QFETCH(int, format);
        QFETCH(QString, url);
        QFETCH(QString, expected);
        const auto m = kix::loadManifestFile(kixtest::seedPath());
        kix::CitationOptions o;
        o.accessed = QDate(2026, 12, 2);
        o.url = url;
        QCOMPARE(kix::cite(*m, kix::CitationFormat(format), o), expected);
    }

    void escapesUntrustedText() {
        auto doc = kixtest::seedJson();
        doc["run"]["metadata"]["title"] = "a}{\\ b & c % $x$ # ^ ~ \"q\"\nz";
        const auto m = kix::parseManifest(QByteArray::fromStdString(doc.dump()), QStringLiteral("t.json"));
        kix::CitationOptions o;
        o.accessed = QDate(2026, 12, 2);
        const QString bib = kix::cite(*m, kix::CitationFormat::BibTeX, o);
        QVERIFY(bib.contains(QStringLiteral(
            "title        = {a\\}\\{\\textbackslash{} b \\& c \\% \\$x\\$ \\# \\^{} \\~{} \"q\"\nz}")));
        const QString cff = kix::cite(*m, kix::CitationFormat::Cff, o);
        QVERIFY(cff.contains(QStringLiteral("title: \"a}{\\\\ b & c % $x$ # ^ ~ \\\"q\\\"\\nz\"")));
    }

    void formatNames() {
        QCOMPARE(*kix::citationFormatFromName(QStringLiteral("BibTeX")), kix::CitationFormat::BibTeX);
        QVERIFY(!kix::citationFormatFromName(QStringLiteral("ris")));
    }
};

QTEST_GUILESS_MAIN(TestCitation)
#include "tst_citation.moc"
