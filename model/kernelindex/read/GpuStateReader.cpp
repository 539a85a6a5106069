// The readers of GpuState.h: the raw-samples evidence's case "gpuState" and root "gpu".
#include "FieldReader.h"
#include "GpuState.h"

namespace kix {

namespace {

std::optional<GpuSpread> readGpuSpread(FieldReader parent, const char* key) {
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
    return s;
}

} // namespace

std::optional<CaseGpuState> readCaseGpuState(FieldReader fr) {
    if (!fr.valid())
        return std::nullopt;
    CaseGpuState s;
    s.samples = fr.count("samples").value_or(0);
    s.smClockMHz = readGpuSpread(fr, "smClockMHz");
    s.memoryClockMHz = readGpuSpread(fr, "memoryClockMHz");
    s.powerW = readGpuSpread(fr, "powerW");
    s.powerLimitW = readGpuSpread(fr, "powerLimitW");
    s.temperatureC = readGpuSpread(fr, "temperatureC");
    if (const Json* reasons = fr.array("clocksEventReasons"))
        for (const Json& r : *reasons)
            if (r.is_string())
                s.clocksEventReasons << QString::fromStdString(r.get<std::string>());
    s.throttledSamples = fr.count("throttledSamples").value_or(0);
    s.otherProcessesMax = int(fr.count("otherProcessesMax").value_or(0));
    return s;
}

std::optional<GpuRunState> readGpuRunState(FieldReader fr) {
    if (!fr.valid())
        return std::nullopt;
    GpuRunState s;
    s.unavailable = fr.string("unavailable").value_or(QString());
    FieldReader id = fr.object("identity");
    if (id.valid()) {
        s.uuid = id.string("uuid").value_or(QString());
        s.pciBusId = id.string("pciBusId").value_or(QString());
        s.vbios = id.string("vbios").value_or(QString());
        s.driver = id.string("driver").value_or(QString());
        s.eccEnabled = id.boolean("eccEnabled");
        s.persistenceMode = id.boolean("persistenceMode");
        s.applicationSmClockMHz = id.number("applicationSmClockMHz");
        s.maxSmClockMHz = id.number("maxSmClockMHz");
        s.powerLimitW = id.number("powerLimitW");
    }
    FieldReader lock = fr.object("clockLock");
    if (lock.valid()) {
        s.clockLockRequested = lock.boolean("requested").value_or(false);
        s.lockedSmClockMHz = lock.number("smClockMHz");
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
    if (floor.valid())
        s.noiseFloor = floor.nonNegative("relative", FieldReader::Required);
    return s;
}

} // namespace kix
