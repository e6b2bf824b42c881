// Recursive-halving unicast multicast over the address-ordered chain (SoftwareMinMulticast.hpp).
// Varavithya & Mohapatra §1: ceil(log2(d+1)) phases, each paying one start-up.
#include "topologies/min/SoftwareMinMulticast.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "topologies/min/AtbmPlan.hpp"
#include "topologies/min/MinRoutingConfig.hpp"

namespace wormcast::min {

const char* to_string(SoftwareMinAlgorithm algorithm) {
    return algorithm == SoftwareMinAlgorithm::Umin ? "umin" : "cmin";
}

SoftwareMinAlgorithm parse_software_min_algorithm(const std::string& text) {
    std::string lower = text;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (lower == "cmin") return SoftwareMinAlgorithm::Cmin;
    if (lower == "umin") return SoftwareMinAlgorithm::Umin;
    throw ConfigError(
        fmt::format("algorithm: '{}' is not a MIN software multicast (cmin, umin)", text));
}

void check_algorithm_fits(SoftwareMinAlgorithm algorithm, const MinShape& shape) {
    const bool wants_bidirectional = algorithm == SoftwareMinAlgorithm::Umin;
    if (wants_bidirectional != (shape.kind == MinKind::Bidirectional))
        throw ConfigError(fmt::format("algorithm: {} runs on {} networks, not on {}",
                                      to_string(algorithm),
                                      wants_bidirectional ? "min-bi" : "min-uni", shape.name()));
}

std::vector<NodeId> address_ordered_chain(const MinShape& shape, NodeId source,
                                          const std::vector<NodeId>& destinations) {
    check_multicast(shape, source, destinations);
    const std::uint32_t nodes = shape.nodes();
    std::vector<NodeId> chain = destinations;
    std::sort(chain.begin(), chain.end(), [&](NodeId a, NodeId b) {
        return (a + nodes - source) % nodes < (b + nodes - source) % nodes;
    });
    chain.insert(chain.begin(), source);
    return chain;
}

SoftwareMulticastPlan plan_software_multicast(const MinShape& shape, SoftwareMinAlgorithm algorithm,
                                              NodeId source,
                                              const std::vector<NodeId>& destinations) {
    check_algorithm_fits(algorithm, shape);
    SoftwareMulticastPlan plan;
    plan.algorithm = algorithm;
    plan.chain = address_ordered_chain(shape, source, destinations);

    plan.sends = halving_schedule(plan.chain);
    for (const UnicastSend& send : plan.sends) plan.steps = std::max(plan.steps, send.step);
    return plan;
}

std::uint32_t step_channel_conflicts(const MinWiring& wiring, const SoftwareMulticastPlan& plan) {
    const MinReachTable table(wiring);
    // (step, switch, output port) -> unicasts using that channel
    std::map<std::tuple<std::uint32_t, SwitchId, PortId>, std::uint32_t> users;
    for (const UnicastSend& send : plan.sends) {
        const Header header = Header::unicast(send.to);
        PortEndpoint at = wiring.node_entry(send.from);
        for (std::uint32_t hops = 0; at.is_switch(); ++hops) {
            if (hops > 2 * wiring.shape().stages)
                throw ModelError(
                    fmt::format("unicast {} -> {} does not terminate", send.from, send.to));
            const auto routing = make_min_routing(wiring, table, at.switch_id);
            const PortId out =
                routing->route(RouteQuery{at.port, 0, &header}).branches.front().port;
            ++users[std::make_tuple(send.step, at.switch_id, out)];
            at = wiring.output_target(at.switch_id, out);
        }
        if (!at.is_node() || at.node != send.to)
            throw ModelError(fmt::format("unicast {} -> {} was not delivered", send.from, send.to));
    }
    std::uint32_t conflicts = 0;
    for (const auto& entry : users)
        if (entry.second > 1) ++conflicts;
    return conflicts;
}

}  // namespace wormcast::min
