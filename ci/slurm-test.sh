#!/usr/bin/env bash
# The Slurm test (docs/cluster.md), run by ci/test.sh: starts a single-node Slurm cluster
# (ci/slurm-cluster.sh), runs a small sweep and a small reproduction once on this machine and once
# as Slurm array jobs, and checks that the tables are the same; also that a rerun submits only the
# missing runs and that a missing Slurm is exit 2. Stops the cluster however it ends.
#   bash ci/slurm-test.sh [build/wormcast]
set -euo pipefail
cd "$(dirname "$0")/.."
wormcast=$(realpath "${1:-build/wormcast}")
work=$(mktemp -d /tmp/wormcast-slurm-test.XXXXXX)
cleanup() {
    bash ci/slurm-cluster.sh stop || true
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 143' TERM INT HUP  # so that the EXIT trap stops the cluster then too
passed=0
failed=0
check() {  # check NAME CONDITION-COMMAND...
    local name=$1
    shift
    if "$@"; then
        passed=$((passed + 1))
        echo "slurm-test: ok: $name"
    else
        failed=$((failed + 1))
        echo "slurm-test: FAILED: $name"
    fi
}
same_file() { cmp -s "$1" "$2" || { diff "$1" "$2" | head -20; return 1; }; }
count_points() { find "$1/points" -name '*.json' | wc -l; }
start=$SECONDS

# Without Slurm (an empty PATH but for the binary's own needs): a clear error, exit 2.
status=0
PATH=/nonexistent "$wormcast" sweep testbenches/scenarios/demo.yaml --vary traffic.load=0.01 \
    --out "$work/none" --slurm >"$work/none.out" 2>&1 || status=$?
cat "$work/none.out"
check "no sbatch: exit 2" test "$status" -eq 2
check "no sbatch: says so" grep -q "sbatch is not on the PATH" "$work/none.out"

eval "$(bash ci/slurm-cluster.sh start)"

sweep=(sweep testbenches/scenarios/demo.yaml --set traffic.warmup=100 --set traffic.measure=300
       --vary traffic.load=0.02,0.05,0.1 --vary router.buffer_depth=2,4 --seeds 2)
"$wormcast" "${sweep[@]}" --jobs 2 --out "$work/local" >"$work/local.out" 2>&1
"$wormcast" "${sweep[@]}" --out "$work/slurm" --slurm --slurm-chunk 5 --slurm-opt=--wait \
    --slurm-opt time=00:05:00 | tee "$work/submit.out"
check "sweep: 12 runs in 3 array tasks" grep -q "submitted 12 runs as Slurm job .* (3 array tasks of up to 5" "$work/submit.out"
check "sweep: every point file written" test "$(count_points "$work/slurm")" -eq 12
"$wormcast" sweep --collect "$work/slurm" >/dev/null
# sweep.csv holds no wall time: every column is deterministic.
check "sweep: Slurm table = local table (CSV)" same_file "$work/local/sweep.csv" "$work/slurm/sweep.csv"
check "sweep: Slurm table = local table (JSON)" same_file "$work/local/sweep.json" "$work/slurm/sweep.json"

# Resume: two points lost; the rerun submits those two only, and the table is whole again.
find "$work/slurm/points" -name '*.json' | sort | head -2 | xargs rm
"$wormcast" "${sweep[@]}" --out "$work/slurm" --slurm --slurm-opt=--wait | tee "$work/resubmit.out"
check "sweep: rerun submits only the 2 missing runs" grep -q "submitted 2 runs as Slurm job" "$work/resubmit.out"
"$wormcast" sweep --collect "$work/slurm" >/dev/null
check "sweep: resumed table = local table" same_file "$work/local/sweep.csv" "$work/slurm/sweep.csv"
"$wormcast" "${sweep[@]}" --out "$work/slurm" --slurm >"$work/nothing.out"
check "sweep: nothing left, nothing submitted" grep -q "0 to run" "$work/nothing.out"

# RTL routers of two parameter sets, verilated on first use inside the array tasks: the tasks
# that ask for one configuration at once share its one build (the cache's lock), and the table
# is the all-SystemC one.
rtl_sweep=(sweep testbenches/scenarios/demo.yaml --set traffic.warmup=100 --set traffic.measure=300
           --vary router.buffer_depth=2,3 --seeds 2)
"$wormcast" "${rtl_sweep[@]}" --set network.rtl=none --jobs 2 --out "$work/rtl-systemc" >/dev/null 2>&1
"$wormcast" "${rtl_sweep[@]}" --set network.rtl=all --rtl-cache "$work/rtl-cache" --out "$work/rtl-slurm" \
    --slurm --slurm-chunk 1 --slurm-opt=--wait --slurm-opt time=00:10:00 | tee "$work/rtl-submit.out"
check "rtl sweep: 4 runs in 4 array tasks" grep -q "submitted 4 runs as Slurm job" "$work/rtl-submit.out"
"$wormcast" sweep --collect "$work/rtl-slurm" >/dev/null
check "rtl sweep: Slurm RTL table = local SystemC table" same_file "$work/rtl-systemc/sweep.csv" "$work/rtl-slurm/sweep.csv"
check "rtl sweep: one build per configuration" \
    test "$("$wormcast" rtl list --json --rtl-cache "$work/rtl-cache" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["entries"]))')" -eq 2

# A reproduction through the same machinery.
if "$wormcast" reproduce --help | grep -q -- "--slurm"; then
    repro=(reproduce kp-table1 --runs 2)
    "$wormcast" "${repro[@]}" --jobs 2 --out "$work/repro-local" >"$work/repro-local.out" 2>/dev/null
    "$wormcast" "${repro[@]}" --out "$work/repro-slurm" --slurm --slurm-chunk 14 --slurm-opt=--wait \
        | tee "$work/repro-submit.out"
    check "reproduce: submitted as an array job" grep -q "submitted .* runs as Slurm job" "$work/repro-submit.out"
    status=0
    "$wormcast" "${repro[@]}" --jobs 2 --out "$work/repro-slurm" --collect >"$work/repro-slurm.out" 2>"$work/repro-collect.err" || status=$?
    cat "$work/repro-collect.err"
    check "reproduce: --collect finds every run (exit 0)" test "$status" -eq 0
    # The printed table without its wall times (ci/golden_scrub.py, as for the goldens).
    python3 ci/golden_scrub.py "$work/repro-local" <"$work/repro-local.out" >"$work/repro-local.txt"
    python3 ci/golden_scrub.py "$work/repro-slurm" <"$work/repro-slurm.out" >"$work/repro-slurm.txt"
    check "reproduce: Slurm table = local table" same_file "$work/repro-local.txt" "$work/repro-slurm.txt"
    check "reproduce: Slurm CSV = local CSV" same_file "$work/repro-local/kp-table1.csv" "$work/repro-slurm/kp-table1.csv"
fi

squeue
echo "slurm-test: $((SECONDS - start)) s"
echo "slurm-test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
