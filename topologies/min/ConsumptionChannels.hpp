// Where the consumption channels of the nodes leave a MIN (pure C++): one channel per node, or b
// physical channels per node fed by the inputs of its exit switch. Varavithya & Mohapatra §3
// (Fig. 7(b): "as many consumption channels as input ports"), §5.3.4.
#pragma once

#include <cstdint>

#include "topologies/min/MinWiring.hpp"

namespace wormcast::min {

/// The exit switch of node a (UNI: stage n-1, BI: stage 0; row floor(a/b)) delivers to it through
/// its node port k = a mod b. With one consumption channel that is output k, as in MinWiring.
///
/// With b channels every node of the exit switch has its own physical link per channel, and a worm
/// that arrived on input port p uses channel p mod b of each node it delivers to. On a UNI-MIN the
/// b inputs of the last stage then own disjoint channels: no two worms at a last-stage switch ever
/// want the same channel, so the last stage needs no token (the grouping starts at n_eff-2). On a
/// BI-MIN the b right ports (backward channels from stage 1) own the b channels likewise; a worm
/// that turns at stage 0 (T = 0, from left port p) shares channel p with right port b+p, a
/// contention inside one switch that its atomic OCRQs order.
///
/// Output ports of an exit switch: the switch's own ports (channel 0 of node port k is port k),
/// then the extra channels: UNI channel c of node port k is c*b + k (b*b outputs); BI channel
/// c >= 1 is 2b + (c-1)*b + k (b*b + b outputs).
class ConsumptionChannels {
  public:
    /// channels must be 1 or b, else ConfigError.
    ConsumptionChannels(const MinShape& shape, std::uint32_t channels);

    std::uint32_t channels() const { return channels_; }
    /// UNI: the last stage; BI: stage 0.
    bool is_exit_switch(SwitchId id) const;
    /// Output ports of the switch (its MinWiring ports plus the extra channels of an exit switch).
    PortId outputs(SwitchId id) const;
    /// Output port of node's exit switch that feeds the node's channel `channel`.
    PortId port(NodeId node, std::uint32_t channel) const;
    /// Channel used by a worm that arrived on in_port: in_port mod channels.
    std::uint32_t channel_for(PortId in_port) const { return in_port % channels_; }
    /// The output of an exit switch for a worm from in_port leaving through node port k (< b).
    PortId delivery_port(PortId node_port, PortId in_port) const;

  private:
    PortId channel_port(PortId node_port, std::uint32_t channel) const;

    MinShape shape_;
    std::uint32_t channels_;
};

}  // namespace wormcast::min
