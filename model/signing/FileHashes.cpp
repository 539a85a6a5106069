#include "FileHashes.h"

#include "RegularFile.h"
#include "SetReference.h"

#include <QCryptographicHash>
#include <QDir>
#include <array>

namespace kix {

const FileHashes::Hash& FileHashes::of(const QString& folder, const QString& name) {
    const QString key = QDir(folder).filePath(name);
    if (const auto it = m_done.constFind(key); it != m_done.constEnd())
        return *it;
    return *m_done.insert(key, compute(folder, name));
}

FileHashes::Hash FileHashes::compute(const QString& folder, const QString& name) {
    const SetReference ref = resolveSetReference(folder, name);
    if (ref.refusal)
        return {QString(), *ref.refusal};
    RegularFile f;
    if (const auto problem = f.open(ref.path))
        return {QString(), problem->code == QLatin1String(codes::readNotFound) ? QStringLiteral("missing")
                                                                               : problem->message};
    if (f.size() > m_limits.maxBytes)
        return {QString(), tooLargeMessage(QStringLiteral("the file"), f.size(), m_limits.maxBytes) +
                               QStringLiteral(": not hashed")};
    QCryptographicHash hash(QCryptographicHash::Sha256);
    std::array<char, 1 << 16> buffer{};
    qint64 total = 0;
    for (;;) {
        const qint64 n = f.read(buffer.data(), qint64(buffer.size()));
        if (n < 0)
            return {QString(), QStringLiteral("cannot be read: %1").arg(f.errorString())};
        if (n == 0)
            break;
        total += n;
        if (total > m_limits.maxBytes) // it grew while read
            return {QString(), tooLargeMessage(QStringLiteral("the file"), total, m_limits.maxBytes) +
                                   QStringLiteral(": not hashed")};
        hash.addData(QByteArrayView(buffer.data(), n));
    }
    ++m_hashed;
    return {QString::fromLatin1(hash.result().toHex()), QString()};
}

} // namespace kix
