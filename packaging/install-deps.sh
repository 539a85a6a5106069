#!/usr/bin/env bash
# Installs the Debian packages kix builds and tests with. Idempotent: packages already present
# are left alone, and apt is not even asked when everything is installed.
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
  clang-tidy                     # the clang-tidy gate (clang-tidy-14; brings python3 for the gate script)
  texlive-binaries               # bibtex: the citation test runs it on kix's BibTeX output
  libyaml-cpp-dev                # yaml-cpp: the citation test reads the CFF output back
  gcovr                          # tools/coverage.sh
  fonts-dejavu-core              # readable text in offscreen screenshots
  slurm-wlm munge                # the one-node Slurm cluster the cluster tests run against (tests/slurm/)
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages already installed"
  exit 0
fi

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
