// The multistage-network family (see MinFamily.hpp).
#include "topologies/min/network/MinFamily.hpp"

#include <set>
#include <sstream>

#include <fmt/format.h>

#include "systemc/pure/PathWormFirmware.hpp"
#include "topologies/min/AtbmPlan.hpp"
#include "topologies/min/MinJson.hpp"
#include "topologies/min/MinPlanDot.hpp"
#include "topologies/min/MinReachTable.hpp"
#include "topologies/min/MinSoftwareFirmware.hpp"
#include "topologies/min/MinWiring.hpp"
#include "topologies/min/SoftwareMinMulticast.hpp"
#include "topologies/min/SwitchGrouping.hpp"

namespace wormcast::min {

namespace {

const char* token_model_name(const AtbmOptions& atbm) {
    if (!atbm.tokens) return "none";
    return atbm.model == TokenModel::Average ? "average" : "ring";
}

/// Node numbers "5,9,63" of a MIN.
std::vector<NodeId> parse_node_list(const MinShape& shape, const std::string& text,
                                    const std::string& field) {
    std::vector<NodeId> out;
    std::stringstream ss(text);
    for (std::string item; std::getline(ss, item, ',');) {
        if (item.empty() || item.find_first_not_of("0123456789") != std::string::npos ||
            item.size() > 9)
            throw ConfigError(fmt::format("{}: '{}' is not a node number", field, item));
        const auto node = static_cast<NodeId>(std::stoul(item));
        shape.check_node(node, field);
        out.push_back(node);
    }
    if (out.empty())
        throw ConfigError(fmt::format("{}: name at least one node, e.g. 5,9,63", field));
    return out;
}

MulticastScheme atbm_scheme(const MinShape& shape) {
    MulticastScheme s;
    s.name = "atbm";
    s.description =
        "one bit-string tree worm per multicast, replicated by the switches, tree "
        "operations serialised by the token rings (network.tokens)";
    s.check = [](const NetworkParams& p) {
        if (!p.tree_worms)
            throw ConfigError(
                "nic.multicast: atbm sends bit-string tree worms; the switches need "
                "router.tree_worms: true");
    };
    const std::uint32_t nodes = shape.nodes();
    s.firmware = [nodes](const NetworkParams&) {
        return [nodes](NodeId) { return std::make_unique<TreeWormFirmware>(nodes); };
    };
    return s;
}

MulticastScheme software_scheme(const MinShape& shape, SoftwareMinAlgorithm algorithm) {
    MulticastScheme s;
    s.name = to_string(algorithm);
    s.description =
        algorithm == SoftwareMinAlgorithm::Cmin
            ? "unicast-based multicast, binomial over the address-ordered chain (UNI-MIN)"
            : "unicast-based multicast, binomial over the address-ordered chain (BI-MIN)";
    s.check = [shape, algorithm](const NetworkParams&) {
        try {
            check_algorithm_fits(algorithm, shape);
        } catch (const ConfigError& e) {
            std::string why = e.what();
            if (why.rfind("algorithm: ", 0) == 0) why.erase(0, 11);
            throw ConfigError(fmt::format("nic.multicast: {}", why));
        }
    };
    s.firmware = [shape, algorithm](const NetworkParams&) {
        return [shape, algorithm](NodeId) {
            return std::make_unique<MinSoftwareFirmware>(shape, algorithm);
        };
    };
    return s;
}

class MinTopology : public Topology {
  public:
    MinTopology(MinShape shape, AtbmOptions atbm) : shape_(shape), atbm_(atbm) {
        shape_.validate();
    }
    const MinShape& shape() const { return shape_; }

    std::string spec() const override {
        std::string s = shape_.name();
        if (!atbm_.tokens || atbm_.model != TokenModel::Ring)
            s += fmt::format(",tokens={}", token_model_name(atbm_));
        if (atbm_.token_pass_cycles != 1)
            s += fmt::format(",token_pass={}", atbm_.token_pass_cycles);
        return s;
    }
    std::string name() const override { return shape_.name(); }
    std::uint32_t nodes() const override { return shape_.nodes(); }
    std::uint32_t routers() const override { return shape_.switches(); }
    NodeId parse_node(const std::string& text, const std::string& field) const override {
        const auto nodes = parse_node_list(shape_, text, field);
        if (nodes.size() != 1)
            throw ConfigError(fmt::format("{}: '{}' is not one node number", field, text));
        return nodes[0];
    }
    std::string format_node(NodeId node) const override { return std::to_string(node); }
    nlohmann::ordered_json node_json(NodeId node) const override { return node; }
    std::size_t parse_router(const std::string& text, const std::string& field) const override {
        const auto comma = text.find(',');
        auto number = [&](const std::string& t, std::uint32_t limit, const char* what) {
            if (t.empty() || t.find_first_not_of("0123456789") != std::string::npos ||
                t.size() > 9 || std::stoul(t) >= limit)
                throw ConfigError(
                    fmt::format("{}: '{}' is not a switch stage,row: {} must be in 0..{}", field,
                                text, what, limit - 1));
            return static_cast<std::uint32_t>(std::stoul(t));
        };
        if (comma == std::string::npos)
            throw ConfigError(
                fmt::format("{}: '{}' is not a switch written stage,row", field, text));
        const std::uint32_t stage = number(text.substr(0, comma), shape_.stages, "the stage");
        const std::uint32_t row = number(text.substr(comma + 1), shape_.rows(), "the row");
        return static_cast<std::size_t>(stage) * shape_.rows() + row;
    }
    std::string format_router(std::size_t router) const override {
        return fmt::format("{},{}", router / shape_.rows(), router % shape_.rows());
    }
    /// Stages left to right (two spacings apart: the wiring between them), row 0 on top.
    std::optional<LayoutPoint> router_position(std::size_t router) const override {
        LayoutPoint p;
        p.x = 2.0 * static_cast<double>(router / shape_.rows());
        p.y = -static_cast<double>(router % shape_.rows());
        return p;
    }
    std::string node_syntax() const override { return "a node number; switches as stage,row"; }

    void check_params(const NetworkParams& params) const override {
        if (params.injection_channels != 1)
            throw ConfigError(
                fmt::format("nic.injection_channels: {}, a node of a MIN has one injection channel "
                            "into stage 0",
                            params.injection_channels));
        if (params.consumption_channels != 1 && params.consumption_channels != shape_.radix)
            throw ConfigError(
                fmt::format("nic.consumption_channels: {}, a node of this MIN has 1 or b = {} "
                            "consumption channels",
                            params.consumption_channels, shape_.radix));
    }
    NetworkSpec build(const NetworkParams& params) const override {
        return build_min_network(shape_, params, atbm_);
    }

    std::string hardware_multicast(NetworkParams& params) const override {
        params.tree_worms = true;  // ATBM's bit-string tree worms
        return "atbm";
    }
    std::vector<MulticastScheme> schemes(const OptionValues& options) const override {
        check_options(options, {}, "multicasts on multistage networks");
        return {atbm_scheme(shape_), software_scheme(shape_, SoftwareMinAlgorithm::Cmin),
                software_scheme(shape_, SoftwareMinAlgorithm::Umin)};
    }

    PlanOutput plan(const PlanRequest& request) const override {
        check_options(request.options, {}, "plans on multistage networks");
        const auto src = parse_node_list(shape_, request.source, "--source");
        if (src.size() != 1) throw ConfigError("--source: one node number");
        const auto destinations = parse_node_list(shape_, request.destinations, "--dests");
        PlanOutput out;
        if (request.algorithm == "atbm") {
            const MinWiring wiring(shape_);
            const auto plan = plan_atbm(wiring, src[0], destinations);
            out.json = atbm_plan_json(plan);
            out.text = fmt::format(
                "atbm on {}: source {}, bit-string {}, turnaround {}\n", shape_.name(), src[0],
                plan.bitstring,
                plan.turnaround_stage ? std::to_string(*plan.turnaround_stage) : "none");
            for (const auto& h : plan.hops)
                out.text +=
                    fmt::format("  stage {} row {} {:<8} in {} out {}{}\n", h.switch_id.stage,
                                h.switch_id.row, to_string(h.direction), h.in_port,
                                fmt::join(h.out_ports, ","), h.tree_op ? "  (tree operation)" : "");
            out.dot = atbm_plan_dot(shape_, plan);
            return out;
        }
        const auto soft = parse_software_min_algorithm(request.algorithm);
        check_algorithm_fits(soft, shape_);
        const auto plan = plan_software_multicast(shape_, soft, src[0], destinations);
        out.json = software_plan_json(plan);
        out.text =
            fmt::format("{} on {}: source {}, {} destinations, {} steps\n", request.algorithm,
                        shape_.name(), src[0], destinations.size(), plan.steps);
        for (const auto& send : plan.sends)
            out.text += fmt::format("  step {}: {} -> {}\n", send.step, send.from, send.to);
        out.dot = software_plan_dot(shape_, request.algorithm, plan);
        return out;
    }

    /// Route tables (table-routed RTL switches): a switch splits a bit-string per destination
    /// where its block (MinReachTable) holds them all and sends it one way otherwise, so the
    /// groups are the blocks the switches reach, smallest first: the first block holding a
    /// header's destinations decides alike at every switch.
    std::vector<std::vector<NodeId>> route_table_groups() const override {
        const MinWiring wiring(shape_);
        const MinReachTable reach(wiring);
        std::set<std::pair<std::uint32_t, NodeId>> blocks;  // (size, first node)
        for (SwitchId id : wiring.switch_ids()) {
            const NodeRange all = reach.at(id).all;
            blocks.insert({all.size(), all.first});
        }
        std::vector<std::vector<NodeId>> groups;
        for (const auto& [size, first] : blocks) {
            groups.emplace_back();
            for (NodeId n = first; n < first + size; ++n) groups.back().push_back(n);
        }
        return groups;
    }

  private:
    MinShape shape_;
    AtbmOptions atbm_;
};

int groups_command(const Topology& topology, const OptionValues& options, bool json,
                   std::ostream& os) {
    const MinShape& shape = min_shape_of(topology, "--topology");
    const auto c = options.find("--consumption");
    unsigned consumption = 1;
    if (c != options.end()) {
        const std::string& t = c->second;
        if (t.empty() || t.find_first_not_of("0123456789") != std::string::npos || t.size() > 9)
            throw ConfigError(fmt::format("--consumption: '{}' is not a whole number", t));
        consumption = static_cast<unsigned>(std::stoul(t));
    }
    const MinWiring wiring(shape);
    const SwitchGrouping grouping(wiring, consumption);
    if (json) {
        os << groups_json(grouping).dump() << "\n";
        return 0;
    }
    os << fmt::format("{} with {} consumption channel(s): {} token groups\n", shape.name(),
                      consumption, grouping.domains().size());
    os << "stage  row  k   copy      tag                group (size)\n";
    for (const auto& g : grouping.switches())
        os << fmt::format(
            "{:<6} {:<4} {:<3} {:<9} {:<18} {}\n", g.switch_id.stage, g.switch_id.row, g.kstage,
            shape.kind == MinKind::Bidirectional ? (g.backward ? "backward" : "forward") : "-",
            fmt::format("{{{}}}", fmt::join(grouping.tag(g.kstage, g.switch_id.row), ",")),
            g.group ? fmt::format("{} ({})", *g.group, g.group_size) : std::string("none"));
    return 0;
}

class MinFamily : public TopologyFamily {
  public:
    std::string name() const override { return "min"; }
    std::vector<std::string> kinds() const override { return {"min-uni", "min-bi"}; }
    std::string syntax() const override {
        return "min-uni:b=B,n=N | min-bi:b=B,n=N[,forward=adaptive|fixed]   (also "
               "tokens=ring|average|none, "
               "token_pass=CYCLES; scenario keys: b, n, forward, tokens, token_pass)";
    }
    TopologyKeys keys_of(const std::string&, const std::string& arguments,
                         const std::string& where) const override {
        return TopologyKeys::parse_list(where, arguments);
    }
    std::unique_ptr<Topology> make(const std::string& kind,
                                   const TopologyKeys& keys) const override {
        MinShape shape;
        shape.kind = kind == "min-bi" ? MinKind::Bidirectional : MinKind::Unidirectional;
        if (!keys.has("b") || !keys.has("n"))
            throw ConfigError(
                fmt::format("{}: {} needs b (switch radix) and n (stages)", keys.where(), kind));
        shape.radix = static_cast<std::uint32_t>(keys.whole("b", 2, 2, MinShape::kMaxNodes));
        shape.stages = static_cast<std::uint32_t>(keys.whole("n", 1, 1, 16));
        if (keys.has("forward")) {
            if (shape.kind != MinKind::Bidirectional)
                throw ConfigError(fmt::format("{}: only a BI-MIN (min-bi) chooses forward ports",
                                              keys.field("forward")));
            shape.forward = parse_min_forward(keys.text("forward", ""), keys.field("forward"));
        }
        AtbmOptions atbm;
        const std::string tokens = keys.text("tokens", "ring");
        if (tokens == "none")
            atbm.tokens = false;
        else if (tokens == "average")
            atbm.model = TokenModel::Average;
        else if (tokens != "ring")
            throw ConfigError(fmt::format("{}: '{}' is not one of ring, average, none",
                                          keys.field("tokens"), tokens));
        atbm.token_pass_cycles = static_cast<unsigned>(keys.whole("token_pass", 1, 1, 1000000));
        keys.check_all_used({"b", "n", "forward", "tokens", "token_pass"});
        try {
            shape.validate();
        } catch (const ConfigError& e) {
            throw ConfigError(fmt::format("{}: {}", keys.where(), e.what()));
        }
        return std::make_unique<MinTopology>(shape, atbm);
    }
    std::vector<FamilyCommand> commands() const override {
        FamilyCommand groups;
        groups.name = "groups";
        groups.help = "the ATBM switch groups (token domains) of a multistage network";
        groups.options = {
            {"--consumption", "consumption channels per node: 1 or b (default 1)", false}};
        groups.run = groups_command;
        return {groups};
    }
};

}  // namespace

const TopologyFamily& min_family() {
    static const MinFamily family;
    return family;
}

const MinShape& min_shape_of(const Topology& topology, const std::string& field) {
    const auto* m = dynamic_cast<const MinTopology*>(&topology);
    if (!m)
        throw ConfigError(fmt::format("{}: {} is not a multistage network (min-uni:b=2,n=3)", field,
                                      topology.spec()));
    return m->shape();
}

std::unique_ptr<Topology> min_topology(const MinShape& shape, const AtbmOptions& atbm) {
    return std::make_unique<MinTopology>(shape, atbm);
}

}  // namespace wormcast::min
