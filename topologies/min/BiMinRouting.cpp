// Turnaround and single-turnaround tree routing in a butterfly BI-MIN switch (see
// BiMinRouting.hpp). Varavithya & Mohapatra §2 (Fig. 3b) and §4.3 (Fig. 13).
#include "topologies/min/BiMinRouting.hpp"

#include <fmt/format.h>

namespace wormcast::min {

namespace {

std::string where(const MinShape& shape, SwitchId id) {
    return fmt::format("{} switch {}", shape.name(), to_string(id));
}

const Header& checked_header(const RouteQuery& query, const MinShape& shape, SwitchId id) {
    if (query.header == nullptr)
        throw ModelError(where(shape, id) + ": routing query without a header");
    const Header& header = *query.header;
    if (header.kind == HeaderKind::DestList)
        throw ModelError(where(shape, id) +
                         ": destination-list (path worm) headers are not routed in a MIN");
    if (header.kind == HeaderKind::Unicast &&
        (header.destinations.size() != 1 || header.destinations.front() >= shape.nodes()))
        throw ModelError(where(shape, id) + ": unicast header must name one node of the network");
    if (header.kind == HeaderKind::BitString && !names_any_in(header, {0, shape.nodes()}))
        throw ModelError(where(shape, id) + ": bit-string header names no destination");
    if (query.in_port >= shape.switch_ports())
        throw ModelError(fmt::format("{}: no input port {}", where(shape, id), query.in_port));
    return header;
}

}  // namespace

BiMinRouting::BiMinRouting(const MinWiring& wiring, const MinReachTable& table, SwitchId id,
                           MinRoutingConfig config)
    : shape_(wiring.shape()),
      reach_(table.at(id)),
      config_(config),
      consumption_(wiring.shape(), config.consumption_channels) {
    if (!wiring.bidirectional())
        throw ConfigError(fmt::format("BiMinRouting: {} is not a BI-MIN", shape_.name()));
    config_.validate();
}

bool BiMinRouting::all_destinations_below(const Header& header) const {
    if (header.kind == HeaderKind::Unicast) return reach_.all.contains(header.destinations.front());
    return !first_named_outside(header, reach_.all).has_value();
}

bool BiMinRouting::goes_forward(const RouteQuery& query) const {
    const Header& header = checked_header(query, shape_, reach_.id);
    const bool arrived_forward = query.in_port < shape_.radix;
    return arrived_forward && !all_destinations_below(header);
}

std::vector<PortId> BiMinRouting::legal_forward_ports(const RouteQuery& query) const {
    if (!goes_forward(query)) return {};
    std::vector<PortId> ports;
    for (std::uint32_t k = 0; k < shape_.radix; ++k)
        ports.push_back(static_cast<PortId>(shape_.radix + k));
    return ports;
}

std::uint32_t BiMinRouting::left_vc_mask() const {
    // The left ports of stage 0 are the channels to the nodes.
    return reach_.id.stage == 0 ? config_.node_vc_mask : config_.network_vc_mask;
}

RouteDecision BiMinRouting::route(const RouteQuery& query) const {
    if (goes_forward(query)) {
        // Every right port leads up towards the turnaround stage; the lowest is named, and with
        // adaptive forwarding the others are offered for the switch to take the lowest free one.
        if (reach_.id.stage + 1 >= shape_.stages)
            throw ModelError(where(shape_, reach_.id) +
                             ": the header names nodes outside the network");
        RouteBranch out;
        out.port = static_cast<PortId>(shape_.radix);
        out.vc_mask = config_.network_vc_mask;
        if (config_.forward == MinForward::Adaptive)
            for (std::uint32_t k = 1; k < shape_.radix; ++k) out.alternatives.set(shape_.radix + k);
        return RouteDecision{{out}};
    }
    return backward(*query.header, query.in_port);
}

RouteDecision BiMinRouting::backward(const Header& header, PortId in_port) const {
    if (!all_destinations_below(header)) {
        const NodeId stray = header.kind == HeaderKind::Unicast
                                 ? header.destinations.front()
                                 : *first_named_outside(header, reach_.all);
        throw ModelError(fmt::format("{}: backward worm names node {}, not below this switch",
                                     where(shape_, reach_.id), stray));
    }
    RouteDecision decision;
    if (header.kind == HeaderKind::Unicast) {
        // Destination tag on the way down: left port d_j.
        const auto port =
            static_cast<PortId>(shape_.digit(header.destinations.front(), reach_.id.stage));
        RouteBranch out;
        out.port = port;
        out.vc_mask = left_vc_mask();
        decision.branches.push_back(out);
    } else {
        decision = split_bit_string(header, reach_, left_vc_mask());
    }
    if (consumption_.is_exit_switch(reach_.id))
        for (RouteBranch& branch : decision.branches)
            branch.port = consumption_.delivery_port(branch.port, in_port);
    return decision;
}

}  // namespace wormcast::min
