#!/usr/bin/env bash
# What waveforms and message traces cost on the demo (waves/README.md): each variant run ROUNDS
# times (default 2), the variants taking turns, under /usr/bin/time -v; prints a Markdown table of
# user and elapsed seconds, peak memory and the files' sizes. Usage: bash ci/wave-costs.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-2}"
bin=build/wormcast
demo=testbenches/scenarios/demo.yaml
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
variants=(
  "no waveform|"
  "VCD|--vcd $out/w.vcd"
  "FST|--fst $out/w.fst"
  "RTL routers, no waveform|--rtl all"
  "RTL routers, VCD|--rtl all --vcd $out/r.vcd"
  "RTL routers, FST|--rtl all --fst $out/r.fst"
  "messages traced: none|"
  "messages traced: 5,21|--trace-messages 5,21 $out/m.jsonl"
  "messages traced: all|--trace-messages all $out/m.jsonl"
)
declare -A user elapsed memory size
for ((round = 1; round <= rounds; round++)); do
  for v in "${variants[@]}"; do
    name="${v%%|*}"
    args="${v#*|}"
    rm -f "$out"/w.* "$out"/r.* "$out"/m.*
    # shellcheck disable=SC2086
    /usr/bin/time -v -o "$out/time" "$bin" run "$demo" $args > /dev/null
    u=$(awk -F': ' '/User time/ {print $2}' "$out/time")
    e=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$out/time" | awk -F: '{print $(NF)}')
    m=$(awk -F': ' '/Maximum resident/ {print $2}' "$out/time")
    bytes=$(cat "$out"/w.* "$out"/r.* "$out"/m.* 2>/dev/null | wc -c)
    user[$name]="${user[$name]:-}${user[$name]:+, }$u"
    elapsed[$name]="${elapsed[$name]:-}${elapsed[$name]:+, }$e"
    memory[$name]=$((m / 1024))
    size[$name]=$bytes
  done
done
echo "| run | user s | elapsed s | peak MB | files written |"
echo "|---|---|---|---|---|"
for v in "${variants[@]}"; do
  name="${v%%|*}"
  echo "| $name | ${user[$name]} | ${elapsed[$name]} | ${memory[$name]} | $(numfmt --to=iec --suffix=B "${size[$name]}") |"
done
