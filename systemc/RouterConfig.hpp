// Run-time configuration of one router/switch (DESIGN.md §2, §4): sizes, pipeline latencies in
// cycles, supported multicast mechanisms. Passed to the Router constructor; validated there.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "systemc/NetworkParams.hpp"
#include "systemc/pure/Header.hpp"
#include "systemc/pure/PortSet.hpp"
#include "systemc/pure/RouteTiming.hpp"
#include "systemc/pure/TokenRing.hpp"
#include "systemc/pure/Types.hpp"

namespace wormcast {

struct RouterConfig {
    /// Most input or output ports a router may have: the width of its port masks (PortSet).
    static constexpr PortId kMaxPorts = PortSet::kCapacity;

    /// The router keys at the declaration's defaults (NetworkParams): none of their own here.
    RouterConfig() : RouterConfig(NetworkParams{}) {}
    /// The router keys of `params`: VCs, depth, pipeline latencies, route timing, worm mechanisms,
    /// clocking and OCRQ mode. Name, ports, links and header format are the network's to set.
    explicit RouterConfig(const NetworkParams& params);

    std::string name = "router";
    NodeId node = 0;            ///< node (or switch) index, for messages and routing
    PortId inputs = 1;          ///< input ports (network + injection), 1..kMaxPorts
    PortId outputs = 1;         ///< output ports (network + consumption), 1..kMaxPorts
    unsigned vcs;               ///< virtual channels per port (1..16)
    unsigned buffer_depth;      ///< flits per input VC FIFO (>= 1)
    unsigned t_node;            ///< routing delay for unicast headers, cycles (>= 1)
    unsigned t_node_multidest;  ///< routing delay for destination-list / bit-string headers
    RouteTiming route_timing;   ///< when a multi-flit header is routed
    unsigned t_sw;              ///< crossbar traversal, cycles (>= 1)
    /// Per output port: cycles of the link it drives (t_phy for network links, t_cons for
    /// consumption channels). A flit granted at cycle g is seen downstream at g + t_sw + latency.
    std::vector<unsigned> output_link_latency;
    /// Per input port: cycles a returned credit takes to reach the upstream sender.
    std::vector<unsigned> input_credit_latency;
    HeaderFormat header_format;
    bool supports_path_worms;  ///< destination-list headers (absorb-and-forward)
    bool supports_tree_worms;  ///< bit-string headers with replication
    bool always_clocked;       ///< evaluate every cycle instead of sleeping when idle
    /// OCRQ requests of a tree worm are enqueued in one atomic step (safe). false: the unsafe mode
    /// of Varavithya & Mohapatra Fig. 6(a): one branch per cycle, each taken as soon as it is free.
    bool atomic_ocrq;
    /// ATBM: the token ring of this switch's group (null: no serialisation) and this switch's stop.
    TokenRing* token_ring = nullptr;
    unsigned token_stop = 0;
    /// Flits of a tree worm forwarded before the token is released (B·(n−k)); 0: at the tail.
    unsigned token_release_flits = 0;

    void validate() const;
};

}  // namespace wormcast
