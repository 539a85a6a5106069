// Citation text for the seed run, with an injected access date; untrusted text is escaped for each
// format's real parser: BibTeX is run on the output, the CFF is read back by yaml-cpp.
#include "Citation.h"
#include "CitationEscape.h"
#include "ManifestParser.h"
#include "TestMain.h"
#include "TestSupport.h"
#include "TextSanitizer.h"

#include <QDir>
#include <QMap>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <yaml-cpp/yaml.h>

namespace {

kix::CitationOptions options() {
    kix::CitationOptions o;
    o.accessed = QDate(2026, 12, 2);
    return o;
}

// The seed run with a hostile title, benchmark name and permalink (empty: the seed's own).
kix::ManifestPtr hostile(const QString& title, const QString& benchmark, const QString& url) {
    auto doc = kixtest::seedJson();
    if (!title.isEmpty())
        doc["run"]["metadata"]["title"] = title.toStdString();
    if (!benchmark.isEmpty())
        doc["run"]["spec"]["sourceNative"]["benchmark"] = benchmark.toStdString();
    if (!url.isEmpty())
        doc["run"]["metadata"]["annotations"]["kernelindex.dev/permalink"] = url.toStdString();
    return kix::parseManifest(QByteArray::fromStdString(doc.dump()), QStringLiteral("hostile.json"));
}

QString digest(const kix::Manifest& m) {
    return m.run->digest;
}

void write(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

// The fields of kix's own entry ("  name = {value},"), as BibTeX is expected to read them:
// outer braces off, runs of white space collapsed.
QMap<QString, QString> writtenFields(const QString& entry) {
    QMap<QString, QString> fields;
    for (const QString& line : entry.split(u'\n')) {
        if (!line.startsWith(QStringLiteral("  ")))
            continue;
        const QString name = line.section(u'=', 0, 0).trimmed();
        QString value = line.section(u'=', 1).trimmed();
        if (value.endsWith(u','))
            value.chop(1);
        fields.insert(name, value.mid(1, value.size() - 2).simplified());
    }
    return fields;
}

} // namespace

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

    // One hostile manifest, every format asserted in full.
    void escapesUntrustedText() {
        const auto m = hostile(QStringLiteral("a}{\\ b & c % $x$ # ^ ~ \"q\"\nz\x1b[2J") + QChar(0x202E),
                               QStringLiteral("bench}, note = {evil"),
                               QStringLiteral("https://example.org/r?a={1} b\x1b]52;c;eA==\x07"));
        // The digest depends on the crafted content; it stands in the expected texts as <D>.
        auto expected = [&](QString text) {
            return text.replace(QStringLiteral("<D8>"), digest(*m).mid(7, 8))
                .replace(QStringLiteral("<D>"), digest(*m));
        };
        QCOMPARE(
            kix::cite(*m, kix::CitationFormat::BibTeX, options()),
            expected(QStringLiteral(
                "@misc{kix_a_b_c_x_q_z_2j__2026_<D8>,\n"
                "  title        = {a\\textbraceright{}\\textbraceleft{}\\textbackslash{} b \\& c \\% \\$x\\$ "
                "\\# \\^{} \\~{} \"q\"\\textbackslash{}nz\\textbackslash{}x1b[2J⟨U+202E⟩},\n"
                "  author       = {{a\\textbraceright{}\\textbraceleft{}\\textbackslash{} b \\& c \\% "
                "\\$x\\$ "
                "\\# \\^{} \\~{} \"q\"\\textbackslash{}nz\\textbackslash{}x1b[2J⟨U+202E⟩}},\n"
                "  year         = {2026},\n"
                "  howpublished = {\\url{https://example.org/r?a=%7B1%7D%20b%1B]52;c;eA==%07}},\n"
                "  url          = {https://example.org/r?a=%7B1%7D%20b%1B]52;c;eA==%07},\n"
                "  note         = {bench\\textbraceright{}, note = \\textbraceleft{}evil, NVIDIA B200, mean "
                "latency 45.3 µs. Run digest <D>. Accessed 2026-12-02}\n}\n")));
        QCOMPARE(
            kix::cite(*m, kix::CitationFormat::Cff, options()),
            expected(QStringLiteral(
                "cff-version: 1.2.0\n"
                "message: \"If you use this benchmark result, please cite it as below.\"\n"
                "type: dataset\n"
                "title: \"a}{\\\\ b & c % $x$ # ^ ~ \\\"q\\\"\\x0Az\\x1B[2J\\u202E\"\n"
                "authors:\n  - name: \"a}{\\\\ b & c % $x$ # ^ ~ \\\"q\\\"\\x0Az\\x1B[2J\\u202E\"\n"
                "date-released: 2026-06-26\n"
                "url: \"https://example.org/r?a=%7B1%7D%20b%1B]52;c;eA==%07\"\n"
                "identifiers:\n  - type: other\n    value: \"<D>\"\n"
                "    description: \"kernelindex.dev/v1alpha1 run digest (SHA-256 of the RFC 8785 form)\"\n"
                "abstract: \"bench}, note = {evil, NVIDIA B200, mean latency 45.3 µs. Accessed "
                "2026-12-02.\"\n")));
        QCOMPARE(kix::cite(*m, kix::CitationFormat::Text, options()),
                 expected(QStringLiteral(
                     "a}{\\ b & c % $x$ # ^ ~ \"q\"\\nz\\x1b[2J⟨U+202E⟩. \"a}{\\ b & c % $x$ # ^ ~ "
                     "\"q\"\\nz\\x1b[2J⟨U+202E⟩\". bench}, note = {evil, NVIDIA B200, mean latency 45.3 "
                     "µs, observed 2026-06-26. <D>. https://example.org/r?a=%7B1%7D%20b%1B]52;c;eA==%07. "
                     "Accessed 2026-12-02.\n")));
    }

    // A date that is not one (whatever a reader let through) is left out: no year, no date-released.
    void craftedDateIsLeftOut() {
        kix::Manifest m = *kix::loadManifestFile(kixtest::seedPath());
        m.runSpec.observedAt = QStringLiteral("20}\n@x, y = {");
        const QString bib = kix::cite(m, kix::CitationFormat::BibTeX, options());
        QCOMPARE(bib.section(u'\n', 0, 0),
                 QString(QStringLiteral("@misc{kix_ac4k__") + digest(m).mid(7, 8) + u','));
        QVERIFY(!bib.contains(QStringLiteral("year")));
        QVERIFY(!kix::cite(m, kix::CitationFormat::Cff, options()).contains(QStringLiteral("date-released")));
        QVERIFY(!kix::cite(m, kix::CitationFormat::Text, options()).contains(QStringLiteral("observed")));
        m.runSpec.observedAt = QStringLiteral("2026-13-45T00:00:00Z");
        QVERIFY(!kix::cite(m, kix::CitationFormat::Cff, options()).contains(QStringLiteral("date-released")));
    }

    void urls_data() {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("expected");
        QTest::newRow("plain") << QStringLiteral("https://kernelindex.dev/runs/01a0?x=1&y=2#top")
                               << QStringLiteral("https://kernelindex.dev/runs/01a0?x=1&y=2#top");
        QTest::newRow("existing escapes kept")
            << QStringLiteral("https://x.org/a%20b%2f") << QStringLiteral("https://x.org/a%20b%2f");
        QTest::newRow("stray percent")
            << QStringLiteral("https://x.org/100%") << QStringLiteral("https://x.org/100%25");
        QTest::newRow("field injection") << QStringLiteral("https://x.org/}, note = {injected")
                                         << QStringLiteral("https://x.org/%7D,%20note%20=%20%7Binjected");
        QTest::newRow("backslash, quote, angle brackets")
            << QStringLiteral("https://x.org/\\\"<>|^`")
            << QStringLiteral("https://x.org/%5C%22%3C%3E%7C%5E%60");
        QTest::newRow("controls and bidi") << (QStringLiteral("https://x.org/\r\n\x1b") + QChar(0x202E))
                                           << QStringLiteral("https://x.org/%0D%0A%1B%E2%80%AE");
        QTest::newRow("non-ASCII as UTF-8")
            << QStringLiteral("https://x.org/µ") << QStringLiteral("https://x.org/%C2%B5");
    }
    void urls() {
        QFETCH(QString, url);
        QFETCH(QString, expected);
        QCOMPARE(kix::citationUrl(url), expected);
    }

    // BibTeX itself reads every field back as written, with kix's note and digest, for hostile values.
    void bibtexReadsEveryField_data() {
        QTest::addColumn<QString>("title");
        QTest::addColumn<QString>("benchmark");
        QTest::addColumn<QString>("url");
        QTest::newRow("seed") << QString() << QString() << QString();
        QTest::newRow("escaped brace (lost every field before)")
            << QStringLiteral("a \\{ b · x · y") << QStringLiteral("c \\} d") << QString();
        QTest::newRow("unbalanced braces")
            << QStringLiteral("}}}{ · x · y") << QStringLiteral("{{{") << QStringLiteral("https://x.org/{");
        QTest::newRow("permalink injects a note (dropped kix's before)")
            << QString() << QString() << QStringLiteral("https://x.org/a}, note = {evil}, x = {");
        QTest::newRow("entry injection")
            << QStringLiteral("t}} @misc{evil, note = {x} · x · y") << QStringLiteral("b\"}, note = \"e")
            << QStringLiteral("https://x.org/\"@misc{");
        QTest::newRow("TeX specials and controls")
            << (QStringLiteral("%$&#_^~\\ \x1b[2J\a\r\n\t") + QChar(0x202E) + QChar(0xFFFE) +
                QStringLiteral(" · x"))
            << QStringLiteral("\\end{document}") << QStringLiteral("https://x.org/%zz%41");
    }
    void bibtexReadsEveryField() {
        QFETCH(QString, title);
        QFETCH(QString, benchmark);
        QFETCH(QString, url);
        const QString bibtex = QStandardPaths::findExecutable(QStringLiteral("bibtex"));
        if (bibtex.isEmpty())
            QSKIP("bibtex not found (Debian: texlive-binaries, installed by packaging/install-deps.sh)");
        const auto m = hostile(title, benchmark, url);
        const QString entry = kix::cite(*m, kix::CitationFormat::BibTeX, options());
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        write(dir.filePath(QStringLiteral("runs.bib")), entry.toUtf8());
        write(dir.filePath(QStringLiteral("runs.aux")),
              "\\citation{*}\n\\bibstyle{fields}\n\\bibdata{runs}\n");
        // A style that prints each field on its own line, so the test sees what BibTeX parsed.
        write(
            dir.filePath(QStringLiteral("fields.bst")),
            "ENTRY { title author year howpublished url note } {} {}\n"
            "FUNCTION {field} { swap$ duplicate$ missing$ { pop$ \"=(missing)\" * } { \"=\" swap$ * * } if$ "
            "write$ newline$ }\n"
            "FUNCTION {misc} { \"key=\" cite$ * write$ newline$ title \"title\" field author \"author\" "
            "field "
            "year \"year\" field howpublished \"howpublished\" field url \"url\" field note \"note\" field "
            "}\n"
            "READ\nITERATE {call.type$}\n");
        QProcess p;
        p.setWorkingDirectory(dir.path());
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("BSTINPUTS"), dir.path());
        env.insert(QStringLiteral("BIBINPUTS"), dir.path());
        p.setProcessEnvironment(env);
        p.start(bibtex, {QStringLiteral("-terse"), QStringLiteral("runs")});
        QVERIFY(p.waitForFinished(30000));
        const QByteArray log = p.readAllStandardOutput() + p.readAllStandardError();
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
                 qPrintable(QStringLiteral("bibtex: ") + QString::fromUtf8(log) + QStringLiteral("\non:\n") +
                            entry));
        // BibTeX wraps output lines at spaces ("\n  ") and collapses runs of white space.
        QString bbl = QString::fromUtf8(kixtest::readAll(dir.filePath(QStringLiteral("runs.bbl"))));
        bbl.replace(QStringLiteral("\n  "), QStringLiteral(" "));
        QMap<QString, QString> seen;
        for (const QString& line : bbl.split(u'\n', Qt::SkipEmptyParts))
            seen.insert(line.section(u'=', 0, 0), line.section(u'=', 1));
        const QMap<QString, QString> fields = writtenFields(entry);
        QCOMPARE(seen.value(QStringLiteral("key")), entry.mid(6, entry.indexOf(u',') - 6));
        QCOMPARE(seen.size(), 7);
        for (const QString& name : {QStringLiteral("title"), QStringLiteral("author"), QStringLiteral("year"),
                                    QStringLiteral("howpublished"), QStringLiteral("note")})
            QCOMPARE(seen.value(name), fields.value(name));
        QCOMPARE(seen.value(QStringLiteral("url")),
                 url.isEmpty() ? QStringLiteral("(missing)") : fields.value(QStringLiteral("url")));
        QVERIFY(seen.value(QStringLiteral("note"))
                    .contains(QStringLiteral("Run digest ") + digest(*m) +
                              QStringLiteral(". Accessed 2026-12-02")));
    }

    // A YAML parser reads the CFF back with every value exactly as the manifest has it.
    void cffReadsBackExactly_data() {
        QTest::addColumn<QString>("title");
        QTest::newRow("NUL BS ESC DEL")
            << (QStringLiteral("a") + QChar(0) + QStringLiteral("\b\x1b[2J\x7f z"));
        QTest::newRow("CR, CRLF and NEL")
            << (QStringLiteral("a\rb\r\nc") + QChar(0x85) + QStringLiteral("d"));
        QTest::newRow("line and paragraph separators")
            << (QStringLiteral("a") + QChar(0x2028) + QStringLiteral("b") + QChar(0x2029));
        QTest::newRow("noncharacters and BOM")
            << (QChar(0xFFFE) + QStringLiteral("x") + QChar(0xFFFF) + QChar(0xFEFF));
        QTest::newRow("bidi override") << (QStringLiteral("x") + QChar(0x202E) + QStringLiteral("gpj.exe"));
        QTest::newRow("tabs, quotes, backslashes") << QStringLiteral("\t\"q\" \\ \\n 'x' #c: -d");
        QTest::newRow("YAML syntax") << QStringLiteral("x\"\nauthors: []\n# y: &a *a {}[]|>");
        QTest::newRow("astral and tags")
            << (QStringLiteral("\U0001F600") + QString::fromUcs4(U"\U000E0041", 1));
        QTest::newRow("C1 controls") << QString::fromUcs4(U"\u0080\u009b\u009f", 3);
    }
    void cffReadsBackExactly() {
        QFETCH(QString, title);
        const auto m = hostile(title + QStringLiteral(" · x · y"), title, title);
        const QString cff = kix::cite(*m, kix::CitationFormat::Cff, options());
        for (const char32_t c : cff.toStdU32String())
            QVERIFY2(c == u'\n' || !kix::isUnsafeCodePoint(c),
                     "raw control or bidi character in the CFF text");
        YAML::Node doc;
        try {
            doc = YAML::Load(cff.toStdString());
        } catch (const YAML::Exception& e) {
            QFAIL(qPrintable(QStringLiteral("not valid YAML: ") + QString::fromStdString(e.what()) + u'\n' +
                             cff));
        }
        QStringList keys;
        for (const auto& kv : doc)
            keys << QString::fromStdString(kv.first.as<std::string>());
        QCOMPARE(
            keys,
            (QStringList{QStringLiteral("cff-version"), QStringLiteral("message"), QStringLiteral("type"),
                         QStringLiteral("title"), QStringLiteral("authors"), QStringLiteral("date-released"),
                         QStringLiteral("url"), QStringLiteral("identifiers"), QStringLiteral("abstract")}));
        const std::string expectedTitle = QString(title + QStringLiteral(" · x · y")).toStdString();
        QCOMPARE(doc["title"].as<std::string>(), expectedTitle);
        QCOMPARE(doc["authors"][0]["name"].as<std::string>(),
                 title.trimmed().toStdString()); // the label is the title's first part, trimmed
        QCOMPARE(doc["url"].as<std::string>(), kix::citationUrl(title).toStdString());
        QCOMPARE(doc["identifiers"][0]["value"].as<std::string>(), digest(*m).toStdString());
        QVERIFY(doc["abstract"].as<std::string>().find(title.toStdString()) == 0);
        QCOMPARE(doc["date-released"].as<std::string>(), std::string("2026-06-26"));
    }

    // A lone surrogate cannot be a YAML string: it is shown as the sanitizer's marker instead.
    void cffLoneSurrogate() {
        QCOMPARE(kix::yamlQuoted(QStringLiteral("a") + QChar(0xD800) + QStringLiteral("b")),
                 QStringLiteral("\"a⟨U+D800⟩b\""));
        QCOMPARE(kix::yamlQuoted(QStringLiteral("\U0001F600\x01")), QStringLiteral("\"\U0001F600\\x01\""));
        QCOMPARE(kix::yamlQuoted(QString::fromUcs4(U"\U000E0041", 1)), QStringLiteral("\"\\U000E0041\""));
    }

    void formatNames() {
        QCOMPARE(*kix::citationFormatFromName(QStringLiteral("BibTeX")), kix::CitationFormat::BibTeX);
        QVERIFY(!kix::citationFormatFromName(QStringLiteral("ris")));
    }
};

KIX_TEST_GUILESS_MAIN(TestCitation)
#include "tst_citation.moc"
