#!/usr/bin/env bash
# What waveforms and message traces cost on the demo (waves/README.md): each variant is run
# ROUNDS times (default 2), the variants taking turns, under /usr/bin/time -v; prints a Markdown
# table of user and elapsed seconds, peak memory and the size of the files written.
# Usage: bash ci/wave-costs.sh [ROUNDS]; with OLD=path/to/an/older/wormcast, the message-trace
# rows are also run with that binary, alternating with build/wormcast.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-2}"
demo=testbenches/scenarios/demo.yaml
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
long="--set traffic.measure=50000"  # the message-trace rows: 20x the demo's window
variants=(
  "no waveform|build/wormcast|"
  "VCD|build/wormcast|--vcd $out/w.vcd"
  "FST|build/wormcast|--fst $out/w.fst"
  "RTL routers, no waveform|build/wormcast|--rtl all"
  "RTL routers, VCD (+ RTL VCD)|build/wormcast|--rtl all --vcd $out/r.vcd"
  "RTL routers, FST (+ RTL FST)|build/wormcast|--rtl all --fst $out/r.fst"
  "measure=50000, no message trace|build/wormcast|$long"
  "measure=50000, --trace-messages 5,21|build/wormcast|$long --trace-messages 5,21 $out/m.jsonl"
  "measure=50000, --trace-messages all|build/wormcast|$long --trace-messages all $out/m.jsonl"
)
if [ -n "${OLD:-}" ]; then
  variants+=(
    "OLD measure=50000, no message trace|$OLD|$long"
    "OLD measure=50000, --trace-messages 5,21|$OLD|$long --trace-messages 5,21 $out/m.jsonl"
    "OLD measure=50000, --trace-messages all|$OLD|$long --trace-messages all $out/m.jsonl"
  )
fi
declare -A user elapsed memory size
for ((round = 1; round <= rounds; round++)); do
  for v in "${variants[@]}"; do
    IFS='|' read -r name bin args <<< "$v"
    rm -f "$out"/w.* "$out"/r.* "$out"/m.*
    # shellcheck disable=SC2086
    /usr/bin/time -v -o "$out/time" "$bin" run "$demo" $args > /dev/null
    u=$(awk -F': ' '/User time/ {print $2}' "$out/time")
    e=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$out/time" | awk -F: '{print $NF}')
    m=$(awk -F': ' '/Maximum resident/ {print $2}' "$out/time")
    bytes=$( (cat "$out"/w.* "$out"/r.* "$out"/m.* 2> /dev/null || true) | wc -c)
    user[$name]="${user[$name]:-}${user[$name]:+, }$u"
    elapsed[$name]="${elapsed[$name]:-}${elapsed[$name]:+, }$e"
    memory[$name]="${memory[$name]:-}${memory[$name]:+, }$((m / 1024))"
    size[$name]=$bytes
  done
done
echo "| run | user s | elapsed s | peak MB | written |"
echo "|---|---|---|---|---|"
for v in "${variants[@]}"; do
  IFS='|' read -r name bin args <<< "$v"
  echo "| $name | ${user[$name]} | ${elapsed[$name]} | ${memory[$name]} | $(numfmt --to=iec --suffix=B "${size[$name]}") |"
done
