#!/usr/bin/env bash
# The address + undefined-behaviour sanitizer run and the short fuzzing run of CI
# (docs/hardening.md): clang, its own tree build-san/ (-O1, line tables only), the unit suite
# (program, network and pure tests; the RTL co-simulation is left out: WORMCAST_RTL=OFF), then
# each libFuzzer target of testbenches/fuzz/ for FUZZ_SECONDS (default 20) from its seed corpus.
# Fails on any test failure, any sanitizer report (also from the program the tests start) and any
# fuzzer finding. Usage: bash ci/sanitize.sh [tests|fuzz]  (default: both)
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-all}"
tree=build-san
jobs="$(nproc)"
start=$SECONDS
cmake -S . -B "$tree" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Sanitize \
      -DCMAKE_CXX_FLAGS_SANITIZE="-O1 -gline-tables-only" \
      -DWORMCAST_SANITIZE=ON -DWORMCAST_FUZZ=ON -DWORMCAST_RTL=OFF -DWORMCAST_WERROR=OFF -DWORMCAST_TESTS=ON >/dev/null
cmake --build "$tree" -j"$jobs" --target wormcast wormcast_tests wormcast_fuzz_targets
echo "sanitize: build took $((SECONDS - start)) s"

# Reports go to files as well as to the failing test's output, so that one from a child process
# (the program tests run build-san/wormcast) cannot pass unseen.
logs="$PWD/$tree/sanitizer-logs"
rm -rf "$logs" && mkdir -p "$logs"
# Every check on, use after return included: the model has no SC_THREAD, so no run switches to a
# SystemC coroutine stack (docs/hardening.md). Leaks: finished kernels stay reachable (Kernel.cpp).
export ASAN_OPTIONS="detect_stack_use_after_return=1:detect_leaks=1:check_initialization_order=1:strict_string_checks=1:log_path=$logs/asan"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:log_path=$logs/ubsan"
export LSAN_OPTIONS="suppressions=$PWD/ci/lsan.supp:print_suppressions=0"
command -v llvm-symbolizer >/dev/null && export ASAN_SYMBOLIZER_PATH="$(command -v llvm-symbolizer)"

check_logs() {
  if compgen -G "$logs/*" >/dev/null; then
    echo "sanitize: sanitizer reports:" >&2
    cat "$logs"/* >&2
    exit 1
  fi
}

status=0
if [ "$what" = all ] || [ "$what" = tests ]; then
  start=$SECONDS
  ctest --test-dir "$tree" -R '^unit:' --output-on-failure -j"$jobs" || status=1
  echo "sanitize: tests took $((SECONDS - start)) s"
  check_logs
  [ $status -eq 0 ] || exit $status
fi

if [ "$what" = all ] || [ "$what" = fuzz ]; then
  start=$SECONDS
  seconds="${FUZZ_SECONDS:-20}"
  for target in scenario topology message_file node_list topology_file; do
    corpus="$tree/fuzz-corpus/$target"
    mkdir -p "$corpus" "$tree/fuzz-artifacts"
    # New inputs go to build-san/fuzz-corpus/; the committed seeds are only read.
    "$tree/fuzz_$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -print_funcs=0 \
        -artifact_prefix="$tree/fuzz-artifacts/$target-" "$corpus" "testbenches/fuzz/corpus/$target" \
        >"$tree/fuzz-$target.log" 2>&1 || { tail -50 "$tree/fuzz-$target.log" >&2; status=1; }
    grep -E '^stat::number_of_executed_units|^Done' "$tree/fuzz-$target.log" | tr '\n' ' ' | sed "s/^/sanitize: fuzz_$target: /"; echo
  done
  echo "sanitize: fuzzing took $((SECONDS - start)) s"
fi
exit $status
