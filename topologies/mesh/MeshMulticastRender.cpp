// Text and Graphviz renderings of a mesh multicast plan (see MeshMulticastRender.hpp).
// Kesavan & Panda §2.2-§4 (the multicast-tree and worm-pattern figures).
#include "topologies/mesh/MeshMulticastRender.hpp"

#include <map>
#include <set>

#include <fmt/format.h>

namespace wormcast::mesh {

namespace {

std::string send_summary(const MeshShape& shape, const PlanSend& send) {
    std::string to;
    for (NodeId node : send.to) to += (to.empty() ? "" : " ") + shape.format(node);
    if (send.kind == PlanSendKind::Unicast)
        return fmt::format("[step {}] unicast -> {}", send.step, to);
    return fmt::format("[step {}] worm L{} -> {}", send.step, send.level, to);
}

class TreeWriter {
  public:
    explicit TreeWriter(const MeshMulticastPlan& plan) : plan_(plan) {
        for (std::size_t i = 0; i < plan.sends.size(); ++i)
            sends_by_sender_[plan.sends[i].from].push_back(i);
    }

    std::string write() {
        out_ += fmt::format("{} (source)\n", plan_.config.shape.format(plan_.source));
        write_sends_of(plan_.source, 1);
        return out_;
    }

  private:
    bool sends_anything(NodeId node) const { return sends_by_sender_.count(node) != 0; }

    void write_sends_of(NodeId node, unsigned depth) {
        const auto found = sends_by_sender_.find(node);
        if (found == sends_by_sender_.end()) return;
        const std::string indent(4 * depth, ' ');
        for (std::size_t index : found->second) {
            const PlanSend& send = plan_.sends[index];
            out_ += indent + send_summary(plan_.config.shape, send) + "\n";
            if (send.kind == PlanSendKind::Unicast) {
                write_sends_of(send.to.front(), depth + 1);
                continue;
            }
            for (NodeId destination : send.to) {
                if (!sends_anything(destination)) continue;
                out_ += fmt::format("{}    {}:\n", indent, plan_.config.shape.format(destination));
                write_sends_of(destination, depth + 2);
            }
        }
    }

    const MeshMulticastPlan& plan_;
    std::map<NodeId, std::vector<std::size_t>> sends_by_sender_;
    std::string out_;
};

std::string vertex(NodeId node) {
    return fmt::format("n{}", node);
}

const char* level_colour(int level) {
    static const char* const kColours[] = {"black", "blue", "red", "darkgreen", "purple"};
    return kColours[level < 0 || level > 4 ? 4 : level];
}

}  // namespace

std::string render_plan_text(const MeshMulticastPlan& plan) {
    const MeshShape& shape = plan.config.shape;
    std::string out = fmt::format("{} on {}", to_string(plan.config.algorithm), shape.name());
    if (uses_multidestination_worms(plan.config.algorithm))
        out += fmt::format(" (leader phase {})", to_string(plan.config.leader_phase));
    out += fmt::format(": source {}, {} destinations, {} sends, {} steps\n\n",
                       shape.format(plan.source), plan.destinations.size(), plan.sends.size(),
                       plan.steps);
    out += TreeWriter(plan).write();
    out += "\nstep  from      kind       level  to / path\n";
    for (const PlanSend& send : plan.sends) {
        std::string to, path;
        for (NodeId node : send.to) to += (to.empty() ? "" : " ") + shape.format(node);
        for (NodeId node : send.path) path += (path.empty() ? "" : " ") + shape.format(node);
        out +=
            fmt::format("{:<5} {:<9} {:<10} {:<6} {}\n", send.step, shape.format(send.from),
                        to_string(send.kind),
                        send.kind == PlanSendKind::Unicast ? "-" : std::to_string(send.level), to);
        out += fmt::format("{:<33}path {}\n", "", path);
    }
    return out;
}

std::string render_plan_dot(const MeshMulticastPlan& plan) {
    const MeshShape& shape = plan.config.shape;
    std::string out =
        fmt::format("digraph \"{} {} from {}\" {{\n", to_string(plan.config.algorithm),
                    shape.name(), shape.format(plan.source));
    out += "    node [shape=circle, fontsize=10];\n";
    std::set<NodeId> participants{plan.source};
    for (NodeId node : plan.destinations) participants.insert(node);
    for (NodeId node : participants) {
        std::string attributes = fmt::format("label=\"{}\"", shape.format(node));
        if (shape.dimensions() == 2) {
            const Coord c = shape.coord(node);
            attributes += fmt::format(", pos=\"{},{}!\"", c[0], c[1]);
        }
        if (node == plan.source) attributes += ", style=filled, fillcolor=gold";
        out += fmt::format("    {} [{}];\n", vertex(node), attributes);
    }
    for (const PlanSend& send : plan.sends) {
        if (send.kind == PlanSendKind::Unicast) {
            out += fmt::format("    {} -> {} [label=\"{}\"];\n", vertex(send.from),
                               vertex(send.to.front()), send.step);
            continue;
        }
        NodeId previous = send.from;
        for (NodeId destination : send.to) {
            out += fmt::format("    {} -> {} [label=\"{} L{}\", style=bold, color={}];\n",
                               vertex(previous), vertex(destination), send.step, send.level,
                               level_colour(send.level));
            previous = destination;
        }
    }
    out += "}\n";
    return out;
}

}  // namespace wormcast::mesh
