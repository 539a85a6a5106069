// libFuzzer target: the SOL-ExecBench trace importer (TraceImport.h) on arbitrary JSON Lines. Nothing
// may crash, hang or trip a sanitizer, and its output must hold what import-trace promises: an input
// with an error yields no file at all; otherwise every file has a KernelIndex name of bounded length,
// is valid JSON, and every manifest in it reads back without an error.
#include "ManifestParser.h"
#include "OutputName.h"
#include "TraceImport.h"

#include <QRegularExpression>
#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    const kix::TraceImportResult r = kix::importTraces(bytes, QStringLiteral("fuzz.jsonl"));
    if (kix::hasErrors(r.problems)) {
        if (r.files.size() != 0)
            __builtin_trap(); // all or nothing
        return 0;
    }
    if (r.files.size() == 0)
        __builtin_trap(); // no error means something to write
    static const QRegularExpression name(QStringLiteral("^[a-z0-9][a-z0-9._-]*\\.json$"));
    for (const auto& f : r.files.files()) {
        if (f.name.size() > 200 || !name.match(f.name).hasMatch())
            __builtin_trap();
        const auto json = kix::parseJson(f.bytes, f.name);
        if (!json.value)
            __builtin_trap();
        if (f.name.endsWith(QLatin1String(".samples.json")))
            continue;
        const kix::ManifestPtr m = kix::parseManifest(f.bytes, f.name);
        if (m->hasErrors())
            __builtin_trap(); // kix must read back what it wrote
    }
    return 0;
}
