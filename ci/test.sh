#!/usr/bin/env bash
# Build and run the whole test suite (what CI runs).
set -euo pipefail
cd "$(dirname "$0")/.."
bash ci/install-deps.sh --tests       # the program's packages and the tests' (catch2, clang, Slurm, GTKWave, ...)
bash ci/build.sh --tests              # every target, the Catch2 test binaries included
bash ci/slurm-test.sh build/wormcast  # a single-node Slurm cluster, started and stopped (docs/cluster.md)
ctest --test-dir build --output-on-failure -j"$(nproc)"
bash ci/install-check.sh build          # install, then build and run projects against the package (docs/library.md)
bash ci/sanitize.sh                   # address + undefined-behaviour sanitizer run and short fuzzing (docs/hardening.md)
