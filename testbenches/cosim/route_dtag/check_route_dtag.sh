#!/usr/bin/env bash
# Exhaustive equivalence of rtl/wc_route_dtag.sv with the SystemC model's MIN routing functions for
# one network: verilates route_dtag_tb.sv, runs it and min_route_ref, and compares every line.
# Usage: check_route_dtag.sh VERILATOR REF_BINARY WORK_DIR SOURCE_DIR BI B STAGES CONSUMPTION
set -euo pipefail
verilator=$1 ref=$2 work=$3 src=$4 bi=$5 b=$6 stages=$7 cons=$8
mkdir -p "$work"
# Compiled at -O0: the bench runs for milliseconds, and the compile is most of the test's time.
"$verilator" --binary -Wno-WIDTH --top-module route_dtag_tb -GBI="$bi" -GB="$b" -GSTAGES="$stages" \
  -GCONS="$cons" -MAKEFLAGS "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0" -Mdir "$work/obj" "$src/testbenches/cosim/route_dtag/route_dtag_tb.sv" \
  "$src/rtl/wc_route_dtag.sv" > "$work/verilator.log" 2>&1 || { cat "$work/verilator.log"; exit 1; }
"$work/obj/Vroute_dtag_tb" | grep -E '^[0-9]+ [0-9]+ [0-9]+ [0-9]+ ' | sort > "$work/rtl.txt"
"$ref" "$bi" "$b" "$stages" "$cons" | sort > "$work/ref.txt"
cases=$(wc -l < "$work/ref.txt")
if [ "$cases" -eq 0 ]; then echo "no reference cases"; exit 1; fi
if ! diff "$work/ref.txt" "$work/rtl.txt" > "$work/diff.txt"; then
  echo "wc_route_dtag differs from the SystemC routing (< SystemC, > RTL; stage row port dest ...):"
  head -20 "$work/diff.txt"
  exit 1
fi
echo "wc_route_dtag equals the SystemC routing in all $cases cases"
