// Destination-tag and bit-string tree routing in a baseline UNI-MIN switch (see UniMinRouting.hpp).
// Varavithya & Mohapatra §2 (Fig. 3a) and §4.2 (Fig. 12).
#include "topologies/min/UniMinRouting.hpp"

#include <fmt/format.h>

namespace wormcast::min {

UniMinRouting::UniMinRouting(const MinWiring& wiring, const MinReachTable& table, SwitchId id,
                             MinRoutingConfig config)
    : shape_(wiring.shape()), reach_(table.at(id)), config_(config) {
    if (wiring.bidirectional())
        throw ConfigError(fmt::format("UniMinRouting: {} is not a UNI-MIN", shape_.name()));
    config_.validate();
}

RouteBranch UniMinRouting::branch(PortId port) const {
    RouteBranch out;
    out.port = port;
    out.vc_mask = reach_.id.stage + 1 == shape_.stages ? config_.node_vc_mask
                                                       : config_.network_vc_mask;
    return out;
}

RouteDecision UniMinRouting::route(const RouteQuery& query) const {
    const std::string where = fmt::format("{} switch {}", shape_.name(), to_string(reach_.id));
    if (query.header == nullptr) throw ModelError(where + ": routing query without a header");
    const Header& header = *query.header;
    RouteDecision decision;
    switch (header.kind) {
        case HeaderKind::Unicast: {
            if (header.destinations.size() != 1)
                throw ModelError(where + ": unicast header must name exactly one destination");
            const NodeId destination = header.destinations.front();
            const std::uint32_t n = shape_.stages;
            const auto port = static_cast<PortId>(
                shape_.digit(destination, n - 1 - reach_.id.stage));
            if (destination >= shape_.nodes() || !reach_.port[port].contains(destination))
                throw ModelError(fmt::format("{}: destination {} is not reachable from here", where,
                                             destination));
            decision.branches.push_back(branch(port));
            return decision;
        }
        case HeaderKind::BitString: {
            if (const auto stray = first_named_outside(header, reach_.all))
                throw ModelError(fmt::format("{}: bit-string names node {}, not reachable from here",
                                             where, *stray));
            for (PortId p = 0; p < reach_.port.size(); ++p) {
                if (!names_any_in(header, reach_.port[p])) continue;
                RouteBranch out = branch(p);
                Header masked = masked_to(header, reach_.port[p]);
                if (masked != header) out.rewritten = std::move(masked);
                decision.branches.push_back(std::move(out));
            }
            if (decision.branches.empty())
                throw ModelError(where + ": bit-string header names no destination");
            return decision;
        }
        case HeaderKind::DestList: break;
    }
    throw ModelError(where + ": destination-list (path worm) headers are not routed in a MIN");
}

}  // namespace wormcast::min
