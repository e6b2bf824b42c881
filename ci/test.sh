#!/usr/bin/env bash
# Build and run the whole test suite (what CI runs).
set -euo pipefail
cd "$(dirname "$0")/.."
bash ci/install-deps.sh
start=$SECONDS
bash ci/build.sh
echo "test.sh: build took $((SECONDS - start)) s"
start=$SECONDS
ctest --test-dir build --output-on-failure -j"$(nproc)"
echo "test.sh: tests took $((SECONDS - start)) s"
# The address + undefined-behaviour sanitizer build of the suite, then the short fuzzing run.
bash ci/sanitize.sh
