// YAML 1.2 to JSON: core-schema scalars, the refusals (duplicate keys, tags, aliases, documents, limits,
// encodings), and resources of KernelIndex's 13 kinds equal to their JSON twins: fixtures written here,
// and KernelIndex's own examples where ../shared has them.
#include "TestMain.h"
#include "YamlReader.h"

#include "Canonical.h"

#include "KernelIndexFixtures.h"
#include "TestSupport.h"

#include <QDir>
#include <QTest>

namespace {

kix::JsonReadResult parse(const QByteArray& text, const kix::JsonLimits& limits = {}) {
    return kix::parseYaml(text, QStringLiteral("t.yaml"), limits);
}

} // namespace

class TestYamlReader : public QObject {
    Q_OBJECT
private slots:
    // Each plain or quoted scalar as the value of `v`, and the JSON it must become (dump() keeps 1 vs 1.0).
    void scalars_data() {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QByteArray>("json");
        auto row = [](const char* name, const char* yaml, const char* json) {
            QTest::newRow(name) << QByteArray(yaml) << QByteArray(json);
        };
        row("null", "null", "null");
        row("Null", "Null", "null");
        row("NULL", "NULL", "null");
        row("tilde", "~", "null");
        row("empty", "", "null");
        row("true", "true", "true");
        row("True", "True", "true");
        row("TRUE", "TRUE", "true");
        row("false", "false", "false");
        row("False", "False", "false");
        row("FALSE", "FALSE", "false");
        row("tRUE stays text", "tRUE", "\"tRUE\"");
        row("yes is text (1.1 only)", "yes", "\"yes\"");
        row("no is text", "no", "\"no\"");
        row("on is text", "on", "\"on\"");
        row("off is text", "off", "\"off\"");
        row("y is text", "y", "\"y\"");
        row("int", "42", "42");
        row("negative int", "-17", "-17");
        row("plus int", "+12", "12");
        row("leading zero is decimal", "017", "17");
        row("0o octal", "0o17", "15");
        row("0x hex", "0x1F", "31");
        row("0X is text", "0X1F", "\"0X1F\"");
        row("bad octal digit", "0o8", "\"0o8\"");
        row("signed hex is text", "-0x10", "\"-0x10\"");
        row("underscore is text (1.1 only)", "1_000", "\"1_000\"");
        row("binary is text (1.1 only)", "0b101", "\"0b101\"");
        row("sexagesimal is text (1.1 only)", "12:30:00", "\"12:30:00\"");
        row("int64 max", "9223372036854775807", "9223372036854775807");
        row("uint64 max", "18446744073709551615", "18446744073709551615");
        row("past 64 bits is a double", "18446744073709551616", "1.8446744073709552e+19");
        row("int64 min", "-9223372036854775808", "-9223372036854775808");
        row("below int64 is a double", "-9223372036854775809", "-9.223372036854776e+18");
        row("float", "1.5", "1.5");
        row("exponent", "-1.5e3", "-1500.0");
        row("leading dot", ".5", "0.5");
        row("trailing dot", "1.", "1.0");
        row("integer exponent", "1e5", "100000.0");
        row("capital exponent", "6.02E+23", "6.02e+23");
        row("timestamp stays text", "2026-08-01T12:00:00Z", "\"2026-08-01T12:00:00Z\"");
        row("date stays text", "2026-08-01", "\"2026-08-01\"");
        row("version stays text", "1.2.0", "\"1.2.0\"");
        row("duration stays text", "0.0000005 ms", "\"0.0000005 ms\"");
        row("double-quoted number", "\"42\"", "\"42\"");
        row("single-quoted bool", "'true'", "\"true\"");
        row("quoted null", "\"null\"", "\"null\"");
        row("quoted empty", "''", "\"\"");
        row("escapes", "\"tab\\tnl\\n\\u00e9\\x41\"",
            "\"tab\\tnl\\n\xC3\xA9"
            "A\"");
        row("!!str", "!!str 42", "\"42\"");
        row("!!int", "!!int \"42\"", "42");
        row("!!float on an int", "!!float 1", "1.0");
        row("!!bool", "!!bool true", "true");
        row("!!null", "!!null null", "null");
        row("non-specific tag", "! 42", "\"42\"");
        row("literal block", "|\n  two\n  lines\n", "\"two\\nlines\\n\"");
        row("folded block", ">\n  two\n  lines\n", "\"two lines\\n\"");
        row("multi-line plain", "a\n  b", "\"a b\"");
        row("flow sequence", "[1, \"2\", three]", "[1,\"2\",\"three\"]");
        row("flow mapping", "{a: 1, b: [true]}", "{\"a\":1,\"b\":[true]}");
        row("merge key is an ordinary key", "{<<: 1}", "{\"<<\":1}");
    }
    void scalars() {
        QFETCH(QByteArray, yaml);
        QFETCH(QByteArray, json);
        const auto r = parse("v: " + yaml + "\n");
        QVERIFY2(r.value, qPrintable(r.error.toString()));
        QCOMPARE(QByteArray::fromStdString(r.value->at("v").dump()), json);
    }

    void errors_data() {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<QString>("code");
        auto row = [](const char* name, const QByteArray& yaml, const char* expected, const char* code) {
            QTest::newRow(name) << yaml << QString::fromUtf8(expected) << QString::fromLatin1(code);
        };
        row("duplicate key at the top", "a: 1\nb: 2\na: 3\n",
            "t.yaml: a: line 3, column 1: duplicate key \"a\" (first at line 1, column 1)",
            "yaml.duplicate_key");
        row("duplicate key nested", "spec:\n  name: A\n  other: 1\n  name: B\n",
            "t.yaml: spec.name: line 4, column 3: duplicate key \"name\" (first at line 2, column 3)",
            "yaml.duplicate_key");
        row("duplicate key in a list item", "items:\n  - id: 1\n    id: 2\n",
            "t.yaml: items[0].id: line 3, column 5: duplicate key \"id\" (first at line 2, column 5)",
            "yaml.duplicate_key");
        row("duplicate key in a flow mapping", "{a: 1, a: 2}",
            "t.yaml: a: line 1, column 8: duplicate key \"a\" (first at line 1, column 2)",
            "yaml.duplicate_key");
        row("duplicate key quoted and plain", "a: 1\n\"a\": 2\n",
            "t.yaml: a: line 2, column 1: duplicate key \"a\" (first at line 1, column 1)",
            "yaml.duplicate_key");
        row("integer key", "spec:\n  1: x\n",
            "t.yaml: spec: line 2, column 3: mapping key \"1\" is an integer, not a string: quote it if a "
            "string "
            "is meant",
            "yaml.non_string_key");
        row("boolean key", "true: x\n",
            "t.yaml: line 1, column 1: mapping key \"true\" is a boolean, not a string: quote it if a string "
            "is "
            "meant",
            "yaml.non_string_key");
        row("null key", "~: x\n",
            "t.yaml: line 1, column 1: a mapping key is null (empty or ~): keys must be strings",
            "yaml.non_string_key");
        row("sequence key", "? [a]\n: x\n",
            "t.yaml: line 1, column 3: a sequence is used as a mapping key: keys must be strings",
            "yaml.non_string_key");
        row("custom tag", "v: !custom x\n",
            "t.yaml: v: line 1, column 4: tag \"!custom\" is not supported: only YAML's core tags (!!str, "
            "!!int, "
            "!!float, !!bool, !!null, !!seq, !!map) are accepted",
            "yaml.tag");
        row("1.1 binary tag", "v: !!binary aGk=\n",
            "t.yaml: v: line 1, column 4: tag \"!!binary\" is not supported: only YAML's core tags (!!str, "
            "!!int, "
            "!!float, !!bool, !!null, !!seq, !!map) are accepted",
            "yaml.tag");
        row("1.1 timestamp tag", "v: !!timestamp 2026-08-01\n",
            "t.yaml: v: line 1, column 4: tag \"!!timestamp\" is not supported: only YAML's core tags "
            "(!!str, "
            "!!int, !!float, !!bool, !!null, !!seq, !!map) are accepted",
            "yaml.tag");
        row("tag on a mapping", "v: !thing {a: 1}\n",
            "t.yaml: v: line 1, column 4: tag \"!thing\" is not supported: only YAML's core tags (!!str, "
            "!!int, "
            "!!float, !!bool, !!null, !!seq, !!map) are accepted",
            "yaml.tag");
        row("wrong core tag on a mapping", "v: !!seq {a: 1}\n",
            "t.yaml: v: line 1, column 4: tag \"!!seq\" does not fit this node", "yaml.tag_value");
        row("!!int on text", "v: !!int abc\n",
            "t.yaml: v: line 1, column 4: \"abc\" is not a valid !!int value", "yaml.tag_value");
        row("!!map on a scalar", "v: !!map abc\n",
            "t.yaml: v: line 1, column 4: tag \"!!map\" does not fit this node", "yaml.tag_value");
        row("two documents", "a: 1\n---\nb: 2\n",
            "t.yaml: line 2, column 1: a second YAML document starts here: a manifest file holds one "
            "document",
            "yaml.multiple_documents");
        row("infinity", "v: .inf\n",
            "t.yaml: v: line 1, column 4: \".inf\" is not a finite number, and JSON has no infinities or NaN",
            "yaml.non_finite");
        row("negative infinity", "v: -.Inf\n",
            "t.yaml: v: line 1, column 4: \"-.Inf\" is not a finite number, and JSON has no infinities or "
            "NaN",
            "yaml.non_finite");
        row("underflow", "v: [0.0, 1e-400]\n",
            "t.yaml: v[1]: line 1, column 10: the number \"1e-400\" is too small for a double: it would read "
            "as 0 (KernelIndex rejects it too); write 0 or a number above 1e-308",
            "yaml.non_finite");
        row("nan", "v: .nan\n",
            "t.yaml: v: line 1, column 4: \".nan\" is not a finite number, and JSON has no infinities or NaN",
            "yaml.non_finite");
        row("overflow", "v: 1e999\n",
            "t.yaml: v: line 1, column 4: \"1e999\" is not a finite number, and JSON has no infinities or "
            "NaN",
            "yaml.non_finite");
        row("recursive alias", "a: &x [1, *x]\n",
            "t.yaml: a[1]: line 1, column 11: alias *x refers to a node that contains it",
            "yaml.recursive_alias");
        row("unknown alias", "a: *nope\n",
            "t.yaml: a: line 1, column 4: not valid YAML: the referenced anchor is not defined",
            "yaml.syntax");
        row("unclosed flow sequence", "a: [1, 2\n",
            "t.yaml: a[2]: line 2, column 1: not valid YAML: end of sequence flow not found", "yaml.syntax");
        row("mapping in a plain value", "a: b: c\n",
            "t.yaml: line 1, column 5: not valid YAML: illegal map value", "yaml.syntax");
        row("invalid utf-8", "a: \xff\n",
            "t.yaml: line 1, column 4: not valid UTF-8 (byte 0xff): YAML manifests must be UTF-8 text",
            "yaml.invalid_utf8");
        row("overlong utf-8", "a: \xc0\xaf\n",
            "t.yaml: line 1, column 4: not valid UTF-8 (byte 0xc0): YAML manifests must be UTF-8 text",
            "yaml.invalid_utf8");
        row("utf-16 byte order mark",
            "\xff\xfe"
            "a\x00:\x00",
            "t.yaml: line 1, column 1: not valid UTF-8 (byte 0xff): YAML manifests must be UTF-8 text",
            "yaml.invalid_utf8");
        row("bell character", "a: x\x07y\n",
            "t.yaml: line 1, column 5: control character U+0007 is not allowed in YAML text (write it as an "
            "escape in a double-quoted string)",
            "yaml.invalid_character");
        row("escape character", "a: \x1b[2J\n",
            "t.yaml: line 1, column 4: control character U+001B is not allowed in YAML text (write it as an "
            "escape in a double-quoted string)",
            "yaml.invalid_character");
        row("C1 control", "a: \xc2\x80\n",
            "t.yaml: line 1, column 4: character U+0080 is not allowed in YAML text (write it as an escape "
            "in a "
            "double-quoted string)",
            "yaml.invalid_character");
        row("lone surrogate escape", "a: \"\\ud800\"\n",
            "t.yaml: a: line 1, column 11: not valid YAML: invalid unicode: 55296", "yaml.syntax");
        row("empty", "", "t.yaml: file is empty: expected a YAML mapping", "yaml.empty");
        row("only comments", "# nothing here\n\n", "t.yaml: file is empty: expected a YAML mapping",
            "yaml.empty");
    }
    void errors() {
        QFETCH(QByteArray, yaml);
        QFETCH(QString, expected);
        QFETCH(QString, code);
        const auto r = parse(yaml);
        QVERIFY(!r.value);
        QCOMPARE(r.error.toString(), expected);
        QCOMPARE(r.error.code, code);
    }

    void utf8Accepted() {
        const auto r = parse("\xEF\xBB\xBFname: \"caf\xC3\xA9 \xF0\x9F\x9A\x80\"\nnel: a\xC2\x85"
                             "b\n");
        QVERIFY2(r.value, qPrintable(r.error.toString()));
        QCOMPARE(r.value->at("name").get<std::string>(), std::string("caf\xC3\xA9 \xF0\x9F\x9A\x80"));
    }

    void anchors() {
        const auto r = parse(
            "base: &b {x: 1, list: [a, b]}\nuse: *b\nname: &n key\n*n : value\nscalar: &s 3\nagain: *s\n");
        QVERIFY2(r.value, qPrintable(r.error.toString()));
        QVERIFY(r.value->at("use") == r.value->at("base"));
        QCOMPARE(r.value->at("key").get<std::string>(), std::string("value"));
        QCOMPARE(r.value->at("again").get<int>(), 3);
    }

    void aliasBomb() {
        // Nine levels of ten aliases each: 10^9 nodes if expanded.
        QByteArray yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
        for (int level = 1; level <= 9; ++level) {
            yaml += QStringLiteral("a%1: &a%1 [").arg(level).toLatin1();
            for (int k = 0; k < 10; ++k)
                yaml += QStringLiteral("%1*a%2")
                            .arg(k ? QStringLiteral(", ") : QString())
                            .arg(level - 1)
                            .toLatin1();
            yaml += "]\n";
        }
        const auto r = parse(yaml);
        QVERIFY(!r.value);
        QCOMPARE(r.error.code, QStringLiteral("yaml.alias_expansion"));
        QCOMPARE(
            r.error.toString(),
            QStringLiteral("t.yaml: a4[7]: line 5, column 45: aliases expand to more than 100000 nodes (a "
                           "\"billion laughs\" document?): refused (raise the limit with the environment "
                           "variable KIX_MAX_YAML_ALIAS_NODES, at most 100000000)"));
    }

    // Issue 26, item 11: the alias budget is documented and settable; a bad setting keeps the default.
    void aliasBudgetSetting_data() {
        QTest::addColumn<QByteArray>("setting");
        QTest::addColumn<bool>("accepted"); // 2,000 alias nodes
        QTest::newRow("default") << QByteArray() << true;
        QTest::newRow("1000") << QByteArray("1000") << false;
        QTest::newRow("not a number") << QByteArray("lots") << true;
        QTest::newRow("below 1000") << QByteArray("10") << true;
    }
    void aliasBudgetSetting() {
        QFETCH(QByteArray, setting);
        QFETCH(bool, accepted);
        // 20 aliases of a list of 100: 2,000 nodes.
        QByteArray yaml = "a: &a [";
        for (int i = 0; i < 100; ++i)
            yaml += i ? ", x" : "x";
        yaml += "]\nb: [";
        for (int i = 0; i < 20; ++i)
            yaml += i ? ", *a" : "*a";
        yaml += "]\n";
        if (setting.isEmpty())
            qunsetenv("KIX_MAX_YAML_ALIAS_NODES");
        else
            qputenv("KIX_MAX_YAML_ALIAS_NODES", setting);
        const auto r = parse(yaml);
        qunsetenv("KIX_MAX_YAML_ALIAS_NODES");
        QCOMPARE(bool(r.value), accepted);
        if (!accepted)
            QVERIFY2(
                r.error.message.endsWith(QStringLiteral(
                    "aliases expand to more than 1000 nodes (a \"billion laughs\" document?): refused (raise "
                    "the limit with the environment variable KIX_MAX_YAML_ALIAS_NODES, at most 100000000)")),
                qPrintable(r.error.toString()));
    }

    void depth() {
        QByteArray deep = "v: ";
        for (int i = 0; i < 70; ++i)
            deep += "[";
        for (int i = 0; i < 70; ++i)
            deep += "]";
        const auto r = parse(deep);
        QVERIFY(!r.value);
        QCOMPARE(r.error.code, QStringLiteral("yaml.too_deep"));
        QVERIFY2(r.error.message.endsWith(QStringLiteral(
                     "nesting deeper than 64 levels, the limit (raise it with the environment variable "
                     "KIX_MAX_DEPTH, at most 1000)")),
                 qPrintable(r.error.toString()));
        QCOMPARE(r.error.message.left(22), QStringLiteral("line 1, column 67: nes"));
        kix::JsonLimits limits;
        limits.maxDepth = 3;
        QCOMPARE(parse("a: {b: {c: 1}}", limits).error.path, QString());
        QVERIFY(parse("a: {b: {c: 1}}", limits).value);
        QCOMPARE(parse("a: {b: {c: [1]}}", limits).error.path, QStringLiteral("a.b.c"));
        // Unclosed, and past yaml-cpp's own recursion guard: a limit is reported, never a crash.
        kix::JsonLimits deepest;
        deepest.maxDepth = kix::JsonLimits::kMostMaxDepth;
        QByteArray veryDeep;
        for (int i = 0; i < 5000; ++i)
            veryDeep += "[";
        const auto r2 = parse(veryDeep, deepest);
        QVERIFY(!r2.value);
        QCOMPARE(r2.error.code, QStringLiteral("yaml.too_deep"));
    }

    void size() {
        kix::JsonLimits limits;
        limits.maxBytes = 10;
        const auto r = parse("name: 0123456789\n", limits);
        QCOMPARE(r.error.toString(),
                 QStringLiteral(
                     "t.yaml: record is 17 bytes, over the limit of 10 bytes per record (raise it with the "
                     "environment variable KIX_MAX_RECORD_BYTES, for example KIX_MAX_RECORD_BYTES=17)"));
        QCOMPARE(r.error.code, QStringLiteral("yaml.too_large"));
    }

    void readsFiles() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("m.yaml"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("kind: X\n");
        f.close();
        const auto r = kix::readYamlFile(path);
        QVERIFY(r.value);
        QCOMPARE(r.value->at("kind").get<std::string>(), std::string("X"));
        QCOMPARE(kix::readYamlFile(dir.filePath(QStringLiteral("none.yaml"))).error.code,
                 QStringLiteral("read.not_found"));
    }

    // Resources of the 13 kinds written as KernelIndex writes its examples, value for value equal to their
    // JSON twins (which write 1.0 as 1), with one canonical form.
    void kindFixtureTwins_data() {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QByteArray>("json");
        for (const kixfix::KindFixture& f : kixfix::validKindFixtures())
            QTest::newRow(f.kind) << f.yaml << f.json;
    }
    void kindFixtureTwins() {
        QFETCH(QByteArray, yaml);
        QFETCH(QByteArray, json);
        const auto y = parse(yaml);
        const auto j = kix::parseJson(json, QStringLiteral("t.json"));
        QVERIFY2(y.value, qPrintable(y.error.toString()));
        QVERIFY2(j.value, qPrintable(j.error.toString()));
        QVERIFY(*y.value == *j.value);
        QCOMPARE(kix::canonicalJson(*y.value), kix::canonicalJson(*j.value));
    }

    // KernelIndex's invalid duplicate-key example, in its shape: refused at the second key, located, and
    // its JSON twin refused by the JSON reader the same way.
    void duplicateKeyFixture() {
        const QByteArray yaml = "# A duplicate key is refused before any check.\n"
                                "apiVersion: kernelindex.dev/v1alpha1\n"
                                "kind: SoftwareProject\n"
                                "metadata:\n"
                                "  name: twice-named\n"
                                "spec:\n"
                                "  name: One\n"
                                "  name: Two\n";
        const auto r = parse(yaml);
        QVERIFY(!r.value);
        QCOMPARE(r.error.code, QStringLiteral("yaml.duplicate_key"));
        QCOMPARE(r.error.path, QStringLiteral("spec.name"));
        QCOMPARE(r.error.message,
                 QStringLiteral("line 8, column 3: duplicate key \"name\" (first at line 7, column 3)"));
        const auto j = kix::parseJson(R"({"apiVersion": "kernelindex.dev/v1alpha1", "kind": "SoftwareProject",
            "metadata": {"name": "twice-named"}, "spec": {"name": "One", "name": "Two"}})",
                                      QStringLiteral("t.json"));
        QVERIFY(!j.value);
        QCOMPARE(j.error.code, QStringLiteral("json.duplicate_key"));
        QCOMPARE(j.error.path, QStringLiteral("spec.name"));
    }

    // KernelIndex's 13 examples, value for value equal to the JSON twins. Without ../shared the data
    // function adds no row, and the test skips with the reason.
    void kernelIndexExamples_data() {
        QTest::addColumn<QString>("name");
        const QString examples = kixtest::sharedPath(QStringLiteral("kernelindex/examples"));
        if (examples.isEmpty())
            return;
        for (const QString& f : QDir(examples).entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(f)) << f.chopped(5);
    }
    void kernelIndexExamples() {
        KIX_SKIP_WITHOUT_SHARED(QStringLiteral("kernelindex/examples"));
        QFETCH(QString, name);
        KIX_REQUIRE_SHARED(yamlPath, QStringLiteral("kernelindex/examples/%1.yaml").arg(name));
        KIX_REQUIRE_SHARED(jsonPath, QStringLiteral("kernelindex/examples-json/%1.json").arg(name));
        const auto y = kix::readYamlFile(yamlPath);
        const auto j = kix::readJsonFile(jsonPath);
        QVERIFY2(y.value, qPrintable(y.error.toString()));
        QVERIFY2(j.value, qPrintable(j.error.toString()));
        // Value for value (the twins write 1.0 as 1, as JavaScript does), and one canonical form.
        QVERIFY(*y.value == *j.value);
        QCOMPARE(kix::canonicalJson(*y.value), kix::canonicalJson(*j.value));
    }
    void kernelIndexExampleCount() {
        KIX_REQUIRE_SHARED(examples, QStringLiteral("kernelindex/examples"));
        QCOMPARE(QDir(examples).entryList({QStringLiteral("*.yaml")}, QDir::Files).size(), 13);
    }
    void kernelIndexDuplicateKey() {
        KIX_REQUIRE_SHARED(path, QStringLiteral("kernelindex/examples/invalid/duplicate-key.yaml"));
        KIX_REQUIRE_SHARED(jsonPath, QStringLiteral("kernelindex/examples-json/invalid/duplicate-key.json"));
        const auto r = kix::readYamlFile(path);
        QVERIFY(!r.value);
        QCOMPARE(r.error.code, QStringLiteral("yaml.duplicate_key"));
        QCOMPARE(r.error.path, QStringLiteral("spec.name"));
        QCOMPARE(r.error.message,
                 QStringLiteral("line 8, column 3: duplicate key \"name\" (first at line 7, column 3)"));
        // Its hand-written JSON twin is refused by the JSON reader the same way.
        const auto j = kix::readJsonFile(jsonPath);
        QVERIFY(!j.value);
        QCOMPARE(j.error.code, QStringLiteral("json.duplicate_key"));
        QCOMPARE(j.error.path, QStringLiteral("spec.name"));
    }
};

KIX_TEST_GUILESS_MAIN(TestYamlReader)
#include "tst_yaml_reader.moc"
