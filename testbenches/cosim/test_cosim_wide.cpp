// Flits wider than 32 bits on the RTL (docs/flit-format.md, "Flit widths above 32 bits"): the
// packed flit on the ports grows to flit_width + 32 bits, its control fields above the data, and
// the verilated routers stay in lock step with SystemC on every link in every cycle. Payload words
// are hashes that fill all flit_width bits, so a router that lost or moved a data bit above bit 31
// breaks the lock step; headers of destination lists reach above bit 31 too. Here 64-bit flits on
// an e-cube mesh and on table-routed irregular switches; widths between 33 and 63 (flits that do
// not start on a 32-bit word of the Verilated pins) come from the random test
// (test_cosim_random.cpp), whose CI draws at its fixed seed are 45 bits on a mesh with path worms,
// 33 on a BI-MIN, 37 on an irregular network and 56 on the 4-star.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "testbenches/cosim/ScenarioLockStep.hpp"

using namespace wormcast;
using namespace wormcast::cosim;

TEST_CASE(
    "64-bit flits: a mesh of e-cube RTL routers with path worms is in lock step with SystemC, "
    "headers and payload words above bit 31 included",
    "[cosim][wide][mesh]") {
    // Destination lists of up to 15 nodes: 2 + 4 + 4 n bits, one flit up to 14 destinations,
    // two for 15.
    lockstep_scenario(
        "demo.yaml",
        {"flit_width=64", "router.vcs=2", "router.buffer_depth=2", "router.path_worms=true",
         "nic.multicast=umesh", "traffic.load=0.08", "traffic.length=6",
         "traffic.multicast_ratio=0.3", "traffic.multicast_destinations=2..15", "traffic.warmup=0",
         "traffic.measure=600", "run.seed=3"},
        "64-bit flits", 20);
}

TEST_CASE(
    "64-bit flits: a 16-switch irregular network of table-routed RTL switches is in lock step with "
    "SystemC under unicast and SPAM multicast traffic",
    "[cosim][wide][table]") {
    lockstep_scenario(
        "irregular-lattice.yaml",
        {"flit_width=64", "network.switches=16", "network.seed=7", "network.selection=static",
         "traffic.multicast_destinations=2..15", "traffic.load=0.1", "traffic.multicast_ratio=0.3",
         "traffic.warmup=0", "traffic.measure=800", "traffic.length=8"},
        "64-bit flits", 10);
}
