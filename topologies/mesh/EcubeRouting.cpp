// E-cube routing with dateline VCs (see EcubeRouting.hpp).
#include "topologies/mesh/EcubeRouting.hpp"

#include <map>

#include <fmt/format.h>

namespace wormcast::mesh {

EcubeRouting::EcubeRouting(const MeshShape& shape, NodeId here, EcubeOptions options)
    : shape_(shape),
      here_(here),
      options_(options),
      all_vcs_(options.vcs >= 32 ? ~0u : (1u << options.vcs) - 1) {
    if (shape_.torus && options_.dateline && options_.vcs < 2)
        throw ConfigError(
            "torus: dateline deadlock avoidance needs at least 2 virtual channels (vcs >= 2)");
    if (options_.consumption_channels == 0)
        throw ConfigError("consumption_channels must be at least 1");
}

std::uint32_t EcubeRouting::class_mask(unsigned vcs, unsigned cls) {
    std::uint32_t mask = 0;
    for (unsigned v = cls; v < vcs; v += 2) mask |= 1u << v;
    return mask;
}

unsigned EcubeRouting::consumption_channel(PortId in_port) const {
    // One channel per input direction when there are 2n: a path worm then holds only the
    // channel of the direction it travels in (docs/multicast-hardware.md).
    return in_port % options_.consumption_channels;
}

RouteDecision EcubeRouting::route(const RouteQuery& query) const {
    const Header& h = *query.header;
    if (h.kind == HeaderKind::BitString) return route_tree(query);
    if (h.destinations.empty()) throw ModelError("e-cube routing: header without destination");
    const NodeId target = h.destinations.front();
    if (target >= shape_.nodes())
        throw ModelError(fmt::format("e-cube routing: destination {} outside network", target));
    RouteDecision d;
    const PortId net = shape_.network_ports();
    RouteBranch local;
    local.port = static_cast<PortId>(net + consumption_channel(query.in_port));
    local.vc_mask = all_vcs_;
    local.consume = true;
    if (target == here_ && h.destinations.size() == 1) {
        d.branches.push_back(local);
        return d;
    }
    if (target == here_) {
        // A path worm at one of its destinations: absorb a copy and forward the worm on towards
        // the next destination, with this node popped from the header of both copies.
        Header rest = Header::dest_list({h.destinations.begin() + 1, h.destinations.end()});
        RouteDecision next = route(RouteQuery{query.in_port, query.in_vc, &rest});
        if (next.branches.size() != 1 || next.branches[0].consume)
            throw ConfigError(fmt::format("destination list names node {} twice in a row", here_));
        local.rewritten = rest;
        next.branches[0].rewritten = rest;
        d.branches.push_back(local);
        d.branches.push_back(next.branches[0]);
        return d;
    }
    const auto out = static_cast<PortId>(shape_.ecube_port(here_, target));
    RouteBranch b;
    b.port = out;
    b.vc_mask = all_vcs_;
    if (shape_.torus && options_.dateline) {
        // A worm continuing straight on arrives on the opposite side's port of the same dimension.
        const bool straight = query.in_port < net && (query.in_port ^ 1U) == out;
        unsigned cls = straight ? (query.in_vc & 1U) : 0;
        if (shape_.crosses_dateline(here_, out)) cls = 1;
        b.vc_mask = class_mask(options_.vcs, cls);
    }
    d.branches.push_back(b);
    return d;
}

RouteDecision EcubeRouting::route_tree(const RouteQuery& query) const {
    const Header& h = *query.header;
    if (shape_.torus)
        throw ConfigError(fmt::format(
            "e-cube tree worms (bit-string headers) are implemented on meshes only, not on the {} "
            "(its dateline VC classes are not worked out for a worm that splits)",
            shape_.name()));
    const std::uint32_t nodes = shape_.nodes();
    for (std::size_t w = 0; w < h.bits.size(); ++w) {
        const std::uint64_t first = w * 64;
        const std::uint64_t inside = first >= nodes ? 0
                                     : nodes - first >= 64
                                         ? ~std::uint64_t{0}
                                         : (std::uint64_t{1} << (nodes - first)) - 1;
        if ((h.bits[w] & ~inside) != 0)
            throw ModelError(fmt::format(
                "e-cube routing: bit-string header names a node outside the {} nodes", nodes));
    }
    // Destinations grouped by the output their e-cube route leaves on: ports ascending, so the
    // network ports come first and the consumption channel last (as the RTL numbers branches).
    std::map<PortId, Header> groups;
    const PortId local =
        static_cast<PortId>(shape_.network_ports() + consumption_channel(query.in_port));
    for (NodeId d : h.bit_members(nodes)) {
        const PortId out = d == here_ ? local : static_cast<PortId>(shape_.ecube_port(here_, d));
        auto it = groups.find(out);
        if (it == groups.end()) it = groups.emplace(out, Header::bit_string(nodes, {})).first;
        it->second.set_bit(d);
    }
    if (groups.empty()) throw ModelError("e-cube routing: bit-string header names no destination");
    RouteDecision d;
    for (auto& [port, masked] : groups) {
        RouteBranch b;
        b.port = port;
        b.vc_mask = all_vcs_;
        b.consume = port == local;
        b.rewritten = std::move(masked);
        d.branches.push_back(std::move(b));
    }
    return d;
}

}  // namespace wormcast::mesh
