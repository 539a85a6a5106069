// KernelIndex's digest scheme: "sha256:" + hex SHA-256 of the RFC 8785 form of
// {apiVersion, kind, spec} of a resource. metadata (names, titles, labels) is left out,
// so renaming a resource never changes its digest.
#pragma once

#include <QString>
#include <nlohmann/json.hpp>
#include <string>

namespace kix {

inline constexpr char kDigestScheme[] = "sha256";

// Throws CanonicalError when the resource's content cannot be canonicalized.
QString resourceDigest(const nlohmann::json& resource);

// The digest with the canonical text it covers, so that callers can keep the text instead of a DOM.
struct CanonicalDigest {
    std::string canonical; // RFC 8785 form of {apiVersion, kind, spec}
    QString digest;        // sha256:<hex> of it
};
CanonicalDigest canonicalDigest(const nlohmann::json& resource); // throws CanonicalError

// "sha256:" + hex SHA-256 of the RFC 8785 form of any JSON value (KernelIndex's comparison keys).
QString valueDigest(const nlohmann::json& value); // throws CanonicalError
QString textDigest(const std::string& canonical);

enum class DigestForm { Sha256, OtherScheme, Malformed };
// "sha256:<64 lowercase hex>" is Sha256; "<scheme>:<hex>" with another scheme is OtherScheme.
DigestForm classifyDigest(const QString& digest);
QString digestScheme(const QString& digest);
// sha256:2964c5c4ed9c… (first 12 hex digits), for tables.
QString shortDigest(const QString& digest);

} // namespace kix
