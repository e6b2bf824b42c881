#!/usr/bin/env bash
# Record the outputs of a fixed set of commands (docs/architecture.md, "Behaviour preserved"), with
# wall-time fields removed, so a refactor can be checked to change no result:
#   bash ci/golden.sh build/wormcast /tmp/before     # before moving code
#   bash ci/golden.sh build/wormcast /tmp/after      # after
#   diff -r /tmp/before /tmp/after                   # must print nothing
set -euo pipefail
wormcast=$(realpath "$1")
out=$(realpath -m "$2")
cd "$(dirname "$0")/.."
rm -rf "$out"
mkdir -p "$out/results"
scrub() { python3 ci/golden_scrub.py "$out"; }
n=0
record() {  # record NAME -- COMMAND...
    local name=$1; shift
    n=$((n + 1))
    local status=0
    "$@" >"$out/$name.out" 2>"$out/$name.err" || status=$?
    echo "exit $status" >>"$out/$name.out"
    scrub <"$out/$name.out" >"$out/$name.tmp" && mv "$out/$name.tmp" "$out/$name.out"
    scrub <"$out/$name.err" >"$out/$name.tmp" && mv "$out/$name.tmp" "$out/$name.err"
}
r="$out/results"
for t in 1 2 3 4 5 6; do record "kp-table$t" "$wormcast" reproduce "kp-table$t" --jobs 2 --out "$r"; done
record atbm-example "$wormcast" reproduce atbm-example --out "$r"
record atbm-fig14-quick "$wormcast" reproduce atbm-fig14 --quick --jobs 2 --out "$r"
record kp-fig21-quick "$wormcast" reproduce kp-fig21 --quick --jobs 2 --out "$r"
record run-demo "$wormcast" run testbenches/scenarios/demo.yaml --json "$out/run-demo.json"
record run-demo-torus "$wormcast" run testbenches/scenarios/demo.yaml --set network.topology=torus \
    --set network.size=5x3 --set router.vcs=2 --json "$out/run-demo-torus.json"
record run-demo-rtl "$wormcast" run testbenches/scenarios/demo.yaml --rtl "0,0;1,1;2,1" --json "$out/run-demo-rtl.json"
record run-demo-hl "$wormcast" run testbenches/scenarios/demo.yaml --set router.path_worms=true \
    --set nic.multicast=hl --set nic.consumption_channels=4 --json "$out/run-demo-hl.json"
record run-bad-key "$wormcast" run testbenches/scenarios/demo.yaml --set router.frobnicate=1
for alg in umesh spumesh hl sqhl schl; do
    record "plan-mesh-$alg" "$wormcast" plan --topology mesh:8x8 --algorithm "$alg" --source 3,3 \
        --dests "1,0;2,0;7,7;0,5;6,2" --dot "$out/plan-mesh-$alg.dot"
    record "plan-mesh-$alg-json" "$wormcast" plan --topology mesh:6x6x6 --algorithm "$alg" --source 1,2,3 \
        --dests "0,0,0;5,5,5;2,2,2;3,1,4" --json
done
record plan-mesh-spumesh-leader "$wormcast" plan --topology mesh:8x8 --algorithm sqhl --leader-phase spumesh \
    --source 0,0 --dests "1,1;2,2;3,3;4,4;7,0"
for topo in min-uni:b=2,n=3 min-bi:b=4,n=3 min-bi:b=8,n=2 min-uni:b=4,n=2; do
    for alg in atbm umin cmin; do
        record "plan-$topo-$alg" "$wormcast" plan --topology "$topo" --algorithm "$alg" --source 1 --dests 0,3,5,6
        record "plan-$topo-$alg-json" "$wormcast" plan --topology "$topo" --algorithm "$alg" --source 2 --dests 0,4,7 --json
    done
    for c in 1 2 4; do
        record "groups-$topo-$c" "$wormcast" groups --topology "$topo" --consumption "$c"
        record "groups-$topo-$c-json" "$wormcast" groups --topology "$topo" --consumption "$c" --json
    done
done
cat >"$out/pattern.json" <<'PATTERN'
{"multicasts":[{"source":[0,0],"destinations":[[1,1],[2,3],[3,3],[0,3]]},{"source":[2,2],"destinations":[[0,1],[1,0],[3,0]]}]}
PATTERN
for alg in umesh hl schl; do
    record "steps-$alg" "$wormcast" steps --topology mesh:4x4 --algorithm "$alg" --pattern "$out/pattern.json"
    record "steps-$alg-json" "$wormcast" steps --topology mesh:4x4 --algorithm "$alg" --pattern "$out/pattern.json" --json
    record "steps-$alg-model" "$wormcast" steps --topology mesh:4x4 --algorithm "$alg" --pattern "$out/pattern.json" --model
done
for f in "$out"/*.json "$r"/*.csv; do
    [ -e "$f" ] || continue
    scrub <"$f" >"$f.tmp" && mv "$f.tmp" "$f"
done
rm -f "$r"/*.png
rm -rf "$r/points"  # the runs reproduce keeps for resuming (docs/cluster.md): wall times, no output
echo "recorded $n commands in $out"
