// kix's own fused RMSNorm-backward kernel as a SOL-ExecBench cuda_cpp solution of
// 013_fused_residual_rms_norm_backward: a thin torch binding over the C interface kix already exports
// (kernels/capi.cu, libkix_kernels_capi.so, found at $KIX_KERNELS_CAPI), so that the solution engine times
// exactly the kernel `kix run` times. Destination passing style: the outputs come last.
#include <torch/extension.h>

#include <dlfcn.h>

#include <cstdlib>
#include <map>
#include <string>
#include <utility>

namespace {

struct Capi {
    unsigned long long (*workspaceBytes)(long long, int, int, int, int) = nullptr;
    int (*prepare)(long long, int, int, int, int, void*, void*) = nullptr;
    int (*launch)(const void*, const float*, const float*, const float*, void*, void*, float*, long long, int, void*,
                  int, int, int, void*) = nullptr;
    const char* (*lastError)() = nullptr;
    std::string error;
};

Capi load() {
    Capi c;
    const char* path = std::getenv("KIX_KERNELS_CAPI");
    void* lib = path ? dlopen(path, RTLD_NOW | RTLD_LOCAL) : nullptr;
    if (!lib) {
        c.error = path ? std::string("cannot load ") + path + ": " + dlerror()
                       : "KIX_KERNELS_CAPI does not name libkix_kernels_capi.so (kernels/, cmake -S kernels)";
        return c;
    }
    c.workspaceBytes = reinterpret_cast<decltype(c.workspaceBytes)>(dlsym(lib, "kix_rmsnorm_bwd_workspace_bytes"));
    c.prepare = reinterpret_cast<decltype(c.prepare)>(dlsym(lib, "kix_prepare_workspace"));
    c.launch = reinterpret_cast<decltype(c.launch)>(dlsym(lib, "kix_rmsnorm_bwd"));
    c.lastError = reinterpret_cast<decltype(c.lastError)>(dlsym(lib, "kix_last_error"));
    if (!c.workspaceBytes || !c.prepare || !c.launch || !c.lastError)
        c.error = std::string(path) + " lacks the kix_rmsnorm_bwd functions";
    return c;
}

const Capi& capi() {
    static const Capi c = load();
    return c;
}

// The kernel's workspace for a shape, allocated and prepared once (its epoch makes it reusable).
torch::Tensor& workspace(long long rows, int hidden, const torch::Device& device) {
    static std::map<std::pair<long long, int>, torch::Tensor> cache;
    auto it = cache.find({rows, hidden});
    if (it == cache.end()) {
        const auto bytes = (long long)capi().workspaceBytes(rows, hidden, 0, -1, 0);
        torch::Tensor w = torch::empty({bytes > 0 ? bytes : 1}, torch::dtype(torch::kUInt8).device(device));
        TORCH_CHECK(capi().prepare(rows, hidden, 0, -1, 0, w.data_ptr(), nullptr) == 0, capi().lastError());
        it = cache.emplace(std::make_pair(rows, hidden), w).first;
    }
    return it->second;
}

} // namespace

// The runner launches on the default stream (null), which is torch's current stream there.
void run(torch::Tensor grad_output, torch::Tensor x, torch::Tensor normalized, torch::Tensor rstd,
         torch::Tensor weight, torch::Tensor grad_hidden_states, torch::Tensor grad_residual,
         torch::Tensor grad_weight) {
    (void)x; // saved for the forward pass; the backward math does not read it
    TORCH_CHECK(capi().error.empty(), capi().error);
    TORCH_CHECK(grad_output.is_cuda() && grad_output.is_contiguous(), "grad_output must be a contiguous CUDA tensor");
    const int hidden = int(weight.size(0));
    const long long rows = grad_output.numel() / hidden;
    torch::Tensor& ws = workspace(rows, hidden, grad_output.device());
    const int err = capi().launch(grad_output.data_ptr(), normalized.data_ptr<float>(), rstd.data_ptr<float>(),
                                  weight.data_ptr<float>(), grad_hidden_states.data_ptr(), grad_residual.data_ptr(),
                                  grad_weight.data_ptr<float>(), rows, hidden, ws.data_ptr(), 0, -1, 0, nullptr);
    TORCH_CHECK(err == 0, capi().lastError());
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("run", &run, "kix fused RMSNorm backward (kernels/capi.cu)");
}
