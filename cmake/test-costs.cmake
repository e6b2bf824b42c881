# Read by ctest (TEST_INCLUDE_FILES, after the Catch2 test lists): the tests that take longest,
# with about their seconds in a clean CI run on 2 cores (cosim: the normal tree, RTL verilated on
# first use included; unit: the sanitizer tree of ci/sanitize.sh, where they are slowest; only
# their order matters, so these need no update when a test gets a little faster). ctest -j starts
# tests in descending COST when it has no timings of its own yet (a fresh clone, as in CI), so
# these no longer start among the last and run alone at the end: in the sanitizer pass the
# slowest unit test was declared 320th of 336 and ran by itself for over a minute. Only the order
# changes; a name that is not (or no longer) a test is ignored.
foreach(entry
    "cosim:64-node UNI- and BI-MINs of RTL switches (48 and 192 switches) with ATBM token rings are in lock step with SystemC under mixed unicast and multicast traffic|233"
    "cosim:random router parameter sets on random networks of every family: RTL verilated on first use is in lock step with SystemC|148"
    "cosim:a 16-switch irregular network of table-routed RTL switches with adaptive selection is in lock step with SystemC|131"
    "cosim:every verilated configuration is in lock step with the SystemC router on a 4x4 mesh or torus|126"
    "cosim:a mixed network of RTL and SystemC routers is in lock step with the all-SystemC one|108"
    "cosim:hw: area and flip-flops grow with buffer depth and with VCs, the critical path does not shrink, and a second run comes from the cache|150"
    "cosim:explore: a sweep over buffer depth and load joined with each depth's silicon: ns at the router's clock, Gbit/s per node, the area of wormcast hw, Pareto fronts and a figure|100"
    "cosim:64-bit flits: a mesh of e-cube RTL routers with path worms is in lock step with SystemC, headers and payload words above bit 31 included|90"
    "cosim:64-bit flits: a 16-switch irregular network of table-routed RTL switches is in lock step with SystemC under unicast and SPAM multicast traffic|90"
    "unit:random multiple multicasts with real timing are delivered exactly once|82"
    "unit:every star scheme delivers random multicasts exactly once on S_4 and S_5 without deadlock|40"
    "unit:ATD schedules are conflict-free and deliver every message once, every n, h and s|37"
    "unit:reproduce --out keeps a file per run: a rerun loads them and prints the same|34"
    "unit:EDST schedules are conflict-free and deliver every part once|32"
    "unit:random ATBM multicasts and unicasts under load are delivered exactly once, with 1 or b consumption channels|27"
    "unit:route tables of SPAM switches route every unicast and tree worm as SPAM does|24"
    "unit:route tables of star routers route every unicast and path worm as RF does|19")
  string(FIND "${entry}" "|" bar REVERSE)
  string(SUBSTRING "${entry}" 0 ${bar} name)
  math(EXPR bar "${bar} + 1")
  string(SUBSTRING "${entry}" ${bar} -1 cost)
  set_tests_properties("${name}" PROPERTIES COST ${cost})
endforeach()
