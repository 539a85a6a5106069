// libFuzzer target: the YAML reader, then normalization and the upstream check on what it makes.
// Nothing may crash, hang or trip a sanitizer; a parsed value is always JSON that canonicalizes.
#include "Canonical.h"
#include "Normalize.h"
#include "UpstreamCheck.h"
#include "YamlReader.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    kix::JsonLimits limits;
    limits.maxBytes = 1 << 20;
    limits.maxDepth = 64;
    const auto r = kix::parseYaml(bytes, QStringLiteral("fuzz.yaml"), limits);
    if (!r.value) {
        if (r.error.message.isEmpty() || r.error.code.isEmpty())
            __builtin_trap(); // every refusal says what and why
        return 0;
    }
    try {
        const std::string canonical = kix::canonicalJson(*r.value);
        (void)canonical;
    } catch (const kix::CanonicalError&) {
        __builtin_trap(); // the reader must never make a value JCS cannot write (bad UTF-8, NaN)
    }
    const auto n = kix::normalizeResource(*r.value, QStringLiteral("fuzz.yaml"), QString());
    const auto again = kix::normalizeResource(n.value, QStringLiteral("fuzz.yaml"), QString());
    if (again.changed)
        __builtin_trap(); // normalizing is idempotent
    (void)kix::checkUpstreamAcceptance(*r.value, QStringLiteral("fuzz.yaml"), QString(), qint64(size));
    return 0;
}
