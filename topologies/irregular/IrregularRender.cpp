// JSON, text and DOT of irregular networks and plans (see IrregularRender.hpp).
// Keys keep the order docs/irregular.md lists them in (nlohmann::ordered_json).
#include "topologies/irregular/IrregularRender.hpp"

#include <map>
#include <sstream>

#include <fmt/format.h>

namespace wormcast::irregular {

namespace {

using json = nlohmann::ordered_json;

json vertex_json(const Vertex& v) {
    return v.is_processor() ? json(fmt::format("P{}", v.id)) : json(v.id);
}

std::string join(const std::vector<SwitchId>& ids, const char* separator) {
    std::string out;
    for (std::size_t i = 0; i < ids.size(); ++i)
        out += (i ? separator : "") + std::to_string(ids[i]);
    return out;
}

/// The graph body shared by every DOT output (without the closing brace).
std::string dot_body(const UpDownPartition& partition) {
    const SwitchGraph& graph = partition.graph();
    std::ostringstream os;
    os << "graph irregular {\n";
    os << fmt::format("  label=\"{} (root {})\";\n", graph.name(), partition.root());
    os << "  node [shape=circle, fontsize=10];\n";
    const bool pinned = !graph.positions().empty();
    for (SwitchId s = 0; s < graph.switches(); ++s) {
        os << fmt::format("  s{} [label=\"{}\"", s, s);
        if (pinned)
            os << fmt::format(", pos=\"{},{}!\"", graph.positions()[s].x, -graph.positions()[s].y);
        if (s == partition.root()) os << ", peripheries=2";
        os << "];\n";
    }
    for (const SwitchLink& l : graph.links()) {
        const bool tree = partition.channel_class(l.a, l.b) == ChannelClass::DownTree ||
                          partition.channel_class(l.b, l.a) == ChannelClass::DownTree;
        os << fmt::format("  s{} -- s{}{};\n", l.a, l.b, tree ? "" : " [style=dashed]");
    }
    return os.str();
}

std::string dot_name(const Vertex& v) {
    return to_string(v);
}

std::string processor_node(ProcessorId p, const char* extra) {
    return fmt::format("  P{} [shape=box, label=\"P{}\"{}];\n", p, p, extra);
}

}  // namespace

json topology_json(const UpDownPartition& partition) {
    const SwitchGraph& graph = partition.graph();
    json out;
    out["switches"] = graph.switches();
    out["root"] = partition.root();
    json levels = json::array(), parents = json::array(), channels = json::array();
    for (SwitchId s = 0; s < graph.switches(); ++s) {
        levels.push_back(partition.level(s));
        const auto parent = partition.parent(s);
        parents.push_back(parent ? json(*parent) : json(nullptr));
        for (const auto& [t, port] : graph.neighbours(s))
            channels.push_back(json::array({s, t, to_string(partition.channel_class(s, t))}));
    }
    out["levels"] = std::move(levels);
    out["parent"] = std::move(parents);
    out["channels"] = std::move(channels);
    return out;
}

json spam_plan_json(const SpamPlan& plan) {
    json out;
    out["lca"] = plan.lca;
    out["route_to_lca"] = plan.route_to_lca;
    json down = json::array();
    for (const SpamPlan::DownStep& step : plan.down_tree) {
        json entry;
        entry["switch"] = step.at;
        json outputs = json::array();
        for (const Vertex& v : step.outputs) outputs.push_back(vertex_json(v));
        entry["outputs"] = std::move(outputs);
        down.push_back(std::move(entry));
    }
    out["down_tree"] = std::move(down);
    out["channels_used"] = plan.channels_used;
    return out;
}

json binomial_plan_json(const BinomialPlan& plan) {
    json out;
    out["chain"] = plan.chain;
    json phases = json::array();
    for (std::uint32_t phase = 1; phase <= plan.phases; ++phase) {
        json sends = json::array();
        for (std::size_t i = 0; i < plan.sends.size(); ++i) {
            if (plan.sends[i].step != phase) continue;
            json send;
            send["from"] = plan.sends[i].from;
            send["to"] = plan.sends[i].to;
            send["route"] = plan.routes[i];
            sends.push_back(std::move(send));
        }
        json entry;
        entry["phase"] = phase;
        entry["sends"] = std::move(sends);
        phases.push_back(std::move(entry));
    }
    out["phases"] = std::move(phases);
    out["startups"] = plan.sends.size();
    return out;
}

std::string topology_text(const UpDownPartition& partition) {
    const SwitchGraph& graph = partition.graph();
    std::ostringstream os;
    os << fmt::format("{}: {} switches of {} ports, {} processors, {} links\n", graph.name(),
                      graph.switches(), graph.ports(), graph.processors(), graph.links().size());
    os << fmt::format("up*/down* spanning tree: root {}, depth {}\n", partition.root(),
                      partition.depth());
    std::map<unsigned, std::vector<SwitchId>> by_level;
    for (SwitchId s = 0; s < graph.switches(); ++s) by_level[partition.level(s)].push_back(s);
    for (const auto& [level, ids] : by_level)
        os << fmt::format("  level {}: {}\n", level, join(ids, " "));
    for (SwitchId s = 0; s < graph.switches(); ++s) {
        const auto parent = partition.parent(s);
        os << fmt::format("switch {}: level {}, parent {}", s, partition.level(s),
                          parent ? std::to_string(*parent) : std::string("-"));
        if (!graph.processors_on(s).empty()) {
            os << ", processors";
            for (ProcessorId p : graph.processors_on(s)) os << " P" << p;
        }
        os << "\n";
        for (const auto& [t, port] : graph.neighbours(s))
            os << fmt::format("  port {} -> switch {}: {}\n", port, t,
                              to_string(partition.channel_class(s, t)));
    }
    return os.str();
}

std::string spam_plan_text(const SpamPlan& plan) {
    std::ostringstream os;
    os << fmt::format("SPAM multicast from P{} to {} processors:", plan.source,
                      plan.destinations.size());
    for (ProcessorId d : plan.destinations) os << " P" << d;
    os << "\n";
    os << fmt::format("LCA: switch {}\n", plan.lca);
    os << "route to the LCA: " << join(plan.route_to_lca, " -> ") << "\n";
    os << "down-tree:\n";
    for (const SpamPlan::DownStep& step : plan.down_tree) {
        os << fmt::format("  switch {} ->", step.at);
        for (const Vertex& v : step.outputs)
            os << " " << (v.is_processor() ? fmt::format("P{}", v.id) : std::to_string(v.id));
        os << "\n";
    }
    os << fmt::format("channels used: {} (injection, switch links and deliveries)\n",
                      plan.channels_used);
    return os.str();
}

std::string binomial_plan_text(const BinomialPlan& plan) {
    std::ostringstream os;
    os << fmt::format(
        "unicast-based multicast (binomial) from P{} to {} processors: {} sends in "
        "{} phases\n",
        plan.chain.front(), plan.chain.size() - 1, plan.sends.size(), plan.phases);
    os << "chain:";
    for (ProcessorId p : plan.chain) os << " P" << p;
    os << "\n";
    for (std::uint32_t phase = 1; phase <= plan.phases; ++phase) {
        os << fmt::format("phase {}:\n", phase);
        for (std::size_t i = 0; i < plan.sends.size(); ++i)
            if (plan.sends[i].step == phase)
                os << fmt::format("  P{} -> P{} via switches {}\n", plan.sends[i].from,
                                  plan.sends[i].to, join(plan.routes[i], " "));
    }
    return os.str();
}

std::string topology_dot(const UpDownPartition& partition) {
    return dot_body(partition) + "}\n";
}

std::string spam_plan_dot(const UpDownPartition& partition, const SpamPlan& plan) {
    const SwitchGraph& graph = partition.graph();
    std::ostringstream os;
    os << dot_body(partition);
    os << fmt::format("  s{} [style=filled, fillcolor=lightpink];\n", plan.lca);
    os << processor_node(plan.source, ", style=filled, fillcolor=lightblue");
    for (ProcessorId d : plan.destinations) os << processor_node(d, "");
    const char* worm = " [dir=forward, color=red, penwidth=2]";
    os << fmt::format("  P{} -- s{}{};\n", plan.source, graph.processor(plan.source).switch_id,
                      worm);
    for (std::size_t i = 1; i < plan.route_to_lca.size(); ++i)
        os << fmt::format("  s{} -- s{}{};\n", plan.route_to_lca[i - 1], plan.route_to_lca[i],
                          worm);
    for (const SpamPlan::DownStep& step : plan.down_tree)
        for (const Vertex& v : step.outputs)
            os << fmt::format("  s{} -- {}{};\n", step.at, dot_name(v), worm);
    os << "}\n";
    return os.str();
}

std::string walk_plan_dot(const UpDownPartition& partition, const WormWalk& walk,
                          ProcessorId source) {
    std::ostringstream os;
    os << dot_body(partition);
    os << processor_node(source, ", style=filled, fillcolor=lightblue");
    for (ProcessorId d : walk.delivered) os << processor_node(d, "");
    for (const WormChannel& c : walk.channels)
        os << fmt::format("  {} -- {} [dir=forward, color=red, penwidth=2];\n", dot_name(c.from),
                          dot_name(c.to));
    os << "}\n";
    return os.str();
}

std::string binomial_plan_dot(const UpDownPartition& partition, const BinomialPlan& plan) {
    static const char* kColours[] = {"red", "blue", "darkgreen", "orange", "purple", "brown"};
    const SwitchGraph& graph = partition.graph();
    std::ostringstream os;
    os << dot_body(partition);
    os << processor_node(plan.chain.front(), ", style=filled, fillcolor=lightblue");
    for (std::size_t i = 1; i < plan.chain.size(); ++i) os << processor_node(plan.chain[i], "");
    for (std::size_t i = 0; i < plan.sends.size(); ++i) {
        const ChainSend& send = plan.sends[i];
        const std::string style =
            fmt::format(" [dir=forward, color={}, penwidth=2", kColours[(send.step - 1) % 6]);
        const auto& route = plan.routes[i];
        os << fmt::format("  P{} -- s{}{}, label=\"{}\"];\n", send.from, route.front(), style,
                          send.step);
        for (std::size_t h = 1; h < route.size(); ++h)
            os << fmt::format("  s{} -- s{}{}];\n", route[h - 1], route[h], style);
        os << fmt::format("  s{} -- P{}{}];\n", graph.processor(send.to).switch_id, send.to, style);
    }
    os << "}\n";
    return os.str();
}

}  // namespace wormcast::irregular
