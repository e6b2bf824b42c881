// Star-graph routing over the Hamiltonian-path labels (see StarRouting.hpp, docs/star.md).
// Wang, Chu & Chen Definition 1, Procedures 1 and 2, Lemma 1.
#include "topologies/star/StarRouting.hpp"

#include <fmt/format.h>

namespace wormcast::star {

const char* to_string(PathWormRouting routing) {
    return routing == PathWormRouting::Shortcut ? "shortcut" : "hamiltonian";
}

namespace {

/// RF over a node's neighbour labels (by port). Returns the port.
PortId rf_port(const std::vector<NodeId>& neighbours, NodeId here, NodeId target) {
    const bool up = target > here;
    int best = -1;
    for (std::size_t q = 0; q < neighbours.size(); ++q) {
        const NodeId u = neighbours[q];
        const bool eligible = up ? (u > here && u <= target) : (u < here && u >= target);
        if (!eligible) continue;
        if (best < 0 || (up ? u > neighbours[best] : u < neighbours[best]))
            best = static_cast<int>(q);
    }
    if (best < 0)
        throw ModelError(
            fmt::format("star routing: no neighbour of label {} lies towards {} "
                        "(the Hamiltonian path is broken)",
                        here, target));
    return static_cast<PortId>(best);
}

PortId port_to(const std::vector<NodeId>& neighbours, NodeId here, NodeId label) {
    for (std::size_t q = 0; q < neighbours.size(); ++q)
        if (neighbours[q] == label) return static_cast<PortId>(q);
    throw ModelError(
        fmt::format("star routing: label {} is not adjacent to label {} (the "
                    "Hamiltonian path is broken)",
                    label, here));
}

void check_hop(const StarShape& shape, NodeId here, NodeId target) {
    if (here >= shape.nodes() || target >= shape.nodes())
        throw ModelError(fmt::format("star routing: label {} or {} is outside the {}", here, target,
                                     shape.name()));
    if (here == target) throw ModelError(fmt::format("star routing: already at {}", here));
}

}  // namespace

StarHop rf_hop(const StarShape& shape, NodeId here, NodeId target) {
    check_hop(shape, here, target);
    const std::vector<NodeId> neighbours = shape.neighbours(here);
    const PortId port = rf_port(neighbours, here, target);
    return StarHop{port, neighbours[port]};
}

StarHop hamiltonian_hop(const StarShape& shape, NodeId here, NodeId target) {
    check_hop(shape, here, target);
    const NodeId next = target > here ? here + 1 : here - 1;
    return StarHop{port_to(shape.neighbours(here), here, next), next};
}

std::vector<NodeId> rf_path(const StarShape& shape, NodeId from, NodeId to) {
    std::vector<NodeId> path{from};
    for (NodeId here = from; here != to;) {
        here = rf_hop(shape, here, to).next;
        path.push_back(here);
    }
    return path;
}

std::vector<NodeId> worm_path(const StarShape& shape, NodeId from,
                              const std::vector<NodeId>& destinations, PathWormRouting routing) {
    std::vector<NodeId> path{from};
    NodeId here = from;
    for (NodeId destination : destinations) {
        if (routing == PathWormRouting::Hamiltonian) {
            check_hop(shape, here, destination);
            const int step = destination > here ? 1 : -1;
            for (NodeId v = here; v != destination;) {
                v = static_cast<NodeId>(static_cast<int>(v) + step);
                path.push_back(v);
            }
        } else {
            const std::vector<NodeId> leg = rf_path(shape, here, destination);
            if (leg.size() < 2)
                throw ModelError(
                    fmt::format("star worm: destination {} listed twice in a row", destination));
            path.insert(path.end(), leg.begin() + 1, leg.end());
        }
        here = destination;
    }
    return path;
}

StarRouting::StarRouting(const StarShape& shape, NodeId here, StarRoutingOptions options)
    : shape_(shape),
      here_(here),
      options_(options),
      neighbours_(shape.neighbours(here)),
      all_vcs_(options.vcs >= 32 ? ~0u : (1u << options.vcs) - 1) {
    if (options_.vcs == 0) throw ConfigError("vcs must be at least 1");
    if (options_.consumption_channels == 0)
        throw ConfigError("consumption_channels must be at least 1");
    if (here_ + 1 < shape_.nodes()) up_port_ = port_to(neighbours_, here_, here_ + 1);
    if (here_ > 0) down_port_ = port_to(neighbours_, here_, here_ - 1);
}

bool StarRouting::arrived_going_up(PortId in_port) const {
    return in_port >= neighbours_.size() || neighbours_[in_port] < here_;
}

unsigned StarRouting::consumption_channel(PortId in_port) const {
    const unsigned c = options_.consumption_channels;
    if (c == 1) return 0;
    const unsigned high = (c + 1) / 2;
    return arrived_going_up(in_port) ? in_port % high : high + in_port % (c - high);
}

PortId StarRouting::next_port(NodeId target, bool path_worm) const {
    if (target == here_ || target >= shape_.nodes())
        throw ModelError(fmt::format("star routing at {}: no next port towards {}", here_, target));
    if (path_worm && options_.path_worms == PathWormRouting::Hamiltonian)
        return target > here_ ? up_port_ : down_port_;
    return rf_port(neighbours_, here_, target);
}

RouteDecision StarRouting::route(const RouteQuery& query) const {
    const Header& h = *query.header;
    if (h.kind == HeaderKind::BitString)
        throw ConfigError(fmt::format(
            "{} router {}: bit-string (tree worm) headers are not routed on star graphs; use "
            "unicasts or destination lists",
            shape_.name(), shape_.format(here_)));
    if (h.destinations.empty()) throw ModelError("star routing: header without destination");
    for (NodeId d : h.destinations)
        if (d >= shape_.nodes())
            throw ModelError(
                fmt::format("star routing: destination {} outside the {}", d, shape_.name()));
    const bool path_worm = h.kind == HeaderKind::DestList;
    const NodeId target = h.destinations.front();
    RouteDecision decision;
    if (target != here_) {
        decision.branches.push_back(
            RouteBranch{next_port(target, path_worm), all_vcs_, {}, false, {}, {}});
        return decision;
    }
    RouteBranch local;
    local.port = static_cast<PortId>(shape_.network_ports() + consumption_channel(query.in_port));
    local.vc_mask = all_vcs_;
    local.consume = true;
    if (h.destinations.size() == 1) {
        decision.branches.push_back(local);
        return decision;
    }
    // Absorb a copy here and forward the worm towards the next destination, which must lie
    // further in the direction the worm travels (one channel network per worm, docs/star.md).
    const NodeId next = h.destinations[1];
    if (next == here_)
        throw ConfigError(
            fmt::format("destination list names node {} twice in a row", shape_.format(here_)));
    const bool injected = query.in_port >= shape_.network_ports();
    if (!injected && (next > here_) != arrived_going_up(query.in_port))
        throw ConfigError(fmt::format(
            "destination list turns at node {} (label {}) from the {}-channel network into the "
            "{}: a path worm's destinations must be in ascending label order (high-channel "
            "network) or descending (low-channel network), or the two acyclic networks could "
            "form a cycle (docs/star.md)",
            shape_.format(here_), here_, next > here_ ? "low" : "high",
            next > here_ ? "high-channel network" : "low-channel network"));
    Header rest = Header::dest_list({h.destinations.begin() + 1, h.destinations.end()});
    RouteBranch forward{next_port(next, true), all_vcs_, rest, false, {}, {}};
    local.rewritten = std::move(rest);
    decision.branches.push_back(std::move(local));
    decision.branches.push_back(std::move(forward));
    return decision;
}

}  // namespace wormcast::star
