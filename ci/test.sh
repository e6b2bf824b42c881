#!/usr/bin/env bash
# Build and run the whole test suite (what CI runs). Each step prints its wall time at the end
# ("ci: STEP took N s"), so a slow CI run says where its time went.
set -euo pipefail
cd "$(dirname "$0")/.."
step() {  # step NAME COMMAND...: runs COMMAND, then prints how long it took
  local name="$1" start=$SECONDS
  shift
  "$@"
  echo "ci: $name took $((SECONDS - start)) s"
}
step deps bash ci/install-deps.sh --tests          # the program's packages and the tests' (catch2, clang, Slurm, GTKWave, ...)
step build bash ci/build.sh --tests                # every target, the Catch2 test binaries included
step slurm bash ci/slurm-test.sh build/wormcast    # a single-node Slurm cluster, started and stopped (docs/cluster.md)
step suite ctest --test-dir build --output-on-failure -j"$(nproc)"
step install bash ci/install-check.sh build        # install, then build and run projects against the package (docs/library.md)
step sanitize bash ci/sanitize.sh                  # address + undefined-behaviour sanitizer run and short fuzzing (docs/hardening.md)
