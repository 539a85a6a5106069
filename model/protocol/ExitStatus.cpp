#include "ExitStatus.h"

namespace kix::protocol {

const ExitStatusInfo* exitStatusInfo(int code) {
    for (const ExitStatusInfo& row : kExitStatuses)
        if (protocol::code(row.status) == code)
            return &row;
    return nullptr;
}

QList<const ExitStatusInfo*> exitStatusesOf(unsigned command) {
    QList<const ExitStatusInfo*> rows;
    for (const ExitStatusInfo& row : kExitStatuses)
        if (row.commands & command)
            rows.append(&row);
    return rows;
}

QStringList exitCommandNames(unsigned commands) {
    static const std::pair<unsigned, const char*> names[] = {
        {UsedByShow, "show"},
        {UsedByVerify, "verify"},
        {UsedByDiff, "diff"},
        {UsedByCite, "cite"},
        {UsedByImportTrace, "import-trace"},
        {UsedByRun, "run"},
        {UsedByKey, "key"},
        {UsedByKeyVerify, "key verify"},
        {UsedByHistory, "history"},
        {UsedByServing, "serving"},
        {UsedByProfile, "profile"},
        {UsedByFleet, "fleet"},
    };
    QStringList out;
    for (const auto& [bit, name] : names)
        if (commands & bit)
            out.append(QString::fromLatin1(name));
    return out;
}

QString exitStatusHelp(unsigned command, const QString& lead) {
    QString text =
        lead.isEmpty() ? QStringLiteral("Exit status:\n") : QStringLiteral("Exit status, %1:\n").arg(lead);
    for (const ExitStatusInfo* row : exitStatusesOf(command))
        text += QStringLiteral("  %1  %2  %3\n")
                    .arg(code(row->status), 2)
                    .arg(QString::fromLatin1(row->name), -18)
                    .arg(QString::fromUtf8(row->meaning));
    return text;
}

} // namespace kix::protocol
