// Scenario parsing and checking (see Scenario.hpp).
#include "app/Scenario.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "systemc/rtl/RtlModels.hpp"
#include "topologies/mesh/MeshMulticastFirmware.hpp"
#include "topologies/mesh/MeshTreeFirmware.hpp"
#include "topologies/mesh/network/MeshNetwork.hpp"

namespace wormcast::app {

namespace {

/// A YAML mapping whose keys are checked against the allowed set as they are read.
class Section {
  public:
    Section(const YAML::Node& node, std::string path, std::set<std::string> allowed)
        : node_(node), path_(std::move(path)) {
        if (!node_) return;
        if (!node_.IsMap()) throw ConfigError(fmt::format("{}: expected a mapping of keys", path_));
        for (const auto& kv : node_) {
            const std::string key = kv.first.as<std::string>();
            if (!allowed.count(key)) {
                std::string list;
                for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
                throw ConfigError(
                    fmt::format("{}.{}: unknown key (allowed: {})", path_, key, list));
            }
        }
    }
    bool has(const std::string& key) const { return node_ && node_[key]; }
    std::string where(const std::string& key) const { return path_ + "." + key; }
    YAML::Node get(const std::string& key) const { return node_ ? node_[key] : YAML::Node(); }

    std::string text(const std::string& key, const std::string& fallback) const {
        if (!has(key)) return fallback;
        const YAML::Node v = get(key);
        if (!v.IsScalar()) throw ConfigError(fmt::format("{}: expected a text value", where(key)));
        return v.as<std::string>();
    }
    bool flag(const std::string& key, bool fallback) const {
        if (!has(key)) return fallback;
        const std::string t = text(key, "");
        if (t == "true" || t == "yes" || t == "on") return true;
        if (t == "false" || t == "no" || t == "off") return false;
        throw ConfigError(fmt::format("{}: '{}' is not true or false", where(key), t));
    }
    std::uint64_t whole(const std::string& key, std::uint64_t fallback, std::uint64_t min,
                        std::uint64_t max) const {
        if (!has(key)) return fallback;
        const std::string t = text(key, "");
        if (t.empty() || t.find_first_not_of("0123456789") != std::string::npos || t.size() > 18)
            throw ConfigError(fmt::format("{}: '{}' is not a whole number", where(key), t));
        const std::uint64_t v = std::stoull(t);
        if (v < min || v > max)
            throw ConfigError(fmt::format("{}: {} is not in {}..{}", where(key), v, min, max));
        return v;
    }
    double real(const std::string& key, double fallback) const {
        if (!has(key)) return fallback;
        const std::string t = text(key, "");
        try {
            std::size_t used = 0;
            const double v = std::stod(t, &used);
            if (used != t.size() || !std::isfinite(v)) throw std::invalid_argument(t);
            return v;
        } catch (const std::exception&) {
            throw ConfigError(fmt::format("{}: '{}' is not a number", where(key), t));
        }
    }
    /// A latency: a bare whole number of cycles, or a time ("20ns", "5 us") that must be a whole
    /// number of clock periods.
    unsigned cycles(const std::string& key, unsigned fallback, double clock_ns,
                    unsigned min) const {
        if (!has(key)) return fallback;
        const std::string t = text(key, "");
        if (!t.empty() && t.find_first_not_of("0123456789") == std::string::npos) {
            const auto v = whole(key, fallback, min, 100000000);
            return static_cast<unsigned>(v);
        }
        static const std::map<std::string, double> units{
            {"ps", 1e-3}, {"ns", 1.0}, {"us", 1e3}, {"ms", 1e6}};
        std::size_t used = 0;
        double value = 0;
        try {
            value = std::stod(t, &used);
        } catch (const std::exception&) {
            throw ConfigError(
                fmt::format("{}: '{}' is neither cycles nor a time like '20ns'", where(key), t));
        }
        std::string unit = t.substr(used);
        unit.erase(0, unit.find_first_not_of(' '));
        auto it = units.find(unit);
        if (it == units.end() || value < 0)
            throw ConfigError(
                fmt::format("{}: '{}' is neither cycles nor a time like '20ns'", where(key), t));
        const double c = value * it->second / clock_ns;
        const double rounded = std::round(c);
        if (std::fabs(c - rounded) > 1e-9 * std::max(1.0, c))
            throw ConfigError(
                fmt::format("{}: {} is {} clock periods of {} ns, not a whole number of cycles",
                            where(key), t, c, clock_ns));
        if (rounded < min)
            throw ConfigError(fmt::format("{}: {} is less than {} cycle(s)", where(key), t, min));
        return static_cast<unsigned>(rounded);
    }

  private:
    YAML::Node node_;
    std::string path_;
};

/// network.rtl as text: "all", "none", "x,y;x,y", or a YAML list of "x,y" items joined by ';'.
std::string rtl_text(const YAML::Node& value) {
    if (value.IsScalar()) return value.as<std::string>();
    if (value.IsSequence() && value.size() > 0) {
        std::string out;
        for (const auto& item : value) {
            if (!item.IsScalar())
                throw ConfigError("network.rtl: list items are nodes written x,y (e.g. - 1,2)");
            out += (out.empty() ? "" : ";") + item.as<std::string>();
        }
        return out;
    }
    throw ConfigError("network.rtl: expected all, none, nodes as 'x,y;x,y' or a list of x,y nodes");
}

}  // namespace

void apply_overrides(YAML::Node& root, const std::vector<std::string>& overrides) {
    for (const auto& o : overrides) {
        const auto eq = o.find('=');
        if (eq == std::string::npos || eq == 0)
            throw ConfigError(fmt::format("--set '{}': expected key=value", o));
        const std::string key = o.substr(0, eq), value = o.substr(eq + 1);
        std::vector<std::string> path;
        std::stringstream ks(key);
        for (std::string part; std::getline(ks, part, '.');) {
            if (part.empty()) throw ConfigError(fmt::format("--set '{}': empty key part", o));
            path.push_back(part);
        }
        YAML::Node parsed;
        try {
            parsed = YAML::Load(value);
        } catch (const YAML::Exception& e) {
            throw ConfigError(fmt::format("--set '{}': value is not valid YAML ({})", o, e.what()));
        }
        // Walk down, creating mappings as needed. yaml-cpp nodes are handles: use reset to descend.
        std::vector<YAML::Node> chain{root};
        for (std::size_t i = 0; i + 1 < path.size(); ++i) {
            YAML::Node child = chain.back()[path[i]];
            if (child && !child.IsMap())
                throw ConfigError(fmt::format("--set '{}': {} is not a section", o, path[i]));
            if (!child) {
                chain.back()[path[i]] = YAML::Node(YAML::NodeType::Map);
                child = chain.back()[path[i]];
            }
            chain.push_back(child);
        }
        chain.back()[path.back()] = parsed;
    }
}

Scenario parse_scenario(const YAML::Node& root, const std::string& source) {
    if (!root || !root.IsMap())
        throw ConfigError(fmt::format("{}: a scenario is a mapping with sections", source));
    Section top(root, "scenario",
                {"name", "description", "clock_ns", "flit_width", "network", "router", "nic",
                 "traffic", "run", "trace"});
    Scenario s;
    s.source = source;
    NetworkParams& p = s.params;
    p.clock_ns = top.real("clock_ns", 5.0);
    if (!(p.clock_ns > 0))
        throw ConfigError("scenario.clock_ns: the clock period must be positive");
    p.flit_width = static_cast<unsigned>(top.whole("flit_width", 32, 8, 64));

    Section net(top.get("network"), "network", {"topology", "size", "dateline", "rtl"});
    s.topology = net.text("topology", "mesh");
    if (s.topology != "mesh" && s.topology != "torus")
        throw ConfigError(
            fmt::format("network.topology: '{}' is not one of mesh, torus", s.topology));
    s.shape = mesh::MeshShape::parse(net.text("size", "4x4"), s.topology == "torus");
    s.dateline = net.flag("dateline", true);
    if (net.has("rtl")) s.rtl = rtl_text(net.get("rtl"));

    const double clk = p.clock_ns;
    Section router(top.get("router"), "router",
                   {"vcs", "buffer_depth", "t_node", "t_node_multidest", "t_sw", "t_phy",
                    "path_worms", "tree_worms"});
    p.vcs = static_cast<unsigned>(router.whole("vcs", s.shape.torus ? 2 : 1, 1, 16));
    p.buffer_depth = static_cast<unsigned>(router.whole("buffer_depth", 4, 1, 4096));
    p.t_node = router.cycles("t_node", 4, clk, 1);
    p.t_node_multidest = router.cycles("t_node_multidest", 8, clk, 1);
    p.t_sw = router.cycles("t_sw", 1, clk, 1);
    p.t_phy = router.cycles("t_phy", 1, clk, 1);
    p.path_worms = router.flag("path_worms", false);
    p.tree_worms = router.flag("tree_worms", false);

    Section nic(top.get("nic"), "nic",
                {"injection_channels", "consumption_channels", "t_startup", "t_receive", "t_inj",
                 "t_cons", "multicast"});
    p.injection_channels = static_cast<unsigned>(nic.whole("injection_channels", 1, 1, 16));
    p.consumption_channels = static_cast<unsigned>(nic.whole("consumption_channels", 1, 1, 16));
    p.t_startup = nic.cycles("t_startup", 0, clk, 0);
    p.t_receive = nic.cycles("t_receive", 0, clk, 0);
    p.t_inj = nic.cycles("t_inj", 1, clk, 1);
    p.t_cons = nic.cycles("t_cons", 1, clk, 1);
    s.multicast = nic.text("multicast", "separate");

    Section traffic(top.get("traffic"), "traffic",
                    {"kind", "load", "length", "process", "warmup", "measure", "file"});
    s.traffic_kind = traffic.text("kind", "uniform");
    s.uniform.length = static_cast<std::uint32_t>(traffic.whole("length", 16, 1, 1u << 20));
    s.uniform.load = traffic.real("load", 0.01);
    const std::string process = traffic.text("process", "bernoulli");
    if (process == "bernoulli")
        s.uniform.process = InjectionProcess::Bernoulli;
    else if (process == "poisson")
        s.uniform.process = InjectionProcess::Poisson;
    else
        throw ConfigError(
            fmt::format("traffic.process: '{}' is not one of bernoulli, poisson", process));
    s.uniform.warmup = traffic.whole("warmup", 1000, 0, 1ull << 40);
    s.uniform.measure = traffic.whole("measure", 10000, 1, 1ull << 40);
    if (s.traffic_kind == "uniform") {
        if (!(s.uniform.load > 0.0) || s.uniform.load > 1.0)
            throw ConfigError(
                fmt::format("traffic.load: {} is not in (0, 1] flits/node/cycle", s.uniform.load));
        if (traffic.has("file")) throw ConfigError("traffic.file: only for kind: file");
    } else if (s.traffic_kind == "file") {
        if (!traffic.has("file"))
            throw ConfigError("traffic.file: kind: file needs a message file");
        std::filesystem::path f = traffic.text("file", "");
        if (f.is_relative()) f = std::filesystem::path(source).parent_path() / f;
        s.message_file = f.string();
        if (traffic.has("load")) throw ConfigError("traffic.load: not used with kind: file");
    } else {
        throw ConfigError(
            fmt::format("traffic.kind: '{}' is not one of uniform, file", s.traffic_kind));
    }

    Section run(top.get("run"), "run", {"seed", "drain_limit", "watchdog_cycles", "clocking"});
    s.run.seed = run.whole("seed", 1, 0, ~0ull >> 1);
    s.run.drain_limit = run.whole("drain_limit", 2000000, 1, 1ull << 40);
    p.watchdog_cycles = static_cast<unsigned>(run.whole("watchdog_cycles", 20000, 10, 1u << 30));
    const std::string clocking = run.text("clocking", "activity");
    if (clocking != "activity" && clocking != "always")
        throw ConfigError(
            fmt::format("run.clocking: '{}' is not one of activity, always", clocking));
    p.always_clocked = clocking == "always";

    Section trace(top.get("trace"), "trace", {"routers"});
    s.trace_routers = trace.text("routers", "auto");
    s.traced_routers();  // validate now

    s.run.warmup = s.traffic_kind == "uniform" ? s.uniform.warmup : 0;
    s.run.measure = s.traffic_kind == "uniform" ? s.uniform.measure : 0;
    s.uniform.worm_flits =
        s.uniform.length +
        header_flits(Header::unicast(0), HeaderFormat{p.flit_width, s.shape.nodes()});
    if (s.shape.torus && s.dateline && p.vcs < 2)
        throw ConfigError("router.vcs: a torus with datelines needs at least 2 virtual channels");
    HeaderFormat{p.flit_width, s.shape.nodes()}.validate();
    s.multicast_firmware();  // nic.multicast must fit the routers and topology: refuse now
    if (!s.rtl_nodes().empty()) s.rtl_model();  // a verilated configuration must fit: refuse now
    return s;
}

Scenario load_scenario(const std::string& path, const std::vector<std::string>& overrides) {
    YAML::Node root;
    try {
        root = YAML::LoadFile(path);
    } catch (const YAML::BadFile&) {
        throw ConfigError(fmt::format("scenario '{}' cannot be read", path));
    } catch (const YAML::Exception& e) {
        throw ConfigError(fmt::format("{}: not valid YAML: {}", path, e.what()));
    }
    apply_overrides(root, overrides);
    return parse_scenario(root, path);
}

std::vector<ScheduledSend> Scenario::schedule() const {
    if (traffic_kind == "file") {
        auto sends = read_message_file(
            message_file, [this](const std::string& t) { return shape.parse_node(t); });
        return sends;
    }
    return uniform_schedule(uniform, shape.nodes(), run.seed);
}

std::function<std::unique_ptr<Firmware>(NodeId)> Scenario::multicast_firmware() const {
    if (multicast == "separate") return nullptr;
    if (multicast == "tree") {
        if (!params.tree_worms)
            throw ConfigError(
                "nic.multicast: tree sends e-cube tree worms; the routers need router.tree_worms: true");
        if (shape.torus)
            throw ConfigError(fmt::format(
                "nic.multicast: tree worms are routed on meshes only, not on the {}", shape.name()));
        return [shape = shape](NodeId) { return std::make_unique<mesh::MeshTreeFirmware>(shape); };
    }
    mesh::MeshMulticastConfig config;
    config.shape = shape;
    try {
        config.algorithm = mesh::parse_mesh_multicast_algorithm(multicast);
        config.validate();
    } catch (const ConfigError& e) {
        throw ConfigError(fmt::format("nic.multicast: {} (or separate, tree)", e.what()));
    }
    const bool path_worms = config.algorithm != mesh::MeshMulticastAlgorithm::Umesh &&
                            config.algorithm != mesh::MeshMulticastAlgorithm::SpUmesh;
    if (path_worms && !params.path_worms)
        throw ConfigError(fmt::format(
            "nic.multicast: {} sends multidestination path worms; the routers need "
            "router.path_worms: true",
            multicast));
    const unsigned needed =
        mesh::minimum_consumption_channels(config.algorithm, shape.dimensions());
    if (params.consumption_channels < needed)
        throw ConfigError(fmt::format(
            "nic.consumption_channels: {} needs one consumption channel per input direction, at "
            "least {} (docs/multicast-hardware.md)",
            multicast, needed));
    return [config](NodeId) { return std::make_unique<mesh::MeshMulticastFirmware>(config); };
}

NetworkSpec Scenario::network() const {
    NetworkSpec spec = mesh::build_mesh_network(shape, params, dateline);
    spec.firmware = multicast_firmware();
    const std::vector<NodeId> nodes = rtl_nodes();
    if (!nodes.empty()) {
        std::vector<bool> chosen(shape.nodes(), false);
        for (NodeId n : nodes) chosen[n] = true;
        spec.router_factory =
            rtl::mesh_rtl_factory(shape, params, [chosen](NodeId n) { return chosen[n]; }, dateline);
    }
    return spec;
}

std::vector<NodeId> Scenario::rtl_nodes() const {
    std::vector<NodeId> out;
    if (rtl == "none") return out;
    if (rtl == "all") {
        for (NodeId n = 0; n < shape.nodes(); ++n) out.push_back(n);
        return out;
    }
    std::stringstream ss(rtl);
    for (std::string item; std::getline(ss, item, ';');) {
        NodeId node = 0;
        try {
            node = shape.parse_node(item);
        } catch (const ConfigError& e) {
            throw ConfigError(fmt::format(
                "network.rtl: {} (expected all, none or nodes as 'x,y;x,y')", e.what()));
        }
        if (std::find(out.begin(), out.end(), node) != out.end())
            throw ConfigError(
                fmt::format("network.rtl: node {} is listed twice", shape.format(node)));
        out.push_back(node);
    }
    if (out.empty()) throw ConfigError("network.rtl: name nodes as 'x,y;x,y', or all, or none");
    std::sort(out.begin(), out.end());
    return out;
}

std::string Scenario::rtl_model() const {
    if (rtl_nodes().empty()) return "";
    try {
        return rtl::find_rtl_model(rtl::mesh_rtl_params(shape, params, dateline)).name;
    } catch (const ConfigError& e) {
        throw ConfigError(fmt::format("network.rtl: {}", e.what()));
    }
}

std::vector<std::size_t> Scenario::traced_routers() const {
    std::vector<std::size_t> out;
    if (trace_routers == "auto") {
        if (shape.nodes() <= 64) return out;  // empty = all
        out.push_back(0);
        return out;
    }
    if (trace_routers == "all") return out;
    std::stringstream ss(trace_routers);
    for (std::string item; std::getline(ss, item, ';');) out.push_back(shape.parse_node(item));
    if (out.empty()) throw ConfigError("trace.routers: name routers as 'x,y;x,y', or all, or auto");
    return out;
}

}  // namespace wormcast::app
