// Side-by-side router bench (issue 6): the SystemC Router and the verilated RTL router of one
// mesh node share every input wire (random worms on every input port, random back-pressure on
// every output port); their outputs and returned credits are compared every cycle and the first
// difference stops the run. Reaches port pairs and VC mixes that e-cube mesh traffic never makes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "systemc/rtl/RtlModels.hpp"

namespace wormcast::cosim {

struct RouterPairOptions {
    NodeId node = 0;        ///< node of the 4x4 mesh whose router is tested
    double load = 0.5;      ///< per input port: probability of trying to send a flit in a cycle
    double drain = 0.5;     ///< per output port: probability a downstream slot frees in a cycle
    std::uint64_t seed = 1;
    Cycle cycles = 2000;    ///< cycles of stimulus, then the worms under way are finished
};

struct RouterPairResult {
    Cycle cycles = 0;
    std::string mismatch;   ///< first difference, empty if none
    std::uint64_t flits_in = 0;
    std::uint64_t flits_out = 0;
    bool drained = false;   ///< every flit sent in came out, all downstream buffers drained
    std::vector<std::string> problems;  ///< credit-protocol and worm-order violations seen downstream
};

RouterPairResult run_router_pair(const rtl::RtlModel& model, const RouterPairOptions& options);

}  // namespace wormcast::cosim
