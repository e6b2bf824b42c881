// Walk of an ATBM multicast tree through the MIN wiring (see AtbmPlan.hpp).
// Varavithya & Mohapatra §4.2-4.3: one start-up, bit-string header, tree operations per switch.
#include "topologies/min/AtbmPlan.hpp"

#include <algorithm>
#include <deque>

#include <fmt/format.h>

#include "topologies/min/BiMinRouting.hpp"
#include "topologies/min/UniMinRouting.hpp"

namespace wormcast::min {

const char* to_string(HopDirection direction) {
    switch (direction) {
        case HopDirection::Uni:
            return "uni";
        case HopDirection::Forward:
            return "forward";
        case HopDirection::Turn:
            return "turn";
        case HopDirection::Backward:
            return "backward";
    }
    return "?";
}

std::vector<std::size_t> AtbmPlan::path_to(NodeId node) const {
    const auto found = std::find_if(deliveries.begin(), deliveries.end(),
                                    [node](const AtbmDelivery& d) { return d.node == node; });
    if (found == deliveries.end())
        throw ConfigError(
            fmt::format("plan: node {} is not a destination of this multicast", node));
    std::vector<std::size_t> path;
    for (int hop = static_cast<int>(found->hop); hop >= 0; hop = hops[hop].parent)
        path.push_back(static_cast<std::size_t>(hop));
    std::reverse(path.begin(), path.end());
    return path;
}

void check_multicast(const MinShape& shape, NodeId source,
                     const std::vector<NodeId>& destinations) {
    shape.check_node(source, "source");
    if (destinations.empty()) throw ConfigError("destinations: the multicast names no destination");
    std::vector<NodeId> sorted = destinations;
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t i = 0; i < sorted.size(); ++i) {
        shape.check_node(sorted[i], "destinations");
        if (sorted[i] == source)
            throw ConfigError(fmt::format("destinations: node {} is the source itself", source));
        if (i > 0 && sorted[i] == sorted[i - 1])
            throw ConfigError(fmt::format("destinations: node {} is named twice", sorted[i]));
    }
}

std::optional<std::uint32_t> atbm_turnaround_stage(const MinShape& shape, NodeId source,
                                                   const std::vector<NodeId>& destinations) {
    check_multicast(shape, source, destinations);
    if (shape.kind != MinKind::Bidirectional) return std::nullopt;
    std::uint32_t turnaround = 0;
    for (NodeId d : destinations)
        for (std::uint32_t t = shape.stages; t-- > 0;)
            if (shape.digit(d, t) != shape.digit(source, t)) {
                turnaround = std::max(turnaround, t);
                break;
            }
    return turnaround;
}

namespace {

/// A worm waiting to be routed at a switch input during the breadth-first walk.
struct PendingWorm {
    SwitchId at;
    PortId in_port = 0;
    Header header;
    int parent = -1;
};

}  // namespace

AtbmPlan plan_atbm(const MinWiring& wiring, const MinReachTable& table, NodeId source,
                   const std::vector<NodeId>& destinations) {
    const MinShape& shape = wiring.shape();
    AtbmPlan plan;
    plan.source = source;
    plan.turnaround_stage = atbm_turnaround_stage(shape, source, destinations);
    const Header header = Header::bit_string(shape.nodes(), destinations);
    plan.bitstring = header.bit_text(shape.nodes());

    const PortEndpoint entry = wiring.node_entry(source);
    std::deque<PendingWorm> pending{PendingWorm{entry.switch_id, entry.port, header, -1}};
    const std::size_t hop_limit = std::size_t{2} * shape.switches() + 1;
    while (!pending.empty()) {
        PendingWorm worm = std::move(pending.front());
        pending.pop_front();
        if (plan.hops.size() >= hop_limit)
            throw ModelError(
                fmt::format("{}: multicast tree from {} does not terminate", shape.name(), source));
        const RouteQuery query{worm.in_port, 0, &worm.header};
        AtbmHop hop;
        hop.switch_id = worm.at;
        hop.in_port = worm.in_port;
        hop.parent = worm.parent;
        RouteDecision decision;
        if (wiring.bidirectional()) {
            const BiMinRouting routing(wiring, table, worm.at);
            if (routing.goes_forward(query))
                hop.direction = HopDirection::Forward;
            else if (wiring.is_right_port(worm.in_port))
                hop.direction = HopDirection::Backward;
            else
                hop.direction = HopDirection::Turn;
            decision = routing.route(query);
            hop.kstage = hop.direction == HopDirection::Forward
                             ? worm.at.stage
                             : 2 * shape.stages - (worm.at.stage + 1);
            if (hop.direction == HopDirection::Turn && worm.at.stage != *plan.turnaround_stage)
                throw ModelError(fmt::format("{}: worm from {} turned at stage {}, not at T = {}",
                                             shape.name(), source, worm.at.stage,
                                             *plan.turnaround_stage));
        } else {
            hop.direction = HopDirection::Uni;
            hop.kstage = worm.at.stage;
            decision = UniMinRouting(wiring, table, worm.at).route(query);
        }
        hop.tree_op = decision.branches.size() > 1;
        const int index = static_cast<int>(plan.hops.size());
        for (const RouteBranch& branch : decision.branches) {
            hop.out_ports.push_back(branch.port);
            const PortEndpoint next = wiring.output_target(worm.at, branch.port);
            const Header& carried = branch.rewritten ? *branch.rewritten : worm.header;
            if (next.is_node()) {
                const NodeRange only{next.node, next.node + 1};
                if (!names_any_in(carried, only) || first_named_outside(carried, only))
                    throw ModelError(fmt::format("{}: branch delivered to node {} carries {}",
                                                 shape.name(), next.node,
                                                 carried.bit_text(shape.nodes())));
                plan.deliveries.push_back(
                    AtbmDelivery{next.node, static_cast<std::size_t>(index), branch.port});
            } else if (next.is_switch()) {
                pending.push_back(PendingWorm{next.switch_id, next.port, carried, index});
            } else {
                throw ModelError(fmt::format("{}: switch {} routed to open port {}", shape.name(),
                                             to_string(worm.at), branch.port));
            }
        }
        plan.hops.push_back(std::move(hop));
    }

    std::sort(plan.deliveries.begin(), plan.deliveries.end(),
              [](const AtbmDelivery& a, const AtbmDelivery& b) { return a.node < b.node; });
    std::vector<NodeId> wanted = destinations;
    std::sort(wanted.begin(), wanted.end());
    std::vector<NodeId> reached;
    for (const AtbmDelivery& d : plan.deliveries) reached.push_back(d.node);
    if (reached != wanted)
        throw ModelError(fmt::format("{}: multicast tree from {} reached {} of {} destinations",
                                     shape.name(), source, reached.size(), wanted.size()));
    return plan;
}

AtbmPlan plan_atbm(const MinWiring& wiring, NodeId source,
                   const std::vector<NodeId>& destinations) {
    return plan_atbm(wiring, MinReachTable(wiring), source, destinations);
}

}  // namespace wormcast::min
