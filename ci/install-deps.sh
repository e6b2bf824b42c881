#!/usr/bin/env bash
# Install the Debian packages wormcast needs, only those missing; quiet when all are present.
#   bash ci/install-deps.sh          what the program needs to build, run and draw (the README's
#                                    first command): compilers, SystemC, Verilator (RTL routers
#                                    are verilated by the build), the libraries, gnuplot and
#                                    Graphviz for pictures, and the synthesis tools for area and
#                                    timing (yosys, OpenSTA, the OSU 0.18 um cells of qflow)
#   bash ci/install-deps.sh --tests  also what only the tests and CI use (ci/test.sh)
set -euo pipefail
usage="usage: $0 [--tests]"
tests=0
for arg in "$@"; do
  case "$arg" in
    --tests) tests=1 ;;
    -h|--help) echo "$usage"; exit 0 ;;
    *) echo "$0: unknown option '$arg' ($usage)" >&2; exit 2 ;;
  esac
done
packages=(build-essential cmake pkg-config libsystemc-dev verilator libfmt-dev libyaml-cpp-dev
          libcli11-dev nlohmann-json3-dev
          gnuplot-nox                                         # sweep and reproduction figures
          graphviz                                            # --deadlock-dot NAME.png
          yosys python3 opensta qflow-tech-osu018)            # area and timing (rtl/synth/)
if [ "$tests" -eq 1 ]; then
  packages+=(catch2 clang-format                              # the Catch2 binaries, the format test
             slurmctld slurmd slurm-client munge              # ci/slurm-cluster.sh
             gtkwave xvfb xauth imagemagick fonts-dejavu-core # GTKWave test, vcd2fst (waves/README.md)
             clang libclang-rt-14-dev llvm)  # sanitizer and libFuzzer runtimes, llvm-symbolizer: ci/sanitize.sh
fi
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
