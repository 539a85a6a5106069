// libFuzzer target: the history's record_events reader (RecordEventsReader.h) on arbitrary bytes written as
// a catalog file. Nothing may crash, hang or trip a sanitizer, and its bounds hold: no more events than
// rows, no events at all when the file is refused for its row count, at most kMaxRepeatedWarnings listed
// warnings plus the one that counts the rest.
#include "InputLimits.h"
#include "RecordEventsReader.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <algorithm>
#include <cstdint>
#include <cstdlib>

namespace {

QString scratchFile() {
    static const QString path = [] {
        QByteArray pattern = QDir::tempPath().toLocal8Bit() + "/kix-fuzz-events-XXXXXX";
        return QString::fromLocal8Bit(mkdtemp(pattern.data())) + QStringLiteral("/events.jsonl");
    }();
    return path;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QString path = scratchFile();
    {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return 0;
        f.write(reinterpret_cast<const char*>(data), qint64(size));
    }
    const kix::RecordEventsRead read = kix::readRecordEvents(path);
    if (read.events.size() > read.rows || read.rows > kix::limits::kMaxRecordEvents + 1)
        __builtin_trap();
    if (read.refused && !read.events.isEmpty())
        __builtin_trap();
    const auto warnings = std::count_if(read.problems.begin(), read.problems.end(),
                                        [](const kix::Problem& p) { return !p.isError(); });
    if (warnings > kix::limits::kMaxRepeatedWarnings + 2) // the listed ones, the count, the file's own
        __builtin_trap();
    return 0;
}
