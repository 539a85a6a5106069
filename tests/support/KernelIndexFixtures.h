// Valid resources of KernelIndex's 13 kinds, written for kix's tests (a softmax operation and a small
// serving setup; not KernelIndex's examples), each as YAML in KernelIndex's style (comments, flow
// mappings and sequences, quoted versions and instants) and as its JSON twin, which writes 1.0 as 1 the
// way JavaScript does. Each was checked once against KernelIndex's JSON Schemas (../shared/kernelindex/
// schemas/, draft 2020-12) with a JSON Schema validator; the tests that read ../shared's examples cover
// the same behaviour on these where it is absent.
#pragma once

// moc reads the headers a test includes and does not parse these raw strings; it needs nothing here.
#ifndef Q_MOC_RUN

#include <QByteArray>
#include <QList>

namespace kixfix {

struct KindFixture {
    const char* kind;
    QByteArray yaml;
    QByteArray json;
};

inline QList<KindFixture> validKindFixtures() {
    return {
        {"OperationSpec",
         R"kix(apiVersion: kernelindex.dev/v1alpha1  # a comment after a value, as KernelIndex writes them
kind: OperationSpec
metadata:
  name: softmax-c1024
  title: Row softmax, 1024 columns
  labels: { domain: activation }
spec:
  family: softmax
  axes:
    rows: { role: variable, type: integer, minimum: 1 }
    cols: { role: constant, type: integer, value: 1024 }
  inputs:
    - name: logits
      tensor: { shape: [rows, cols], dtype: fp16, layout: row_major }
  outputs:
    - name: probabilities
      tensor: { shape: [rows, cols], dtype: fp16 }
  semantics:
    expression: "probabilities = exp(logits - max(logits)) / sum(exp(logits - max(logits)))"
    mutation: none
    determinism: deterministic
)kix",
         R"kix({"apiVersion":"kernelindex.dev/v1alpha1","kind":"OperationSpec","metadata":{"name":"softmax-c1024","title":"Row softmax, 1024 columns","labels":{"domain":"activation"}},"spec":{"family":"softmax","axes":{"rows":{"role":"variable","type":"integer","minimum":1},"cols":{"role":"constant","type":"integer","value":1024}},"inputs":[{"name":"logits","tensor":{"shape":["rows","cols"],"dtype":"fp16","layout":"row_major"}}],"outputs":[{"name":"probabilities","tensor":{"shape":["rows","cols"],"dtype":"fp16"}}],"semantics":{"expression":"probabilities = exp(logits - max(logits)) / sum(exp(logits - max(logits)))","mutation":"none","determinism":"deterministic"}}})kix"},
        {"WorkloadCase",
         R"kix(apiVersion: kernelindex.dev/v1alpha1
kind: WorkloadCase
metadata:
  name: softmax-c1024-rows-512
spec:
  operationSpecDigest: sha256:1111111111111111111111111111111111111111111111111111111111111111
  axes: { rows: 512, cols: 1024 }
  tensors:
    logits: { shape: [512, 1024], dtype: fp16 }
  correctness:
    comparator: allclose
    maxAbsoluteError: 0.001
    nanPolicy: reject
)kix",
         R"kix({"apiVersion":"kernelindex.dev/v1alpha1","kind":"WorkloadCase","metadata":{"name":"softmax-c1024-rows-512"},"spec":{"operationSpecDigest":"sha256:1111111111111111111111111111111111111111111111111111111111111111","axes":{"rows":512,"cols":1024},"tensors":{"logits":{"shape":[512,1024],"dtype":"fp16"}},"correctness":{"comparator":"allclose","maxAbsoluteError":0.001,"nanPolicy":"reject"}}})kix"},
        {"WorkloadSuite",
         R"kix(apiVersion: kernelindex.dev/v1alpha1
kind: WorkloadSuite
metadata:
  name: softmax-c1024-suite
spec:
  operationSpecDigest: sha256:1111111111111111111111111111111111111111111111111111111111111111
  cases:
    - externalId: "a"
      axes: { rows: 512, cols: 1024 }
    - externalId: "b"
      axes: { rows: 4096, cols: 1024 }
  correctness:
    comparator: allclose
    description: Each case within the suite's tolerance.
  aggregation: { metric: latency, statistic: mean }
)kix",
         R"kix({"apiVersion":"kernelindex.dev/v1alpha1","kind":"WorkloadSuite","metadata":{"name":"softmax-c1024-suite"},"spec":{"operationSpecDigest":"sha256:1111111111111111111111111111111111111111111111111111111111111111","cases":[{"externalId":"a","axes":{"rows":512,"cols":1024}},{"externalId":"b","axes":{"rows":4096,"cols":1024}}],"correctness":{"comparator":"allclose","description":"Each case within the suite's tolerance."},"aggregation":{"metric":"latency","statistic":"mean"}}})kix"},
        {"SoftwareProject",
         R"kix(apiVersion: kernelindex.dev/v1alpha1
kind: SoftwareProject
metadata:
  name: tessera
spec:
  name: Tessera kernels
  host: { kind: github, id: example/tessera }
)kix",
         R"kix({"apiVersion":"kernelindex.dev/v1alpha1","kind":"SoftwareProject","metadata":{"name":"tessera"},"spec":{"name":"Tessera kernels","host":{"kind":"github","id":"example/tessera"}}})kix"},
        {"ImplementationRevision",
         R"kix(apiVersion: kernelindex.dev/v1alpha1
kind: ImplementationRevision
metadata:
  name: tessera-softmax-0-3
  title: Tessera softmax 0.3
spec:
  projectRevision:
    version: "0.3"
    commit: 0123456789abcdef0123456789abcdef01234567
  operation:
    specDigest: sha256:1111111111111111111111111111111111111111111111111111111111111111
  callable: { language: cuda, symbol: "tessera::softmax" }
  support:
    hardwareArchitectures: [sm_90, sm_100]
    dtypes: [fp16]
  licensing: { declared: Apache-2.0 }
)kix",
         R"kix({"apiVersion":"kernelindex.dev/v1alpha1","kind":"ImplementationRevision","metadata":{"name":"tessera-softmax-0-3","title":"Tessera softmax 0.3"},"spec":{"projectRevision":{"version":"0.3","commit":"0123456789abcdef0123456789abcdef01234567"},"operation":{"specDigest":"sha256:1111111111111111111111111111111111111111111111111111111111111111"},"callable":{"language":"cuda","symbol":"tessera::softmax"},"support":{"hardwareArchitectures":["sm_90","sm_100"],"dtypes":["fp16"]},"licensing":{"declared":"Apache-2.0"}}})kix"},
        {"BenchmarkProtocol",
         R"kix(apiVersion: kernelindex.dev/v1alpha1
kind: BenchmarkProtocol
metadata:
  name: tessera-events-median
spec:
  harness: { name: tessera-bench, version: "2.1" }
  measurement:
    timer: device_events
    primaryStatistic: median
    warmupIterations: 10
  comparability: { family: tessera_events }
)kix",
         R"kix({"apiVersion":"kernelindex.dev/v1alpha1","kind":"BenchmarkProtocol","metadata":{"name":"tessera-events-median"},"spec":{"harness":{"name":"tessera-bench","version":"2.1"},"measurement":{"timer":"device_events","primaryStatistic":"median","warmupIterations":10},"comparability":{"family":"tessera_events"}}})kix"},
        {"ExecutionEnvironment",
         R"kix(apiVersion: kernelindex.dev/v1alpha1
kind: ExecutionEnvironment
metadata:
  name: h200-cuda-12-8
spec:
  hardware: { vendor: nvidia, product: NVIDIA H200, architecture: sm_90 }
  software:
    driver: "570.86"
    cudaToolkit: "12.8"
)kix",
         R"kix({"apiVersion":"kernelindex.dev/v1alpha1","kind":"ExecutionEnvironment","metadata":{"name":"h200-cuda-12-8"},"spec":{"hardware":{"vendor":"nvidia","product":"NVIDIA H200","architecture":"sm_90"},"software":{"driver":"570.86","cudaToolkit":"12.8"}}})kix"},
        {"BenchmarkRun",
         R"kix(apiVersion: kernelindex.dev/v1alpha1
kind: BenchmarkRun
metadata:
  name: tessera-softmax-h200
  title: Tessera softmax on an H200
spec:
  implementationDigest: sha256:2222222222222222222222222222222222222222222222222222222222222222
  workloadDigest: sha256:3333333333333333333333333333333333333333333333333333333333333333
  protocolDigest: sha256:4444444444444444444444444444444444444444444444444444444444444444
  environmentDigest: sha256:5555555555555555555555555555555555555555555555555555555555555555
  status: passed
  correctness: { comparator: allclose, matchedRatio: 1.0 }
  timing:
    primaryStatistic: median
    samples: 100
    latencyNs: { median: 5120, p95: 5300, confidence95: [5100, 5140] }
  observedAt: "2026-09-01T08:30:00Z"
)kix",
         R"kix({"apiVersion":"kernelindex.dev/v1alpha1","kind":"BenchmarkRun","metadata":{"name":"tessera-softmax-h200","title":"Tessera softmax on an H200"},"spec":{"implementationDigest":"sha256:2222222222222222222222222222222222222222222222222222222222222222","workloadDigest":"sha256:3333333333333333333333333333333333333333333333333333333333333333","protocolDigest":"sha256:4444444444444444444444444444444444444444444444444444444444444444","environmentDigest":"sha256:5555555555555555555555555555555555555555555555555555555555555555","status":"passed","correctness":{"comparator":"allclose","matchedRatio":1},"timing":{"primaryStatistic":"median","samples":100,"latencyNs":{"median":5120,"p95":5300,"confidence95":[5100,5140]}},"observedAt":"2026-09-01T08:30:00Z"}})kix"},
        {"ModelRevision",
         R"kix(apiVersion: kernelindex.dev/v1alpha1
kind: ModelRevision
metadata:
  name: tiny-lm-1b
spec:
  model: Tiny LM 1B
  repository: { host: huggingface, id: example/tiny-lm-1b, revision: main }
  parameterCount: 1000000000
  contextLength: 8192
)kix",
         R"kix({"apiVersion":"kernelindex.dev/v1alpha1","kind":"ModelRevision","metadata":{"name":"tiny-lm-1b"},"spec":{"model":"Tiny LM 1B","repository":{"host":"huggingface","id":"example/tiny-lm-1b","revision":"main"},"parameterCount":1000000000,"contextLength":8192}})kix"},
        {"ServingStackRevision",
         R"kix(apiVersion: kernelindex.dev/v1alpha1
kind: ServingStackRevision
metadata:
  name: servo-0-9
spec:
  project: { name: Servo }
  revision: { version: "0.9" }
  backends: [flash_attention]
)kix",
         R"kix({"apiVersion":"kernelindex.dev/v1alpha1","kind":"ServingStackRevision","metadata":{"name":"servo-0-9"},"spec":{"project":{"name":"Servo"},"revision":{"version":"0.9"},"backends":["flash_attention"]}})kix"},
        {"ServingConfiguration",
         R"kix(apiVersion: kernelindex.dev/v1alpha1
kind: ServingConfiguration
metadata:
  name: servo-bf16-tp2
spec:
  stackDigest: sha256:6666666666666666666666666666666666666666666666666666666666666666
  dtype: bf16
)kix",
         R"kix({"apiVersion":"kernelindex.dev/v1alpha1","kind":"ServingConfiguration","metadata":{"name":"servo-bf16-tp2"},"spec":{"stackDigest":"sha256:6666666666666666666666666666666666666666666666666666666666666666","dtype":"bf16"}})kix"},
        {"ServingWorkload",
         R"kix(apiVersion: kernelindex.dev/v1alpha1
kind: ServingWorkload
metadata:
  name: chat-open-loop
spec:
  streaming: true
  loadGeneration: open_loop
  requestRatePerSecond: 4.5
)kix",
         R"kix({"apiVersion":"kernelindex.dev/v1alpha1","kind":"ServingWorkload","metadata":{"name":"chat-open-loop"},"spec":{"streaming":true,"loadGeneration":"open_loop","requestRatePerSecond":4.5}})kix"},
        {"ServingRun",
         R"kix(apiVersion: kernelindex.dev/v1alpha1
kind: ServingRun
metadata:
  name: servo-tiny-lm-h200
spec:
  modelDigest: sha256:7777777777777777777777777777777777777777777777777777777777777777
  configurationDigest: sha256:8888888888888888888888888888888888888888888888888888888888888888
  workloadDigest: sha256:9999999999999999999999999999999999999999999999999999999999999999
  topology: { acceleratorModel: H200, acceleratorsPerNode: 2, nodeCount: 1 }
  harness: { name: loadgen, version: "3" }
  qualityPolicy: exact_model
  status: valid
  measurements:
    - { metric: ttft_ms, unit: ms, statistic: p50, value: 210 }
  observedAt: "2026-09-01T09:00:00.25Z"
)kix",
         R"kix({"apiVersion":"kernelindex.dev/v1alpha1","kind":"ServingRun","metadata":{"name":"servo-tiny-lm-h200"},"spec":{"modelDigest":"sha256:7777777777777777777777777777777777777777777777777777777777777777","configurationDigest":"sha256:8888888888888888888888888888888888888888888888888888888888888888","workloadDigest":"sha256:9999999999999999999999999999999999999999999999999999999999999999","topology":{"acceleratorModel":"H200","acceleratorsPerNode":2,"nodeCount":1},"harness":{"name":"loadgen","version":"3"},"qualityPolicy":"exact_model","status":"valid","measurements":[{"metric":"ttft_ms","unit":"ms","statistic":"p50","value":210}],"observedAt":"2026-09-01T09:00:00.25Z"}})kix"},
    };
}

} // namespace kixfix

#endif // Q_MOC_RUN
