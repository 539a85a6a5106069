#include "InToto.h"

#include "EnvelopeLimits.h"

#include <QRegularExpression>

namespace kix {

nlohmann::json statementJson(const Statement& statement) {
    nlohmann::json subjects = nlohmann::json::array();
    for (const Subject& s : statement.subjects)
        subjects.push_back(
            {{"name", s.name.toStdString()}, {"digest", {{"sha256", s.sha256.toStdString()}}}});
    return {{"_type", kStatementType},
            {"subject", std::move(subjects)},
            {"predicateType", statement.predicateType.toStdString()},
            {"predicate", statement.predicate}};
}

namespace {

StatementRead statementFailure(const QString& path, const QString& error) {
    StatementRead r;
    r.path = path;
    r.error = error;
    return r;
}

bool isPlainFileName(const QString& name) {
    return !name.isEmpty() && name != QLatin1String(".") && name != QLatin1String("..") &&
           !name.contains(u'/') && !name.contains(u'\\') && !name.contains(QChar(0));
}

} // namespace

StatementRead readStatement(const nlohmann::json& value) {
    if (!value.is_object())
        return statementFailure({}, QStringLiteral("an in-toto statement must be a JSON object"));
    const auto type = value.find("_type");
    if (type == value.end() || !type->is_string() || type->get<std::string>() != kStatementType)
        return statementFailure(QStringLiteral("_type"),
                                QStringLiteral("must be \"%1\"").arg(QString::fromLatin1(kStatementType)));
    const auto subjects = value.find("subject");
    if (subjects == value.end() || !subjects->is_array() || subjects->empty())
        return statementFailure(QStringLiteral("subject"),
                                QStringLiteral("must be a non-empty array of {name, digest} objects"));
    if (subjects->size() > std::size_t(kMaxSubjectsPerStatement))
        return statementFailure(QStringLiteral("subject"),
                                QStringLiteral("names %1 subjects, over the limit of %2 per statement (a kix "
                                               "rerun names 2; docs/trust.md, \"Limits\")")
                                    .arg(subjects->size())
                                    .arg(kMaxSubjectsPerStatement));
    static const QRegularExpression hex64(QStringLiteral("^[0-9a-f]{64}$"));
    Statement st;
    for (std::size_t i = 0; i < subjects->size(); ++i) {
        const auto& s = (*subjects)[i];
        const QString at = QStringLiteral("subject[%1]").arg(i);
        if (!s.is_object())
            return statementFailure(at, QStringLiteral("must be an object {name, digest}"));
        const auto name = s.find("name");
        if (name == s.end() || !name->is_string())
            return statementFailure(at + QStringLiteral(".name"), QStringLiteral("missing or not a string"));
        Subject sub;
        sub.name = QString::fromStdString(name->get<std::string>());
        if (!isPlainFileName(sub.name))
            return statementFailure(
                at + QStringLiteral(".name"),
                QStringLiteral("must be a file name beside the envelope, without folders"));
        const auto digest = s.find("digest");
        const auto sha = digest != s.end() && digest->is_object() ? digest->find("sha256") : s.end();
        if (digest == s.end() || !digest->is_object() || sha == digest->end() || !sha->is_string() ||
            !hex64.match(QString::fromStdString(sha->get<std::string>())).hasMatch())
            return statementFailure(at + QStringLiteral(".digest.sha256"),
                                    QStringLiteral("must be 64 lowercase hex digits"));
        sub.sha256 = QString::fromStdString(sha->get<std::string>());
        st.subjects.append(sub);
    }
    const auto predicateType = value.find("predicateType");
    if (predicateType == value.end() || !predicateType->is_string())
        return statementFailure(QStringLiteral("predicateType"), QStringLiteral("missing or not a string"));
    st.predicateType = QString::fromStdString(predicateType->get<std::string>());
    if (const auto predicate = value.find("predicate"); predicate != value.end()) {
        if (!predicate->is_object())
            return statementFailure(QStringLiteral("predicate"), QStringLiteral("must be an object"));
        st.predicate = *predicate;
    }
    StatementRead r;
    r.statement = std::move(st);
    return r;
}

nlohmann::json rerunPredicate(const RerunFacts& f) {
    nlohmann::json p = nlohmann::json::object();
    const auto put = [&p](const char* key, const QString& v) {
        if (!v.isEmpty())
            p[key] = v.toStdString();
    };
    put("kixVersion", f.kixVersion);
    put("kixSourceDigest", f.kixSourceDigest);
    put("kixExecutableDigest", f.kixExecutableDigest);
    put("kernelSourceDigest", f.kernelSourceDigest);
    put("gpu", f.gpu);
    put("driver", f.driver);
    if (!f.clocks.empty())
        p["clocks"] = f.clocks;
    if (!f.commandLine.isEmpty()) {
        nlohmann::json args = nlohmann::json::array();
        for (const QString& a : f.commandLine)
            args.push_back(a.toStdString());
        p["commandLine"] = std::move(args);
    }
    if (f.startedAt.isValid())
        put("startedAt", f.startedAt.toUTC().toString(Qt::ISODateWithMs));
    if (f.finishedAt.isValid())
        put("finishedAt", f.finishedAt.toUTC().toString(Qt::ISODateWithMs));
    return p;
}

} // namespace kix
