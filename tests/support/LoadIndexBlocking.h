// A record index of paths, loaded on the calling thread (RunStore::loadBlocking): what the explorer's
// store holds once a load of the same paths has ended.
#pragma once

#include "RecordIndex.h"
#include "RunStore.h"

#include <QStringList>
#include <utility>

namespace kixtest {

inline kix::RecordIndex loadIndexBlocking(const QStringList& paths) {
    kix::RecordIndex index;
    for (kix::ParsedDocument& d : kix::RunStore::loadBlocking(paths))
        index.add(std::move(d));
    return index;
}

} // namespace kixtest
