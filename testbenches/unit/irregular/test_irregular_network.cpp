// Cycle-accurate irregular networks (Libeskind-Hadas, Mazzoni & Rajagopalan §3, §4): heavy mixed
// unicast and SPAM multicast traffic on random lattice networks and hand-written graphs, with
// single-flit and 4-flit buffers, is delivered exactly once without deadlock; the software
// schemes too; the root hot spot is what the SPAM tree predicts.
#include <catch2/catch.hpp>

#include <random>

#include <fmt/format.h>

#include "IrregularTestSupport.hpp"
#include "testbenches/sim/Runner.hpp"
#include "topologies/irregular/IrregularPlan.hpp"
#include "topologies/irregular/IrregularTopology.hpp"
#include "topologies/irregular/LatticeGenerator.hpp"
#include "topologies/irregular/network/IrregularNetwork.hpp"

using namespace wormcast;
using namespace wormcast::irregular;

namespace {

std::shared_ptr<const SpamRouting> routing_of(const SwitchGraph& graph) {
    return make_spam_routing(graph);
}

NetworkParams tree_params(unsigned buffer_depth) {
    NetworkParams p;
    p.tree_worms = true;
    p.buffer_depth = buffer_depth;
    p.watchdog_cycles = 1000;
    return p;
}

/// Hand-written networks: several processors per switch, explicit ports, dense and sparse.
const char* const kHandWritten[] = {
    // The Petersen graph (3-regular, girth 5), two processors on every switch.
    "switches: 10\nports: 5\nroot: 3\n"
    "links: [[0,1],[1,2],[2,3],[3,4],[4,0],[0,5],[1,6],[2,7],[3,8],[4,9],"
    "[5,7],[7,9],[9,6],[6,8],[8,5]]\n"
    "processors: [0,0,1,1,2,2,3,3,4,4,5,5,6,6,7,7,8,8,9,9]\n",
    // The complete graph K6, one processor each, ports named explicitly for some links.
    "switches: 6\n"
    "links: [[0,7,1,7],[0,2],[0,3],[0,4],[0,5],[1,2],[1,3],[1,4],[1,5],[2,3],[2,4],[2,5],"
    "[3,4],[3,5],[4,5]]\n",
    // A 2 x 6 ladder whose switches carry 0 to 3 processors, rooted at a corner.
    "switches: 12\nports: 6\nroot: 11\n"
    "links: [[0,1],[1,2],[2,3],[3,4],[4,5],[6,7],[7,8],[8,9],[9,10],[10,11],"
    "[0,6],[1,7],[2,8],[3,9],[4,10],[5,11]]\n"
    "processors: [0, 0, 0, 2, 3, 3, 5, 7, 8, 8, 8, 10, 11]\n",
};

void require_delivered(const SwitchGraph& graph, const NetworkParams& params,
                       const std::vector<ScheduledSend>& sends, IrregularMulticast scheme,
                       std::uint64_t seed) {
    sim::RunOptions o;
    o.seed = seed;
    o.drain_limit = 200000;
    IrregularNetworkOptions options;
    options.multicast = scheme;
    const auto r = sim::run_network(build_irregular_network(routing_of(graph), params, options),
                                    params, sends, o);
    INFO(graph.name() << " " << to_string(scheme) << " buffer " << params.buffer_depth << " seed "
                      << seed << "\n"
                      << r.deadlock_report);
    for (const auto& problem : r.problems) UNSCOPED_INFO(problem);
    REQUIRE(r.ok());
    CHECK(r.traffic.completed == sends.size());
}

struct LatticeSize {
    std::uint32_t switches;
    int seeds;
};

/// `size.seeds` lattice networks of `size.switches` (all adjacent pairs linked for odd seeds, 60 %
/// for even ones), buffers of 1 and 4 flits, saturating SPAM traffic: 3 messages per processor
/// within about 2 cycles per processor (2 on 128 switches, 1 on 256, multicasts of up to 24
/// destinations there, 48 below), 30 % multicasts, 1..16 payload flits; the runs take thousands
/// of cycles to drain.
void lattices_deliver(const LatticeSize& size) {
    for (int k = 1; k <= size.seeds; ++k) {
        const auto seed = static_cast<std::uint64_t>(k);
        LatticeParams lp;
        lp.switches = size.switches;
        lp.seed = seed;
        lp.links = k % 2 == 0 ? 0.6 : 1.0;
        const SwitchGraph graph(generate_lattice(lp));
        for (unsigned depth : {1u, 4u}) {
            std::mt19937_64 rng(seed * 1000 + depth);
            const std::uint32_t n = graph.processors();
            const std::uint32_t per = n <= 64 ? 3 : n <= 128 ? 2 : 1;
            const auto sends = wormcast::testing::mixed_traffic(
                n, per * n, 2 * n + 100, 0.3, std::min<std::uint32_t>(n - 1, n <= 64 ? 48 : 24), 16,
                rng);
            require_delivered(graph, tree_params(depth), sends, IrregularMulticast::Spam, seed);
        }
    }
}

}  // namespace

TEST_CASE(
    "SPAM on random lattice networks of 16 to 64 switches: heavy mixed traffic is delivered "
    "exactly once without deadlock",
    "[irregular][network][spam]") {
    for (const LatticeSize size : {LatticeSize{16, 6}, LatticeSize{32, 4}, LatticeSize{64, 3}})
        lattices_deliver(size);
}

TEST_CASE(
    "SPAM on random lattice networks of 128 and 256 switches: heavy mixed traffic is delivered "
    "exactly once without deadlock",
    "[irregular][network][spam]") {
    for (const LatticeSize size : {LatticeSize{128, 2}, LatticeSize{256, 1}})
        lattices_deliver(size);
}

TEST_CASE("SPAM on hand-written irregular graphs: heavy mixed traffic is delivered exactly once",
          "[irregular][network][spam]") {
    for (const char* yaml : kHandWritten) {
        const SwitchGraph base(read_wormcast_topology(yaml, "hand-written"));
        for (SwitchId root : {base.root(), SwitchId{0}}) {
            const SwitchGraph graph = base.with_root(root);
            for (unsigned depth : {1u, 4u})
                for (std::uint64_t seed = 1; seed <= 4; ++seed) {
                    std::mt19937_64 rng(seed);
                    const std::uint32_t n = graph.processors();
                    const auto sends =
                        wormcast::testing::mixed_traffic(n, 6 * n, 200, 0.4, n - 1, 12, rng);
                    require_delivered(graph, tree_params(depth), sends, IrregularMulticast::Spam,
                                      seed);
                }
        }
    }
}

TEST_CASE(
    "SPAM with two virtual channels (down-tree channels on VC 0 only) is delivered exactly "
    "once, with adaptive and static selection",
    "[irregular][network][spam]") {
    for (const char* topology : {"lattice:switches=16,seed=9", "lattice:switches=64,seed=9"}) {
        const SwitchGraph graph = parse_irregular_topology(topology);
        const std::uint32_t n = graph.processors();
        for (Selection selection : {Selection::Adaptive, Selection::Static})
            for (std::uint64_t seed = 1; seed <= 3; ++seed) {
                NetworkParams p = tree_params(1);
                p.vcs = 2;
                std::mt19937_64 rng(seed);
                const auto sends =
                    wormcast::testing::mixed_traffic(n, 2 * n, 2 * n + 100, 0.3, 24, 16, rng);
                IrregularNetworkOptions options;
                options.selection = selection;
                const auto r = sim::run_network(
                    build_irregular_network(routing_of(graph), p, options), p, sends, {});
                INFO(topology << " " << to_string(selection) << " seed " << seed << "\n"
                              << r.deadlock_report);
                REQUIRE(r.ok());
            }
    }
}

TEST_CASE("the software schemes (binomial unicasts, separate unicasts) deliver exactly once",
          "[irregular][network][software]") {
    const SwitchGraph graph = parse_irregular_topology("lattice:switches=32,seed=4");
    NetworkParams p;
    p.buffer_depth = 2;
    p.t_startup = 20;
    for (IrregularMulticast scheme : {IrregularMulticast::Unicast, IrregularMulticast::Separate})
        for (std::uint64_t seed = 1; seed <= 2; ++seed) {
            std::mt19937_64 rng(seed);
            const auto sends = wormcast::testing::mixed_traffic(32, 60, 400, 0.5, 31, 8, rng);
            require_delivered(graph, p, sends, scheme, seed);
        }
    // Tree schemes need routers with tree worms; a processor has one channel each way.
    CHECK_THROWS_WITH(build_irregular_network(routing_of(graph), p, {}),
                      Catch::Contains("configured without tree worms"));
    NetworkParams two = tree_params(1);
    two.consumption_channels = 2;
    CHECK_THROWS_WITH(build_irregular_network(routing_of(graph), two, {}),
                      Catch::Contains("one injection and one consumption channel"));
}

TEST_CASE("the root hot spot: a broadcast's flits through the root are the SPAM tree's",
          "[irregular][network][hotspot]") {
    // A broadcast from a processor whose switch is not the root has the root as its LCA (the
    // root's own processor is a destination); the root replicates the worm (header and payload
    // flits) onto each child whose subtree holds a destination, and forwards nothing else.
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        const SwitchGraph graph =
            parse_irregular_topology(fmt::format("lattice:switches=40,seed={}", seed));
        const auto routing = routing_of(graph);
        const UpDownPartition& partition = routing->partition();
        const ProcessorId source = graph.root() == 7 ? 8 : 7;
        std::vector<ProcessorId> everyone;
        for (ProcessorId p = 0; p < graph.processors(); ++p)
            if (p != source) everyone.push_back(p);
        std::uint64_t children_used = 0;
        for (SwitchId c : partition.children(graph.root())) {
            bool holds = false;
            for (ProcessorId d : everyone)
                holds = holds || partition.is_ancestor(c, graph.processor(d).switch_id);
            children_used += holds;
        }
        NetworkParams p = tree_params(2);
        const std::uint32_t length = 20;
        const std::uint64_t worm_flits =
            header_flits(Header::bit_string(graph.processors(), everyone),
                         p.header_format(graph.processors())) +
            length;
        const auto r =
            sim::run_network(build_irregular_network(routing, p, {}), p,
                             std::vector<ScheduledSend>{{0, source, everyone, length, true}}, {});
        REQUIRE(r.ok());
        CHECK(flits_leaving(graph, graph.root(), r.link_flits) == children_used * worm_flits);
        CHECK(links_leaving(graph, graph.root()).size() == graph.neighbours(graph.root()).size());
    }
}
