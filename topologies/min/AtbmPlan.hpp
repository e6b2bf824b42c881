// Every switch visit of one ATBM multicast tree (pure C++): what `wormcast plan --algorithm atbm`
// prints and what the latency formula walks. Varavithya & Mohapatra §4.2 (Fig. 12), §4.3 (Fig. 13).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "topologies/min/MinReachTable.hpp"
#include "topologies/min/MinWiring.hpp"

namespace wormcast::min {

/// uni: a UNI-MIN switch; forward: a BI-MIN worm heading for the turnaround stage; turn: the
/// BI-MIN switch at stage T where the worm turns back; backward: a BI-MIN worm on its way down.
enum class HopDirection { Uni, Forward, Turn, Backward };

const char* to_string(HopDirection direction);  ///< "uni", "forward", "turn", "backward"

struct AtbmHop {
    SwitchId switch_id;
    /// Stage label of the grouping algorithm for the switch's outputs: the stage for uni and
    /// forward hops, 2n-(j+1) for turn and backward hops (their branches leave on backward links).
    std::uint32_t kstage = 0;
    HopDirection direction = HopDirection::Uni;
    PortId in_port = 0;
    std::vector<PortId> out_ports;  ///< ascending
    bool tree_op = false;           ///< more than one output: needs the group's token
    int parent = -1;                ///< index of the hop the worm came from; -1 at the source
};

/// A destination and the hop whose output channel delivers to it.
struct AtbmDelivery {
    NodeId node = kNoNode;
    std::size_t hop = 0;
    PortId port = 0;
};

struct AtbmPlan {
    NodeId source = kNoNode;
    /// BI-MIN: T, the highest digit where any destination differs from the source. UNI: none.
    std::optional<std::uint32_t> turnaround_stage;
    std::string bitstring;                 ///< N characters, character N-1-a is node a
    std::vector<AtbmHop> hops;             ///< breadth-first from the source's switch
    std::vector<AtbmDelivery> deliveries;  ///< ascending node order

    /// Hop indices from the source's switch to the hop that delivers to `node`.
    /// Throws ConfigError if node is not a destination of the plan.
    std::vector<std::size_t> path_to(NodeId node) const;
};

/// T for a BI-MIN multicast (highest digit where any destination differs from the source);
/// std::nullopt for a UNI-MIN. Destinations are validated as for plan_atbm.
std::optional<std::uint32_t> atbm_turnaround_stage(const MinShape& shape, NodeId source,
                                                   const std::vector<NodeId>& destinations);

/// Runs the switches' routing functions (UniMinRouting / BiMinRouting, default lowest right port
/// forward) through the wiring from the source's entry switch until every branch reaches a node.
/// Throws ConfigError for an empty, duplicated, out-of-range destination set or one containing
/// the source; ModelError if the tree does not deliver exactly the destinations.
AtbmPlan plan_atbm(const MinWiring& wiring, const MinReachTable& table, NodeId source,
                   const std::vector<NodeId>& destinations);
/// Same, building the reach table first.
AtbmPlan plan_atbm(const MinWiring& wiring, NodeId source, const std::vector<NodeId>& destinations);

/// Throws ConfigError unless destinations is a non-empty set of distinct nodes of the network
/// that does not contain the source.
void check_multicast(const MinShape& shape, NodeId source, const std::vector<NodeId>& destinations);

}  // namespace wormcast::min
