// The readers of GpuState.h: the raw-samples evidence's case "gpuState" and root "gpu".
#include "FieldReader.h"
#include "GpuState.h"
#include "InputLimits.h"
#include "ProblemCodes.h"

#include <utility>

namespace kix {

namespace {

// A quantity's plausible range (InputLimits.h) and unit, for the message.
struct Plausible {
    double lo, hi;
    const char* unit;
};
constexpr Plausible kClock{0, limits::kMaxClockMHz, "MHz"};
constexpr Plausible kPower{0, limits::kMaxPowerW, "W"};
constexpr Plausible kTemperature{limits::kMinTemperatureC, limits::kMaxTemperatureC, "°C"};

// A reading outside its range is a located error, and the spread is not kept: 1e308 MHz, -500 W or -300 °C
// is a file that is wrong, not a GPU to compare.
bool plausible(FieldReader& fr, const char* key, double value, const Plausible& range) {
    if (value >= range.lo && value <= range.hi)
        return true;
    fr.error(codes::fieldRange, fr.pathOf(QString::fromLatin1(key)),
             QStringLiteral("expected %1 to %2 %3, got %4")
                 .arg(range.lo)
                 .arg(range.hi)
                 .arg(QString::fromUtf8(range.unit))
                 .arg(value));
    return false;
}

// An optional number in its range; nullopt (and the error) outside it.
std::optional<double> plausibleNumber(FieldReader& fr, const char* key, const Plausible& range) {
    const auto value = fr.number(key);
    return value && plausible(fr, key, *value, range) ? value : std::nullopt;
}

std::optional<GpuSpread> readGpuSpread(FieldReader parent, const char* key, const Plausible& range) {
    FieldReader fr = parent.object(key);
    if (!fr.valid())
        return std::nullopt;
    const auto median = fr.number("median", FieldReader::Required);
    if (!median)
        return std::nullopt;
    GpuSpread s;
    s.median = *median;
    s.first = fr.number("first").value_or(*median);
    s.minimum = fr.number("minimum").value_or(*median);
    s.maximum = fr.number("maximum").value_or(*median);
    bool ok = true; // each value the file gives checked (the others are the median)
    for (const auto& [name, value] : {std::pair{"median", s.median}, std::pair{"first", s.first},
                                      std::pair{"minimum", s.minimum}, std::pair{"maximum", s.maximum}})
        if (fr.child(name))
            ok = plausible(fr, name, value, range) && ok;
    return ok ? std::optional(s) : std::nullopt;
}

// A relative A/A floor, 0 to kMaxNoiseFloor. A floor replaces the minimum effect where larger (Verdict.h):
// an unbounded one would let a file call any difference "the same", so a wider one is a located error and
// is not kept.
std::optional<double> boundedFloor(FieldReader& fr, const char* key, FieldReader::Need need) {
    const auto floor = fr.nonNegative(key, need);
    if (!floor || *floor <= limits::kMaxNoiseFloor)
        return floor;
    fr.error(codes::fieldRange, fr.pathOf(QString::fromLatin1(key)),
             QStringLiteral("a relative A/A noise floor of %1; kix accepts at most %2 (%3%): a "
                            "wider floor would call any difference the same")
                 .arg(*floor)
                 .arg(limits::kMaxNoiseFloor)
                 .arg(limits::kMaxNoiseFloor * 100));
    return std::nullopt;
}

} // namespace

std::optional<CaseGpuState> readCaseGpuState(FieldReader fr) {
    if (!fr.valid())
        return std::nullopt;
    CaseGpuState s;
    s.samples = fr.count("samples").value_or(0);
    s.smClockMHz = readGpuSpread(fr, "smClockMHz", kClock);
    s.memoryClockMHz = readGpuSpread(fr, "memoryClockMHz", kClock);
    s.powerW = readGpuSpread(fr, "powerW", kPower);
    s.powerLimitW = readGpuSpread(fr, "powerLimitW", kPower);
    s.temperatureC = readGpuSpread(fr, "temperatureC", kTemperature);
    if (const Json* reasons = fr.array("clocksEventReasons"))
        for (const Json& r : *reasons)
            if (r.is_string())
                s.clocksEventReasons << QString::fromStdString(r.get<std::string>());
    s.throttledSamples = fr.count("throttledSamples").value_or(0);
    if (fr.child("samples") && s.throttledSamples > s.samples) {
        fr.error(codes::fieldRange, fr.pathOf(QStringLiteral("throttledSamples")),
                 QStringLiteral("%1 throttled samples of %2 samples: expected at most the samples")
                     .arg(s.throttledSamples)
                     .arg(s.samples));
        s.throttledSamples = 0;
    }
    s.otherProcessesMax = int(fr.count("otherProcessesMax").value_or(0));
    return s;
}

// No host has this many GPUs: a larger index is not NVML's, and is not kept.
constexpr qint64 kMaxGpuIndex = 4096;

std::optional<GpuRunState> readGpuRunState(FieldReader fr) {
    if (!fr.valid())
        return std::nullopt;
    GpuRunState s;
    s.unavailable = fr.string("unavailable").value_or(QString());
    FieldReader id = fr.object("identity");
    if (id.valid()) {
        s.uuid = id.string("uuid").value_or(QString());
        s.pciBusId = id.string("pciBusId").value_or(QString());
        if (const auto index = id.count("index"); index && *index < kMaxGpuIndex)
            s.index = int(*index);
        s.serial = id.string("serial").value_or(QString());
        s.vbios = id.string("vbios").value_or(QString());
        s.driver = id.string("driver").value_or(QString());
        s.eccEnabled = id.boolean("eccEnabled");
        s.persistenceMode = id.boolean("persistenceMode");
        s.applicationSmClockMHz = plausibleNumber(id, "applicationSmClockMHz", kClock);
        s.maxSmClockMHz = plausibleNumber(id, "maxSmClockMHz", kClock);
        s.powerLimitW = plausibleNumber(id, "powerLimitW", kPower);
    }
    FieldReader lock = fr.object("clockLock");
    if (lock.valid()) {
        s.clockLockRequested = lock.boolean("requested").value_or(false);
        s.lockedSmClockMHz = plausibleNumber(lock, "smClockMHz", kClock);
        s.clockLockError = lock.string("error").value_or(QString());
    }
    FieldReader cal = fr.object("calibration");
    if (cal.valid()) {
        s.calibrationNs = cal.number("medianNs");
        s.calibrationUsualNs = cal.number("usualNs");
        s.calibrationBand = cal.number("band").value_or(0);
        s.calibrationEarlierBoots = int(cal.count("earlierBoots").value_or(0));
        s.calibrationSuspect = cal.boolean("suspect").value_or(false);
    }
    FieldReader floor = fr.object("noiseFloor");
    if (floor.valid()) {
        s.noiseFloor = boundedFloor(floor, "relative", FieldReader::Required);
        s.noiseFloorIsSuite = floor.string("scope").value_or(QString()) == QLatin1String("suite");
    }
    return s;
}

std::optional<CaseNoiseFloor> readCaseNoiseFloor(FieldReader fr) {
    if (!fr.valid())
        return std::nullopt;
    CaseNoiseFloor f;
    const auto relative = boundedFloor(fr, "relative", FieldReader::Required);
    if (!relative)
        return std::nullopt;
    f.relative = *relative;
    f.timer = fr.string("timer").value_or(QString());
    f.eventsRelative = boundedFloor(fr, "eventsRelative", FieldReader::Optional);
    f.passes = int(fr.count("passes").value_or(0));
    return f;
}

} // namespace kix
