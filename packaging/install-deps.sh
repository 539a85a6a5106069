#!/usr/bin/env bash
# Installs the Debian packages kix builds and tests with, and the JSON Schema validator (Ajv, from
# npm) that checks kix's output against KernelIndex's schemas. Idempotent: packages already present
# are left alone, and apt and npm are not even asked when everything is installed.
# CUDA is not installed here: the kernel and `kix run` are built only where /usr/local/cuda/bin/nvcc
# (or nvcc on PATH) exists; everything else builds and tests without it.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-base-dev-tools libgl-dev
  libqcustomplot-dev nlohmann-json3-dev libssl-dev
  libyaml-cpp-dev libzstd-dev    # YAML manifests; zstd-compressed catalog exports
  zstd                           # the fuzz test's catalog seeds
  clang libclang-rt-dev          # the parser's libFuzzer target
  lld                            # links the test programs in a third of GNU ld's time
  clang-tidy                     # the clang-tidy gate (clang-tidy-14; brings python3 for the gate script)
  texlive-binaries               # bibtex: the citation test runs it on kix's BibTeX output
  libyaml-cpp-dev                # yaml-cpp: the citation test reads the CFF output back
  gcovr                          # tools/coverage.sh
  fonts-dejavu-core              # readable text in offscreen screenshots
  slurm-wlm munge                # the one-node Slurm cluster the cluster tests run against (tests/cluster/slurm/)
  python3-torch                  # kix run --solution's CPU path in tests/cli/tst_run_solution (torch 1.13, CPU build;
                                 # 1 min 49 s with apt-get update on the 2-core machine, 155 packages, 2026-12-07)
)

# node and npm run the JSON Schema validator (Ajv) of the KernelIndex schema test. Debian's packages
# are asked for only when no node is on PATH (a NodeSource node brings its own npm and conflicts with them).
command -v node >/dev/null 2>&1 || packages+=(nodejs)
command -v npm >/dev/null 2>&1 || packages+=(npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages already installed"
else
  echo "install-deps: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# Ajv 8 (JSON Schema draft 2020-12, what KernelIndex's schemas are written in; Debian's node-ajv is 6,
# which knows only draft-07) and its formats, pinned, from the npm registry, into a folder of their own.
# tests/cli/tst_kernelindex_schemas.cpp looks there (KIX_NODE_MODULES names another).
ajv_prefix=/usr/local/lib/kix-node
ajv_packages=(ajv@8.20.0 ajv-formats@3.0.1)
if [ -f "$ajv_prefix/node_modules/ajv/package.json" ] &&
   grep -q '"version": "8.20.0"' "$ajv_prefix/node_modules/ajv/package.json" &&
   [ -f "$ajv_prefix/node_modules/ajv-formats/package.json" ]; then
  echo "install-deps: Ajv already installed in $ajv_prefix"
else
  echo "install-deps: installing ${ajv_packages[*]} into $ajv_prefix"
  $sudo mkdir -p "$ajv_prefix"
  $sudo npm install --prefix "$ajv_prefix" --no-audit --no-fund --no-save "${ajv_packages[@]}"
fi
