#include "GpuStateEvidence.h"

#include "Bootstrap.h"
#include "JsonReader.h"
#include "ManifestWriter.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <algorithm>
#include <cmath>

namespace kix::runner {

namespace {

Json spreadJson(const kernels::Spread& s) {
    return Json{{"first", s.first}, {"minimum", s.min}, {"median", s.median}, {"maximum", s.max}};
}

void putOptional(Json& object, const char* key, const std::optional<double>& value) {
    if (value)
        object[key] = *value;
}

void putOptional(Json& object, const char* key, const std::optional<bool>& value) {
    if (value)
        object[key] = *value;
}

void putText(Json& object, const char* key, const std::string& value) {
    if (!value.empty())
        object[key] = value;
}

constexpr int kCalibrationHistoryKept = 20;

double medianOfHistory(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 != 0 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

} // namespace

bool CalibrationFacts::suspect() const {
    return medianNs && usualNs && earlierBoots >= kCalibrationMinimumHistory &&
           std::abs(deviation()) > kCalibrationBand;
}

double CalibrationFacts::deviation() const {
    return medianNs && usualNs && *usualNs > 0 ? *medianNs / *usualNs - 1 : 0;
}

bool CaseRepeats::hasCupti() const {
    return !cuptiPasses.empty() &&
           std::none_of(cuptiPasses.begin(), cuptiPasses.end(), [](const auto& p) { return p.empty(); });
}

std::optional<NoiseFloorEstimate> CaseRepeats::floor() const {
    return hasCupti() ? caseNoiseFloor(cuptiPasses) : eventsFloor();
}

std::optional<NoiseFloorEstimate> CaseRepeats::eventsFloor() const {
    return caseNoiseFloor(eventPasses);
}

bool RunGpuState::repeatsHaveCupti() const {
    return std::all_of(repeats.begin(), repeats.end(), [](const CaseRepeats& r) { return r.hasCupti(); });
}

std::optional<NoiseFloorEstimate> RunGpuState::suiteFloor() const {
    if (repeats.empty())
        return std::nullopt;
    const bool cupti = repeatsHaveCupti();
    std::vector<std::vector<std::vector<double>>> cases;
    cases.reserve(repeats.size());
    for (const CaseRepeats& r : repeats)
        cases.push_back(cupti ? r.cuptiPasses : r.eventPasses);
    return suiteNoiseFloor(cases);
}

std::optional<double> RunGpuState::noiseFloor() const {
    const auto floor = suiteFloor();
    return floor ? std::optional<double>(floor->relative) : std::nullopt;
}

namespace {

const char* const kFloorMethod =
    "A/A: every case timed N times in a row in one process; per pass its median and the medians of its "
    "blocks of consecutive launches; floor = exp(1.96 * sqrt(2) * s) - 1, s the larger of the passes' and "
    "a block's log spread (docs/verdicts.md, \"Noise floors\")";

Json estimateJson(const NoiseFloorEstimate& e) {
    return {{"relative", e.relative},
            {"passes", e.passes},
            {"blocks", e.blocks},
            {"betweenPassLogSd", e.betweenPassLogSd},
            {"blockLogSd", e.blockLogSd}};
}

Json passMedians(const std::vector<std::vector<double>>& passes) {
    Json out = Json::array();
    for (const auto& p : passes)
        out.push_back(p.empty() ? Json(nullptr) : Json(sampleMedian(p)));
    return out;
}

} // namespace

Json caseNoiseFloorJson(const CaseRepeats& repeats) {
    const auto floor = repeats.floor();
    if (!floor)
        return nullptr;
    Json out = estimateJson(*floor);
    out["timer"] = repeats.hasCupti() ? "cupti" : "cuda_events";
    if (const auto events = repeats.eventsFloor())
        out["eventsRelative"] = events->relative;
    out["passMediansNs"] = passMedians(repeats.hasCupti() ? repeats.cuptiPasses : repeats.eventPasses);
    return out;
}

Json caseGpuStateJson(const kernels::GpuStateSummary& s) {
    Json out = {{"samples", s.samples}};
    const auto put = [&out](const char* key, const kernels::Spread& spread) {
        if (spread.count > 0)
            out[key] = spreadJson(spread);
    };
    put("smClockMHz", s.smMHz);
    put("memoryClockMHz", s.memoryMHz);
    put("powerW", s.powerW);
    put("powerLimitW", s.powerLimitW);
    put("temperatureC", s.temperatureC);
    Json reasons = Json::array();
    for (const std::string& name : kernels::clocksEventReasonNames(s.clocksEventReasons))
        reasons.push_back(name);
    out["clocksEventReasons"] = reasons;
    out["throttledSamples"] = s.throttledSamples;
    out["otherProcessesMax"] = s.otherProcessesMax;
    return out;
}

Json runGpuStateJson(const RunGpuState& state) {
    Json out = Json::object();
    if (!state.unavailable.isEmpty()) {
        out["unavailable"] = state.unavailable.toStdString();
    } else {
        const kernels::GpuIdentity& id = state.identity;
        Json identity = Json::object();
        putText(identity, "uuid", id.uuid);
        putText(identity, "pciBusId", id.pciBusId);
        if (id.index)
            identity["index"] = *id.index;
        putText(identity, "serial", id.serial);
        putText(identity, "vbios", id.vbios);
        putText(identity, "driver", id.driver);
        putText(identity, "name", id.name);
        putOptional(identity, "eccEnabled", id.eccEnabled);
        putOptional(identity, "persistenceMode", id.persistenceMode);
        putOptional(identity, "applicationSmClockMHz", id.applicationSmMHz);
        putOptional(identity, "applicationMemoryClockMHz", id.applicationMemoryMHz);
        putOptional(identity, "defaultApplicationSmClockMHz", id.defaultApplicationSmMHz);
        putOptional(identity, "maxSmClockMHz", id.maxSmMHz);
        putOptional(identity, "maxMemoryClockMHz", id.maxMemoryMHz);
        putOptional(identity, "powerLimitW", id.powerLimitW);
        putOptional(identity, "defaultPowerLimitW", id.defaultPowerLimitW);
        out["identity"] = identity;
        out["sampledBy"] = "NVML, every 10 ms on a background thread across each case's timed window "
                           "(warm-up included)";
    }
    Json lock = {{"requested", state.lock.requested}, {"locked", state.lock.lockedMHz.has_value()}};
    putOptional(lock, "smClockMHz", state.lock.lockedMHz);
    if (!state.lock.error.isEmpty())
        lock["error"] = state.lock.error.toStdString();
    if (!state.lock.resetError.isEmpty())
        lock["resetError"] = state.lock.resetError.toStdString();
    out["clockLock"] = lock;
    const CalibrationFacts& c = state.calibration;
    Json calibration = {{"copyBytes", kernels::kCalibrationCopyBytes},
                        {"iterations", kernels::kCalibrationIterations},
                        {"timer", "cuda_events"},
                        {"band", kCalibrationBand},
                        {"earlierBoots", c.earlierBoots},
                        {"suspect", c.suspect()}};
    putOptional(calibration, "medianNs", c.medianNs);
    putOptional(calibration, "usualNs", c.usualNs);
    if (!c.bootId.isEmpty())
        calibration["bootId"] = c.bootId.toStdString();
    if (!c.error.isEmpty())
        calibration["error"] = c.error.toStdString();
    out["calibration"] = calibration;
    if (const auto floor = state.suiteFloor()) {
        Json suite = estimateJson(*floor);
        suite["scope"] = "suite"; // each case carries its own (caseNoiseFloorJson)
        suite["timer"] = state.repeatsHaveCupti() ? "cupti" : "cuda_events";
        suite["method"] = kFloorMethod;
        out["noiseFloor"] = suite;
    }
    return out;
}

Json environmentSettings(const RunGpuState& state) {
    Json settings = Json::object();
    if (!state.unavailable.isEmpty())
        return settings;
    settings["clocksLocked"] = state.lock.lockedMHz.has_value();
    if (state.identity.powerLimitW && *state.identity.powerLimitW > 0)
        settings["powerLimitWatts"] = *state.identity.powerLimitW;
    putOptional(settings, "persistenceMode", state.identity.persistenceMode);
    putOptional(settings, "eccEnabled", state.identity.eccEnabled);
    return settings;
}

void addGpuStateMeasurements(const kernels::GpuStateSummary& s, Json& measurements) {
    const auto add = [&measurements](const char* metric, const char* unit, const char* statistic,
                                     double value, std::size_t count) {
        measurements.push_back({{"metric", metric},
                                {"unit", unit},
                                {"statistic", statistic},
                                {"value", value},
                                {"sampleCount", count}});
    };
    if (s.smMHz.count > 0) {
        add("sm_clock", "mhz", "median", s.smMHz.median, s.smMHz.count);
        add("sm_clock", "mhz", "minimum", s.smMHz.min, s.smMHz.count);
    }
    if (s.powerW.count > 0)
        add("power", "w", "median", s.powerW.median, s.powerW.count);
    if (s.temperatureC.count > 0)
        add("temperature", "celsius", "maximum", s.temperatureC.max, s.temperatureC.count);
}

ClockLockFacts lockClocksForRun(kernels::ClockLock& lock, const kernels::GpuIdentity& identity,
                                const QString& unavailable) {
    ClockLockFacts out;
    out.requested = true;
    if (!unavailable.isEmpty()) {
        out.error = QStringLiteral("--lock-clocks: the clocks cannot be locked: %1").arg(unavailable);
        return out;
    }
    const std::optional<double> target =
        identity.defaultApplicationSmMHz ? identity.defaultApplicationSmMHz : identity.maxSmMHz;
    if (!target || *target <= 0) {
        out.error = QStringLiteral("--lock-clocks: the driver reports neither the default applications SM "
                                   "clock nor the maximum SM clock, so there is no clock to lock at");
        return out;
    }
    if (const std::string err = lock.lock(*target, *target); !err.empty()) {
        out.error = QStringLiteral("--lock-clocks: the SM clocks could not be locked at %1 MHz: %2")
                        .arg(*target)
                        .arg(QString::fromStdString(err));
        return out;
    }
    out.lockedMHz = target;
    return out;
}

QString currentBootId() {
    QFile f(QStringLiteral("/proc/sys/kernel/random/boot_id"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromLatin1(f.readAll()).trimmed();
}

CalibrationFacts checkCalibration(const QString& historyFile, const QString& gpuKey, const QString& bootId,
                                  double medianNs) {
    CalibrationFacts out;
    out.medianNs = medianNs;
    out.bootId = bootId;
    Json history = Json::object();
    if (QFileInfo::exists(historyFile)) {
        QFile f(historyFile);
        if (!f.open(QIODevice::ReadOnly)) {
            out.error = QStringLiteral("the calibration history %1 cannot be read: %2")
                            .arg(historyFile, f.errorString());
            return out;
        }
        JsonReadResult parsed = parseJson(f.readAll(), historyFile);
        if (!parsed.value || !parsed.value->is_object()) {
            out.error =
                QStringLiteral("the calibration history %1 is not a JSON object%2; it was left as it is")
                    .arg(historyFile,
                         parsed.value ? QString() : QStringLiteral(" (%1)").arg(parsed.error.message));
            return out;
        }
        history = std::move(*parsed.value);
    }
    const std::string key = gpuKey.toStdString();
    Json entries = history.contains(key) && history[key].is_array() ? history[key] : Json::array();
    std::vector<double> earlier;
    Json kept = Json::array();
    for (const Json& e : entries) {
        if (!e.is_object() || !e.contains("medianNs") || !e["medianNs"].is_number())
            continue;
        if (e.value("bootId", std::string()) == bootId.toStdString() && !bootId.isEmpty())
            continue; // this boot's earlier value is replaced below
        earlier.push_back(e["medianNs"].get<double>());
        kept.push_back(e);
    }
    out.earlierBoots = int(earlier.size());
    if (!earlier.empty())
        out.usualNs = medianOfHistory(earlier);
    kept.push_back({{"bootId", bootId.toStdString()},
                    {"medianNs", medianNs},
                    {"at", QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString()}});
    while (kept.size() > std::size_t(kCalibrationHistoryKept))
        kept.erase(kept.begin());
    history[key] = kept;
    QDir().mkpath(QFileInfo(historyFile).absolutePath());
    if (const QString err = writeJsonAtomically(historyFile, history); !err.isEmpty())
        out.error = QStringLiteral("the calibration was not recorded in the history: %1").arg(err);
    return out;
}

} // namespace kix::runner
