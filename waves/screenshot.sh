#!/usr/bin/env bash
# Opens a waveform with a GTKWave save file in a virtual X display (Xvfb), takes a screenshot of
# the window, and writes what GTKWave displays (each trace and its value at the marker, after the
# translate filter) next to it; waves/gtkwave-check.tcl does the work inside GTKWave.
# Usage, from the directory the save file's filter path is relative to (the repository root):
#   bash waves/screenshot.sh waves/demo.vcd waves/demo.gtkw waves/demo.png [waves/demo.txt]
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 DUMPFILE SAVEFILE SCREENSHOT.png [REPORT.txt]" >&2
  exit 2
fi
for tool in xvfb-run gtkwave import; do
  command -v "$tool" >/dev/null || { echo "$0: $tool is missing (bash ci/install-deps.sh --tests)" >&2; exit 2; }
done
here="$(cd "$(dirname "$0")" && pwd)"
export WORMCAST_GTKWAVE_SHOT="$3"
export WORMCAST_GTKWAVE_REPORT="${4:-${3%.png}.txt}"
rm -f "$WORMCAST_GTKWAVE_SHOT" "$WORMCAST_GTKWAVE_REPORT"
# The script quits GTKWave when it is done; the time limit only guards against a GTKWave that
# never runs it (an unreadable dump file opens a dialog instead).
timeout 300 xvfb-run -a -s "-screen 0 1600x900x24" gtkwave -S "$here/gtkwave-check.tcl" "$1" "$2" \
  > "${WORMCAST_GTKWAVE_REPORT%.txt}.log" 2>&1
if [ ! -s "$WORMCAST_GTKWAVE_REPORT" ] || [ ! -s "$WORMCAST_GTKWAVE_SHOT" ]; then
  echo "$0: GTKWave wrote no report or screenshot (see ${WORMCAST_GTKWAVE_REPORT%.txt}.log)" >&2
  exit 1
fi
