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
# wormcast, wormcast_tests and wormcast_fuzz_targets, built side by side (CMakeLists.txt).
cmake --build "$tree" -j"$jobs" --target wormcast_sanitize_targets
echo "sanitize: build took $((SECONDS - start)) s"

# Reports go to files as well as to the failing test's output, so that one from a child process
# (the program tests run build-san/wormcast) cannot pass unseen.
logs="$PWD/$tree/sanitizer-logs"
rm -rf "$logs" && mkdir -p "$logs"
# Every check on, use after return included: the network model has no SC_THREAD, so its runs
# never switch to a SystemC coroutine stack (docs/hardening.md). Leaks: finished kernels stay
# reachable (Kernel.cpp).
asan_all="detect_stack_use_after_return=1:detect_leaks=1:check_initialization_order=1:strict_string_checks=1"
export ASAN_OPTIONS="$asan_all:log_path=$logs/asan"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:log_path=$logs/ubsan"
export LSAN_OPTIONS="suppressions=$PWD/ci/lsan.supp:print_suppressions=0"
command -v llvm-symbolizer >/dev/null && export ASAN_SYMBOLIZER_PATH="$(command -v llvm-symbolizer)"

# The tests tagged [threads] run SC_THREADs (TLM-2.0 initiators, the TLM interconnect's ports):
# QuickThreads coroutine stacks that ASan cannot follow. Its fake stacks for use after return
# crash on them, so these tests run in a second pass without that one check; the warning ASan
# prints there when an exception is thrown on a coroutine stack ("ignoring requested
# __asan_handle_no_return") is the only report allowed, and only in that pass.
# Tests tagged [heavy] (whole reproductions run twice as programs, over 200 s under the
# sanitizers) are left out of both passes: the code they run is under the sanitizers in the
# smaller tests of the worker pool and of reproduce --out.
tagged_tests() {  # tagged_tests TAG: a ctest regex of the unit tests with the Catch2 tag TAG
  # Catch2 exits with the number of tests it lists; an empty list is caught by the caller.
  { "$tree/wormcast_tests" "$1" --list-test-names-only || true; } | sed '/^$/d' |
    sed -e 's/[][\.^$*+?(){}|]/\\&/g' -e 's/^/^unit:/' -e 's/$/$/' | paste -sd'|'
}

check_logs() {
  local dir="$1" allow_no_return="${2:-}" found=0
  for f in "$dir"/*; do
    [ -e "$f" ] || continue
    if [ -n "$allow_no_return" ] && ! grep -qvE '^==[0-9]+==WARNING: ASan is ignoring requested __asan_handle_no_return|^False positive error reports may follow|^For details see https://github.com/google/sanitizers/issues/189|^$' "$f"; then
      continue
    fi
    found=1
  done
  if [ $found -eq 1 ]; then
    echo "sanitize: sanitizer reports:" >&2
    cat "$dir"/* >&2
    exit 1
  fi
}

status=0
if [ "$what" = all ] || [ "$what" = tests ]; then
  start=$SECONDS
  threads="$(tagged_tests '[threads]')"
  heavy="$(tagged_tests '[heavy]')"
  [ -n "$threads" ] && [ -n "$heavy" ] || { echo "sanitize: no [threads] or [heavy] tests listed" >&2; exit 1; }
  ctest --test-dir "$tree" -R '^unit:' -E "$threads|$heavy" --output-on-failure -j"$jobs" || status=1
  check_logs "$logs"
  thread_logs="$logs/threads" && mkdir -p "$thread_logs"
  ASAN_OPTIONS="${asan_all/detect_stack_use_after_return=1/detect_stack_use_after_return=0}:log_path=$thread_logs/asan" \
    UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:log_path=$thread_logs/ubsan" \
    ctest --test-dir "$tree" -R "$threads" --output-on-failure -j"$jobs" || status=1
  echo "sanitize: tests took $((SECONDS - start)) s"
  check_logs "$thread_logs" allow-no-return
  [ $status -eq 0 ] || exit $status
fi

if [ "$what" = all ] || [ "$what" = fuzz ]; then
  start=$SECONDS
  seconds="${FUZZ_SECONDS:-20}"
  fuzz_one() {  # one target for $seconds; a failure leaves its log's tail and a mark
    local target=$1 corpus="$tree/fuzz-corpus/$1"
    mkdir -p "$corpus" "$tree/fuzz-artifacts"
    # New inputs go to build-san/fuzz-corpus/; the committed seeds are only read.
    "$tree/fuzz_$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -print_funcs=0 \
        -artifact_prefix="$tree/fuzz-artifacts/$target-" "$corpus" "testbenches/fuzz/corpus/$target" \
        >"$tree/fuzz-$target.log" 2>&1 || touch "$tree/fuzz-$target.failed"
  }
  rm -f "$tree"/fuzz-*.failed
  # The targets run side by side, one per core: each is a single process.
  for target in scenario topology message_file node_list topology_file; do
    fuzz_one "$target" &
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  done
  wait
  for target in scenario topology message_file node_list topology_file; do
    if [ -e "$tree/fuzz-$target.failed" ]; then tail -50 "$tree/fuzz-$target.log" >&2; status=1; fi
    grep -E '^stat::number_of_executed_units|^Done' "$tree/fuzz-$target.log" | tr '\n' ' ' | sed "s/^/sanitize: fuzz_$target: /"; echo
  done
  echo "sanitize: fuzzing took $((SECONDS - start)) s"
fi
exit $status
