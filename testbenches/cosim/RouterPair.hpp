// Side-by-side router bench (issue 6): the SystemC Router and the verilated RTL router (or switch)
// of one network position share every input wire (random worms on every input port, random
// back-pressure on every output port); their outputs and returned credits are compared every
// cycle and the first difference stops the run. Reaches port pairs, VC mixes and headers that
// network traffic rarely makes. A scoreboard checks at the end that every worm gave, on every
// branch the routing function names, its header and whole payload.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "systemc/RouterConfig.hpp"
#include "systemc/RouterModule.hpp"
#include "systemc/pure/Routing.hpp"
#include "systemc/pure/TokenRing.hpp"
#include "testbenches/cosim/MeshRtlCases.hpp"
#include "testbenches/cosim/WormSource.hpp"

namespace wormcast::cosim {

struct RouterPairOptions {
    NodeId node = 0;     ///< node of the 4x4 mesh whose router is tested
    double load = 0.5;   ///< per input port: probability of trying to send a flit in a cycle
    double drain = 0.5;  ///< per output port: probability a downstream slot frees in a cycle
    std::uint64_t seed = 1;
    Cycle cycles = 2000;  ///< cycles of stimulus, then the worms under way are finished
    /// Per source: probability that a worm is a path worm (models with path worms only).
    double path_worms = 0.0;
    /// Per source: probability that a worm is an e-cube tree worm, a bit-string of 1..6 nodes
    /// (models with tree worms only).
    double tree_worms = 0.0;
};

/// One position of a network: the router's configuration, its routing function (one instance for
/// the SystemC Router, one for the scoreboard), how to build the RTL stand-in, and the stimulus.
struct PairSetup {
    RouterConfig config;
    std::function<std::unique_ptr<RoutingFunction>()> routing;
    std::function<std::unique_ptr<RouterModule>(const RouterConfig&, sc_core::sc_time)> make_rtl;
    std::vector<WormSourceConfig> sources;  ///< one per input port
    double drain = 0.5;
    std::uint64_t seed = 1;
    Cycle cycles = 2000;
    std::shared_ptr<TokenRing> token_ring;  ///< the SystemC router's ATBM ring (config.token_ring)
};

/// The stimulus of input port `p` that every bench starts from: worms for this router's VCs,
/// buffer depth, flit width and nodes at `load`, with message numbers and a seed of the port's own.
WormSourceConfig port_source(const RouterConfig& config, PortId p, double load, std::uint64_t seed);

struct RouterPairResult {
    Cycle cycles = 0;
    std::string mismatch;  ///< first difference, empty if none
    std::uint64_t flits_in = 0;
    std::uint64_t flits_out = 0;     ///< real flits out (bubbles apart)
    std::uint64_t expected_out = 0;  ///< real flits the worms sent in must give (every branch)
    std::uint64_t bubbles = 0;       ///< bubbles out
    std::uint64_t split_worms = 0;   ///< worms replicated here (two branches or more)
    std::uint64_t path_worms = 0;    ///< worms with a destination-list header
    std::uint64_t tree_worms = 0;    ///< worms with a bit-string header
    bool drained = false;  ///< every expected flit came out, all downstream buffers drained
    std::vector<std::string>
        problems;  ///< credit-protocol and worm-order violations seen downstream
};

/// A router of one of the mesh co-simulation networks.
RouterPairResult run_router_pair(const MeshRtlCase& model, const RouterPairOptions& options);

/// Any position: the setup says which.
RouterPairResult run_pair(const PairSetup& setup);

}  // namespace wormcast::cosim
