// Wormcast topology files, BookSim2 anynet files and topology strings (see IrregularTopology.hpp).
// The formats are documented in docs/irregular.md.
#include "topologies/irregular/IrregularTopology.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "systemc/pure/InputLimits.hpp"
#include "systemc/pure/YamlDocument.hpp"
#include "topologies/irregular/LatticeGenerator.hpp"

namespace wormcast::irregular {

namespace {

std::string prefix_of(const std::string& text) {
    const auto colon = text.find(':');
    return colon == std::string::npos ? "" : text.substr(0, colon);
}

/// A non-negative integer scalar below `limit`; ConfigError naming `where` otherwise.
std::uint64_t yaml_count(const YAML::Node& node, const std::string& where, std::uint64_t limit) {
    // Decimal digits only: yaml-cpp would read 0x4 as 4 and 0o7 as 7.
    long long value = -1;
    const std::string digits = node.IsScalar() ? node.Scalar() : std::string();
    if (!digits.empty() && digits.size() <= 18 &&
        digits.find_first_not_of("0123456789") == std::string::npos)
        value = std::stoll(digits);
    if (value < 0 || static_cast<std::uint64_t>(value) >= limit)
        throw ConfigError(
            fmt::format("{}: expected an integer 0..{}, got '{}'", where, limit - 1,
                        node.IsScalar() ? node.Scalar() : std::string("a list or map")));
    return static_cast<std::uint64_t>(value);
}

std::int64_t yaml_integer(const YAML::Node& node, const std::string& where) {
    // Decimal digits with an optional minus sign only (yaml-cpp would read 0x4 as 4).
    const std::string text = node.IsScalar() ? node.Scalar() : std::string();
    const std::string digits = !text.empty() && text[0] == '-' ? text.substr(1) : text;
    if (!digits.empty() && digits.size() <= 18 &&
        digits.find_first_not_of("0123456789") == std::string::npos)
        return std::stoll(text);
    throw ConfigError(fmt::format("{}: expected an integer in decimal digits, got '{}'", where,
                                  node.IsScalar() ? text : std::string("a list or map")));
}

}  // namespace

bool is_irregular_topology(const std::string& text) {
    const std::string prefix = prefix_of(text);
    return prefix == "irregular" || prefix == "anynet" || prefix == "lattice";
}

SwitchGraph parse_irregular_topology(const std::string& text, const TopologyOverrides& overrides) {
    const std::string prefix = prefix_of(text);
    const std::string rest = text.substr(std::min(text.size(), prefix.size() + 1));
    SwitchGraphSpec spec;
    if (prefix == "irregular" || prefix == "anynet") {
        if (rest.empty())
            throw ConfigError(fmt::format("topology '{}': the file path is missing", text));
        const std::string content =
            limits::read_input_file(rest, fmt::format("topology '{}'", text));
        spec =
            prefix == "irregular"
                ? read_wormcast_topology(content, text)
                : read_anynet(content, text, overrides.ports.value_or(SwitchGraph::kDefaultPorts));
    } else if (prefix == "lattice") {
        spec = generate_lattice(parse_lattice(text),
                                overrides.ports.value_or(SwitchGraph::kDefaultPorts));
    } else {
        throw ConfigError(
            fmt::format("topology '{}': expected 'irregular:PATH', 'anynet:PATH' or "
                        "'lattice:switches=N,seed=K[,links=F]'",
                        text));
    }
    spec.name = text;
    if (overrides.ports) spec.ports = *overrides.ports;
    if (overrides.root) spec.root = *overrides.root;
    return SwitchGraph(spec);
}

SwitchGraphSpec read_wormcast_topology(const std::string& yaml, const std::string& name) {
    const YAML::Node root = load_one_document(yaml, name);
    if (!root.IsMap())
        throw ConfigError(fmt::format("{}: expected a map with switches and links", name));
    static const std::set<std::string> kKeys = {"switches",   "ports", "links",
                                                "processors", "root",  "positions"};
    for (const auto& entry : root) {
        const std::string key = entry.first.as<std::string>();
        if (!kKeys.count(key))
            throw ConfigError(fmt::format(
                "{}: unknown key '{}' (allowed: switches, ports, links, processors, root, "
                "positions)",
                name, key));
    }
    SwitchGraphSpec spec;
    spec.name = name;
    if (!root["switches"]) throw ConfigError(fmt::format("{}: switches is missing", name));
    spec.switches = static_cast<std::uint32_t>(yaml_count(
        root["switches"], name + ": switches", std::uint64_t{SwitchGraph::kMaxSwitches} + 1));
    if (root["ports"])
        spec.ports = static_cast<unsigned>(yaml_count(root["ports"], name + ": ports", 0x10000));
    if (root["root"])
        spec.root = static_cast<SwitchId>(yaml_count(root["root"], name + ": root", 0x100000000));
    auto id = [&](const YAML::Node& node, const std::string& where) {
        return static_cast<std::uint32_t>(yaml_count(node, where, 0x100000000));
    };
    auto port = [&](const YAML::Node& node, const std::string& where) {
        return static_cast<PortId>(yaml_count(node, where, 0x10000));
    };
    const YAML::Node links = root["links"];
    if (!links) throw ConfigError(fmt::format("{}: links is missing", name));
    if (!links.IsSequence())
        throw ConfigError(
            fmt::format("{}: links must be a list of [a, b] or [a, port_a, b, port_b]", name));
    for (std::size_t i = 0; i < links.size(); ++i) {
        const YAML::Node l = links[i];
        const std::string where = fmt::format("{}: links[{}]", name, i);
        if (!l.IsSequence() || (l.size() != 2 && l.size() != 4))
            throw ConfigError(fmt::format("{}: expected [a, b] or [a, port_a, b, port_b]", where));
        LinkRequest request;
        if (l.size() == 2) {
            request.a = id(l[0], where + " switch a");
            request.b = id(l[1], where + " switch b");
        } else {
            request.a = id(l[0], where + " switch a");
            request.port_a = port(l[1], where + " port a");
            request.b = id(l[2], where + " switch b");
            request.port_b = port(l[3], where + " port b");
        }
        spec.links.push_back(request);
    }
    if (const YAML::Node processors = root["processors"]) {
        if (!processors.IsSequence())
            throw ConfigError(
                fmt::format("{}: processors must be a list of switch or [switch, port]", name));
        std::vector<ProcessorRequest> list;
        for (std::size_t p = 0; p < processors.size(); ++p) {
            const YAML::Node entry = processors[p];
            const std::string where = fmt::format("{}: processors[{}]", name, p);
            if (entry.IsSequence()) {
                if (entry.size() != 2)
                    throw ConfigError(
                        fmt::format("{}: expected a switch or [switch, port]", where));
                list.push_back(ProcessorRequest{id(entry[0], where + " switch"),
                                                port(entry[1], where + " port")});
            } else {
                list.push_back(ProcessorRequest{id(entry, where), std::nullopt});
            }
        }
        spec.processors = std::move(list);
    }
    if (const YAML::Node positions = root["positions"]) {
        if (!positions.IsSequence())
            throw ConfigError(fmt::format("{}: positions must be a list of [x, y]", name));
        for (std::size_t s = 0; s < positions.size(); ++s) {
            const YAML::Node p = positions[s];
            const std::string where = fmt::format("{}: positions[{}]", name, s);
            if (!p.IsSequence() || p.size() != 2)
                throw ConfigError(fmt::format("{}: expected [x, y]", where));
            spec.positions.push_back(
                LatticePoint{yaml_integer(p[0], where + " x"), yaml_integer(p[1], where + " y")});
        }
    }
    return spec;
}

std::string write_wormcast_topology(const SwitchGraph& graph) {
    std::ostringstream os;
    os << "# wormcast irregular topology (docs/irregular.md), written from " << graph.name()
       << "\n";
    os << "switches: " << graph.switches() << "\n";
    os << "ports: " << graph.ports() << "\n";
    os << "root: " << graph.root() << "\n";
    os << "links:  # [switch a, port a, switch b, port b]\n";
    if (graph.links().empty()) os << "  []\n";
    for (const SwitchLink& l : graph.links())
        os << fmt::format("  - [{}, {}, {}, {}]\n", l.a, l.port_a, l.b, l.port_b);
    os << "processors:  # [switch, port] of processor 0, 1, ...\n";
    for (ProcessorId p = 0; p < graph.processors(); ++p)
        os << fmt::format("  - [{}, {}]\n", graph.processor(p).switch_id, graph.processor(p).port);
    if (!graph.positions().empty()) {
        os << "positions:  # [x, y] lattice point of switch 0, 1, ...\n";
        for (const LatticePoint& p : graph.positions())
            os << fmt::format("  - [{}, {}]\n", p.x, p.y);
    }
    return os.str();
}

void save_wormcast_topology(const SwitchGraph& graph, const std::string& path) {
    std::ofstream out(path, std::ios::binary);
    if (!out) throw ConfigError(fmt::format("cannot write the topology file '{}'", path));
    out << write_wormcast_topology(graph);
    out.close();  // a full device fails only when the buffer is written
    if (out.fail())
        throw ConfigError(
            fmt::format("cannot write the topology file '{}': {}", path, std::strerror(errno)));
}

SwitchGraphSpec read_anynet(const std::string& text, const std::string& name, unsigned ports) {
    std::map<std::uint32_t, std::uint32_t> node_router;             // node -> its router
    std::map<std::uint32_t, std::set<std::uint32_t>> router_links;  // router -> neighbours
    std::set<std::uint32_t> routers;
    std::map<std::uint32_t, std::size_t> node_line;
    std::istringstream lines(text);
    std::string line;
    for (std::size_t number = 1; std::getline(lines, line); ++number) {
        for (char& c : line)
            if (c == '\r' || c == '\t') c = ' ';
        std::istringstream words(line);
        std::vector<std::string> tokens;
        for (std::string w; words >> w;) tokens.push_back(w);
        if (tokens.empty()) continue;
        const std::string where = fmt::format("{}: line {}", name, number);
        struct Element {
            bool router;
            std::uint32_t id;
        };
        auto is_number = [](const std::string& t) {
            return !t.empty() && t.size() <= 9 &&
                   t.find_first_not_of("0123456789") == std::string::npos;
        };
        // Pairs "router R" / "node N"; after any pair but the first, an optional link weight (a
        // number), as BookSim2 reads it. Weights are checked, not used: every channel of a
        // wormcast network takes router.t_phy.
        std::vector<Element> elements;
        bool weight_may_follow = false;  // right after a pair that is not the line's first
        for (std::size_t i = 0; i < tokens.size();) {
            if (weight_may_follow && is_number(tokens[i])) {
                weight_may_follow = false;  // the link weight of the pair before
                ++i;
                continue;
            }
            if (tokens[i] != "router" && tokens[i] != "node")
                throw ConfigError(fmt::format(
                    "{}: '{}' is neither 'router' nor 'node'{}", where, tokens[i],
                    i == 2 && is_number(tokens[i])
                        ? " (a link weight follows a connected pair, not the line's first)"
                        : ""));
            if (i + 1 >= tokens.size())
                throw ConfigError(fmt::format("{}: '{}' has no id after it", where, tokens[i]));
            const std::string& digits = tokens[i + 1];
            if (!is_number(digits))
                throw ConfigError(fmt::format("{}: {} id '{}' is not a non-negative integer", where,
                                              tokens[i], digits));
            elements.push_back(
                Element{tokens[i] == "router", static_cast<std::uint32_t>(std::stoul(digits))});
            weight_may_follow = elements.size() > 1;
            i += 2;
        }
        const Element head = elements.front();
        if (head.router) routers.insert(head.id);
        auto attach = [&](std::uint32_t node, std::uint32_t router) {
            const auto [it, fresh] = node_router.emplace(node, router);
            if (!fresh && it->second != router)
                throw ConfigError(
                    fmt::format("{}: node {} is connected to routers {} and {} (line {})", where,
                                node, it->second, router, node_line[node]));
            node_line.emplace(node, number);
            routers.insert(router);
        };
        for (std::size_t i = 1; i < elements.size(); ++i) {
            const Element e = elements[i];
            if (!head.router && !e.router)
                throw ConfigError(
                    fmt::format("{}: node {} is connected to node {}; a node hangs "
                                "on one router",
                                where, head.id, e.id));
            if (!head.router) {
                attach(head.id, e.id);
            } else if (!e.router) {
                attach(e.id, head.id);
            } else {
                if (e.id == head.id)
                    throw ConfigError(
                        fmt::format("{}: router {} is connected to itself", where, head.id));
                routers.insert(e.id);
                router_links[head.id].insert(e.id);
                router_links[e.id].insert(head.id);
            }
        }
    }
    // Ids 0..n-1 without gaps.
    auto dense = [&](const std::vector<std::uint32_t>& ids, const char* what) {
        for (std::uint32_t i = 0; i < ids.size(); ++i)
            if (ids[i] != i)
                throw ConfigError(fmt::format(
                    "{}: {} {} is missing ({} ids must be 0..{} without gaps; found {})", name,
                    what, i, what, ids.size() - 1, ids[i]));
    };
    const std::vector<std::uint32_t> router_ids(routers.begin(), routers.end());
    std::vector<std::uint32_t> node_ids;
    for (const auto& [node, router] : node_router) node_ids.push_back(node);
    if (router_ids.empty()) throw ConfigError(fmt::format("{}: no router", name));
    dense(router_ids, "router");
    dense(node_ids, "node");
    if (router_ids.size() > SwitchGraph::kMaxSwitches)
        throw ConfigError(fmt::format("{}: {} routers exceed the supported {}", name,
                                      router_ids.size(), SwitchGraph::kMaxSwitches));

    // BookSim2's port numbering: the router's nodes first (ascending), then its neighbours.
    SwitchGraphSpec spec;
    spec.name = name;
    spec.switches = static_cast<std::uint32_t>(router_ids.size());
    spec.ports = ports;
    std::map<std::uint32_t, std::vector<std::uint32_t>> nodes_of;
    for (const auto& [node, router] : node_router) nodes_of[router].push_back(node);
    std::vector<ProcessorRequest> processors(node_ids.size());
    std::map<std::pair<std::uint32_t, std::uint32_t>, PortId> link_port;  // (router, neighbour)
    for (std::uint32_t r = 0; r < spec.switches; ++r) {
        PortId next = 0;
        for (std::uint32_t node : nodes_of[r]) processors[node] = ProcessorRequest{r, next++};
        for (std::uint32_t t : router_links[r]) link_port[{r, t}] = next++;
    }
    for (const auto& [r, neighbours] : router_links)
        for (std::uint32_t t : neighbours)
            if (r < t)
                spec.links.push_back(LinkRequest{r, t, link_port[{r, t}], link_port[{t, r}]});
    spec.processors = std::move(processors);
    return spec;
}

}  // namespace wormcast::irregular
