// Graphviz pictures of multistage-network plans (see MinPlanDot.hpp).
#include "topologies/min/MinPlanDot.hpp"

#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace wormcast::min {

std::string atbm_plan_dot(const MinShape& shape, const AtbmPlan& plan) {
    std::string out = fmt::format(
        "digraph atbm {{\n  label=\"ATBM tree worm on {} from node {}, bit-string {}\";\n"
        "  labelloc=t;\n  rankdir=LR;\n  node [fontname=Helvetica, fontsize=10];\n",
        shape.name(), plan.source, plan.bitstring);
    out += fmt::format("  source [shape=doublecircle, label=\"{}\"];\n", plan.source);
    // One column (rank) per stage: a BI-MIN worm turns around, so a stage may hold hops of both
    // directions.
    std::set<std::uint32_t> stages;
    for (const AtbmHop& h : plan.hops) stages.insert(h.switch_id.stage);
    for (std::uint32_t stage : stages) {
        out += "  { rank=same;";
        for (std::size_t i = 0; i < plan.hops.size(); ++i)
            if (plan.hops[i].switch_id.stage == stage) out += fmt::format(" hop{};", i);
        out += " }\n";
    }
    for (std::size_t i = 0; i < plan.hops.size(); ++i) {
        const AtbmHop& h = plan.hops[i];
        out += fmt::format(
            "  hop{} [shape=box, style=\"rounded{}\", fillcolor=\"#fdd49e\", label=\"stage {} row "
            "{}\\n{}, in {} out {}{}\"];\n",
            i, h.tree_op ? ",filled" : "", h.switch_id.stage, h.switch_id.row,
            to_string(h.direction), h.in_port, fmt::join(h.out_ports, ","),
            h.tree_op ? "\\n(tree operation)" : "");
        out += h.parent < 0 ? fmt::format("  source -> hop{};\n", i)
                            : fmt::format("  hop{} -> hop{};\n", h.parent, i);
    }
    for (const AtbmDelivery& d : plan.deliveries) {
        out += fmt::format("  dest{} [shape=circle, label=\"{}\"];\n", d.node, d.node);
        out += fmt::format("  hop{} -> dest{} [label=\"port {}\"];\n", d.hop, d.node, d.port);
    }
    return out + "}\n";
}

std::string software_plan_dot(const MinShape& shape, const std::string& algorithm,
                              const SoftwareMulticastPlan& plan) {
    std::string out = fmt::format(
        "digraph software {{\n  label=\"{} on {}: {} unicasts in {} steps\";\n  labelloc=t;\n"
        "  node [shape=circle, fontname=Helvetica, fontsize=10];\n",
        algorithm, shape.name(), plan.sends.size(), plan.steps);
    std::set<NodeId> nodes;
    for (const auto& send : plan.sends) {
        nodes.insert(send.from);
        nodes.insert(send.to);
    }
    for (NodeId n : nodes) out += fmt::format("  n{} [label=\"{}\"];\n", n, n);
    for (const auto& send : plan.sends)
        out += fmt::format("  n{} -> n{} [label=\"step {}\"];\n", send.from, send.to, send.step);
    return out + "}\n";
}

}  // namespace wormcast::min
