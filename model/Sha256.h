// SHA-256 through OpenSSL's EVP interface.
#pragma once

#include <QByteArray>
#include <string_view>

namespace kix {

// Lowercase hex of the SHA-256 of bytes. Throws std::runtime_error if OpenSSL fails.
QByteArray sha256Hex(std::string_view bytes);

} // namespace kix
