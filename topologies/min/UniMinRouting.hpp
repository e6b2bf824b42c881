// Routing function of one switch of a baseline UNI-MIN (pure C++): destination-tag routing for
// unicast worms, bit-string tree routing for multicast worms. Varavithya & Mohapatra §2, Fig. 12.
#pragma once

#include <string>
#include <vector>

#include "systemc/pure/Routing.hpp"
#include "topologies/min/ConsumptionChannels.hpp"
#include "topologies/min/MinReachTable.hpp"
#include "topologies/min/MinRoutingConfig.hpp"

namespace wormcast::min {

/// Unicast header: the output port at stage j is digit (n-1-j) of the destination.
/// Bit-string header: output k is taken iff the header names a node of port k's reach block; the
/// branch carries the header masked to that block (rewritten only when the mask changes it). More
/// than one branch is a tree operation (the switch must hold its group's token, Fig. 12).
/// At the last stage a branch to node port k leaves on the consumption channel of the worm's input
/// port (ConsumptionChannels; output k itself with one channel per node).
/// A destination-list header, an empty bit-string, or a destination this switch cannot reach
/// throws ModelError.
class UniMinRouting : public RoutingFunction {
  public:
    UniMinRouting(const MinWiring& wiring, const MinReachTable& table, SwitchId id,
                  MinRoutingConfig config = {});

    RouteDecision route(const RouteQuery& query) const override;
    SwitchId switch_id() const { return reach_.id; }

  private:
    std::uint32_t output_vc_mask() const;
    std::string where() const;  ///< switch named in error messages
    /// At the last stage: node ports become the consumption channel of in_port.
    RouteDecision to_channels(RouteDecision decision, PortId in_port) const;

    MinShape shape_;
    SwitchReach reach_;
    MinRoutingConfig config_;
    ConsumptionChannels consumption_;
};

}  // namespace wormcast::min
