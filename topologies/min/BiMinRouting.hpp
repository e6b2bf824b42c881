// Routing function of one switch of a butterfly BI-MIN (pure C++): turnaround routing for unicasts,
// single-turnaround bit-string trees for multicasts. Varavithya & Mohapatra §4.3, Fig. 13.
#pragma once

#include <vector>

#include "systemc/pure/Routing.hpp"
#include "topologies/min/ConsumptionChannels.hpp"
#include "topologies/min/MinReachTable.hpp"
#include "topologies/min/MinRoutingConfig.hpp"

namespace wormcast::min {

/// A worm arriving on a left port travels in the forward network. If every destination it names
/// lies in this switch's backward reach block (the nodes below it), this is the turnaround stage
/// T -- the highest digit where a destination differs from the source -- and the worm turns;
/// otherwise it goes on forward through a right port (any is legal; route() names the lowest, b,
/// and with MinForward::Adaptive offers b+1..2b-1 as RouteBranch::alternatives, so the switch
/// takes the lowest available one; legal_forward_ports() lists them all).
/// A worm that turns here or arrives on a right port (backward network) leaves through the left
/// ports: unicast through left port d_j, bit-string through every left port whose block the header
/// names, each branch masked to its block. Tree operations therefore only happen from the
/// turnaround down. At stage 0 a left-port branch reaches a node and leaves on the consumption
/// channel of the worm's input port (ConsumptionChannels; the left port itself with one channel
/// per node). Destination-list headers, empty bit-strings and destinations outside the backward
/// reach of a backward worm throw ModelError.
class BiMinRouting : public RoutingFunction {
  public:
    BiMinRouting(const MinWiring& wiring, const MinReachTable& table, SwitchId id,
                 MinRoutingConfig config = {});

    RouteDecision route(const RouteQuery& query) const override;
    /// Right ports a forward worm may take (b..2b-1), or empty when the worm turns or travels
    /// backward here.
    std::vector<PortId> legal_forward_ports(const RouteQuery& query) const;
    /// True if a worm with this header arriving on in_port travels forward from this switch.
    bool goes_forward(const RouteQuery& query) const;
    SwitchId switch_id() const { return reach_.id; }

  private:
    bool all_destinations_below(const Header& header) const;
    RouteDecision backward(const Header& header, PortId in_port) const;
    std::uint32_t left_vc_mask() const;

    MinShape shape_;
    SwitchReach reach_;
    MinRoutingConfig config_;
    ConsumptionChannels consumption_;
};

}  // namespace wormcast::min
