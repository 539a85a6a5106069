// Validates files kix writes against KernelIndex's own JSON Schemas (draft 2020-12, strict:
// unknown members rejected) with Ajv, a real JSON Schema validator.
//   node validate-kernelindex.cjs SCHEMA_DIR FILE...
// A file is a {run, protocol, environment} bundle (each member against its kind's schema, no other
// member allowed) or one resource (by its `kind`). kix's raw-samples evidence files
// ("format": "kix.raw-samples/v1") are not KernelIndex resources: they are counted, not validated.
// A manifest over 1 MiB is an error (KernelIndex rejects it). So is an OperationSpec argument (an input
// or an output) that is not exactly one of tensor or scalar: KernelIndex's parser rejects it, and its
// JSON Schema cannot say so (both members are optional there). Prints one line per error and a summary;
// exits 1 when any error was found, 2 on bad usage.
"use strict";
const fs = require("fs");
const path = require("path");
const Ajv2020 = require("ajv/dist/2020").default;
const addFormats = require("ajv-formats").default;

const [schemaDir, ...files] = process.argv.slice(2);
if (!schemaDir || files.length === 0) {
  console.error("usage: node validate-kernelindex.cjs SCHEMA_DIR FILE...");
  process.exit(2);
}
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const validators = new Map();
for (const name of fs.readdirSync(schemaDir).filter((n) => n.endsWith(".schema.json"))) {
  const schema = JSON.parse(fs.readFileSync(path.join(schemaDir, name), "utf8"));
  validators.set(schema.title, ajv.compile(schema));
}

let errors = 0;
let resources = 0;
let evidence = 0;
function report(file, where, message) {
  errors += 1;
  console.log(`${file}: ${where || "/"}: ${message}`);
}
// The parser's rule the schema cannot express: each argument has a tensor or a scalar, not both.
function checkArguments(file, pointer, spec) {
  for (const list of ["inputs", "outputs"]) {
    const args = spec && Array.isArray(spec[list]) ? spec[list] : [];
    args.forEach((arg, i) => {
      if (arg && typeof arg === "object" && ("tensor" in arg) === ("scalar" in arg))
        report(file, `${pointer}/spec/${list}/${i}`, "must have exactly one of tensor or scalar (KernelIndex's parser)");
    });
  }
}
function validate(file, pointer, resource) {
  resources += 1;
  const kind = resource && resource.kind;
  const check = validators.get(kind);
  if (!check) return report(file, pointer, `no KernelIndex schema for kind ${JSON.stringify(kind)}`);
  if (!check(resource))
    for (const e of check.errors) {
      const extra = e.params && e.params.additionalProperty ? ` (${e.params.additionalProperty})` : "";
      report(file, pointer + e.instancePath, `${e.message}${extra}`);
    }
  if (kind === "OperationSpec") checkArguments(file, pointer, resource.spec);
}
for (const file of files) {
  const text = fs.readFileSync(file);
  let doc;
  try {
    doc = JSON.parse(text.toString("utf8"));
  } catch (e) {
    report(file, "", `not JSON: ${e.message}`);
    continue;
  }
  if (doc && doc.format === "kix.raw-samples/v1") {
    evidence += 1;
    continue;
  }
  if (text.length > 1024 * 1024) report(file, "", `${text.length} bytes, over KernelIndex's 1 MiB limit`);
  if (doc && typeof doc.kind === "string") {
    validate(file, "", doc);
  } else if (doc && typeof doc === "object" && doc.run) {
    const kinds = { run: "BenchmarkRun", protocol: "BenchmarkProtocol", environment: "ExecutionEnvironment" };
    for (const [member, value] of Object.entries(doc)) {
      if (!kinds[member]) report(file, `/${member}`, "not a member of a {run, protocol, environment} bundle");
      else if (value.kind !== kinds[member]) report(file, `/${member}/kind`, `expected ${kinds[member]}`);
      else validate(file, `/${member}`, value);
    }
  } else {
    report(file, "", "neither a resource (kind) nor a bundle (run)");
  }
}
console.log(`${files.length} file(s), ${resources} resource(s) validated, ${evidence} evidence file(s), ${errors} error(s)`);
process.exit(errors ? 1 : 0);
