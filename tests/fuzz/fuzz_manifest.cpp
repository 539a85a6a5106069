// libFuzzer target: the manifest parser and the canonicaliser on arbitrary bytes. Nothing may
// crash, hang or trip a sanitizer; every input either parses or yields problems.
#include "Canonical.h"
#include "Digest.h"
#include "ManifestParser.h"
#include "RawSamples.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    const kix::ManifestPtr m = kix::parseManifest(bytes, QStringLiteral("fuzz.json"));
    const auto json = kix::parseJson(bytes, QStringLiteral("fuzz.json"));
    // A clean parse must have produced something, unless it was raw-samples evidence (RawSamples.h),
    // which is read through the runs that name it.
    if (!m->hasErrors() && m->problems.isEmpty() && m->resources().isEmpty() &&
        !(json.value && kix::isRawSamplesDocument(*json.value)))
        __builtin_trap();
    if (json.value) {
        try {
            const std::string canonical = kix::canonicalJson(*json.value);
            // Canonical text is itself valid JSON with the same canonical form.
            const auto again = kix::parseJson(QByteArray::fromStdString(canonical), QStringLiteral("again"));
            if (!again.value || kix::canonicalJson(*again.value) != canonical)
                __builtin_trap();
        } catch (const kix::CanonicalError&) {
        }
    }
    return 0;
}
