#!/usr/bin/env bash
# The default demo: a 4x4 mesh under uniform traffic, with a waveform for GTKWave. Options are
# passed to `wormcast run` (e.g. --verbose: the SystemC kernel's own reports too).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p waves
build/wormcast run testbenches/scenarios/demo.yaml --vcd waves/demo.vcd --json waves/demo.json "$@"
echo "open the waveform (flits decoded by wormcast wave-filter) from this directory with: gtkwave waves/demo.vcd waves/demo.gtkw"
