// Deadlock shown both ways on irregular networks (Libeskind-Hadas, Mazzoni & Rajagopalan §2,
// §3.2): a tree worm that splits before its LCA, and SPAM with non-atomic OCRQ requests, each
// deadlock on some seed of heavy multicast traffic (the watchdog names the wait-for cycle), and
// SPAM with atomic requests delivers the same traffic.
#include <catch2/catch.hpp>

#include <random>
#include <regex>
#include <set>

#include "IrregularTestSupport.hpp"
#include "testbenches/sim/Runner.hpp"
#include "topologies/irregular/IrregularTopology.hpp"
#include "topologies/irregular/network/IrregularNetwork.hpp"

using namespace wormcast;
using namespace wormcast::irregular;

namespace {

std::shared_ptr<const SpamRouting> routing_of(const SwitchGraph& graph) {
    return make_spam_routing(graph);
}

/// Switch names ("s12") whose input channels are held in the wait-for cycle of a report.
std::set<std::string> switches_in_cycle(const std::string& report) {
    std::set<std::string> names;
    const std::regex holds(R"(holds (s\d+)\.in\d+)");
    for (auto it = std::sregex_iterator(report.begin(), report.end(), holds);
         it != std::sregex_iterator(); ++it)
        names.insert((*it)[1].str());
    return names;
}

sim::RunResult run(const SwitchGraph& graph, const NetworkParams& params,
                   const std::vector<ScheduledSend>& sends, IrregularMulticast scheme,
                   std::uint64_t seed) {
    sim::RunOptions o;
    o.seed = seed;
    o.drain_limit = 50000;
    IrregularNetworkOptions options;
    options.multicast = scheme;
    return sim::run_network(build_irregular_network(routing_of(graph), params, options), params,
                            sends, o);
}

struct DeadlockCase {
    std::uint64_t seed = 0;
    std::vector<ScheduledSend> sends;
    sim::RunResult result;
};

/// The first seed in 1..max_seed whose traffic (2 messages per processor within 100 cycles, a
/// share of them multicasts of random size) deadlocks under `scheme` and `params`.
DeadlockCase find_deadlock(const SwitchGraph& graph, const NetworkParams& params,
                           IrregularMulticast scheme, double multicast_share,
                           std::uint64_t max_seed) {
    for (std::uint64_t seed = 1; seed <= max_seed; ++seed) {
        std::mt19937_64 rng(seed);
        DeadlockCase c;
        c.seed = seed;
        const std::uint32_t n = graph.processors();
        c.sends = wormcast::testing::mixed_traffic(n, 2 * n, 100, multicast_share, n - 1, 16, rng);
        c.result = run(graph, params, c.sends, scheme, seed);
        if (c.result.deadlock) return c;
        INFO("seed " << seed << " did not deadlock");
        REQUIRE(c.result.ok());
    }
    return {};
}

}  // namespace

TEST_CASE("a tree worm that splits before its LCA deadlocks, and SPAM delivers the same traffic",
          "[irregular][network][deadlock][watchdog]") {
    const SwitchGraph graph = parse_irregular_topology("lattice:switches=16,seed=1");
    NetworkParams p;
    p.tree_worms = true;
    p.buffer_depth = 1;
    p.watchdog_cycles = 500;
    const DeadlockCase c = find_deadlock(graph, p, IrregularMulticast::NaiveTree, 1.0, 20);
    REQUIRE(c.seed != 0);
    INFO("seed " << c.seed << "\n" << c.result.deadlock_report);
    CHECK_THAT(c.result.deadlock_report, Catch::Contains("wait-for cycle of"));
    CHECK(switches_in_cycle(c.result.deadlock_report).size() >= 2);
    CHECK(c.result.traffic.completed < c.sends.size());
    const auto spam = run(graph, p, c.sends, IrregularMulticast::Spam, c.seed);
    INFO(spam.deadlock_report);
    REQUIRE(spam.ok());
    CHECK(spam.traffic.completed == c.sends.size());
}

TEST_CASE("SPAM with non-atomic OCRQ requests deadlocks, and with atomic ones it does not",
          "[irregular][network][deadlock][watchdog]") {
    // Two worms must reach one switch close together and need two of its outputs in an order
    // that lets each take one (docs/irregular.md); on this network 2 of the first 10 seeds do.
    const SwitchGraph graph = parse_irregular_topology("lattice:switches=32,seed=3");
    NetworkParams p;
    p.tree_worms = true;
    p.buffer_depth = 4;
    p.watchdog_cycles = 500;
    p.atomic_ocrq = false;
    const DeadlockCase c = find_deadlock(graph, p, IrregularMulticast::Spam, 0.5, 20);
    REQUIRE(c.seed != 0);
    INFO("seed " << c.seed << "\n" << c.result.deadlock_report);
    // One switch: each worm holds an output the other waits for.
    CHECK_THAT(c.result.deadlock_report, Catch::Contains("wait-for cycle of 2 channels"));
    CHECK_THAT(c.result.deadlock_report, Catch::Contains("(waiting-for-output"));
    CHECK(switches_in_cycle(c.result.deadlock_report).size() == 1);
    p.atomic_ocrq = true;
    const auto atomic = run(graph, p, c.sends, IrregularMulticast::Spam, c.seed);
    INFO(atomic.deadlock_report);
    REQUIRE(atomic.ok());
    CHECK(atomic.traffic.completed == c.sends.size());
}
