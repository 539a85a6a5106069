// JSON documents (RecordFixtures.h builds them) loaded as one set, as if each were a file of its own
// ("doc0.json", "doc1.json", …): the RecordIndex, or the bundle views of its runs. Kept apart from
// RecordFixtures.h so that tests of the layers below the index can still include that one.
#pragma once

#include "BundleView.h"
#include "RecordIndex.h"
#include "SourceReader.h"

#include <QList>
#include <nlohmann/json.hpp>

namespace kixfix {

inline kix::RecordIndex indexOf(const QList<nlohmann::json>& documents) {
    kix::RecordIndex index;
    int n = 0;
    for (const nlohmann::json& d : documents)
        index.add(kix::readDocumentBytes(QByteArray::fromStdString(d.dump()),
                                         QStringLiteral("doc%1.json").arg(n++), kix::SourceFormat::Json));
    return index;
}

// The bundle views of the set's runs, in order.
inline QList<kix::ManifestPtr> runsOf(const QList<nlohmann::json>& documents) {
    const kix::RecordIndex index = indexOf(documents);
    QList<kix::ManifestPtr> out;
    for (int i = 0; i < index.runCount(); ++i)
        out << kix::bundleView(index, index.rowOfRun(i));
    return out;
}

} // namespace kixfix
