#!/usr/bin/env bash
# wormcast as an installed library (docs/library.md): installs the built tree into a temporary
# prefix, moves it (the package must be relocatable), then builds and runs projects against it as
# a user would: the example platform from its installed sources with find_package(wormcast), and
# the smallest example with pkg-config alone. Also runs the installed program and checks that no
# installed package file names the build or source tree.
#   bash ci/install-check.sh [BUILD_DIR]   (default build/)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake --install "$build" --prefix "$work/staged" >/dev/null
mv "$work/staged" "$work/prefix"  # relocated: nothing may point at the staging prefix
prefix=$work/prefix

pkgdir=$(dirname "$(find "$prefix" -name wormcast.pc)")
config=$(find "$prefix" -name wormcast-config.cmake)
if grep -rl -e "$PWD" -e "$work/staged" "$pkgdir" "$(dirname "$config")"; then
  echo "install-check: an installed package file names the build tree or the staging prefix" >&2
  exit 1
fi
for header in systemc/Nic.hpp systemc/pure/Types.hpp systemc/tlm/TlmInterconnect.hpp \
              testbenches/sim/Runner.hpp wormcast.hpp; do
  test -f "$prefix/include/wormcast/$header" || { echo "install-check: missing include/wormcast/$header" >&2; exit 1; }
done
ls "$prefix"/share/wormcast/rtl/*.sv >/dev/null

# The installed program, and with an RTL router verilated on first use from the installed
# sources and headers (when it was built with RTL co-simulation) into a cache of its own.
"$prefix/bin/wormcast" run "$prefix/share/wormcast/scenarios/demo.yaml" --set traffic.measure=300 >/dev/null
if grep -q "WORMCAST_RTL:BOOL=ON" "$build/CMakeCache.txt"; then
  "$prefix/bin/wormcast" run "$prefix/share/wormcast/scenarios/demo.yaml" --set traffic.measure=300 \
      --set router.buffer_depth=3 --rtl "1,1" --rtl-cache "$work/rtl-cache" >"$work/rtl.txt" 2>&1 ||
      { cat "$work/rtl.txt" >&2; exit 1; }
  grep -q "1 of 16 are the verilated RTL" "$work/rtl.txt"
  "$prefix/bin/wormcast" rtl list --rtl-cache "$work/rtl-cache" | grep -q "BUF_DEPTH=3"
fi

# find_package: the example platform, configured from its installed copy.
cmake -S "$prefix/share/wormcast/examples/platform" -B "$work/platform" \
      -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Debug >/dev/null
cmake --build "$work/platform" -j"$(nproc)" >/dev/null
"$work/platform/wormcast_platform" "$prefix/share/wormcast/examples/platform/platform.yaml" \
    --accesses 30 --invalidate-every 10 --style at
"$work/platform/wormcast_network_run" >"$work/network_run.json"
"$work/platform/wormcast_library_example" | grep -q "data read back"  # docs/library.md's example

# pkg-config: the same smallest example, compiled with its flags alone.
export PKG_CONFIG_PATH=$pkgdir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
# shellcheck disable=SC2046  # the flags are words
c++ -o "$work/network_run_pc" "$prefix/share/wormcast/examples/platform/network_run.cpp" \
    $(pkg-config --cflags --libs wormcast)
"$work/network_run_pc" >"$work/network_run_pc.json"
# Equal seeds, equal results (wall-clock figures aside).
diff <(grep -v -e wall -e per_second "$work/network_run.json") \
     <(grep -v -e wall -e per_second "$work/network_run_pc.json")
echo "install-check: installed into a moved prefix; find_package and pkg-config projects ran"
