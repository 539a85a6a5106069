#include "harness_data.h"
#include "kix/kernel_check.h"

#include <cstring>

namespace kix::kernels {

std::vector<int> checkHiddenSizes() {
    return {8, 264, 2560, 4096};
}
std::vector<int> checkRowCounts() {
    return {1, 2, 131, 4096};
}
std::vector<NamedVariant> checkVariants() {
    std::vector<NamedVariant> v{{"default", {}}};
    for (int rows : {1, 2})
        for (int prefetch : {0, 1})
            for (int lanes : {1, 3}) {
                LaunchOverrides o;
                o.rowsPerIteration = rows;
                o.prefetch = prefetch;
                o.rowLanes = lanes;
                o.stages = 0;
                o.secondKernel = 0; // one launch: the in-kernel finish
                v.push_back(
                    {"r" + std::to_string(rows) + (prefetch ? "p" : "") + "k" + std::to_string(lanes), o});
            }
    for (int stages : {1, 3, 4}) {
        LaunchOverrides o;
        o.stages = stages;
        o.streaming = stages == 4 ? 0 : 1; // both cache policies
        o.secondKernel = stages == 3 ? 1 : 0;
        v.push_back({"bulk" + std::to_string(stages) + (o.streaming ? "" : "plain"), o});
    }
    LaunchOverrides second;
    second.rowsPerIteration = 2;
    second.secondKernel = 1;
    v.push_back({"r2p second kernel", second});
    // The column pass (several unit counts, row lanes and both mappings), the two-halves mapping
    // with each finish, the early trigger, a capped grid, each second kernel, and the L2 prefetch
    // distances of the column pass and of the main pass beside it, and column blocks spread.
    for (const char* text :
         {"fin=cols cols4 k1", "fin=cols cols1 k2 r2 pf0", "fin=cols cols32 hv1 k3", "fin=kernel hv1 trig1",
          "fin=launch hv1 r2 k3", "fin=kernel k2 trig1 bps1", "fin=kernel rq0", "fin=kernel rq1 pf0",
          "fin=kernel rq8 k2", "fin=cols cols2 cpf0 rpf2", "fin=cols cols8 cpf5 rpf1 r2 k2", "fin=cols cmix1",
          "fin=cols cmix1 cols1 r2 pf0 k2"}) {
        LaunchOverrides o;
        if (parseLaunchOverrides(text, o).empty())
            v.push_back({text, o});
    }
    return v;
}

std::string KernelCheck::summary() const {
    if (!error.empty())
        return error;
    std::string s;
    auto add = [&](const char* name, const ErrorStats& e) {
        if (!e.passed() || e.count == 0)
            s += std::string(name) + ": " + std::to_string(e.failures) + " of " + std::to_string(e.count) +
                 " outside tolerance (max abs " + std::to_string(e.maxAbs) + "); ";
    };
    add("grad_hidden_states", gradHidden);
    add("grad_residual", gradResidual);
    add("grad_weight", gradWeight);
    if (gradWeightMismatches)
        s += "grad_weight bits changed in " + std::to_string(gradWeightMismatches) + " of " +
             std::to_string(launches) + " launches; ";
    if (!outputsIdentical)
        s += "grad_residual differs from grad_hidden_states; ";
    return s.empty() ? "ok" : s;
}

KernelCheck checkFusedKernel(const HostInputs& in, std::int64_t rows, int hidden,
                             const LaunchOverrides& variant, int launches, double atol, double rtol,
                             const std::vector<double>& gradX64In, const std::vector<double>& gradW64In) {
    KernelCheck r;
    if (r.error = unsupportedReason(rows, hidden); !r.error.empty())
        return r;
    r.plan = planFusedBackward(rows, hidden, variant);
    const std::size_t n = std::size_t(rows) * std::size_t(hidden);
    CaseData d;
    DeviceBuffer<unsigned char> workspace;
    auto cudaFail = [&](cudaError_t e, const char* what) {
        r.error = cudaMessage(e, what);
        return r;
    };
    for (std::string err : {d.allocate(rows, hidden), workspace.allocate(r.plan.workspaceBytes)})
        if (!err.empty()) {
            r.error = err;
            return r;
        }
    const cudaStream_t s = nullptr;
    if (cudaError_t e = cudaMemcpy(d.gradOutput.ptr, in.gradOutput.data(), n * 2, cudaMemcpyHostToDevice); e)
        return cudaFail(e, "cudaMemcpy");
    if (cudaError_t e = cudaMemcpy(d.normalized.ptr, in.normalized.data(), n * 4, cudaMemcpyHostToDevice); e)
        return cudaFail(e, "cudaMemcpy");
    if (cudaError_t e = cudaMemcpy(d.rstd.ptr, in.rstd.data(), std::size_t(rows) * 4, cudaMemcpyHostToDevice);
        e)
        return cudaFail(e, "cudaMemcpy");
    if (cudaError_t e =
            cudaMemcpy(d.weight.ptr, in.weight.data(), std::size_t(hidden) * 4, cudaMemcpyHostToDevice);
        e)
        return cudaFail(e, "cudaMemcpy");
    if ((r.error = prepareWorkspace(r.plan, workspace.ptr, s)).empty())
        r.error = d.poison(s);
    if (!r.error.empty())
        return r;

    const BackwardArgs args = d.args();
    std::vector<float> first(static_cast<std::size_t>(hidden)), again(static_cast<std::size_t>(hidden));
    for (int i = 0; i < std::max(launches, 1); ++i) {
        if (i > 0)
            if (cudaError_t e = cudaMemsetAsync(d.gradWeight.ptr, 0xff, std::size_t(hidden) * 4, s); e)
                return cudaFail(e, "cudaMemsetAsync");
        if ((r.error = launchFusedBackward(args, r.plan, workspace.ptr, s)).empty()) {
            if (cudaError_t e = cudaDeviceSynchronize(); e)
                return cudaFail(e, "kernel");
        } else {
            return r;
        }
        ++r.launches;
        std::vector<float>& dst = i == 0 ? first : again;
        if (cudaError_t e = cudaMemcpy(dst.data(), d.gradWeight.ptr, dst.size() * 4, cudaMemcpyDeviceToHost);
            e)
            return cudaFail(e, "cudaMemcpy");
        if (i > 0 && std::memcmp(first.data(), again.data(), first.size() * 4) != 0)
            ++r.gradWeightMismatches;
    }

    std::vector<std::uint16_t> gh(n), gr(n);
    if (cudaError_t e = cudaMemcpy(gh.data(), d.gradHidden.ptr, n * 2, cudaMemcpyDeviceToHost); e)
        return cudaFail(e, "cudaMemcpy");
    if (cudaError_t e = cudaMemcpy(gr.data(), d.gradResidual.ptr, n * 2, cudaMemcpyDeviceToHost); e)
        return cudaFail(e, "cudaMemcpy");
    std::vector<double> gx64 = gradX64In, gw64 = gradW64In;
    if (gx64.size() != n || gw64.size() != std::size_t(hidden)) {
        gx64.assign(n, 0);
        gw64.assign(std::size_t(hidden), 0);
        rmsnormBackwardReference<double>(in.gradOutput.data(), in.normalized.data(), in.rstd.data(),
                                         in.weight.data(), rows, hidden, gx64.data(), gw64.data());
    }
    for (std::size_t i = 0; i < n; ++i) {
        accumulateError(r.gradHidden, bf16ToFloat(gh[i]), gx64[i], atol, rtol);
        accumulateError(r.gradResidual, bf16ToFloat(gr[i]), gx64[i], atol, rtol);
    }
    r.outputsIdentical = std::memcmp(gh.data(), gr.data(), n * 2) == 0;
    for (int j = 0; j < hidden; ++j)
        accumulateError(r.gradWeight, first[std::size_t(j)], gw64[std::size_t(j)], atol, rtol);
    return r;
}

} // namespace kix::kernels
