#include "TrustSupport.h"

#include "CommandSupport.h"
#include "KeyStore.h"
#include "TextSanitizer.h"

#include <algorithm>
#include <iterator>

namespace kix::cli {

namespace {

std::string s(const QString& text) {
    return text.toStdString();
}

QString kindName(RooflineVerdict::Kind kind) {
    switch (kind) {
    case RooflineVerdict::Kind::Suspicious:
        return QStringLiteral("suspicious");
    case RooflineVerdict::Kind::CacheCanExplain:
        return QStringLiteral("cache can explain");
    case RooflineVerdict::Kind::AtRoofline:
        return QStringLiteral("at roofline");
    case RooflineVerdict::Kind::AboveFloor:
        break;
    }
    return QStringLiteral("above floor");
}

Json outcomeJson(const RooflineOutcome& o) {
    if (!o.verdict)
        return {{"noFloorReason", s(o.noFloorReason)}};
    const RooflineVerdict& v = *o.verdict;
    Json j = {{"verdict", s(kindName(v.kind))},
              {"ratio", v.ratio},
              {"measuredNs", v.measuredNs},
              {"floorNs", v.floorNs},
              {"cacheFloorNs", v.cacheFloorNs},
              {"bytes", v.bytes},
              {"bandwidthGBps", v.bandwidthGBps},
              {"gpu", s(v.gpu)},
              {"text", s(v.text())}};
    if (v.cases > 1)
        j["suite"] = {{"cases", v.cases}, {"aggregation", s(v.aggregation)}};
    return j;
}

// "per case: 16 of 16 with a floor, 0 suspicious, 2 at the roofline, 1.01× to 3.20× floor"
QString perCaseLine(const RunRoofline& r) {
    std::vector<double> ratios;
    for (const CaseRoofline& c : r.cases)
        if (c.outcome.verdict)
            ratios.push_back(c.outcome.verdict->ratio);
    QString line = QStringLiteral("%1 of %2 case(s) with a floor").arg(ratios.size()).arg(r.cases.size());
    if (ratios.empty())
        return line;
    const auto [lo, hi] = std::minmax_element(ratios.begin(), ratios.end());
    RooflineVerdict low, high;
    low.ratio = *lo;
    high.ratio = *hi;
    const int suspicious = std::count_if(r.cases.begin(), r.cases.end(), [](const CaseRoofline& c) {
        return c.outcome.verdict && c.outcome.verdict->kind == RooflineVerdict::Kind::Suspicious;
    });
    const int atRoofline = std::count_if(r.cases.begin(), r.cases.end(), [](const CaseRoofline& c) {
        return c.outcome.verdict && c.outcome.verdict->kind == RooflineVerdict::Kind::AtRoofline;
    });
    return line + QStringLiteral(", %1 suspicious, %2 at the roofline, %3 to %4 floor")
                      .arg(suspicious)
                      .arg(atRoofline)
                      .arg(low.ratioText(), high.ratioText());
}

} // namespace

TrustReport::TrustReport(const RecordIndex& index)
    : m_index(index)
    , m_rooflines(index, GpuBandwidthTable::bundled()) { // without kix's resources, no GPU has a floor
    QString error;
    auto trust = KeyStore(KeyStore::defaultConfigDirectory()).trustStore(error);
    if (!trust)
        m_trustProblem = QStringLiteral("signatures checked against no trusted key: %1").arg(error);
    m_checker.emplace(index, trust.value_or(TrustStore{}));
}

RunTrustFacts TrustReport::factsOf(int runIndex, const QList<DigestCheck>& digests) {
    RunTrustFacts f;
    const RunEntry& e = m_index.run(runIndex);
    f.signable = std::any_of(e.occurrences.begin(), e.occurrences.end(),
                             [](const RunOccurrence& o) { return o.origin.line == 0; });
    f.trust = m_checker->trustOf(runIndex, digests);
    f.roofline = m_rooflines.of(runIndex);
    return f;
}

int signatureExit(const QList<SignatureCheck>& checks, int unsignedExit) {
    const auto any = [&checks](SignatureState state) {
        return std::any_of(checks.begin(), checks.end(),
                           [state](const SignatureCheck& c) { return c.state == state; });
    };
    if (any(SignatureState::SubjectMismatch))
        return ExitSubjectMismatch;
    if (any(SignatureState::SignatureInvalid))
        return ExitSignatureInvalid;
    if (any(SignatureState::Malformed))
        return ExitEnvelopeMalformed;
    if (any(SignatureState::Trusted))
        return ExitOk;
    return any(SignatureState::UnknownKey) ? int(ExitUnknownKey) : unsignedExit;
}

int worseExit(int a, int b) {
    static const int order[] = {ExitSubjectMismatch, ExitSignatureInvalid, ExitEnvelopeMalformed,
                                ExitInput,           ExitMismatch,         ExitUpstream,
                                ExitUnknownKey,      ExitNotSigned,        ExitOk};
    const auto rank = [](int code) {
        const auto* it = std::find(std::begin(order), std::end(order), code);
        return int(std::distance(std::begin(order), it)); // unknown codes rank below ExitOk
    };
    return rank(a) <= rank(b) ? a : b;
}

void printSignatureCheck(const SignatureCheck& c, const QString& lead, Io io) {
    io.out << lead << terminalLine(c.summary)
           << (c.signerLabel.isEmpty() ? QString() : QStringLiteral(" · %1").arg(terminalLine(c.signerLabel)))
           << "\n";
    io.out << "      " << terminalLine(c.envelopeFile)
           << (c.line > 0 ? QStringLiteral(", line %1").arg(c.line) : QString()) << "\n";
    io.out << "      " << terminalLine(c.detail) << "\n";
}

void printTrust(const RunTrustFacts& f, Io io) {
    const Evidence& ev = f.trust.evidence;
    io.out << "  " << column(QStringLiteral("evidence"), 22) << terminalLine(ev.summary) << "\n";
    for (const QString& reason : ev.reasons)
        io.out << "      " << terminalLine(reason) << "\n";
    for (const SignatureCheck& c : f.trust.signatures)
        printSignatureCheck(c, QStringLiteral("  ") + column(QStringLiteral("signature"), 22), io);
    if (f.trust.signatures.isEmpty() && f.signable)
        io.out << "  " << column(QStringLiteral("signature"), 22) << "none beside the manifest\n";
    io.out << "  " << column(QStringLiteral("roofline"), 22) << terminalLine(f.roofline.summary()) << "\n";
    for (const QString& source : f.roofline.sources)
        io.out << "      " << terminalLine(source) << "\n"; // may name a file
    if (!f.roofline.cases.isEmpty())
        io.out << "      " << perCaseLine(f.roofline) << "\n";
    for (const QString& w : f.roofline.warnings())
        io.out << "  " << column(QStringLiteral("roofline warning"), 22) << terminalLine(w) << "\n";
}

void addTrustJson(Json& run, const RunTrustFacts& f) {
    Json signatures = Json::array();
    for (const SignatureCheck& c : f.trust.signatures)
        signatures.push_back({{"envelope", s(c.envelopeFile)},
                              {"line", c.line},
                              {"state", s(signatureStateName(c.state))},
                              {"summary", s(c.summary)},
                              {"detail", s(c.detail)},
                              {"fingerprint", s(c.fingerprint)},
                              {"signer", s(c.signerLabel)},
                              {"predicateType", s(c.predicateType)},
                              {"predicate", c.predicate}});
    run["signatures"] = signatures;
    const Evidence& ev = f.trust.evidence;
    Json reasons = Json::array();
    for (const QString& r : ev.reasons)
        reasons.push_back(s(r));
    run["evidence"] = {{"level", s(evidenceLevelName(ev.level))},
                       {"summary", s(ev.summary)},
                       {"reasons", reasons},
                       {"agreeingReruns", ev.agreeingReruns}};
    Json cases = Json::array();
    for (const CaseRoofline& c : f.roofline.cases) {
        Json j = outcomeJson(c.outcome);
        j["case"] = s(c.label);
        cases.push_back(j);
    }
    Json warnings = Json::array();
    for (const QString& w : f.roofline.warnings())
        warnings.push_back(s(w));
    Json sources = Json::array();
    for (const QString& source : f.roofline.sources)
        sources.push_back(s(source));
    run["roofline"] = {{"summary", s(f.roofline.summary())},
                       {"sources", sources},
                       {"overall", outcomeJson(f.roofline.overall)},
                       {"cases", cases},
                       {"warnings", warnings}};
}

} // namespace kix::cli
