// The irregular-network family (see IrregularFamily.hpp).
// Libeskind-Hadas, Mazzoni & Rajagopalan §3 (SPAM), §4 (lattice networks), §5 (the root hot spot).
#include "topologies/irregular/network/IrregularFamily.hpp"

#include <algorithm>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "topologies/irregular/IrregularMulticast.hpp"
#include "topologies/irregular/IrregularPlan.hpp"
#include "topologies/irregular/IrregularRender.hpp"
#include "topologies/irregular/IrregularTopology.hpp"
#include "topologies/irregular/SpamGroups.hpp"
#include "topologies/irregular/SpamSwitchRouting.hpp"
#include "topologies/irregular/network/IrregularNetwork.hpp"

namespace wormcast::irregular {

namespace {

const CommandOption kSave{
    "--save", "irregular networks: also write the network as a wormcast topology file", false};

const CommandOption kGroups{
    "--groups",
    "irregular networks, spam: split the destinations into K groups of processors contiguous in "
    "the spanning tree's preorder, one SPAM worm each (scenarios: nic.groups)",
    false};

/// The --groups option (nic.groups in a scenario), if given.
std::optional<unsigned> groups_option(const OptionValues& options) {
    const auto it = options.find(kGroups.name);
    if (it == options.end()) return std::nullopt;
    return parse_spam_groups(it->second, "nic.groups (--groups)");
}

/// Keys a topology string or scenario may set beside the network itself.
const std::vector<std::string> kCommonKeys{"ports", "root", "selection"};

std::uint32_t parse_number(const std::string& text, std::uint32_t limit, const std::string& field,
                           const char* what) {
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos ||
        text.size() > 9 || std::stoul(text) >= limit)
        throw ConfigError(
            fmt::format("{}: '{}' is not a {} (0..{})", field, text, what, limit - 1));
    return static_cast<std::uint32_t>(std::stoul(text));
}

/// Processor numbers "5,9,63".
std::vector<ProcessorId> parse_processor_list(const SwitchGraph& graph, const std::string& text,
                                              const std::string& field) {
    std::vector<ProcessorId> out;
    std::stringstream ss(text);
    for (std::string item; std::getline(ss, item, ',');)
        out.push_back(parse_number(item, graph.processors(), field, "processor number"));
    if (out.empty())
        throw ConfigError(fmt::format("{}: name at least one processor, e.g. 5,9,12", field));
    return out;
}

/// The root hot spot (§5) of a run: flits the root switch forwarded to other switches, beside
/// the mean over switches and the root's share of all switch-to-switch flits.
nlohmann::ordered_json root_hot_spot(const SwitchGraph& graph,
                                     const std::vector<std::uint64_t>& link_flits) {
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    if (link_flits.size() != 2 * graph.links().size()) return out;
    std::uint64_t total = 0;
    for (std::uint64_t f : link_flits) total += f;
    const std::uint64_t root = flits_leaving(graph, graph.root(), link_flits);
    out["root_switch"] = graph.root();
    out["root_flits_out"] = root;
    out["mean_switch_flits_out"] = static_cast<double>(total) / graph.switches();
    out["root_share_of_link_flits"] =
        total ? static_cast<double>(root) / static_cast<double>(total) : 0.0;
    return out;
}

/// {"channels": [[from, to, class, [destinations carried]], ...], "delivered": [...]}: the naive
/// tree's worm, processors as "P<i>", switches by id.
nlohmann::ordered_json walk_json(const WormWalk& walk) {
    auto vertex = [](const Vertex& v) {
        return v.is_processor() ? nlohmann::ordered_json(fmt::format("P{}", v.id))
                                : nlohmann::ordered_json(v.id);
    };
    nlohmann::ordered_json out;
    out["channels"] = nlohmann::ordered_json::array();
    for (const WormChannel& c : walk.channels)
        out["channels"].push_back({vertex(c.from), vertex(c.to), to_string(c.channel), c.carried});
    out["delivered"] = walk.delivered;
    out["channels_used"] = walk.channels.size();
    return out;
}

std::string walk_text(const WormWalk& walk, ProcessorId source) {
    std::string out = fmt::format(
        "naive-tree worm from processor {} ({} channels; splits where the "
        "destinations' routes diverge, may deadlock):\n",
        source, walk.channels.size());
    for (const WormChannel& c : walk.channels)
        out += fmt::format("  {} -> {} {:<10} carries {}\n", to_string(c.from), to_string(c.to),
                           to_string(c.channel), fmt::join(c.carried, ","));
    return out;
}

struct IrregularSettings {
    std::string kind;               ///< irregular, anynet or lattice
    std::string source;             ///< the file path, or the lattice arguments
    std::optional<unsigned> ports;  ///< k, when given
    std::optional<SwitchId> root;   ///< when given
    Selection selection = Selection::Adaptive;

    std::string spec() const {
        std::string s = kind + ":" + source;
        if (ports) s += fmt::format(",ports={}", *ports);
        if (root) s += fmt::format(",root={}", *root);
        if (selection != Selection::Adaptive)
            s += fmt::format(",selection={}", to_string(selection));
        return s;
    }
};

class IrregularTopologyModel : public Topology {
  public:
    IrregularTopologyModel(IrregularSettings settings, std::shared_ptr<const SpamRouting> routing)
        : settings_(std::move(settings)), routing_(std::move(routing)) {}

    const std::shared_ptr<const SpamRouting>& routing() const { return routing_; }
    const SwitchGraph& graph() const { return routing_->graph(); }
    /// A lattice network's points (lattice: topologies and files with positions); otherwise
    /// Graphviz lays it out.
    std::optional<LayoutPoint> router_position(std::size_t router) const override {
        if (router >= graph().positions().size()) return std::nullopt;
        const LatticePoint& at = graph().positions()[router];
        return LayoutPoint{static_cast<double>(at.x), static_cast<double>(at.y)};
    }

    std::string spec() const override { return settings_.spec(); }
    std::string name() const override {
        return fmt::format("irregular network {} ({} switches)",
                           settings_.kind + ":" + settings_.source, graph().switches());
    }
    std::uint32_t nodes() const override { return graph().processors(); }
    std::uint32_t routers() const override { return graph().switches(); }
    NodeId parse_node(const std::string& text, const std::string& field) const override {
        return parse_number(text, graph().processors(), field, "processor number");
    }
    std::string format_node(NodeId node) const override { return std::to_string(node); }
    nlohmann::ordered_json node_json(NodeId node) const override { return node; }
    std::size_t parse_router(const std::string& text, const std::string& field) const override {
        const std::string number = !text.empty() && text[0] == 's' ? text.substr(1) : text;
        return parse_number(number, graph().switches(), field, "switch (s<id> or <id>)");
    }
    std::string format_router(std::size_t router) const override {
        return fmt::format("s{}", router);
    }
    std::string node_syntax() const override { return "a processor number; switches as s<id>"; }

    void default_params(NetworkParams& params) const override {
        params.tree_worms = true;  // SPAM switches replicate tree worms (docs/irregular.md)
    }
    void check_params(const NetworkParams& params) const override {
        if (params.injection_channels != 1)
            throw ConfigError(fmt::format(
                "nic.injection_channels: {}, a processor of an irregular network has one "
                "channel into its switch",
                params.injection_channels));
        if (params.consumption_channels != 1)
            throw ConfigError(
                fmt::format("nic.consumption_channels: {}, a processor of an irregular network has "
                            "one channel from its switch",
                            params.consumption_channels));
    }
    NetworkSpec build(const NetworkParams& params) const override {
        NetworkSpec spec = build_irregular_network(
            routing_, params, {IrregularMulticast::Separate, settings_.selection});
        auto routing = routing_;
        spec.link_metrics = [routing](const std::vector<std::uint64_t>& link_flits) {
            return root_hot_spot(routing->graph(), link_flits);
        };
        return spec;
    }

    /// SPAM's route depends on a bit-string's LCA: its groups (spam_table_groups).
    std::vector<std::vector<NodeId>> route_table_groups() const override {
        return spam_table_groups(*routing_);
    }
    std::string hardware_multicast(NetworkParams& params) const override {
        params.tree_worms = true;  // SPAM's tree worms (default_params sets them already)
        return to_string(IrregularMulticast::Spam);
    }
    std::vector<MulticastScheme> schemes(const OptionValues& options) const override {
        check_options(options, {kGroups}, "multicasts on irregular networks");
        const std::optional<unsigned> groups = groups_option(options);
        std::vector<MulticastScheme> out;
        for (IrregularMulticast scheme :
             {IrregularMulticast::Spam, IrregularMulticast::Unicast, IrregularMulticast::NaiveTree})
            out.push_back(multicast_scheme(scheme, groups));
        return out;
    }

    std::vector<CommandOption> scheme_options() const override { return {kGroups}; }

    PlanOutput plan(const PlanRequest& request) const override {
        check_options(request.options, {kGroups}, "plans on irregular networks");
        const SwitchGraph& g = graph();
        const auto sources = parse_processor_list(g, request.source, "--source");
        if (sources.size() != 1) throw ConfigError("--source: one processor number");
        const auto destinations = parse_processor_list(g, request.destinations, "--dests");
        const IrregularMulticast scheme =
            parse_irregular_multicast(request.algorithm, "--algorithm");
        try {
            check_multicast(g, sources[0], destinations);
        } catch (const ConfigError& e) {
            throw ConfigError(fmt::format("--dests: {}", e.what()));
        }
        if (const auto groups = groups_option(request.options)) {
            if (scheme != IrregularMulticast::Spam)
                throw ConfigError(
                    fmt::format("--groups: only for --algorithm spam, not {}", request.algorithm));
            return grouped_plan(sources[0], destinations, *groups);
        }
        switch (scheme) {
            case IrregularMulticast::Spam: {
                const SpamPlan plan = plan_spam(*routing_, sources[0], destinations);
                return PlanOutput{spam_plan_text(plan), spam_plan_json(plan),
                                  spam_plan_dot(routing_->partition(), plan)};
            }
            case IrregularMulticast::Unicast: {
                const BinomialPlan plan = plan_binomial(*routing_, sources[0], destinations);
                return PlanOutput{binomial_plan_text(plan), binomial_plan_json(plan),
                                  binomial_plan_dot(routing_->partition(), plan)};
            }
            case IrregularMulticast::NaiveTree: {
                const WormWalk walk =
                    walk_worm(*routing_, sources[0], destinations, TreeSplit::BeforeLca);
                return PlanOutput{walk_text(walk, sources[0]), walk_json(walk),
                                  walk_plan_dot(routing_->partition(), walk, sources[0])};
            }
            case IrregularMulticast::Separate:
                break;
        }
        throw ConfigError(fmt::format("--algorithm: {} has no plan (spam, unicast, naive-tree)",
                                      request.algorithm));
    }

    std::string describe_text(const OptionValues& options) const override {
        check_options(options, {kSave}, "topology on irregular networks");
        std::string out = topology_text(routing_->partition());
        if (const auto save = options.find(kSave.name); save != options.end()) {
            save_topology(save->second);
            out += fmt::format("saved as a wormcast topology file: {}\n", save->second);
        }
        return out;
    }
    nlohmann::ordered_json describe_json(const OptionValues& options) const override {
        check_options(options, {kSave}, "topology on irregular networks");
        if (const auto save = options.find(kSave.name); save != options.end())
            save_topology(save->second);
        return topology_json(routing_->partition());
    }

  private:
    /// `plan --algorithm spam --groups K`: one SPAM plan per group, in sending order.
    PlanOutput grouped_plan(ProcessorId source, const std::vector<ProcessorId>& destinations,
                            unsigned groups) const {
        const auto parts = spam_groups(routing_->partition(), source, destinations, groups);
        PlanOutput out;
        out.json["groups"] = parts.size();
        out.json["worms"] = nlohmann::ordered_json::array();
        out.text = fmt::format(
            "SPAM in {} groups of contiguous processors (tree preorder from the source), one "
            "worm and one start-up each:\n",
            parts.size());
        std::uint32_t channels = 0;
        for (std::size_t g = 0; g < parts.size(); ++g) {
            const SpamPlan plan = plan_spam(*routing_, source, parts[g]);
            nlohmann::ordered_json worm;
            worm["destinations"] = plan.destinations;
            const nlohmann::ordered_json single = spam_plan_json(plan);
            for (auto it = single.begin(); it != single.end(); ++it) worm[it.key()] = it.value();
            out.json["worms"].push_back(std::move(worm));
            out.text +=
                fmt::format("\nworm {} of {}:\n", g + 1, parts.size()) + spam_plan_text(plan);
            channels += plan.channels_used;
            if (g == 0) out.dot = spam_plan_dot(routing_->partition(), plan);
        }
        out.json["channels_used"] = channels;
        out.text += fmt::format("\nchannels used by the {} worms: {}\n", parts.size(), channels);
        return out;
    }

    void save_topology(const std::string& path) const {
        try {
            save_wormcast_topology(graph(), path);
        } catch (const ConfigError& e) {
            throw ConfigError(fmt::format("--save: {}", e.what()));
        }
    }

    MulticastScheme multicast_scheme(IrregularMulticast scheme,
                                     std::optional<unsigned> groups) const {
        MulticastScheme s;
        s.name = to_string(scheme);
        switch (scheme) {
            case IrregularMulticast::Spam:
                s.description =
                    "one bit-string tree worm per multicast, to the LCA by up*/down* then down the "
                    "spanning tree (SPAM)";
                break;
            case IrregularMulticast::Unicast:
                s.description = "unicast-based multicast, binomial over the tree-ordered chain";
                break;
            case IrregularMulticast::NaiveTree:
                s.description =
                    "one tree worm split wherever the destinations' routes diverge; can deadlock";
                break;
            case IrregularMulticast::Separate:
                break;
        }
        s.check = [scheme, groups](const NetworkParams& p) {
            check_irregular_multicast(scheme, p.tree_worms, p.injection_channels,
                                      p.consumption_channels, "nic.multicast");
            if (groups && scheme != IrregularMulticast::Spam)
                throw ConfigError(
                    fmt::format("nic.groups (--groups): splits SPAM multicasts; not for {}",
                                to_string(scheme)));
        };
        const auto partition = routing_->partition_ptr();
        if (scheme == IrregularMulticast::Spam && groups) {
            const unsigned k = *groups;
            s.description += fmt::format(", in {} groups of contiguous processors", k);
            s.firmware = [k, partition](const NetworkParams&) {
                return [k, partition](NodeId) -> std::unique_ptr<Firmware> {
                    return std::make_unique<SpamGroupFirmware>(partition, k);
                };
            };
            return s;
        }
        s.firmware = [scheme, partition](const NetworkParams&) {
            return
                [scheme, partition](NodeId) { return make_irregular_firmware(scheme, partition); };
        };
        if (scheme == IrregularMulticast::NaiveTree) {
            // The naive tree is a property of the switches: they split before the LCA.
            const auto routing = routing_;
            const Selection selection = settings_.selection;
            s.adapt_network = [routing, selection](NetworkSpec& spec, const NetworkParams& p) {
                SpamSwitchOptions switch_options;
                switch_options.split = TreeSplit::BeforeLca;
                switch_options.selection = selection;
                switch_options.vcs = p.vcs;
                for (SwitchId sw = 0; sw < spec.routers.size(); ++sw)
                    spec.routers[sw].routing =
                        std::make_unique<SpamSwitchRouting>(routing, sw, switch_options);
            };
        }
        return s;
    }

    IrregularSettings settings_;
    std::shared_ptr<const SpamRouting> routing_;
};

class IrregularFamily : public TopologyFamily {
  public:
    std::string name() const override { return "irregular"; }
    std::vector<std::string> kinds() const override { return {"irregular", "anynet", "lattice"}; }
    std::string syntax() const override {
        return "irregular:FILE | anynet:FILE | lattice:switches=N,seed=K[,links=F]   (also "
               "ports=K, root=R, "
               "selection=adaptive|static; scenario keys: file, switches, seed, links, ports, "
               "root, selection)";
    }
    TopologyKeys keys_of(const std::string& kind, const std::string& arguments,
                         const std::string& where) const override {
        if (kind == "lattice") return TopologyKeys::parse_list(where, arguments);
        // FILE[,key=value...]: trailing items naming a common key are keys, the rest the path.
        std::vector<std::pair<std::string, std::string>> keys;
        std::string file = arguments;
        while (true) {
            const auto comma = file.rfind(',');
            if (comma == std::string::npos) break;
            const std::string item = file.substr(comma + 1);
            const auto eq = item.find('=');
            if (eq == std::string::npos || std::find(kCommonKeys.begin(), kCommonKeys.end(),
                                                     item.substr(0, eq)) == kCommonKeys.end())
                break;
            keys.emplace(keys.begin(), item.substr(0, eq), item.substr(eq + 1));
            file.erase(comma);
        }
        keys.emplace(keys.begin(), "file", file);
        return TopologyKeys(where, std::move(keys));
    }
    std::unique_ptr<Topology> make(const std::string& kind,
                                   const TopologyKeys& keys) const override {
        IrregularSettings settings;
        settings.kind = kind;
        TopologyOverrides overrides;
        if (keys.has("ports"))
            overrides.ports = settings.ports =
                static_cast<unsigned>(keys.whole("ports", 8, 2, 4096));
        if (keys.has("root"))
            overrides.root = settings.root =
                static_cast<SwitchId>(keys.whole("root", 0, 0, SwitchGraph::kMaxSwitches - 1));
        settings.selection =
            parse_selection(keys.text("selection", "adaptive"), keys.field("selection"));
        std::string text;
        if (kind == "lattice") {
            if (!keys.has("switches") || !keys.has("seed"))
                throw ConfigError(
                    fmt::format("{}: lattice needs switches and seed (lattice:switches=16,seed=1)",
                                keys.where()));
            settings.source = fmt::format("switches={},seed={}", keys.text("switches", ""),
                                          keys.text("seed", ""));
            if (keys.has("links")) settings.source += ",links=" + keys.text("links", "");
            text = "lattice:" + settings.source;
            keys.check_all_used({"switches", "seed", "links", "ports", "root", "selection"});
        } else {
            settings.source = keys.path("file", "");
            if (settings.source.empty())
                throw ConfigError(
                    fmt::format("{}: {} needs the file ({}:PATH)", keys.field("file"), kind, kind));
            text = kind + ":" + settings.source;
            keys.check_all_used({"file", "ports", "root", "selection"});
        }
        SwitchGraph graph = parse_irregular_topology(text, overrides);
        return std::make_unique<IrregularTopologyModel>(settings,
                                                        make_spam_routing(std::move(graph)));
    }
    std::vector<CommandOption> topology_options() const override { return {kSave}; }
    std::vector<CommandOption> plan_options() const override { return {kGroups}; }
};

}  // namespace

const TopologyFamily& irregular_family() {
    static const IrregularFamily family;
    return family;
}

std::shared_ptr<const SpamRouting> spam_routing_of(const Topology& topology,
                                                   const std::string& field) {
    const auto* t = dynamic_cast<const IrregularTopologyModel*>(&topology);
    if (!t)
        throw ConfigError(
            fmt::format("{}: {} is not an irregular network (lattice:switches=16,seed=1)", field,
                        topology.spec()));
    return t->routing();
}

}  // namespace wormcast::irregular
