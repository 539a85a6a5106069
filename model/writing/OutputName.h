// Names kix gives to what it writes (resource metadata.name and the file it lands in), derived from
// text it did not choose (a SOL-ExecBench solution or definition, a GPU name). They must satisfy
// KernelIndex's metadata.name pattern ^[a-z0-9][a-z0-9._-]*$, stay well under file-name limits, and
// never let two different texts land on one name (issue 13: "a/b", "a b", "a?b" and "a_b" used to
// become one file, and a 300-character name stopped an import half-way).
#pragma once

#include <QString>

namespace kix {

// Longest name boundedName returns; with kix's longest file suffix this keeps a file name far below
// the 255 bytes a Linux file system allows, and a metadata.name below KernelIndex's 200 characters.
inline constexpr qsizetype kMaxOutputNameLength = 96;

// A KernelIndex-valid name for `text`: lowercase letters, digits, '.', '_' and '-' kept (a leading
// '.', '_' or '-' dropped), every other run of characters turned into one '-'. When that changed the text in
// any way (case, characters, length),
// "-" and the first 10 hex digits of the SHA-256 of the exact text are appended, so that different
// texts never share a name; the readable part is cut to keep the whole within `maxLength`.
QString boundedName(const QString& text, qsizetype maxLength = kMaxOutputNameLength);

// A lowercase identifier for KernelIndex's ^[a-z][a-z0-9_]*$ fields (library names, label keys):
// "sol-execbench" -> "sol_execbench". Empty when nothing usable is left.
QString identifierName(const QString& text);

// KernelIndex's OperationSpec family (^[a-z0-9][a-z0-9-]*$, at most 100): "021_RMSNorm.h128" ->
// "021-rmsnorm-h128". Not collision-free: a family is a label, never a file name.
QString familyName(const QString& text);

} // namespace kix
