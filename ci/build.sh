#!/usr/bin/env bash
# Configure and build wormcast in build/ (Release with debug info).
#   bash ci/build.sh          the program only (build/wormcast): no test binaries, Catch2 not needed
#   bash ci/build.sh --tests  everything, the Catch2 test binaries included (ci/test.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: $0 [--tests]"
configure=(-DCMAKE_BUILD_TYPE=RelWithDebInfo)
target=(--target wormcast)
for arg in "$@"; do
  case "$arg" in
    --tests) configure+=(-DWORMCAST_TESTS=ON); target=() ;;
    -h|--help) echo "$usage"; exit 0 ;;
    *) echo "$0: unknown option '$arg' ($usage)" >&2; exit 2 ;;
  esac
done
cmake -S . -B build "${configure[@]}" >/dev/null
cmake --build build -j"$(nproc)" "${target[@]}"
