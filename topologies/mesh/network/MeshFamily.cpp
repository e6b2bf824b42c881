// The mesh/torus family (see MeshFamily.hpp).
#include "topologies/mesh/network/MeshFamily.hpp"

#include <algorithm>
#include <sstream>

#include <fmt/format.h>

#include "topologies/broadcast/network/BroadcastCommands.hpp"
#include "topologies/mesh/MeshMulticastAlgorithm.hpp"
#include "topologies/mesh/MeshMulticastFirmware.hpp"
#include "topologies/mesh/MeshMulticastJson.hpp"
#include "topologies/mesh/MeshMulticastPlan.hpp"
#include "topologies/mesh/MeshMulticastRender.hpp"
#include "topologies/mesh/MeshTreeFirmware.hpp"
#include "topologies/mesh/network/MeshNetwork.hpp"
#include "topologies/mesh/network/MeshRtl.hpp"

namespace wormcast::mesh {

namespace {

const CommandOption kLeaderPhase{
    "--leader-phase",
    "HL family on meshes: umesh (chain order, default) or spumesh (rotated chain)", false};

MulticastScheme tree_scheme(const MeshShape& shape) {
    MulticastScheme s;
    s.name = "tree";
    s.description =
        "one e-cube (XY) tree worm per multicast, replicated by the routers; can deadlock";
    s.check = [shape](const NetworkParams& p) {
        if (!p.tree_worms)
            throw ConfigError(
                "nic.multicast: tree sends e-cube tree worms; the routers need router.tree_worms: "
                "true");
        if (shape.torus)
            throw ConfigError(
                fmt::format("nic.multicast: tree worms are routed on meshes only, not on the {}",
                            shape.name()));
    };
    s.firmware = [shape](const NetworkParams&) {
        return [shape](NodeId) { return std::make_unique<MeshTreeFirmware>(shape); };
    };
    return s;
}

MulticastScheme kp_scheme(const MeshShape& shape, MeshMulticastAlgorithm algorithm,
                          LeaderPhase leader_phase) {
    MulticastScheme s;
    s.name = to_string(algorithm);
    s.description = uses_multidestination_worms(algorithm)
                        ? "Kesavan & Panda hierarchical leaders over multidestination path worms"
                        : "Kesavan & Panda unicast-based multicast over e-cube unicasts";
    MeshMulticastConfig config;
    config.shape = shape;
    config.algorithm = algorithm;
    config.leader_phase = leader_phase;
    s.check = [config](const NetworkParams& p) {
        try {
            config.validate();
        } catch (const ConfigError& e) {
            throw ConfigError(fmt::format("nic.multicast: {} (or separate, tree)", e.what()));
        }
        const std::string name = to_string(config.algorithm);
        if (uses_multidestination_worms(config.algorithm) && !p.path_worms)
            throw ConfigError(
                fmt::format("nic.multicast: {} sends multidestination path worms; the routers need "
                            "router.path_worms: true",
                            name));
        const unsigned needed =
            minimum_consumption_channels(config.algorithm, config.shape.dimensions());
        if (p.consumption_channels < needed)
            throw ConfigError(fmt::format(
                "nic.consumption_channels: {} sends path worms both ways along a line and can "
                "deadlock with {} consumption channel(s) per node; it needs one per input "
                "direction, at least {} (docs/multicast-hardware.md)",
                name, p.consumption_channels, needed));
    };
    s.firmware = [config](const NetworkParams&) {
        return [config](NodeId) { return std::make_unique<MeshMulticastFirmware>(config); };
    };
    return s;
}

/// --leader-phase of the multicast schemes, and the torus broadcasts' options.
std::vector<CommandOption> plan_options_of_family() {
    std::vector<CommandOption> options{kLeaderPhase};
    for (const CommandOption& o : broadcast::broadcast_plan_options()) options.push_back(o);
    return options;
}

class MeshTopology : public Topology {
  public:
    MeshTopology(MeshShape shape, bool dateline) : shape_(std::move(shape)), dateline_(dateline) {
        shape_.validate();
    }
    const MeshShape& shape() const { return shape_; }

    std::string spec() const override {
        std::string s = topology_spec(shape_);
        if (shape_.torus && !dateline_) s += ",dateline=false";
        return s;
    }
    std::string name() const override { return shape_.name(); }
    std::uint32_t nodes() const override { return shape_.nodes(); }
    std::uint32_t routers() const override { return shape_.nodes(); }
    NodeId parse_node(const std::string& text, const std::string& field) const override {
        try {
            return shape_.parse_node(text);
        } catch (const ConfigError& e) {
            throw ConfigError(fmt::format("{}: {}", field, e.what()));
        }
    }
    std::string format_node(NodeId node) const override { return shape_.format(node); }
    nlohmann::ordered_json node_json(NodeId node) const override {
        nlohmann::ordered_json array = nlohmann::ordered_json::array();
        for (std::uint32_t x : shape_.coord(node)) array.push_back(x);
        return array;
    }
    NodeId node_from_json(const nlohmann::json& value, const std::string& field) const override {
        if (!value.is_array() || value.size() != shape_.dimensions())
            throw ConfigError(fmt::format("{}: expected an array of {} coordinates, got {}", field,
                                          shape_.dimensions(), value.dump()));
        Coord c;
        for (std::size_t d = 0; d < value.size(); ++d) {
            const nlohmann::json& x = value[d];
            if (!x.is_number_integer() || x.get<std::int64_t>() < 0 ||
                x.get<std::int64_t>() >= static_cast<std::int64_t>(shape_.radix[d]))
                throw ConfigError(fmt::format("{}: coordinate {} = {} is not an integer in 0..{}",
                                              field, d, x.dump(), shape_.radix[d] - 1));
            c.push_back(static_cast<std::uint32_t>(x.get<std::int64_t>()));
        }
        return shape_.id(c);
    }
    /// A grid: x right, y up; a 3-D network's z-slices side by side, a column apart.
    std::optional<LayoutPoint> router_position(std::size_t router) const override {
        if (shape_.dimensions() > 3) return std::nullopt;
        const auto c = shape_.coord(static_cast<NodeId>(router));
        LayoutPoint p;
        p.x = c[0];
        if (shape_.dimensions() >= 2) p.y = c[1];
        if (shape_.dimensions() == 3) p.x += static_cast<double>(c[2]) * (shape_.radix[0] + 1);
        return p;
    }
    std::string node_syntax() const override {
        return shape_.dimensions() == 3   ? "x,y,z"
               : shape_.dimensions() == 2 ? "x,y"
                                          : "coordinates";
    }

    void default_params(NetworkParams& params) const override {
        if (shape_.torus) params.vcs = 2;
    }
    void check_params(const NetworkParams& params) const override {
        if (shape_.torus && dateline_ && params.vcs < 2)
            throw ConfigError(
                "router.vcs: a torus with datelines needs at least 2 virtual channels");
    }
    NetworkSpec build(const NetworkParams& params) const override {
        return build_mesh_network(shape_, params, dateline_);
    }
    unsigned default_consumption_channels() const override { return 2 * shape_.dimensions(); }
    std::string hardware_multicast(NetworkParams& params) const override {
        if (shape_.torus) return Topology::hardware_multicast(params);  // none on tori
        // SCHL's multidestination path worms, deadlock-free with one consumption channel per
        // input direction (docs/multicast-hardware.md).
        params.path_worms = true;
        params.consumption_channels = std::max(
            params.consumption_channels,
            minimum_consumption_channels(MeshMulticastAlgorithm::Schl, shape_.dimensions()));
        return to_string(MeshMulticastAlgorithm::Schl);
    }

    std::vector<MulticastScheme> schemes(const OptionValues& options) const override {
        check_options(options, {kLeaderPhase}, "multicasts on meshes");
        const auto phase = options.find(kLeaderPhase.name);
        const LeaderPhase leader_phase =
            parse_leader_phase(phase == options.end() ? "umesh" : phase->second);
        std::vector<MulticastScheme> out{tree_scheme(shape_)};
        for (auto a : {MeshMulticastAlgorithm::Umesh, MeshMulticastAlgorithm::SpUmesh,
                       MeshMulticastAlgorithm::Hl, MeshMulticastAlgorithm::Sqhl,
                       MeshMulticastAlgorithm::Schl})
            out.push_back(kp_scheme(shape_, a, leader_phase));
        for (MulticastScheme& s : broadcast::broadcast_schemes(shape_)) out.push_back(std::move(s));
        return out;
    }

    PlanOutput plan(const PlanRequest& request) const override {
        check_options(request.options, plan_options_of_family(), "plans on meshes and tori");
        if (broadcast::is_broadcast_algorithm(request.algorithm)) {
            if (request.options.count(kLeaderPhase.name))
                throw ConfigError(
                    "--leader-phase: only for the multicast schemes, not for broadcasts");
            return broadcast::broadcast_plan(shape_, request);
        }
        for (const CommandOption& o : broadcast::broadcast_plan_options())
            if (request.options.count(o.name))
                throw ConfigError(
                    fmt::format("{}: only for the torus broadcasts (--algorithm atd:h=H, edst, "
                                "naive), not for {}",
                                o.name, request.algorithm));
        if (request.source.empty())
            throw ConfigError("--source: a multicast plan needs its source node");
        if (request.destinations.empty())
            throw ConfigError("--dests: name at least one destination, e.g. \"1,0;2,0\"");
        MeshMulticastConfig config;
        config.shape = shape_;
        config.algorithm = parse_mesh_multicast_algorithm(request.algorithm);
        const auto phase = request.options.find(kLeaderPhase.name);
        config.leader_phase =
            parse_leader_phase(phase == request.options.end() ? "umesh" : phase->second);
        config.validate();
        std::vector<NodeId> destinations;
        std::stringstream ds(request.destinations);
        for (std::string d; std::getline(ds, d, ';');)
            destinations.push_back(parse_node(d, "--dests"));
        if (destinations.empty())
            throw ConfigError("--dests: name at least one destination, e.g. \"1,0;2,0\"");
        const auto plan =
            plan_mesh_multicast(config, parse_node(request.source, "--source"), destinations);
        return PlanOutput{render_plan_text(plan), plan_to_json(plan), render_plan_dot(plan)};
    }

    /// The e-cube RTL router on 2-D meshes and tori with dateline classes; elsewhere (3-D, a
    /// torus without datelines) the table-routed one of every family.
    std::vector<rtl::RtlConfig> rtl_configs(const NetworkParams& params) const override {
        if (auto ecube = ecube_rtl_config(shape_, params, dateline_)) return {*ecube};
        return Topology::rtl_configs(params);
    }
    RouterFactory rtl_factory(const NetworkParams& params, const std::vector<std::size_t>& routers,
                              const NetworkSpec& spec) const override {
        try {
            const auto ecube = ecube_rtl_config(shape_, params, dateline_);
            if (!ecube) return Topology::rtl_factory(params, routers, spec);
            std::vector<bool> chosen(shape_.nodes(), false);
            for (std::size_t r : routers) chosen.at(r) = true;
            return ecube_rtl_factory(shape_, params, *ecube,
                                     [chosen](NodeId n) { return chosen[n]; });
        } catch (const ConfigError& e) {
            throw ConfigError(fmt::format("network.rtl: {}", e.what()));
        }
    }

  private:
    MeshShape shape_;
    bool dateline_;
};

class MeshFamily : public TopologyFamily {
  public:
    std::string name() const override { return "mesh"; }
    std::vector<std::string> kinds() const override { return {"mesh", "torus"}; }
    std::string syntax() const override {
        return "mesh:KxK[xK...] | torus:KxK[xK...][,dateline=false]   (scenario keys: size, "
               "dateline)";
    }
    TopologyKeys keys_of(const std::string&, const std::string& arguments,
                         const std::string& where) const override {
        const auto comma = arguments.find(',');
        std::vector<std::pair<std::string, std::string>> items{
            {"size", arguments.substr(0, comma)}};
        if (comma != std::string::npos) {
            const TopologyKeys rest = TopologyKeys::parse_list(where, arguments.substr(comma + 1));
            if (rest.has("dateline")) items.emplace_back("dateline", rest.text("dateline", ""));
            rest.check_all_used({"dateline"});
        }
        return TopologyKeys(where, std::move(items));
    }
    std::unique_ptr<Topology> make(const std::string& kind,
                                   const TopologyKeys& keys) const override {
        const bool torus = kind == "torus";
        MeshShape shape;
        try {
            shape = MeshShape::parse(keys.text("size", "4x4"), torus);
        } catch (const ConfigError& e) {
            throw ConfigError(fmt::format("{}: {}", keys.field("size"), e.what()));
        }
        const bool dateline = keys.flag("dateline", true);
        keys.check_all_used({"size", "dateline"});
        return std::make_unique<MeshTopology>(std::move(shape), dateline);
    }
    std::vector<CommandOption> plan_options() const override { return plan_options_of_family(); }
};

}  // namespace

const TopologyFamily& mesh_family() {
    static const MeshFamily family;
    return family;
}

const MeshShape& mesh_shape_of(const Topology& topology, const std::string& field) {
    const auto* mesh = dynamic_cast<const MeshTopology*>(&topology);
    if (!mesh)
        throw ConfigError(
            fmt::format("{}: {} is not a mesh or torus (mesh:8x8)", field, topology.spec()));
    return mesh->shape();
}

std::unique_ptr<Topology> mesh_topology(const MeshShape& shape, bool dateline) {
    return std::make_unique<MeshTopology>(shape, dateline);
}

}  // namespace wormcast::mesh
