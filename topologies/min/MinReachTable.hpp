// The routing tables of a MIN (pure C++): for every switch, the block of nodes each of its
// "downward" output ports reaches, set once at start-up. Varavithya & Mohapatra §4.2, §4.3.
#pragma once

#include <cstdint>
#include <vector>

#include "systemc/pure/Routing.hpp"
#include "topologies/min/MinWiring.hpp"
#include "topologies/min/NodeRange.hpp"

namespace wormcast::min {

/// Per-switch table: entry p is the block of nodes output port p reaches.
/// UNI: output ports 0..b-1, every path onward through the wiring.
/// BI: left ports 0..b-1, backward channels only (what a worm that has turned can still reach).
struct SwitchReach {
    SwitchId id;
    std::vector<NodeRange> port;  ///< b entries
    NodeRange all;                ///< union of the entries
};

/// The table lookup for a bit-string header: one branch per port whose block the header names,
/// carrying the header masked to that block (`rewritten` only when the mask changes it), in port
/// order, each with `vc_mask`. Empty when the header names no node of the switch's block.
RouteDecision split_bit_string(const Header& bit_string, const SwitchReach& reach,
                               std::uint32_t vc_mask);

/// Computed from the wiring by one sweep from the node side towards stage 0 (UNI) or from stage 0
/// upwards (BI backward network), uniting the blocks of the ports each channel feeds. Every union
/// is checked to be a contiguous block without overlaps (the banyan property of both networks);
/// a wiring that breaks it throws ModelError.
class MinReachTable {
  public:
    explicit MinReachTable(const MinWiring& wiring);

    const MinShape& shape() const { return shape_; }
    const SwitchReach& at(SwitchId id) const;
    NodeRange port_reach(SwitchId id, PortId port) const;

  private:
    std::size_t index(SwitchId id) const { return std::size_t{id.stage} * shape_.rows() + id.row; }
    SwitchReach unite(SwitchId id, const std::vector<PortEndpoint>& ends) const;

    MinShape shape_;
    std::vector<SwitchReach> table_;
};

}  // namespace wormcast::min
