// Side-by-side co-simulation of one MIN switch with tree worms (issue 6): the verilated
// rtl/wc_min_switch.sv (TREE_WORMS = 1) and the SystemC Router with UniMinRouting / BiMinRouting of
// the same switch share seeded random worms (bit-string tree worms and unicasts) on every input
// and random back-pressure on every output; every output and returned credit equal in every cycle.
// A configuration with the ATBM token ring (a ring of this switch alone) is compared with the
// SystemC router holding a TokenRing of one stop.
// Tree worms come from every input, so several of them compete for the same outputs in the
// switch allocator (its priority for one several-output request at a time, docs/rtl.md).
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include "systemc/rtl/RtlModels.hpp"
#include "testbenches/cosim/RouterPair.hpp"
#include "topologies/min/ConsumptionChannels.hpp"
#include "topologies/min/MinReachTable.hpp"
#include "topologies/min/MinRoutingConfig.hpp"
#include "topologies/min/MinWiring.hpp"

using namespace wormcast;
using namespace wormcast::cosim;
using namespace wormcast::rtl;

namespace {

/// A wc_min_switch (rtl/wc_min_switch.sv) with tree worms: one switch of a UNI- or BI-MIN.
struct RtlSwitchParams {
    bool bidirectional = false;
    unsigned radix = 2;   ///< b
    unsigned stages = 3;  ///< n
    unsigned stage = 0;   ///< this switch's stage j
    unsigned consumption_channels = 1;
    unsigned vcs = 1;
    unsigned buffer_depth = 1;
    unsigned flit_width = 32;
    unsigned t_node = 1;
    unsigned t_node_multidest = 2;
    unsigned t_sw = 1;
    unsigned t_phy = 1;
    unsigned t_inj = 1;
    unsigned t_cons = 1;
    unsigned token_ring = 0;           ///< 1: ATBM token ring of this switch alone
    unsigned token_pass = 1;           ///< token passing time, cycles per stop
    unsigned token_release_flits = 0;  ///< real flits before the token is released (0: tail)
};

struct RtlSwitchModel {
    std::string name;
    RtlSwitchParams params;

    /// The configuration, verilated on first use.
    RtlConfig config() const {
        const RtlSwitchParams& m = params;
        RtlConfig c;
        c.top = "wc_min_switch";
        c.summary = "wc_min_switch " + name;
        c.set("BIDIRECTIONAL", m.bidirectional).set("B", m.radix).set("STAGES", m.stages);
        c.set("STAGE", m.stage).set("CONSUMPTION", m.consumption_channels).set("NUM_VCS", m.vcs);
        c.set("BUF_DEPTH", m.buffer_depth).set("FLIT_WIDTH", m.flit_width).set("T_NODE", m.t_node);
        c.set("T_NODE_MULTIDEST", m.t_node_multidest).set("T_SW", m.t_sw).set("T_PHY", m.t_phy);
        c.set("T_INJ", m.t_inj).set("T_CONS", m.t_cons).set("TREE_WORMS", 1);
        c.set("TOKEN_RING", m.token_ring).set("TOKEN_PASS", m.token_pass);
        c.set("TOKEN_RELEASE_FLITS", m.token_release_flits);
        return c;
    }
    std::unique_ptr<RouterModule> make(const RouterConfig& router, sc_core::sc_time period,
                                       std::uint32_t row) const {
        return make_rtl_router(load_rtl_library(config()), router, period.to_seconds() * 1e9,
                               nullptr, row);
    }
};

/// The switches of the bench: u4s1c4, the exit stage of a 16-node UNI-MIN of 4x4 switches (up to
/// 4 branches, 16 outputs); u2s1, a middle stage of an 8-node UNI-MIN, 2 VCs; b2s0c2, the
/// turnaround/exit stage of an 8-node BI-MIN with 2 consumption channels (forward, backward and
/// split worms); u2s0t, a first stage of an 8-node UNI-MIN with the token (3 cycles a stop,
/// released after 4 flits).
const std::vector<RtlSwitchModel>& rtl_switch_models() {
    static const std::vector<RtlSwitchModel> models = [] {
        std::vector<RtlSwitchModel> out;
        RtlSwitchParams m;
        m.radix = 4, m.stages = 2, m.stage = 1, m.consumption_channels = 4, m.flit_width = 16;
        out.push_back({"u4s1c4", m});
        m = {};
        m.stage = 1, m.vcs = 2, m.flit_width = 8;
        out.push_back({"u2s1", m});
        m = {};
        m.bidirectional = true, m.consumption_channels = 2, m.buffer_depth = 2, m.flit_width = 8;
        m.t_node = 2, m.t_node_multidest = 3, m.t_inj = 2, m.t_cons = 2;
        out.push_back({"b2s0c2", m});
        m = {};
        m.vcs = 2, m.buffer_depth = 2, m.flit_width = 8, m.t_inj = 2, m.token_ring = 1;
        m.token_pass = 3, m.token_release_flits = 4;
        out.push_back({"u2s0t", m});
        return out;
    }();
    return models;
}

struct SwitchRun {
    std::uint32_t row = 0;
    double load = 0.5;
    double drain = 0.5;
    std::uint64_t seed = 1;
};

/// The switch (stage of the model, `run.row`) as MinNetwork builds it, fed tree worms and
/// unicasts that it can route: every destination it reaches (a UNI switch or a BI worm coming
/// down), any node from a BI left port (the worm goes on towards the turnaround stage).
PairSetup switch_setup(const RtlSwitchModel& model, const SwitchRun& run) {
    const RtlSwitchParams& m = model.params;
    min::MinShape shape;
    shape.kind = m.bidirectional ? min::MinKind::Bidirectional : min::MinKind::Unidirectional;
    shape.radix = m.radix;
    shape.stages = m.stages;
    const auto wiring = std::make_shared<min::MinWiring>(shape);
    const auto table = std::make_shared<min::MinReachTable>(*wiring);
    const min::ConsumptionChannels consumption(shape, m.consumption_channels);
    const min::SwitchId id{m.stage, run.row};
    min::MinRoutingConfig routing;
    routing.network_vc_mask = (1u << m.vcs) - 1;
    routing.node_vc_mask = routing.network_vc_mask;
    routing.consumption_channels = m.consumption_channels;
    // The RTL switch routes a forward worm to the lowest right port only (docs/rtl.md).
    routing.forward = min::MinForward::Fixed;

    PairSetup setup;
    RouterConfig& c = setup.config;
    c.name = fmt::format("s{}_{}", id.stage, id.row);
    c.node = id.stage * shape.rows() + id.row;
    c.inputs = shape.switch_ports();
    c.outputs = consumption.outputs(id);
    c.vcs = m.vcs;
    c.buffer_depth = m.buffer_depth;
    c.t_node = m.t_node;
    c.t_node_multidest = m.t_node_multidest;
    c.t_sw = m.t_sw;
    c.supports_tree_worms = true;
    if (m.token_ring) {
        setup.token_ring = std::make_shared<TokenRing>(1, m.token_pass, TokenModel::Ring);
        c.token_ring = setup.token_ring.get();
        c.token_stop = 0;
        c.token_release_flits = m.token_release_flits;
    }
    c.header_format = HeaderFormat{m.flit_width, shape.nodes()};
    c.output_link_latency.assign(c.outputs, m.t_phy);
    c.input_credit_latency.assign(c.inputs, m.t_phy);
    for (NodeId a = 0; a < shape.nodes(); ++a) {
        const min::PortEndpoint in = wiring->node_entry(a), out = wiring->node_exit(a);
        if (in.switch_id.stage == id.stage && in.switch_id.row == id.row)
            c.input_credit_latency[in.port] = m.t_inj;
        if (out.switch_id.stage == id.stage && out.switch_id.row == id.row)
            for (std::uint32_t ch = 0; ch < consumption.channels(); ++ch)
                c.output_link_latency[consumption.port(a, ch)] = m.t_cons;
    }
    setup.routing = [wiring, table, id, routing] {
        return min::make_min_routing(*wiring, *table, id, routing);
    };
    setup.make_rtl = [&model, row = run.row](const RouterConfig& config, sc_core::sc_time period) {
        return model.make(config, period, row);
    };
    const min::NodeRange below = table->at(id).all;
    std::vector<NodeId> reached, all;
    for (NodeId a = 0; a < shape.nodes(); ++a) {
        all.push_back(a);
        if (below.contains(a)) reached.push_back(a);
    }
    for (PortId p = 0; p < c.inputs; ++p) {
        WormSourceConfig sc = port_source(c, p, run.load, run.seed);
        sc.tree_worms = 0.6;
        sc.max_destinations = 2 * m.radix;
        const bool from_left = m.bidirectional && p < m.radix;
        sc.destinations = from_left ? all : reached;
        sc.near = reached;
        setup.sources.push_back(sc);
    }
    setup.drain = run.drain;
    setup.seed = run.seed;
    setup.cycles = 1500;
    return setup;
}

}  // namespace

TEST_CASE(
    "tree worms: the RTL MIN switch equals the SystemC switch under random bit-strings and "
    "random back-pressure",
    "[cosim][switch][treeworm]") {
    REQUIRE(rtl_switch_models().size() >= 3);
    int runs = 0;
    for (const auto& model : rtl_switch_models()) {
        const std::uint32_t rows = [&] {
            std::uint32_t r = 1;
            for (unsigned i = 1; i < model.params.stages; ++i) r *= model.params.radix;
            return r;
        }();
        std::uint64_t bubbles = 0, splits = 0;
        for (const std::uint32_t row : {0u, rows - 1})
            for (const auto& [load, drain] :
                 {std::pair{0.4, 0.9}, std::pair{0.9, 0.3}, std::pair{1.0, 0.15}}) {
                SwitchRun run;
                run.row = row;
                run.load = load;
                run.drain = drain;
                run.seed = 7 + static_cast<std::uint64_t>(runs);
                const PairSetup setup = switch_setup(model, run);
                const RouterPairResult r = run_pair(setup);
                INFO("switch " << model.name << ", row " << row << ", load " << load << ", drain "
                               << drain << ", seed " << run.seed);
                INFO(r.mismatch);
                INFO(r.cycles << " cycles, flits in " << r.flits_in << ", out " << r.flits_out
                              << " of " << r.expected_out << " expected, " << r.bubbles
                              << " bubbles, " << r.tree_worms << " tree worms, " << r.split_worms
                              << " split");
                for (const auto& p : r.problems) UNSCOPED_INFO(p);
                REQUIRE(r.mismatch.empty());
                REQUIRE(r.problems.empty());
                REQUIRE(r.drained);
                REQUIRE(r.flits_out == r.expected_out);
                REQUIRE(r.flits_in > 200);
                REQUIRE(r.tree_worms > 10);
                if (setup.token_ring) REQUIRE(setup.token_ring->stats(0).grants > 5);
                bubbles += r.bubbles;
                splits += r.split_worms;
                ++runs;
            }
        // Replication to several branches, and bubbles on free branches while one is blocked.
        INFO("switch " << model.name << ": " << splits << " split worms, " << bubbles
                       << " bubbles");
        REQUIRE(splits > 50);
        REQUIRE(bubbles > 0);
    }
    REQUIRE(runs == static_cast<int>(6 * rtl_switch_models().size()));
}

TEST_CASE(
    "tree worms from every input: competing tree worms drain in lock step with the SystemC "
    "switch",
    "[cosim][switch][treeworm]") {
    // Heavier competition than above (load 0.8 on every input): two tree worms asking for the
    // same outputs stalled both switches for good before the allocator's priority (u2s1, seed
    // 101); now every run must drain with every branch's flits out.
    int runs = 0;
    for (const auto& model : rtl_switch_models())
        for (const std::uint64_t seed : {101u, 102u, 103u}) {
            SwitchRun run;
            run.row = static_cast<std::uint32_t>(seed % 2);
            run.load = 0.8;
            run.drain = 0.5;
            run.seed = seed;
            const RouterPairResult r = run_pair(switch_setup(model, run));
            INFO("switch " << model.name << ", seed " << seed << ": " << r.cycles
                           << " cycles, flits in " << r.flits_in << ", out " << r.flits_out
                           << " of " << r.expected_out << " expected");
            INFO(r.mismatch);
            for (const auto& p : r.problems) UNSCOPED_INFO(p);
            REQUIRE(r.mismatch.empty());
            REQUIRE(r.problems.empty());
            REQUIRE(r.drained);
            REQUIRE(r.flits_out == r.expected_out);
            REQUIRE(r.tree_worms > 20);
            ++runs;
        }
    REQUIRE(runs == static_cast<int>(3 * rtl_switch_models().size()));
}
