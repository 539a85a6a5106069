#include "Sha256.h"

#include <memory>
#include <openssl/evp.h>
#include <stdexcept>

namespace kix {

QByteArray sha256Hex(std::string_view bytes) {
    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (!ctx || EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr) != 1 ||
        EVP_DigestUpdate(ctx.get(), bytes.data(), bytes.size()) != 1 ||
        EVP_DigestFinal_ex(ctx.get(), digest, &length) != 1)
        throw std::runtime_error("OpenSSL SHA-256 failed");
    return QByteArray(reinterpret_cast<const char*>(digest), int(length)).toHex();
}

} // namespace kix
