#!/usr/bin/env bash
# The cost of a reproduction at full scale, measured on a sample of its own runs (docs/reproduction.md,
# "Full-scale cost"):
#   bash ci/reproduction-cost.sh BINARY SAMPLE NAME [reproduce options...]
# lists the experiment's runs without running them (--slurm --slurm-dry-run), runs SAMPLE of them
# spread evenly over the list (the array-task path, --slurm-task, one process), and prints
#   NAME runs=N sampled=K cpu_s_per_run=X core_hours=N*X/3600 options
# CPU time (user + system, /usr/bin/time) of the sampled process over K, so the experiment's own
# set-up counts into every run (an overestimate for cheap runs). An experiment that asks the pool
# for no runs (a worked example, a table of schedules) is timed whole, by its dry run. The sample:
# run I of K is the one at (2I+1)/2K of the list (K = 1: the middle one; experiments that sort their
# runs longest first make these quantiles of the cost).
set -euo pipefail
wormcast=$(realpath "$1")
sample=$2
name=$3
shift 3
cd "$(dirname "$0")/.."
work=$(mktemp -d /tmp/wormcast-cost.XXXXXX)
trap 'rm -rf "$work"' EXIT
/usr/bin/time -f "%U %S" -o "$work/time" "$wormcast" reproduce "$name" "$@" --out "$work" --jobs 1 \
    --slurm --slurm-dry-run --slurm-chunk 1000000 >"$work/plan.out" 2>&1 </dev/null \
    || { cat "$work/plan.out" >&2; exit 2; }
list=$(ls "$work"/slurm/*.json 2>/dev/null | head -1 || true)
if [ -z "$list" ]; then
    # No pool runs: the experiment ran whole in the dry run; that is its one run.
    read -r user sys <"$work/time"
    python3 -c "import sys; u,s=float(sys.argv[1]),float(sys.argv[2]); print(f'$name runs=1 sampled=1 cpu_s_per_run={u+s:.2f} core_hours={(u+s)/3600:.4f} $*')" "$user" "$sys"
    exit 0
fi
python3 - "$list" "$sample" "$work/sample.json" <<'PY'
import json, sys
runs = json.load(open(sys.argv[1]))
names, k = runs["names"], min(int(sys.argv[2]), len(runs["names"]))
picked = [names[(2 * i + 1) * len(names) // (2 * k)] for i in range(k)]
json.dump({"format": runs["format"], "label": runs["label"], "chunk": k, "names": picked},
          open(sys.argv[3], "w"))
print(len(names), file=open(sys.argv[3] + ".count", "w"))
PY
total=$(cat "$work/sample.json.count")
SLURM_ARRAY_TASK_ID=0 /usr/bin/time -f "%U %S" -o "$work/time" "$wormcast" reproduce "$name" "$@" \
    --out "$work" --jobs 1 --slurm-task "$work/sample.json" >"$work/task.out" 2>&1 </dev/null
read -r user sys <"$work/time"
python3 -c "
import sys
n, k, cpu = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]) + float(sys.argv[4])
print(f'$name runs={n} sampled={k} cpu_s_per_run={cpu / k:.3f} core_hours={n * cpu / k / 3600:.3f} $*')
" "$total" "$(python3 -c "import json; print(len(json.load(open('$work/sample.json'))['names']))")" "$user" "$sys"
