// Route unit (DESIGN.md §4): asks the topology's routing function where a latched header goes,
// checks the decision against the router (ports, VCs, supported multicast mechanisms) and says
// how many cycles the routing takes (t_node, or its multidestination value).
#pragma once

#include <memory>

#include "systemc/RouterConfig.hpp"
#include "systemc/pure/Routing.hpp"

namespace wormcast {

class RouteUnit {
  public:
    RouteUnit(const RouterConfig& config, std::unique_ptr<RoutingFunction> routing);

    /// Routing delay in cycles for this header.
    unsigned delay(const Header& header) const;
    /// The checked decision; throws ConfigError for an unsupported mechanism, ModelError for an
    /// impossible decision.
    RouteDecision route(PortId in_port, VcId in_vc, const Header& header) const;

  private:
    const RouterConfig& config_;
    std::unique_ptr<RoutingFunction> routing_;
};

}  // namespace wormcast
