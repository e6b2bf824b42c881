#!/usr/bin/env bash
# Build and run the whole test suite (what CI runs).
set -euo pipefail
cd "$(dirname "$0")/.."
bash ci/install-deps.sh
bash ci/build.sh
ctest --test-dir build --output-on-failure -j"$(nproc)"
