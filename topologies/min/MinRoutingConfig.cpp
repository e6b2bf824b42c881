// MIN routing configuration and per-switch routing-function factory (see MinRoutingConfig.hpp).
// Varavithya & Mohapatra §4.2-4.3: one routing table per switch, set at start-up.
#include "topologies/min/MinRoutingConfig.hpp"

#include "topologies/min/BiMinRouting.hpp"
#include "topologies/min/UniMinRouting.hpp"

namespace wormcast::min {

void MinRoutingConfig::validate() const {
    if (network_vc_mask == 0)
        throw ConfigError("min routing: network_vc_mask allows no virtual channel");
    if (node_vc_mask == 0) throw ConfigError("min routing: node_vc_mask allows no virtual channel");
    if (consumption_channels == 0)
        throw ConfigError("min routing: a node needs at least one consumption channel");
}

std::unique_ptr<RoutingFunction> make_min_routing(const MinWiring& wiring,
                                                  const MinReachTable& table, SwitchId id,
                                                  const MinRoutingConfig& config) {
    if (wiring.bidirectional()) return std::make_unique<BiMinRouting>(wiring, table, id, config);
    return std::make_unique<UniMinRouting>(wiring, table, id, config);
}

}  // namespace wormcast::min
