#include "UpstreamSchema.h"

#include <deque>
#include <initializer_list>
#include <map>

namespace kix::upstream {

namespace {

// Owns every node; built once, read-only afterwards.
class Builder {
public:
    const Node* add(Node n) { return &m_nodes.emplace_back(std::move(n)); }

    const Node* string(int maxLength = -1, Format format = Format::Any) {
        Node n;
        n.type = Type::String;
        n.maxLength = maxLength;
        n.format = format;
        return add(std::move(n));
    }
    const Node* token() { return string(-1, Format::Token); }
    const Node* slug() { return string(100, Format::Slug); }
    const Node* name() { return string(200, Format::Name); }
    const Node* digest() { return string(-1, Format::Digest); }
    const Node* commit() { return string(-1, Format::Commit); }
    const Node* https() { return string(2000, Format::HttpsUrl); }
    const Node* instant() { return string(-1, Format::UtcInstant); }
    const Node* choice(std::initializer_list<std::string_view> values, std::string_view label) {
        Node n;
        n.type = Type::String;
        n.choices = values;
        n.enumLabel = label;
        return add(std::move(n));
    }
    const Node* literal(std::string_view value) {
        Node n;
        n.type = Type::String;
        n.literal = value;
        return add(std::move(n));
    }
    const Node* integer(Bound bound = Bound::None) {
        Node n;
        n.type = Type::Integer;
        n.bound = bound;
        return add(std::move(n));
    }
    const Node* number(Bound bound = Bound::None) {
        Node n;
        n.type = Type::Number;
        n.bound = bound;
        return add(std::move(n));
    }
    const Node* boolean() {
        Node n;
        n.type = Type::Boolean;
        return add(std::move(n));
    }
    const Node* simple(Type type, int maxLength = -1) {
        Node n;
        n.type = type;
        n.maxLength = maxLength;
        return add(std::move(n));
    }
    const Node* object(std::initializer_list<Member> members, Refinement refinement = Refinement::None) {
        Node n;
        n.type = Type::Object;
        n.members = members;
        n.refinement = refinement;
        return add(std::move(n));
    }
    const Node* record(Format keyFormat, const Node* values, int keyMaxLength = -1) {
        Node n;
        n.type = Type::Record;
        n.keyFormat = keyFormat;
        n.keyMaxLength = keyMaxLength;
        n.items = values;
        return add(std::move(n));
    }
    const Node* array(const Node* items, int minItems = 0, int maxItems = -1) {
        Node n;
        n.type = Type::Array;
        n.items = items;
        n.minItems = minItems;
        n.maxItems = maxItems;
        return add(std::move(n));
    }
    const Node* tuple(std::initializer_list<const Node*> items) {
        Node n;
        n.type = Type::Tuple;
        n.tuple = items;
        return add(std::move(n));
    }

private:
    std::deque<Node> m_nodes;
};

Member req(std::string_view name, const Node* node) {
    return {name, node, true};
}
Member opt(std::string_view name, const Node* node) {
    return {name, node, false};
}

struct Schemas {
    Builder b;
    const Node* metadata = nullptr;
    std::map<std::string_view, const Node*> specs;
    std::vector<std::string_view> kindNames;

    Schemas() {
        const Node* artifact = b.object({req("uri", b.string(2000)), req("digest", b.digest())});
        metadata = b.object({
            req("name", b.name()),
            opt("title", b.string(200)),
            opt("description", b.string(2000)),
            opt("labels", b.record(Format::Token, b.string(200))),
            opt("authors", b.array(b.object({opt("name", b.string(200)), opt("github", b.string(100))}))),
            opt("sourceRefs", b.array(b.object({req("url", b.https())}))),
        });

        // OperationSpec
        const Node* tensorSpec = b.object(
            {req("shape", b.array(b.simple(Type::Dimension), 1)), req("dtype", b.token()),
             opt("layout", b.choice({"row_major", "col_major", "contiguous", "strided"}, "layouts"))});
        const Node* argument = b.object({req("name", b.token()), opt("tensor", tensorSpec),
                                         opt("scalar", b.object({req("dtype", b.token())}))},
                                        Refinement::Argument);
        const Node* axis = b.object({req("role", b.choice({"variable", "constant", "derived"}, "axis roles")),
                                     req("type", b.literal("integer")), opt("value", b.integer()),
                                     opt("minimum", b.integer()), opt("maximum", b.integer()),
                                     opt("expression", b.string(200, Format::AxisExpression))},
                                    Refinement::Axis);
        add("OperationSpec",
            b.object({
                req("family", b.slug()),
                req("axes", b.record(Format::Token, axis)),
                req("inputs", b.array(argument, 1)),
                req("outputs", b.array(argument, 1)),
                req("semantics",
                    b.object(
                        {opt("expression", b.string(2000)),
                         req("mutation", b.choice({"none", "in_place", "destination"}, "mutation kinds")),
                         req("determinism", b.choice({"deterministic", "nondeterministic", "unspecified"},
                                                     "determinism kinds"))})),
                opt("reference", b.object({req("language", b.token()), opt("artifact", artifact)})),
            }));

        // WorkloadCase
        const Node* tensorData =
            b.object({req("generator", b.token()), opt("seed", b.integer(Bound::NonNegative)),
                      opt("parameters", b.record(Format::Token, b.number())), opt("artifact", artifact)});
        const Node* workloadTensor =
            b.object({req("shape", b.array(b.integer(Bound::NonNegative), 1)), req("dtype", b.token()),
                      opt("strides", b.array(b.integer())), opt("alignmentBytes", b.integer(Bound::Positive)),
                      opt("data", tensorData)});
        const Node* policy = b.choice({"reject", "exact_match", "ignore"}, "policies");
        add("WorkloadCase",
            b.object({
                req("operationSpecDigest", b.digest()),
                req("axes", b.record(Format::Token, b.integer())),
                req("tensors", b.record(Format::Token, workloadTensor)),
                opt("scalars",
                    b.record(Format::Token, b.object({req("dtype", b.token()), req("value", b.number())}))),
                req("correctness", b.object({req("comparator", b.token()),
                                             opt("maxAbsoluteError", b.number(Bound::NonNegative)),
                                             opt("maxRelativeError", b.number(Bound::NonNegative)),
                                             opt("requiredMatchedRatio", b.number(Bound::Ratio)),
                                             opt("nanPolicy", policy), opt("infinityPolicy", policy)})),
            }));

        // WorkloadSuite
        add("WorkloadSuite",
            b.object({
                req("operationSpecDigest", b.digest()),
                req("cases", b.array(b.object({req("externalId", b.string(200)),
                                               req("axes", b.record(Format::Token, b.integer()))}),
                                     1)),
                req("correctness",
                    b.object({req("comparator", b.token()), opt("description", b.string(500))})),
                req("aggregation", b.object({req("metric", b.token()), req("statistic", b.token())})),
            }));

        // SoftwareProject
        add("SoftwareProject",
            b.object({
                req("name", b.string(200)),
                opt("kind", b.choice({"library", "individual", "vendor"}, "project kinds")),
                opt("repository", b.https()),
                opt("homepage", b.https()),
                opt("host",
                    b.object({req("kind", b.choice({"github", "huggingface", "gitlab", "other"}, "hosts")),
                              req("id", b.string(200))})),
                opt("packages", b.array(b.object({req("ecosystem", b.token()), req("name", b.string(200))}))),
            }));

        // ImplementationRevision
        const Node* install = b.object(
            {req("kind", b.choice({"git", "pip", "package", "container", "source"}, "install kinds")),
             opt("repository", b.https()), opt("commit", b.commit()), opt("package", b.string(200)),
             opt("version", b.string(100)), opt("command", b.string(1000))});
        add("ImplementationRevision",
            b.object({
                req("projectRevision",
                    b.object({opt("repository", b.https()), opt("commit", b.commit()),
                              opt("version", b.string(100)), opt("treeDigest", b.digest())})),
                req("operation", b.object({req("specDigest", b.digest())})),
                req("callable", b.object({req("language", b.token()), opt("path", b.string(500)),
                                          opt("symbol", b.string(200)), opt("interface", b.token())})),
                req("support",
                    b.object({req("hardwareArchitectures", b.array(b.token())),
                              opt("productsTested", b.array(b.string(100))),
                              opt("axes", b.array(b.string(200))), req("dtypes", b.array(b.token())),
                              opt("layouts", b.array(b.string(50)))})),
                opt("source", b.object({req("contentDigest", b.digest()), opt("fileName", b.string(200)),
                                        opt("sizeBytes", b.integer(Bound::Positive))})),
                opt("buildVariants",
                    b.array(b.object({req("name", b.name()), req("install", install),
                                      opt("requirements", b.record(Format::Token, b.string(200)))}))),
                req("licensing", b.object({opt("declared", b.string(200)), opt("concluded", b.string(200)),
                                           opt("evidence", b.object({req("path", b.string(500)),
                                                                     opt("digest", b.digest())}))})),
            }));

        // BenchmarkProtocol
        add("BenchmarkProtocol",
            b.object({
                req("harness", b.object({req("name", b.string(200)), opt("version", b.string(100)),
                                         opt("repository", b.https()), opt("commit", b.commit())})),
                req("measurement",
                    b.object({req("timer", b.token()), opt("synchronization", b.token()),
                              opt("compileIncluded", b.boolean()), opt("setupIncluded", b.boolean()),
                              opt("warmupIterations", b.integer(Bound::NonNegative)),
                              opt("warmupDuration", b.simple(Type::Duration)),
                              opt("measuredIterations", b.integer(Bound::Positive)),
                              opt("samples", b.integer(Bound::Positive)), opt("inputRegeneration", b.token()),
                              opt("outlierPolicy", b.string(500)), req("primaryStatistic", b.token())})),
                opt("correctness", b.object({req("reference", b.string(500)), req("comparator", b.token())})),
                opt("devicePolicy", b.object({opt("clocksLocked", b.boolean()),
                                              opt("powerLimitWatts", b.number(Bound::Positive)),
                                              opt("persistenceMode", b.boolean())})),
                opt("comparability", b.object({req("family", b.token()), opt("notes", b.string(1000))})),
            }));

        // ExecutionEnvironment
        add("ExecutionEnvironment",
            b.object({
                req("hardware",
                    b.object({req("vendor", b.token()), req("product", b.string(200)),
                              req("architecture", b.token()), opt("formFactor", b.string(100)),
                              opt("memoryBytes", b.integer(Bound::Positive)),
                              opt("count", b.integer(Bound::Positive)), opt("interconnect", b.string(200))})),
                req("software", b.object({opt("operatingSystem", b.string(200)), opt("kernel", b.string(200)),
                                          opt("driver", b.string(100)), opt("cudaToolkit", b.string(100)),
                                          opt("compiler", b.string(200)),
                                          opt("framework", b.object({req("name", b.token()),
                                                                     req("version", b.string(100))})),
                                          opt("libraries", b.record(Format::Token, b.string(100)))})),
                opt("settings",
                    b.object({opt("clocksLocked", b.boolean()),
                              opt("powerLimitWatts", b.number(Bound::Positive)),
                              opt("persistenceMode", b.boolean()), opt("eccEnabled", b.boolean()),
                              opt("environmentVariables", b.record(Format::Any, b.string(500), 200))})),
                opt("imageDigest", b.digest()),
            }));

        // BenchmarkRun
        const Node* duration = b.simple(Type::Duration);
        const Node* measurement =
            b.object({req("metric", b.token()), req("unit", b.token()), req("statistic", b.token()),
                      req("value", b.number()), opt("sampleCount", b.integer(Bound::Positive))});
        add("BenchmarkRun",
            b.object({
                req("implementationDigest", b.digest()),
                req("workloadDigest", b.digest()),
                req("protocolDigest", b.digest()),
                req("environmentDigest", b.digest()),
                req("status", b.choice({"passed", "incorrect_shape", "incorrect_dtype", "incorrect_numerical",
                                        "compile_error", "runtime_error", "timeout", "resource_exceeded",
                                        "invalid_reference", "policy_violation", "suspected_reward_hack",
                                        "incomplete_evidence", "revoked"},
                                       "run statuses")),
                opt("correctness", b.object({req("comparator", b.token()),
                                             opt("maximumAbsoluteError", b.number(Bound::NonNegative)),
                                             opt("maximumRelativeError", b.number(Bound::NonNegative)),
                                             opt("matchedRatio", b.number(Bound::Ratio))})),
                opt("timing",
                    b.object({req("primaryStatistic", b.token()), opt("samples", b.integer(Bound::Positive)),
                              req("latencyNs", b.object({opt("median", duration), opt("mean", duration),
                                                         opt("p05", duration), opt("p95", duration),
                                                         opt("minimum", duration), opt("maximum", duration),
                                                         opt("mad", duration),
                                                         opt("confidence95", b.tuple({duration, duration}))},
                                                        Refinement::LatencyCentral)),
                              opt("rawSamples", artifact)})),
                opt("measurements", b.array(measurement)),
                opt("sourceNative", b.object({req("source", b.slug()), opt("benchmark", b.string(200)),
                                              opt("externalId", b.string(500)),
                                              opt("metrics", b.record(Format::Token, b.number()))})),
                opt("evidence", b.object({opt("logs", artifact), opt("rawSamples", artifact),
                                          opt("harness", b.object({req("repository", b.https()),
                                                                   req("commit", b.commit())}))})),
                req("observedAt", b.instant()),
            }));

        // Serving kinds (serving-kinds.ts)
        add("ModelRevision",
            b.object({
                req("model", b.string(200)),
                opt("repository",
                    b.object({req("host", b.choice({"huggingface", "github", "other"}, "hosts")),
                              req("id", b.string(200)), opt("revision", b.string(100))})),
                opt("tokenizer", b.object({opt("name", b.string(200)), opt("revision", b.string(100)),
                                           opt("digest", b.digest())})),
                opt("architecture", b.string(100)),
                opt("parameterCount", b.integer(Bound::Positive)),
                opt("contextLength", b.integer(Bound::Positive)),
                opt("modality", b.token()),
                opt("license", b.string(200)),
            }));
        add("ServingStackRevision",
            b.object({
                req("project", b.object({req("name", b.string(200)), opt("repository", b.https())})),
                req("revision", b.object({opt("version", b.string(120)), opt("commit", b.commit()),
                                          opt("containerDigest", b.digest())})),
                opt("backends", b.array(b.token(), 0, 8)),
                opt("apiProtocol", b.token()),
                opt("license", b.string(200)),
            }));
        const Node* positive = b.integer(Bound::Positive);
        add("ServingConfiguration",
            b.object({
                req("stackDigest", b.digest()),
                opt("dtype", b.token()),
                opt("quantization", b.token()),
                opt("parallelism",
                    b.object({opt("tensor", positive), opt("pipeline", positive), opt("data", positive),
                              opt("expert", positive), opt("context", positive)})),
                opt("attentionBackend", b.token()),
                opt("kvCache", b.object({opt("dtype", b.token()), opt("capacityTokens", positive)})),
                opt("limits", b.object({opt("maxSequenceLength", positive), opt("maxBatchSize", positive),
                                        opt("maxNumTokens", positive)})),
                opt("speculative", b.object({req("method", b.token()), opt("draftModel", b.string(200))})),
                opt("options", b.record(Format::Token, b.string(500))),
            }));
        const Node* tokens = b.object({req("distribution", b.token()), opt("mean", b.number(Bound::Positive)),
                                       opt("maximum", positive), opt("artifactDigest", b.digest())});
        add("ServingWorkload",
            b.object({
                opt("dataset", b.object({req("name", b.string(200)), opt("digest", b.digest())})),
                opt("tokens", b.object({opt("prompt", tokens), opt("output", tokens)})),
                req("streaming", b.boolean()),
                req("loadGeneration",
                    b.choice({"open_loop", "closed_loop", "offline"}, "load generation modes")),
                opt("arrival", b.token()),
                opt("requestRatePerSecond", b.number(Bound::Positive)),
                opt("slo",
                    b.array(b.object({req("metric", b.token()), req("statistic", b.token()),
                                      req("operator", b.choice({"<=", "<"}, "operators")),
                                      req("value", b.number(Bound::Positive)), req("unit", b.token())}),
                            0, 8)),
                opt("sampling", b.object({opt("temperature", b.number()), opt("seeded", b.boolean())})),
                opt("durationSeconds", positive),
                opt("requestCount", positive),
            }));
        add("ServingRun",
            b.object({
                req("modelDigest", b.digest()),
                req("configurationDigest", b.digest()),
                req("workloadDigest", b.digest()),
                req("topology",
                    b.object({opt("acceleratorVendor", b.token()), req("acceleratorModel", b.string(200)),
                              req("acceleratorsPerNode", positive), req("nodeCount", positive),
                              opt("interconnect", b.string(200))})),
                req("harness", b.object({req("name", b.token()), req("version", b.string(100))})),
                opt("placement", b.token()),
                req("qualityPolicy", b.token()),
                req("status", b.choice({"valid", "invalid", "incomplete_evidence"}, "serving run statuses")),
                req("measurements", b.array(measurement, 1, 64)),
                opt("sourceNative",
                    b.object({req("source", b.slug()), req("benchmark", b.string(200)),
                              req("scenario", b.token()), req("division", b.token()),
                              req("category", b.token()), req("externalId", b.string(500)),
                              opt("metrics", b.record(Format::Token, b.simple(Type::NumberOrString, 500)))})),
                opt("caveats", b.array(b.string(500), 0, 16)),
                req("observedAt", b.instant()),
            }));
    }

    void add(std::string_view kind, const Node* spec) {
        specs.emplace(kind, spec);
        kindNames.push_back(kind);
    }
};

const Schemas& schemas() {
    static const Schemas s;
    return s;
}

} // namespace

const Node* specSchema(std::string_view kind) {
    const auto& specs = schemas().specs;
    const auto it = specs.find(kind);
    return it == specs.end() ? nullptr : it->second;
}

const Node* metadataSchema() {
    return schemas().metadata;
}

const std::vector<std::string_view>& kinds() {
    return schemas().kindNames;
}

} // namespace kix::upstream
