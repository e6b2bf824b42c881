#!/usr/bin/env bash
# Install the Debian packages wormcast needs, only those missing; quiet when all are present.
set -euo pipefail
packages=(build-essential cmake pkg-config libsystemc-dev verilator catch2 libfmt-dev gnuplot-nox
          libyaml-cpp-dev libcli11-dev nlohmann-json3-dev yosys python3 clang-format
          slurmctld slurmd slurm-client munge                 # ci/slurm-cluster.sh
          gtkwave xvfb xauth imagemagick fonts-dejavu-core    # GTKWave test, vcd2fst (waves/README.md)
          graphviz                                            # --deadlock-dot NAME.png
          clang libclang-rt-14-dev llvm)  # sanitizer and libFuzzer runtimes, llvm-symbolizer: ci/sanitize.sh
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
