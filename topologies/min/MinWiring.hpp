// Link-level wiring of a baseline UNI-MIN or butterfly BI-MIN (pure C++): where each node enters
// and leaves the network and what every switch port connects to. Varavithya & Mohapatra §2, Fig. 2.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "systemc/pure/Types.hpp"
#include "topologies/min/MinShape.hpp"

namespace wormcast::min {

/// Switch (i, j): row i, stage j.
struct SwitchId {
    std::uint32_t stage = 0;
    std::uint32_t row = 0;

    bool operator==(const SwitchId& other) const {
        return stage == other.stage && row == other.row;
    }
    bool operator!=(const SwitchId& other) const { return !(*this == other); }
    bool operator<(const SwitchId& other) const {
        return stage != other.stage ? stage < other.stage : row < other.row;
    }
};

std::string to_string(SwitchId id);  ///< "(stage 1, row 4)"

/// The far end of one channel: a switch port, a processing node, or nothing (the unused right
/// ports of the last BI-MIN stage, kept for scaling the network).
struct PortEndpoint {
    enum class Kind { Switch, Node, Open };

    Kind kind = Kind::Open;
    SwitchId switch_id;     ///< Kind::Switch only
    PortId port = 0;        ///< Kind::Switch only: the port at that switch
    NodeId node = kNoNode;  ///< Kind::Node only

    static PortEndpoint at_switch(SwitchId id, PortId port_number) {
        return PortEndpoint{Kind::Switch, id, port_number, kNoNode};
    }
    static PortEndpoint at_node(NodeId node_id) {
        return PortEndpoint{Kind::Node, SwitchId{}, 0, node_id};
    }
    static PortEndpoint open() { return PortEndpoint{}; }

    bool is_switch() const { return kind == Kind::Switch; }
    bool is_node() const { return kind == Kind::Node; }
    bool operator==(const PortEndpoint& other) const;
    bool operator!=(const PortEndpoint& other) const { return !(*this == other); }
};

std::string to_string(const PortEndpoint& endpoint);

/// One switch-to-switch channel (flits go from `from` to `to`).
struct MinLink {
    SwitchId from;
    PortId out_port = 0;
    SwitchId to;
    PortId in_port = 0;
};

/// The wiring of the "Definitions to follow".
///
/// UNI (baseline): node a enters stage 0 row floor(a/b) at input a mod b; output k of stage n-1
/// row i reaches node i*b+k. Stage j -> j+1: link number L = i*b+k keeps its top j digits and
/// rotates its low m = n-j digits right by one (low' = floor(low/b) + (low mod b)*b^(m-1)); the
/// next row is floor(L'/b), the input port L' mod b. Input and output port k are separate links.
///
/// BI (butterfly): left ports 0..b-1, right ports b..2b-1, each port one bidirectional link (an
/// input and an output channel). Node a sits on left port a mod b of stage 0 row floor(a/b). For
/// j < n-1, right port b+k of (i, j) is linked with left port digit_j(i) of
/// (i with digit j set to k, j+1). The right ports of stage n-1 are open.
class MinWiring {
  public:
    /// Throws ConfigError if the shape is invalid.
    explicit MinWiring(MinShape shape);

    const MinShape& shape() const { return shape_; }
    PortId switch_ports() const { return shape_.switch_ports(); }
    bool bidirectional() const { return shape_.kind == MinKind::Bidirectional; }
    /// BI: ports b..2b-1. UNI: none (there are no right ports).
    bool is_right_port(PortId port) const { return bidirectional() && port >= shape_.radix; }

    /// Switch and input port where node `node` injects its worms.
    PortEndpoint node_entry(NodeId node) const;
    /// Switch and output port whose channel delivers to node `node`.
    PortEndpoint node_exit(NodeId node) const;

    /// What the output channel of `port` at `id` feeds: the next switch and its input port, a
    /// node, or nothing. Throws ModelError for a switch or port outside the network.
    PortEndpoint output_target(SwitchId id, PortId port) const;
    /// Where the input channel of `port` at `id` comes from: the previous switch and its output
    /// port, a node, or nothing.
    PortEndpoint input_source(SwitchId id, PortId port) const;

    /// Every switch-to-switch channel, ordered by (from, out_port).
    std::vector<MinLink> links() const;
    /// Every switch, ordered by stage then row.
    std::vector<SwitchId> switch_ids() const;

  private:
    void check_switch_port(SwitchId id, PortId port) const;
    PortEndpoint uni_output_target(SwitchId id, PortId port) const;
    PortEndpoint uni_input_source(SwitchId id, PortId port) const;
    PortEndpoint bi_link_end(SwitchId id, PortId port) const;

    MinShape shape_;
};

}  // namespace wormcast::min
