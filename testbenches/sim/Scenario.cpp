// Scenario parsing and checking (see Scenario.hpp).
#include "testbenches/sim/Scenario.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "systemc/pure/InputLimits.hpp"
#include "systemc/pure/Sha256.hpp"
#include "systemc/pure/Time.hpp"
#include "systemc/pure/UnicastFirmware.hpp"
#include "systemc/pure/YamlDocument.hpp"
#include "systemc/rtl/RtlCache.hpp"
#include "testbenches/sim/Results.hpp"
#include "testbenches/sim/ScenarioKeys.hpp"

namespace wormcast::sim {

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
        if (t.empty() || t.find_first_not_of("0123456789") != std::string::npos)
            throw ConfigError(fmt::format("{}: '{}' is not a whole number", where(key), t));
        if (t.size() > 19)  // beyond 64 bits: out of every range
            throw ConfigError(fmt::format("{}: {} is not in {}..{}", where(key), t, min, max));
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
        const auto c = whole_cycles(value * it->second, clock_ns);
        if (!c)
            throw ConfigError(
                fmt::format("{}: {} is {} clock periods of {} ns, not a whole number of cycles",
                            where(key), t, value * it->second / clock_ns, clock_ns));
        if (*c < min)
            throw ConfigError(fmt::format("{}: {} is less than {} cycle(s)", where(key), t, min));
        if (*c > 100000000)
            throw ConfigError(fmt::format("{}: {} is more than 100000000 cycles", where(key), t));
        return static_cast<unsigned>(*c);
    }

  private:
    YAML::Node node_;
    std::string path_;
};

/// network.rtl as text: "all", "none", "r;r", or a YAML list of routers joined by ';'.
std::string rtl_text(const YAML::Node& value) {
    if (value.IsScalar()) return value.as<std::string>();
    if (value.IsSequence() && value.size() > 0) {
        std::string out;
        for (const auto& item : value) {
            if (!item.IsScalar())
                throw ConfigError(
                    "network.rtl: list items are routers, one value each (e.g. - 1,2)");
            out += (out.empty() ? "" : ";") + item.as<std::string>();
        }
        return out;
    }
    throw ConfigError(
        "network.rtl: expected all, none, routers separated by ';' or a list of routers");
}

}  // namespace

void apply_overrides(YAML::Node& root, const std::vector<std::string>& overrides) {
    for (const auto& o : overrides) {
        // yaml-cpp throws its own BadSubscript for a key looked up in a scalar or a list.
        if (root && !root.IsNull() && !root.IsMap())
            throw ConfigError(
                fmt::format("--set '{}': the scenario is not a mapping of sections", o));
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
        check_mapping_keys(parsed, "--set " + key);  // repeated keys, alias bombs, nesting
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

namespace {

/// The nic key of a scheme option (Topology::scheme_options): "--groups" -> "groups", "-" read
/// as "_".
std::string nic_key(const std::string& option) {
    std::string key = option.substr(option.find_first_not_of('-'));
    std::replace(key.begin(), key.end(), '-', '_');
    return key;
}

/// The keys of a section: its declared network parameters and scenario keys, and `others`.
std::set<std::string> section_keys(const std::string& section, std::set<std::string> others) {
    for (const auto& d : network_parameters())
        if (d.section == section) others.insert(d.key);
    for (const auto& k : scenario_keys())
        if (k.section == section) others.insert(k.key);
    return others;
}

/// A declared whole-number key (ScenarioKeys.hpp): its default, or the scenario's value in its
/// range (`nodes` for a key whose declared maximum is the network's nodes).
std::uint64_t read_whole(const Section& section, const std::string& name, std::uint64_t nodes = 0) {
    const ScenarioKey& k = scenario_key(name);
    return section.whole(k.key, k.whole(), k.whole_min, k.whole_max == 0 ? nodes : k.whole_max);
}

/// A declared number key, checked against its range.
double read_real(const Section& section, const std::string& name) {
    const ScenarioKey& k = scenario_key(name);
    const double v = section.real(k.key, k.number());
    if (!(k.open_min ? v > k.min : v >= k.min) || v > k.max)
        throw ConfigError(fmt::format("{}: {} is not in {}{}", section.where(k.key), v, k.range(),
                                      k.unit.empty() ? "" : " " + k.unit));
    return v;
}

bool read_flag(const Section& section, const std::string& name) {
    const ScenarioKey& k = scenario_key(name);
    return section.flag(k.key, k.number() != 0);
}

/// A declared choice key: its default, or one of its choices.
std::string read_choice(const Section& section, const std::string& name) {
    const ScenarioKey& k = scenario_key(name);
    const std::string v = section.text(k.key, k.fallback);
    if (std::find(k.choices.begin(), k.choices.end(), v) == k.choices.end())
        throw ConfigError(fmt::format("{}: '{}' is not one of {}", section.where(k.key), v,
                                      fmt::join(k.choices, ", ")));
    return v;
}

/// Reads every declared parameter of `section` that the scenario gives into params.
void read_parameters(const Section& section, const std::string& name, NetworkParams& params) {
    using Kind = ParameterDeclaration::Kind;
    for (const auto& d : network_parameters()) {
        if (d.section != name || !section.has(d.key)) continue;
        switch (d.kind) {
            case Kind::Whole:
                d.set(params,
                      static_cast<double>(section.whole(d.key, 0, static_cast<std::uint64_t>(d.min),
                                                        static_cast<std::uint64_t>(d.max))));
                break;
            case Kind::Cycles:
                d.set(params,
                      section.cycles(d.key, 0, params.clock_ns, static_cast<unsigned>(d.min)));
                break;
            case Kind::Real: {
                const double v = section.real(d.key, 0);
                if (!(v >= d.min) || v > d.max)
                    throw ConfigError(
                        fmt::format("{}: {} is not in {}", section.where(d.key), v, d.range()));
                d.set(params, v);
                break;
            }
            case Kind::Flag:
                d.set(params, section.flag(d.key, false) ? 1 : 0);
                break;
            case Kind::Choice: {
                const std::string t = section.text(d.key, "");
                const auto it = std::find(d.choices.begin(), d.choices.end(), t);
                if (it == d.choices.end())
                    throw ConfigError(fmt::format("{}: '{}' is not one of {}", section.where(d.key),
                                                  t, fmt::join(d.choices, ", ")));
                d.set(params, static_cast<double>(it - d.choices.begin()));
                break;
            }
        }
    }
}

/// The topology of the network section: `topology: KIND` with the family's keys beside it, or
/// `topology: "KIND:ARGUMENTS"` alone. Relative file paths are read from the scenario's folder.
std::shared_ptr<const Topology> read_topology(const YAML::Node& network,
                                              const std::string& base_directory) {
    std::string kind = "mesh";
    std::vector<std::pair<std::string, std::string>> keys;
    if (network) {
        for (const auto& kv : network) {
            const std::string key = kv.first.as<std::string>();
            if (key == "rtl") continue;
            if (!kv.second.IsScalar())
                throw ConfigError(fmt::format("network.{}: expected a single value", key));
            if (key == "topology")
                kind = kv.second.as<std::string>();
            else
                keys.emplace_back(key, kv.second.as<std::string>());
        }
    }
    const auto colon = kind.find(':');
    if (colon != std::string::npos) {
        if (!keys.empty())
            throw ConfigError(
                fmt::format("network.{}: give the topology as a string ('{}') or as keys, not both",
                            keys.front().first, kind));
        return parse_topology(kind, "network.topology", base_directory);
    }
    const TopologyFamily* family = find_family(kind);
    if (!family) {
        std::vector<std::string> kinds;
        for (const TopologyFamily* f : topology_families())
            for (const auto& k : f->kinds()) kinds.push_back(k);
        throw ConfigError(
            fmt::format("network.topology: '{}' is not one of {}", kind, fmt::join(kinds, ", ")));
    }
    TopologyKeys topology_keys("network", std::move(keys));
    topology_keys.set_base_directory(base_directory);
    return family->make(kind, topology_keys);
}

/// traffic.sources ("x,y;x,y" or a YAML list of nodes) or traffic.random_sources (a count) of a
/// broadcast; the keys of the other kinds refused.
void read_broadcast_sources(const Section& traffic, const Topology& topology, Scenario& s) {
    for (const char* key : {"load", "multicast_ratio", "multicast_destinations", "file", "process"})
        if (traffic.has(key))
            throw ConfigError(fmt::format("traffic.{}: not used with kind: broadcast", key));
    const bool listed = traffic.has("sources"), drawn = traffic.has("random_sources");
    if (listed == drawn)
        throw ConfigError(
            "traffic.sources: kind: broadcast needs either sources (a list of nodes) or "
            "random_sources (a count drawn from run.seed)");
    if (drawn) {
        s.random_sources = static_cast<std::uint32_t>(
            read_whole(traffic, "traffic.random_sources", topology.nodes()));
        return;
    }
    std::vector<std::string> items;
    const YAML::Node list = traffic.get("sources");
    if (list.IsSequence()) {
        for (const auto& item : list) {
            if (!item.IsScalar())
                throw ConfigError(
                    "traffic.sources: list items are nodes, one value each (e.g. - 1,2)");
            items.push_back(item.as<std::string>());
        }
    } else {
        std::stringstream ss(traffic.text("sources", ""));
        for (std::string item; std::getline(ss, item, ';');) items.push_back(item);
    }
    for (const auto& item : items) {
        const NodeId node = topology.parse_node(item, "traffic.sources");
        if (std::find(s.broadcast_sources.begin(), s.broadcast_sources.end(), node) !=
            s.broadcast_sources.end())
            throw ConfigError(
                fmt::format("traffic.sources: {} is named twice", topology.format_node(node)));
        s.broadcast_sources.push_back(node);
    }
    if (s.broadcast_sources.empty())
        throw ConfigError(
            fmt::format("traffic.sources: name at least one node ({})", topology.node_syntax()));
}

}  // namespace

namespace {

/// The `faults` section: a list of {kind: drop|corrupt|lose_credit, router: R, output: Q | input:
/// P, cycle: C} (docs/faults.md).
std::vector<RouterFault> read_faults(const YAML::Node& node, const Topology& topology) {
    if (!node.IsSequence()) throw ConfigError("faults: expected a list of faults");
    std::vector<RouterFault> out;
    for (std::size_t i = 0; i < node.size(); ++i) {
        const std::string where = fmt::format("faults[{}]", i);
        Section item(node[i], where, {"kind", "router", "output", "input", "cycle"});
        if (!node[i].IsMap())
            throw ConfigError(fmt::format("{}: expected a mapping of keys", where));
        RouterFault f;
        const std::string kind = item.text("kind", "");
        static const std::map<std::string, LinkFault::Kind> kinds{
            {"drop", LinkFault::Kind::DropFlit},
            {"corrupt", LinkFault::Kind::CorruptFlit},
            {"lose_credit", LinkFault::Kind::LoseCredit}};
        const auto k = kinds.find(kind);
        if (k == kinds.end())
            throw ConfigError(
                fmt::format("{}.kind: '{}' is not one of drop, corrupt, lose_credit", where, kind));
        f.fault.kind = k->second;
        if (!item.has("router"))
            throw ConfigError(fmt::format("{}.router: which router's link", where));
        const std::string router = item.text("router", "");
        f.router = topology.parse_router(router, where + ".router");
        const bool on_input = f.fault.kind == LinkFault::Kind::LoseCredit;
        const std::string port_key = on_input ? "input" : "output";
        const std::string other_key = on_input ? "output" : "input";
        if (!item.has(port_key))
            throw ConfigError(fmt::format("{}.{}: a {} fault needs the router's {} port", where,
                                          port_key, kind, port_key));
        if (item.has(other_key))
            throw ConfigError(fmt::format("{}.{}: a {} fault is on an {} port", where, other_key,
                                          kind, port_key));
        f.fault.port = static_cast<PortId>(item.whole(port_key, 0, 0, 255));
        f.fault.cycle = item.whole("cycle", 0, 0, limits::kMaxCycles);
        f.label = fmt::format("router {} {} {}", router, port_key, f.fault.port);
        out.push_back(f);
    }
    return out;
}

/// Refuses, before anything is allocated, a run whose network and traffic would not fit in
/// `limit_mb`. Measured on meshes (docs/performance.md): about 58 KB per router with the default
/// buffers, growing with VCs and buffer depth; uniform traffic listed ahead about 1 KB per message
/// (when SendPlan::uniform lists it), drawn during the run about 5 KB per node (its
/// generators); the records of messages in flight are dropped once final.
void check_memory(const Scenario& s, std::uint64_t limit_mb) {
    const double router_kb = router_memory_kb(s.params);
    double traffic_kb = 0;
    std::string traffic;
    if (s.traffic_kind == "uniform") {
        const double nodes = s.topology->nodes();
        const double per_node = SendPlan::sends_per_node(s.uniform);
        if (SendPlan::streams(s.uniform)) {
            traffic_kb = 5.0 * nodes;
            traffic = fmt::format(", traffic drawn at {:.0f} nodes at ~5 KB", nodes);
        } else {
            traffic_kb = per_node * nodes;
            traffic = fmt::format(", {:.0f} messages at ~1 KB", per_node * nodes);
        }
    }
    const double needed_mb = (router_kb * s.topology->routers() + traffic_kb) / 1024.0;
    if (needed_mb > static_cast<double>(limit_mb))
        throw ConfigError(
            fmt::format("run.memory_limit_mb: this run needs about {:.0f} MB ({} routers at "
                        "~{:.0f} KB{}), more than the limit of {} MB; set run.memory_limit_mb "
                        "higher if the machine has it",
                        needed_mb, s.topology->routers(), router_kb, traffic, limit_mb));
}

}  // namespace

double router_memory_kb(const NetworkParams& p) {
    return 64.0 * std::max(1.0, p.vcs * p.buffer_depth / 4.0);
}

Scenario parse_scenario(const YAML::Node& root, const std::string& source) {
    if (!root || !root.IsMap())
        throw ConfigError(fmt::format("{}: a scenario is a mapping with sections", source));
    Section top(root, "scenario",
                section_keys("scenario", {"name", "description", "network", "router", "nic",
                                          "traffic", "run", "trace", "faults"}));
    Scenario s;
    s.source = source;
    if (!root["network"])
        throw ConfigError(fmt::format(
            "{}: network: missing; a scenario names its network (e.g. network: {{topology: mesh, "
            "size: 4x4}})",
            source));
    if (!root["network"].IsMap()) throw ConfigError("network: expected a mapping of keys");
    s.topology =
        read_topology(root["network"], std::filesystem::path(source).parent_path().string());
    if (root["network"] && root["network"]["rtl"]) s.rtl = rtl_text(root["network"]["rtl"]);
    NetworkParams& p = s.params;
    s.topology->default_params(p);
    // nic.multicast: hardware names the family's own hardware multicast; the mechanisms it needs
    // become defaults that the scenario's keys, read next, still override.
    std::string hardware_scheme;
    if (const YAML::Node n = root["nic"]; n && n.IsMap() && n["multicast"] &&
                                          n["multicast"].IsScalar() &&
                                          n["multicast"].Scalar() == "hardware")
        hardware_scheme = s.topology->hardware_multicast(p);
    read_parameters(top, "scenario", p);  // the clock first: latencies in ns need it
    Section router(top.get("router"), "router", section_keys("router", {}));
    read_parameters(router, "router", p);
    std::map<std::string, std::string> scheme_keys;  // nic key -> the scheme option it sets
    for (const CommandOption& o : s.topology->scheme_options())
        scheme_keys[nic_key(o.name)] = o.name;
    std::set<std::string> nic_keys{"multicast"};
    for (const auto& [key, option] : scheme_keys) nic_keys.insert(key);
    Section nic(top.get("nic"), "nic", section_keys("nic", nic_keys));
    read_parameters(nic, "nic", p);
    s.multicast = nic.text("multicast", "separate");
    if (s.multicast == "hardware") s.multicast = hardware_scheme;
    for (const auto& [key, option] : scheme_keys)
        if (nic.has(key)) {
            if (s.multicast == "separate")
                throw ConfigError(fmt::format(
                    "nic.{}: an option of the topology's multicast schemes; nic.multicast is "
                    "separate",
                    key));
            s.multicast_options[option] = nic.text(key, "");
        }

    Section traffic(top.get("traffic"), "traffic", section_keys("traffic", {}));
    s.traffic_kind = read_choice(traffic, "traffic.kind");
    s.uniform.load = scenario_key("traffic.load").number();  // read for kind: uniform below
    s.uniform.length = static_cast<std::uint32_t>(read_whole(traffic, "traffic.length"));
    s.uniform.process = read_choice(traffic, "traffic.process") == "poisson"
                            ? InjectionProcess::Poisson
                            : InjectionProcess::Bernoulli;
    s.uniform.warmup = read_whole(traffic, "traffic.warmup");
    s.uniform.measure = read_whole(traffic, "traffic.measure");
    s.uniform.multicast_ratio = read_real(traffic, "traffic.multicast_ratio");
    const std::uint32_t nodes = s.topology->nodes();
    if (traffic.has("multicast_destinations")) {
        const std::string t = traffic.text("multicast_destinations", "");
        const auto dots = t.find("..");
        auto count = [&](const std::string& v) {
            if (v.empty() || v.find_first_not_of("0123456789") != std::string::npos ||
                v.size() > 9 || std::stoul(v) < 2 || std::stoul(v) > nodes - 1)
                throw ConfigError(
                    fmt::format("traffic.multicast_destinations: '{}' is not a count, or a range "
                                "A..B, of 2..{} destinations",
                                t, nodes - 1));
            return static_cast<std::uint32_t>(std::stoul(v));
        };
        s.uniform.multicast_min = count(t.substr(0, dots));
        s.uniform.multicast_max =
            dots == std::string::npos ? s.uniform.multicast_min : count(t.substr(dots + 2));
        if (s.uniform.multicast_max < s.uniform.multicast_min)
            throw ConfigError(
                fmt::format("traffic.multicast_destinations: '{}' is an empty range", t));
    } else {
        s.uniform.multicast_min = 2;
        s.uniform.multicast_max = nodes - 1;
    }
    if (s.traffic_kind != "broadcast")
        for (const char* key : {"sources", "random_sources"})
            if (traffic.has(key))
                throw ConfigError(fmt::format("traffic.{}: only for kind: broadcast", key));
    if (s.traffic_kind == "uniform") {
        s.uniform.load = read_real(traffic, "traffic.load");
        if (traffic.has("file")) throw ConfigError("traffic.file: only for kind: file");
        if (s.uniform.multicast_ratio > 0 && nodes < 3)
            throw ConfigError("traffic.multicast_ratio: multicasts need at least 3 nodes");
    } else if (s.traffic_kind == "file") {
        if (!traffic.has("file"))
            throw ConfigError("traffic.file: kind: file needs a message file");
        std::filesystem::path f = traffic.text("file", "");
        if (f.is_relative()) f = std::filesystem::path(source).parent_path() / f;
        s.message_file = f.string();
        for (const char* key : {"load", "multicast_ratio", "multicast_destinations"})
            if (traffic.has(key))
                throw ConfigError(fmt::format("traffic.{}: not used with kind: file", key));
    } else {
        read_broadcast_sources(traffic, *s.topology, s);
    }

    Section run(top.get("run"), "run", section_keys("run", {}));
    read_parameters(run, "run", p);
    s.run.seed = read_whole(run, "run.seed");
    s.run.drain_limit = read_whole(run, "run.drain_limit");
    s.run.stop_when_saturated = read_flag(run, "run.stop_when_saturated");
    s.run.max_hours = read_real(run, "run.max_hours");
    const std::uint64_t memory_limit_mb = read_whole(run, "run.memory_limit_mb");
    s.memory_limit_mb = memory_limit_mb;
    // A flit moves through the pipeline without any flit moving elsewhere for up to this long; a
    // watchdog shorter than that would call a healthy network deadlocked.
    const std::uint64_t pipeline =
        std::max(p.t_node, p.t_node_multidest) + p.t_sw + p.t_phy + p.t_inj + p.t_cons;
    if (p.watchdog_cycles < 2 * pipeline) {
        // Blame what the user set: the watchdog if it was given, else the longest latency.
        const ParameterDeclaration* longest = nullptr;
        for (const char* name : {"router.t_node", "router.t_node_multidest", "router.t_sw",
                                 "router.t_phy", "nic.t_inj", "nic.t_cons"}) {
            const ParameterDeclaration* d = find_parameter(name);
            if (!longest || d->get(p) > longest->get(p)) longest = d;
        }
        const std::string why = fmt::format(
            "a hop's pipeline (max(t_node, t_node_multidest) + t_sw + t_phy + t_inj + t_cons) "
            "is {} cycles, and run.watchdog_cycles ({}) must be at least twice that, or a "
            "healthy network would be reported as deadlocked",
            pipeline, p.watchdog_cycles);
        if (run.has("watchdog_cycles"))
            throw ConfigError(
                fmt::format("run.watchdog_cycles: {} is too short: {}", p.watchdog_cycles, why));
        throw ConfigError(
            fmt::format("{}: {} cycles is too long: {}; lower it or raise "
                        "run.watchdog_cycles",
                        longest->name(), longest->format(p), why));
    }

    if (root["faults"]) s.run.faults = read_faults(root["faults"], *s.topology);

    Section trace(top.get("trace"), "trace", {"routers"});
    s.trace_routers = trace.text("routers", "auto");
    s.traced_routers();  // validate now

    s.run.warmup = s.traffic_kind == "uniform" ? s.uniform.warmup : 0;
    s.run.measure = s.traffic_kind == "uniform" ? s.uniform.measure : 0;
    s.topology->check_params(p);
    p.header_format(nodes).validate();
    // (Scenario::check repeats these and the two checks at the end for a scenario made in C++.)
    s.uniform.worm_flits =
        s.uniform.length + header_flits(Header::unicast(0), p.header_format(nodes));
    check_memory(s, memory_limit_mb);
    s.multicast_firmware();          // nic.multicast must fit the routers and topology: refuse now
    if (!s.rtl_routers().empty()) {  // refuse now what the RTL lacks, and a missing toolchain
        s.rtl_model();
        try {
            rtl::check_rtl_toolchain();
        } catch (const ConfigError& e) {
            throw ConfigError(fmt::format("network.rtl: {}", e.what()));
        }
    }
    return s;
}

Scenario load_scenario(const std::string& path, const std::vector<std::string>& overrides) {
    std::error_code error;
    if (std::filesystem::is_directory(path, error))
        throw ConfigError(fmt::format("scenario '{}' is a directory", path));
    const std::string text = limits::read_input_file(path, "scenario");
    YAML::Node root = load_one_document(text, path);
    apply_overrides(root, overrides);
    Scenario s = parse_scenario(root, path);
    s.source_sha256 = sha256_hex(text);
    return s;
}

Scenario parse_scenario_text(const std::string& yaml, const std::vector<std::string>& overrides,
                             const std::string& source) {
    const std::string name = source.empty() ? "scenario text" : source;
    YAML::Node root = load_one_document(yaml, name);
    apply_overrides(root, overrides);
    return parse_scenario(root, source.empty() ? "./scenario text" : source);
}

Scenario scenario_for(std::shared_ptr<const Topology> topology) {
    if (!topology) throw ConfigError("scenario_for: no topology");
    Scenario s;
    s.source = "<C++>";
    s.topology = std::move(topology);
    s.topology->default_params(s.params);
    s.run.warmup = 0;
    s.run.measure = 0;
    s.check();
    return s;
}

void Scenario::check() const {
    if (!topology) throw ConfigError("network.topology: no topology");
    topology->check_params(params);
    params.header_format(topology->nodes()).validate();
    multicast_firmware();
    if (!rtl_routers().empty()) rtl_model();
}

std::vector<ScheduledSend> Scenario::traffic_sends() const {
    if (traffic_kind == "file")
        return read_message_file(
            message_file, [this](const std::string& t) { return topology->parse_node(t, "node"); });
    if (traffic_kind == "broadcast")
        return broadcast_schedule(random_sources > 0
                                      ? random_nodes(random_sources, topology->nodes(), run.seed)
                                      : broadcast_sources,
                                  topology->nodes(), uniform.length);
    return uniform_schedule(uniform, topology->nodes(), run.seed);
}

std::vector<ScheduledSend> Scenario::schedule() const {
    const auto scheme = multicast_scheme();
    if (scheme && scheme->collective) {
        std::vector<ScheduledSend> sends;
        for (const MulticastRequest& r : collective_run(*scheme).requests)
            sends.push_back(ScheduledSend{0, r.source, r.destinations, r.length, true});
        return sends;
    }
    return traffic_sends();
}

SendPlan Scenario::send_plan() const {
    const auto scheme = multicast_scheme();
    if (traffic_kind == "uniform" && !(scheme && scheme->collective))
        return SendPlan::uniform(uniform, topology->nodes(), run.seed);
    return schedule();
}

std::optional<MulticastScheme> Scenario::multicast_scheme() const {
    if (multicast == "separate") return std::nullopt;
    std::vector<std::string> names{"separate"};
    for (const MulticastScheme& scheme : topology->schemes(multicast_options)) {
        if (scheme.name == multicast) {
            scheme.check(params);
            return scheme;
        }
        names.push_back(scheme.name);
    }
    throw ConfigError(fmt::format("nic.multicast: '{}' is not one of {} on the {}", multicast,
                                  fmt::join(names, ", "), topology->name()));
}

const CollectiveRun& Scenario::collective_run(const MulticastScheme& scheme) const {
    if (!collective_) {
        // A collective scheme plans the run before it starts: every message is known and starts
        // at cycle 0.
        if (traffic_kind == "uniform")
            throw ConfigError(
                fmt::format("nic.multicast: {} plans the whole run ahead; it needs traffic.kind: "
                            "broadcast (or a file whose messages all start at cycle 0)",
                            multicast));
        std::vector<MulticastRequest> workload;
        for (const ScheduledSend& s : traffic_sends()) {
            if (s.at != 0)
                throw ConfigError(
                    fmt::format("nic.multicast: {} plans the whole run ahead; every message must "
                                "start at cycle 0, not {}",
                                multicast, s.at));
            workload.push_back(MulticastRequest{static_cast<std::uint32_t>(workload.size()),
                                                s.source, s.destinations, s.length});
        }
        collective_ = std::make_shared<const CollectiveRun>(scheme.collective(params, workload));
    }
    return *collective_;
}

std::function<std::unique_ptr<Firmware>(NodeId)> Scenario::multicast_firmware() const {
    const auto scheme = multicast_scheme();
    if (!scheme) return [](NodeId) { return std::make_unique<UnicastFirmware>(); };
    if (scheme->collective) return collective_run(*scheme).firmware;
    return scheme->firmware(params);
}

NetworkSpec Scenario::network() const {
    NetworkSpec spec = topology->build(params);
    const auto scheme = multicast_scheme();
    spec.firmware = multicast_firmware();
    if (scheme && scheme->adapt_network) scheme->adapt_network(spec, params);
    const std::vector<std::size_t> routers = rtl_routers();
    if (!routers.empty()) spec.router_factory = topology->rtl_factory(params, routers, spec);
    return spec;
}

std::vector<std::size_t> Scenario::rtl_routers() const {
    std::vector<std::size_t> out;
    if (rtl == "none") return out;
    if (rtl == "all") {
        for (std::size_t r = 0; r < topology->routers(); ++r) out.push_back(r);
        return out;
    }
    std::stringstream ss(rtl);
    for (std::string item; std::getline(ss, item, ';');) {
        const std::size_t router = topology->parse_router(item, "network.rtl");
        if (std::find(out.begin(), out.end(), router) != out.end())
            throw ConfigError(fmt::format("network.rtl: router {} is listed twice",
                                          topology->format_router(router)));
        out.push_back(router);
    }
    if (out.empty())
        throw ConfigError(
            fmt::format("network.rtl: name routers ({}) separated by ';', or all, or none",
                        topology->node_syntax()));
    std::sort(out.begin(), out.end());
    return out;
}

std::string Scenario::rtl_model() const {
    if (rtl_routers().empty()) return "";
    return topology->rtl_model(params);
}

std::vector<std::size_t> Scenario::traced_routers() const {
    std::vector<std::size_t> out;
    if (trace_routers == "auto") {
        if (topology->routers() <= 64) return out;  // empty = all
        out.push_back(0);
        return out;
    }
    if (trace_routers == "all") return out;
    std::stringstream ss(trace_routers);
    for (std::string item; std::getline(ss, item, ';');)
        out.push_back(topology->parse_router(item, "trace.routers"));
    if (out.empty())
        throw ConfigError(
            fmt::format("trace.routers: name routers ({}) separated by ';', or all, or auto",
                        topology->node_syntax()));
    return out;
}

nlohmann::ordered_json Scenario::effective_json() const {
    nlohmann::ordered_json out;
    out["path"] = source;
    if (!source_sha256.empty()) out["sha256"] = source_sha256;
    std::map<std::string, nlohmann::ordered_json> sections;
    for (const char* section : {"network", "router", "nic", "traffic", "run", "trace"})
        sections[section] = nlohmann::ordered_json::object();
    sections["network"]["topology"] = topology->spec();
    sections["network"]["rtl"] = rtl;
    for (const auto& d : network_parameters()) {
        if (d.section == "scenario")
            out[d.key] = parameter_json(d, params);
        else
            sections[d.section][d.key] = parameter_json(d, params);
    }
    sections["nic"]["multicast"] = multicast;
    for (const auto& [option, value] : multicast_options) sections["nic"][nic_key(option)] = value;
    auto& t = sections["traffic"];
    t["kind"] = traffic_kind;
    t["length"] = uniform.length;
    if (traffic_kind == "uniform") {
        t["load"] = uniform.load;
        t["process"] = uniform.process == InjectionProcess::Poisson ? "poisson" : "bernoulli";
        t["warmup"] = uniform.warmup;
        t["measure"] = uniform.measure;
        t["multicast_ratio"] = uniform.multicast_ratio;
        t["multicast_destinations"] =
            fmt::format("{}..{}", uniform.multicast_min, uniform.multicast_max);
    } else if (traffic_kind == "file") {
        t["file"] = message_file;
    } else if (random_sources > 0) {
        t["random_sources"] = random_sources;
    } else {
        std::vector<std::string> names;
        for (NodeId n : broadcast_sources) names.push_back(topology->format_node(n));
        t["sources"] = names;
    }
    auto& r = sections["run"];
    r["seed"] = run.seed;
    r["drain_limit"] = run.drain_limit;
    r["memory_limit_mb"] = memory_limit_mb;
    r["stop_when_saturated"] = run.stop_when_saturated;
    r["max_hours"] = run.max_hours;
    sections["trace"]["routers"] = trace_routers;
    for (const char* section : {"network", "router", "nic", "traffic", "run", "trace"})
        out[section] = sections[section];
    if (!run.faults.empty()) {
        out["faults"] = nlohmann::ordered_json::array();
        for (const RouterFault& f : run.faults)
            out["faults"].push_back({{"link", f.label}, {"cycle", f.fault.cycle}});
    }
    return out;
}

nlohmann::json results_json(const RunResult& result, const Scenario& scenario,
                            const std::string& program_version) {
    nlohmann::json out = to_json(result, scenario.params);
    out["program"] = {{"name", "wormcast"}, {"version", program_version}};
    out["scenario"] = scenario.effective_json();
    // Routers as the topology names them, beside the network's own module names.
    const auto named = [&](std::size_t r) {
        return r < scenario.topology->routers() ? scenario.topology->format_router(r)
                                                : std::to_string(r);
    };
    for (std::size_t i = 0; i < out["per_router"].size(); ++i)
        out["per_router"][i]["name"] = named(i);
    for (std::size_t i = 0; i < out["per_link"].size() && i < result.links.size(); ++i) {
        out["per_link"][i]["from_name"] = named(result.links[i].from_router);
        out["per_link"][i]["to_name"] = named(result.links[i].to_router);
    }
    return out;
}

}  // namespace wormcast::sim
