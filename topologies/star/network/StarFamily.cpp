// The n-star graph family (see StarFamily.hpp): the seam over StarShape, StarPlan, StarRender,
// StarMulticastFirmware and build_star_network.
#include "topologies/star/network/StarFamily.hpp"

#include <optional>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "topologies/star/StarMulticastFirmware.hpp"
#include "topologies/star/StarPlan.hpp"
#include "topologies/star/StarRender.hpp"
#include "topologies/star/StarScheme.hpp"
#include "topologies/star/network/StarNetwork.hpp"

namespace wormcast::star {

namespace {

const CommandOption kLabelOption{
    "--label", "star graphs: the Hamiltonian-path label of node P (digits, e.g. 2143)", false};
const CommandOption kNodeOption{
    "--node", "star graphs: the node with Hamiltonian-path label L (0..n!-1)", false};

/// A ConfigError from the pure code ("consumption_channels: ...", "algorithm: ...") with its
/// leading field replaced by `field`.
std::string reworded(const ConfigError& e, const std::string& old_field, const std::string& field) {
    std::string why = e.what();
    const std::string prefix = old_field + ": ";
    if (why.rfind(prefix, 0) == 0) why.erase(0, prefix.size());
    return fmt::format("{}: {}", field, why);
}

MulticastScheme star_scheme(const StarShape& shape, StarScheme scheme) {
    MulticastScheme s;
    s.name = to_string(scheme);
    switch (scheme) {
        case StarScheme::Unicast:
            s.description =
                "unicast-based: binomial split of the label-sorted chain, one RF unicast per send";
            break;
        case StarScheme::Hamiltonian:
            s.description = "up to two path worms (high first) along the Hamiltonian path itself";
            break;
        case StarScheme::DualPath:
            s.description = "up to two path worms (high first), every hop by RF";
            break;
        case StarScheme::Multipath:
            s.description =
                "simple multipath (Algorithm 1): one RF path worm per non-empty node class";
            break;
        case StarScheme::TwoPhase:
            s.description =
                "two-phase multipath (Algorithm 2): multipath to sub-star relays, then from each "
                "relay";
            break;
    }
    s.check = [shape, scheme](const NetworkParams& p) {
        if (uses_path_worms(scheme) && !p.path_worms)
            throw ConfigError(
                fmt::format("nic.multicast: {} sends multidestination path worms; the routers need "
                            "router.path_worms: true",
                            to_string(scheme)));
        try {
            check_consumption_channels(scheme, p.consumption_channels);
        } catch (const ConfigError& e) {
            throw ConfigError(reworded(e, "consumption_channels", "nic.consumption_channels"));
        }
        if (shape.dimension() > kMaxStarNetworkDimension)
            throw ConfigError(
                fmt::format("nic.multicast: the {} is too large for the cycle-accurate network "
                            "(n <= {})",
                            shape.name(), kMaxStarNetworkDimension));
    };
    s.firmware = [shape, scheme](const NetworkParams&) {
        return [shape, scheme](NodeId) {
            return std::make_unique<StarMulticastFirmware>(shape, scheme);
        };
    };
    // Only the hamiltonian scheme's worms need routers that route destination lists along the path.
    if (path_worm_routing(scheme) != PathWormRouting::Shortcut)
        s.adapt_network = [shape, scheme](NetworkSpec& spec, const NetworkParams& p) {
            auto firmware = std::move(spec.firmware);
            spec = build_star_network(shape, p, path_worm_routing(scheme));
            spec.firmware = std::move(firmware);
        };
    return s;
}

/// A label 0..n!-1 as the user wrote it.
NodeId parse_label(const StarShape& shape, const std::string& text, const std::string& field) {
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos ||
        text.size() > 9 || std::stoul(text) >= shape.nodes())
        throw ConfigError(fmt::format("{}: '{}' is not a label of the {} (0..{})", field, text,
                                      shape.name(), shape.nodes() - 1));
    return static_cast<NodeId>(std::stoul(text));
}

class StarTopology : public Topology {
  public:
    explicit StarTopology(StarShape shape) : shape_(std::move(shape)) {}
    const StarShape& shape() const { return shape_; }

    std::string spec() const override { return shape_.topology_spec(); }
    std::string name() const override { return shape_.name(); }
    std::uint32_t nodes() const override { return shape_.nodes(); }
    std::uint32_t routers() const override { return shape_.nodes(); }
    NodeId parse_node(const std::string& text, const std::string& field) const override {
        return shape_.parse_node(text, field);
    }
    std::string format_node(NodeId node) const override { return shape_.format(node); }
    std::string node_syntax() const override {
        return fmt::format("a permutation of 1..{} as digits, e.g. {}", shape_.dimension(),
                           shape_.format(1));
    }

    void default_params(NetworkParams& params) const override {
        // Every scheme but unicast sends path worms both ways along the labels (docs/star.md §4).
        params.path_worms = true;
        params.consumption_channels = 2;
    }
    void check_params(const NetworkParams& params) const override {
        if (shape_.dimension() > kMaxStarNetworkDimension)
            throw ConfigError(fmt::format(
                "network.n: {}, the cycle-accurate network is built for stars up to "
                "n = {} ({} routers)",
                shape_.dimension(), kMaxStarNetworkDimension, factorial(kMaxStarNetworkDimension)));
        if (params.tree_worms)
            throw ConfigError(
                "router.tree_worms: star graphs route unicasts and destination lists only, not "
                "tree "
                "worms");
        if (params.all_port)
            throw ConfigError(
                "nic.all_port: all-port NICs exist on meshes and tori only, not on star graphs");
    }
    NetworkSpec build(const NetworkParams& params) const override {
        return build_star_network(shape_, params, PathWormRouting::Shortcut);
    }
    unsigned default_consumption_channels() const override { return 2; }
    std::string hardware_multicast(NetworkParams& params) const override {
        params.path_worms = true;  // multipath's path worms (default_params sets the channels)
        return to_string(StarScheme::Multipath);
    }

    std::vector<MulticastScheme> schemes(const OptionValues& options) const override {
        check_options(options, {}, "multicasts on star graphs");
        std::vector<MulticastScheme> out;
        for (StarScheme scheme : all_star_schemes()) out.push_back(star_scheme(shape_, scheme));
        return out;
    }

    PlanOutput plan(const PlanRequest& request) const override {
        check_options(request.options, {}, "plans on star graphs");
        StarScheme scheme;
        try {
            scheme = parse_star_scheme(request.algorithm);
        } catch (const ConfigError& e) {
            throw ConfigError(reworded(e, "algorithm", "--algorithm"));
        }
        const NodeId source = shape_.parse_node(request.source, "--source");
        std::vector<NodeId> destinations;
        std::stringstream ds(request.destinations);
        std::set<NodeId> named;
        for (std::string d; std::getline(ds, d, ';');) {
            const std::string where = fmt::format("--dests[{}]", destinations.size());
            const NodeId node = shape_.parse_node(d, where);
            if (node == source)
                throw ConfigError(
                    fmt::format("{}: {} is the source itself", where, shape_.format(node)));
            if (!named.insert(node).second)
                throw ConfigError(fmt::format("{}: {} is named twice", where, shape_.format(node)));
            destinations.push_back(node);
        }
        if (destinations.empty())
            throw ConfigError(fmt::format("--dests: name at least one destination, e.g. \"{};{}\"",
                                          shape_.format(1), shape_.format(2)));
        const StarPlan plan = plan_star_multicast(shape_, scheme, source, destinations);
        return PlanOutput{render_plan_text(shape_, plan), plan_to_json(shape_, plan),
                          render_plan_dot(shape_, plan)};
    }

    std::string describe_text(const OptionValues& options) const override {
        if (const auto query = lookup(options))
            return fmt::format("l({}) = {}\n", shape_.format(*query), *query);
        std::string s = fmt::format(
            "{} ({}): {} nodes, {} routers of degree {}; node ids are the Hamiltonian-path "
            "labels\nlabel node\n",
            shape_.name(), spec(), nodes(), routers(), shape_.dimension() - 1);
        for (NodeId v = 0; v < shape_.nodes(); ++v)
            s += fmt::format("{:>5} {}\n", v, shape_.format(v));
        return s;
    }
    nlohmann::ordered_json describe_json(const OptionValues& options) const override {
        if (const auto query = lookup(options)) {
            nlohmann::ordered_json out;
            out["node"] = shape_.format(*query);
            out["label"] = *query;
            return out;
        }
        nlohmann::ordered_json out = hamiltonian_path_to_json(shape_);
        nlohmann::ordered_json with_routers;
        with_routers["topology"] = out["topology"];
        with_routers["nodes"] = out["nodes"];
        with_routers["routers"] = routers();
        with_routers["degree"] = shape_.dimension() - 1;
        with_routers["path"] = std::move(out["path"]);
        return with_routers;
    }

  private:
    /// The node that --label or --node asks about, if either is given.
    std::optional<NodeId> lookup(const OptionValues& options) const {
        check_options(options, {kLabelOption, kNodeOption}, "topology on star graphs");
        const auto label = options.find(kLabelOption.name);
        const auto node = options.find(kNodeOption.name);
        if (label != options.end() && node != options.end())
            throw ConfigError(
                "--label, --node: give one of them (--label P gives l(P), --node L the node of "
                "label L)");
        if (label != options.end()) return shape_.parse_node(label->second, "--label");
        if (node != options.end()) return parse_label(shape_, node->second, "--node");
        return std::nullopt;
    }

    StarShape shape_;
};

class StarFamily : public TopologyFamily {
  public:
    std::string name() const override { return "star"; }
    std::vector<std::string> kinds() const override { return {"star"}; }
    std::string syntax() const override {
        return "star:n=N | star:N   (n-star graph, N = 3..9, networks up to 8; scenario key: n)";
    }
    TopologyKeys keys_of(const std::string&, const std::string& arguments,
                         const std::string& where) const override {
        if (arguments.find('=') == std::string::npos)
            return TopologyKeys(where, {{"n", arguments}});
        return TopologyKeys::parse_list(where, arguments);
    }
    std::unique_ptr<Topology> make(const std::string&, const TopologyKeys& keys) const override {
        if (!keys.has("n"))
            throw ConfigError(fmt::format("{}: a star graph needs n (its dimension, {}..{})",
                                          keys.field("n"), kMinStarDimension, kMaxStarDimension));
        const auto n = static_cast<unsigned>(
            keys.whole("n", kMinStarDimension, kMinStarDimension, kMaxStarDimension));
        keys.check_all_used({"n"});
        return std::make_unique<StarTopology>(StarShape(n));
    }
    std::vector<CommandOption> topology_options() const override {
        return {kLabelOption, kNodeOption};
    }
};

}  // namespace

const TopologyFamily& star_family() {
    static const StarFamily family;
    return family;
}

const StarShape& star_shape_of(const Topology& topology, const std::string& field) {
    const auto* star = dynamic_cast<const StarTopology*>(&topology);
    if (!star)
        throw ConfigError(
            fmt::format("{}: {} is not a star graph (star:n=5)", field, topology.spec()));
    return star->shape();
}

std::unique_ptr<Topology> star_topology(const StarShape& shape) {
    return std::make_unique<StarTopology>(shape);
}

}  // namespace wormcast::star
