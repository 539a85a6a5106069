// A fake libnvidia-ml.so.1 for `kix run --gpus` without a GPU (issue 39): the few NVML calls the card list
// makes (kernels/nvml_cards.cpp), answering for KIX_FAKE_NVML_CARDS cards (default 2) of an H200 host, card
// KIX_FAKE_NVML_BUSY (if set) with one compute process on it. Put on LD_LIBRARY_PATH, it is what kix's
// dlopen finds. Only the calls the card list binds: a run's GPU-state sampling finds its other symbols
// missing and says so.
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

struct FakeDevice {
    unsigned index;
};

FakeDevice g_devices[16];

unsigned envNumber(const char* name, unsigned fallback) {
    const char* v = std::getenv(name);
    return v != nullptr && *v != '\0' ? unsigned(std::strtoul(v, nullptr, 10)) : fallback;
}

int copyText(char* out, unsigned size, const char* text) {
    if (std::strlen(text) + 1 > size)
        return 7; // NVML_ERROR_INSUFFICIENT_SIZE
    std::strcpy(out, text);
    return 0;
}

struct PciInfo {
    char busIdLegacy[16];
    unsigned domain, bus, device, pciDeviceId, pciSubSystemId;
    char busId[32];
};

} // namespace

extern "C" {

int nvmlInit_v2() {
    return 0;
}

int nvmlShutdown() {
    return 0;
}

int nvmlDeviceGetCount_v2(unsigned* count) {
    *count = envNumber("KIX_FAKE_NVML_CARDS", 2);
    if (*count > 16)
        *count = 16;
    return 0;
}

int nvmlDeviceGetHandleByIndex_v2(unsigned index, FakeDevice** device) {
    if (index >= 16)
        return 2; // NVML_ERROR_INVALID_ARGUMENT
    g_devices[index].index = index;
    *device = &g_devices[index];
    return 0;
}

int nvmlDeviceGetUUID(FakeDevice* d, char* out, unsigned size) {
    char text[64];
    std::snprintf(text, sizeof text, "GPU-5f2a6b1c-0000-4000-8000-00000000000%u", d->index);
    return copyText(out, size, text);
}

int nvmlDeviceGetName(FakeDevice* /*d*/, char* out, unsigned size) {
    return copyText(out, size, "NVIDIA H200");
}

int nvmlDeviceGetSerial(FakeDevice* d, char* out, unsigned size) {
    char text[32];
    std::snprintf(text, sizeof text, "165123000%u", d->index);
    return copyText(out, size, text);
}

int nvmlDeviceGetPciInfo_v3(FakeDevice* d, PciInfo* info) {
    std::memset(info, 0, sizeof *info);
    info->bus = 0x19 + d->index;
    std::snprintf(info->busId, sizeof info->busId, "00000000:%02X:00.0", info->bus);
    return 0;
}

int nvmlDeviceGetComputeRunningProcesses_v3(FakeDevice* d, unsigned* count, void* /*infos*/) {
    const char* busy = std::getenv("KIX_FAKE_NVML_BUSY");
    const bool isBusy =
        busy != nullptr && *busy != '\0' && unsigned(std::strtoul(busy, nullptr, 10)) == d->index;
    const unsigned n = isBusy ? 1 : 0;
    const unsigned room = *count;
    *count = n;
    return n > room ? 7 : 0; // NVML_ERROR_INSUFFICIENT_SIZE when the caller's list has no room
}

} // extern "C"
