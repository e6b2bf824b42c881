// Destination-tag and bit-string tree routing in a baseline UNI-MIN switch (see UniMinRouting.hpp).
// Varavithya & Mohapatra §2 (Fig. 3a) and §4.2 (Fig. 12).
#include "topologies/min/UniMinRouting.hpp"

#include <utility>

#include <fmt/format.h>

namespace wormcast::min {

UniMinRouting::UniMinRouting(const MinWiring& wiring, const MinReachTable& table, SwitchId id,
                             MinRoutingConfig config)
    : shape_(wiring.shape()),
      reach_(table.at(id)),
      config_(config),
      consumption_(wiring.shape(), config.consumption_channels) {
    if (wiring.bidirectional())
        throw ConfigError(fmt::format("UniMinRouting: {} is not a UNI-MIN", shape_.name()));
    config_.validate();
}

std::string UniMinRouting::where() const {
    return fmt::format("{} switch {}", shape_.name(), to_string(reach_.id));
}

std::uint32_t UniMinRouting::output_vc_mask() const {
    // The outputs of the last stage are the channels to the nodes.
    return reach_.id.stage + 1 == shape_.stages ? config_.node_vc_mask : config_.network_vc_mask;
}

RouteDecision UniMinRouting::to_channels(RouteDecision decision, PortId in_port) const {
    if (consumption_.is_exit_switch(reach_.id))
        for (RouteBranch& branch : decision.branches)
            branch.port = consumption_.delivery_port(branch.port, in_port);
    return decision;
}

RouteDecision UniMinRouting::route(const RouteQuery& query) const {
    if (query.header == nullptr) throw ModelError(where() + ": routing query without a header");
    const Header& header = *query.header;
    RouteDecision decision;
    switch (header.kind) {
        case HeaderKind::Unicast: {
            if (header.destinations.size() != 1)
                throw ModelError(where() + ": unicast header must name exactly one destination");
            const NodeId destination = header.destinations.front();
            const std::uint32_t n = shape_.stages;
            const auto port =
                static_cast<PortId>(shape_.digit(destination, n - 1 - reach_.id.stage));
            if (destination >= shape_.nodes() || !reach_.port[port].contains(destination))
                throw ModelError(fmt::format("{}: destination {} is not reachable from here",
                                             where(), destination));
            RouteBranch out;
            out.port = port;
            out.vc_mask = output_vc_mask();
            decision.branches.push_back(out);
            return to_channels(std::move(decision), query.in_port);
        }
        case HeaderKind::BitString: {
            if (const auto stray = first_named_outside(header, reach_.all))
                throw ModelError(fmt::format(
                    "{}: bit-string names node {}, not reachable from here", where(), *stray));
            decision = split_bit_string(header, reach_, output_vc_mask());
            if (decision.branches.empty())
                throw ModelError(where() + ": bit-string header names no destination");
            return to_channels(std::move(decision), query.in_port);
        }
        case HeaderKind::DestList:
            break;
    }
    throw ModelError(where() + ": destination-list (path worm) headers are not routed in a MIN");
}

}  // namespace wormcast::min
