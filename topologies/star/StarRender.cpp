// Star multicast plan renderings (see StarRender.hpp).
#include "topologies/star/StarRender.hpp"

#include <set>

#include <fmt/format.h>

namespace wormcast::star {

namespace {

nlohmann::ordered_json names(const StarShape& shape, const std::vector<NodeId>& nodes) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (NodeId v : nodes) out.push_back(shape.format(v));
    return out;
}

std::string with_label(const StarShape& shape, NodeId v) {
    return fmt::format("{} ({})", shape.format(v), v);
}

std::string listing(const StarShape& shape, const std::vector<NodeId>& nodes) {
    std::string s;
    for (std::size_t i = 0; i < nodes.size(); ++i)
        s += (i ? ", " : "") + with_label(shape, nodes[i]);
    return s;
}

}  // namespace

nlohmann::ordered_json plan_to_json(const StarShape& shape, const StarPlan& plan) {
    nlohmann::ordered_json j;
    j["algorithm"] = to_string(plan.scheme);
    j["worms"] = nlohmann::ordered_json::array();
    for (const StarWorm& w : plan.worms) {
        nlohmann::ordered_json worm;
        worm["from"] = shape.format(w.from);
        worm["dests"] = names(shape, w.dests);
        worm["path"] = names(shape, w.path);
        worm["channels"] = w.channels;
        worm["phase"] = w.phase;
        j["worms"].push_back(std::move(worm));
    }
    j["total_channels"] = plan.total_channels;
    j["max_distance"] = plan.max_distance;
    return j;
}

std::string render_plan_text(const StarShape& shape, const StarPlan& plan) {
    std::string s =
        fmt::format("{} ({}), {} multicast from {} to {} destination(s): {}\n", shape.name(),
                    shape.topology_spec(), to_string(plan.scheme), with_label(shape, plan.source),
                    plan.destinations.size(), listing(shape, plan.destinations));
    s += "nodes are written as permutation (Hamiltonian-path label)\n";
    for (std::size_t i = 0; i < plan.worms.size(); ++i) {
        const StarWorm& w = plan.worms[i];
        s += fmt::format("worm {}, phase {}: {} -> {}\n", i + 1, w.phase, with_label(shape, w.from),
                         listing(shape, w.dests));
        std::string path;
        for (std::size_t k = 0; k < w.path.size(); ++k)
            path += fmt::format("{}{}({})", k ? " " : "", shape.format(w.path[k]), w.path[k]);
        s += fmt::format("  path {}: {} channel(s)\n", path, w.channels);
    }
    s +=
        fmt::format("total channels {}, max distance {}\n", plan.total_channels, plan.max_distance);
    return s;
}

std::string render_plan_dot(const StarShape& shape, const StarPlan& plan) {
    static const char* const kColours[] = {"red",    "blue",   "darkgreen", "orange",
                                           "purple", "brown",  "magenta",   "cyan4",
                                           "gold3",  "gray40", "navy",      "olivedrab"};
    std::set<NodeId> vertices{plan.source};
    const std::set<NodeId> destinations(plan.destinations.begin(), plan.destinations.end());
    for (const StarWorm& w : plan.worms) vertices.insert(w.path.begin(), w.path.end());
    std::string s = fmt::format("digraph \"{} {}\" {{\n  node [shape=ellipse];\n", shape.name(),
                                to_string(plan.scheme));
    for (NodeId v : vertices) {
        std::string style;
        if (v == plan.source) style = ", style=filled, fillcolor=lightgray";
        if (destinations.count(v)) style += ", shape=doublecircle";
        s += fmt::format("  \"{}\" [label=\"{}\\nl={}\"{}];\n", shape.format(v), shape.format(v), v,
                         style);
    }
    for (std::size_t i = 0; i < plan.worms.size(); ++i) {
        const StarWorm& w = plan.worms[i];
        const char* colour = kColours[i % (sizeof kColours / sizeof kColours[0])];
        for (std::size_t k = 0; k + 1 < w.path.size(); ++k)
            s += fmt::format("  \"{}\" -> \"{}\" [color={}, fontcolor={}, label=\"w{} p{}\"];\n",
                             shape.format(w.path[k]), shape.format(w.path[k + 1]), colour, colour,
                             i + 1, w.phase);
    }
    s += "}\n";
    return s;
}

nlohmann::ordered_json hamiltonian_path_to_json(const StarShape& shape) {
    nlohmann::ordered_json j;
    j["topology"] = shape.topology_spec();
    j["nodes"] = shape.nodes();
    j["path"] = nlohmann::ordered_json::array();
    for (NodeId v = 0; v < shape.nodes(); ++v) j["path"].push_back(shape.format(v));
    return j;
}

}  // namespace wormcast::star
