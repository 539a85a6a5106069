// YAML 1.2, KernelIndex's authoring format, read into the same JSON values the JSON reader makes.
// yaml-cpp supplies the syntax (its event parser); everything that decides a value is done here,
// to YAML 1.2's core schema: plain null/true/false/integers/floats are typed, everything else and
// every quoted scalar stays a string (a timestamp, `yes`, `on`, `1_000` and `0o17`-style octal
// handled per 1.2, not 1.1). Refused, each with file, line and column and the path of mapping keys:
// duplicate keys (yaml-cpp would keep one silently), tags other than the core ones, non-string
// keys, more than one document, aliases that expand past a fixed budget (billion laughs) or into
// themselves, .inf/.nan (not JSON), invalid UTF-8 and control characters, and input over the size or
// depth limits of JsonLimits.
#pragma once

#include "JsonReader.h"

namespace kix {

// Nodes that aliases may add in all (each alias adds the size of what it names), unless the environment
// variable KIX_MAX_YAML_ALIAS_NODES sets another (1,000 to 100,000,000; docs/reading.md).
inline constexpr qint64 kYamlAliasNodeBudget = 100000;

JsonReadResult parseYaml(const QByteArray& bytes, const QString& source, const JsonLimits& limits = {});
JsonReadResult readYamlFile(const QString& path, const JsonLimits& limits = {});

} // namespace kix
