// Nsight Compute's CSV export of a report's raw page (`ncu --import R.ncu-rep --csv --page raw`, or
// `ncu --csv --page raw` while profiling): one header row of column names, one row of their units, then
// one row per profiled kernel launch, in launch order. The first 11 columns describe the launch (ID,
// Process ID, Process Name, Host Name, Kernel Name, Context, Stream, Block Size, Grid Size, Device, CC);
// every other column is a metric, named as ncu names it (gpu__time_duration.sum). Numbers are printed
// with thousands separators ("52,428,800"); "n/a" or an empty cell is a metric ncu did not collect.
//
// The reader is strict where a mistake would change a number and says where: an unclosed quote, a row
// with another count of fields, a cell that is not a number where the unit says it is one. Its limits
// (NcuLimits) keep a hostile file from exhausting memory.
#pragma once

#include "Problem.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace kix::profile {

struct NcuLimits {
    static constexpr qsizetype kMaxBytes = qsizetype(64)
                                           << 20; // a raw page of 600 metrics is ~40 KB a launch
    static constexpr qsizetype kMaxColumns = 20000;
    static constexpr qsizetype kMaxLaunches = 100000;
    static constexpr qsizetype kMaxFieldBytes = qsizetype(1) << 20;
};

// One profiled launch: the descriptive columns, and every metric cell as ncu printed it.
struct NcuLaunch {
    int id = -1; // ncu's launch ID, in launch order
    qint64 processId = 0;
    QString processName;
    QString kernelName; // demangled, as ncu prints it: "void ns::kernel<1, 1>(Params)"
    QString function;   // the kernel's unqualified name without template arguments or parameters: "kernel"
    QString blockSize;  // "(320, 1, 1)"
    QString gridSize;
    QString device;                // the device name ncu recorded (device__attribute_display_name), else ""
    QString computeCapability;     // "9.0"
    qint64 line = 0;               // the row's line in the file, for located messages
    QHash<QString, QString> cells; // metric name -> cell text
};

struct NcuTable {
    QStringList metricNames;       // in file order
    QHash<QString, QString> units; // metric name -> unit ("us", "Tbyte/s", "%", "")
    QList<NcuLaunch> launches;
};

struct NcuReadResult {
    std::optional<NcuTable> table; // set when the file was read (even with warnings)
    Problems problems;
};

// `file` names the input in messages.
NcuReadResult readNcuCsv(const QByteArray& text, const QString& file);

// The unqualified function name of a demangled kernel name: "void (anonymous namespace)::k<1>(P)" -> "k".
QString kernelFunction(const QString& kernelName);

// ncu's number forms: "68.736000", "52,428,800", "-1.5e+03". nullopt for anything else ("n/a", "", text).
std::optional<double> parseNcuNumber(const QString& cell);

} // namespace kix::profile
