// Records dropped once final (DeliveryLedger::retire_into, the run harness's default) change no
// result: seeded runs of every family's scenario, unicast and multicast, multi-phase software
// schemes, tree worms with tokens, combined broadcast messages (one worm carrying several
// multicasts), saturated and drained, give the same results as runs that keep every record; and
// the ledger then holds what is in flight, not the run's history. Also the histogram that keeps
// the latencies in memory that does not grow with the messages.
#include <catch2/catch.hpp>

#include <random>

#include "testbenches/sim/Runner.hpp"
#include "testbenches/sim/Scenario.hpp"

using namespace wormcast;

namespace {

void require_same(const Distribution& a, const Distribution& b) {
    REQUIRE(a.count == b.count);
    REQUIRE(a.mean == b.mean);  // bit for bit: summed in the same order
    REQUIRE(a.p50 == b.p50);
    REQUIRE(a.p99 == b.p99);
    REQUIRE(a.min == b.min);
    REQUIRE(a.max == b.max);
}

void require_same(const sim::RunResult& kept, const sim::RunResult& retired) {
    REQUIRE(kept.cycles == retired.cycles);
    REQUIRE(kept.messages_sent == retired.messages_sent);
    REQUIRE(kept.traffic.multicasts == retired.traffic.multicasts);
    REQUIRE(kept.traffic.completed == retired.traffic.completed);
    require_same(kept.traffic.latency, retired.traffic.latency);
    require_same(kept.traffic.latency_with_queueing, retired.traffic.latency_with_queueing);
    require_same(kept.unicast_latency, retired.unicast_latency);
    require_same(kept.multicast_latency, retired.multicast_latency);
    REQUIRE(kept.traffic.accepted_flits_per_node_cycle ==
            retired.traffic.accepted_flits_per_node_cycle);
    REQUIRE(kept.pattern_latency == retired.pattern_latency);
    REQUIRE(kept.drained == retired.drained);
    REQUIRE(kept.saturated == retired.saturated);
    REQUIRE(kept.saturation.has_value() == retired.saturation.has_value());
    if (kept.saturation) REQUIRE(kept.saturation->words() == retired.saturation->words());
    REQUIRE(kept.problems == retired.problems);
    REQUIRE(kept.arrival_digest == retired.arrival_digest);
}

}  // namespace

TEST_CASE("CycleHistogram gives Distribution::of's numbers over the same samples", "[statistics]") {
    std::mt19937_64 rng(11);
    for (int trial = 0; trial < 300; ++trial) {
        const std::size_t n = trial < 3 ? static_cast<std::size_t>(trial) : rng() % 3000;
        const Cycle spread = 1 + rng() % (trial % 2 ? 50 : 1000000);
        CycleHistogram h, part;
        std::vector<double> values;
        for (std::size_t i = 0; i < n; ++i) {
            const Cycle v = 17 + rng() % spread;
            (i % 3 ? h : part).add(v);
            values.push_back(static_cast<double>(v));
        }
        h.merge(part);
        INFO("trial " << trial << ", " << n << " samples");
        REQUIRE(h.count() == n);
        require_same(Distribution::of(values), h.distribution());
    }
}

TEST_CASE("a run that drops its final records gives the results of one that keeps them",
          "[sim][ledger]") {
    struct Case {
        const char* file;
        std::vector<std::string> sets;
    };
    const std::vector<Case> cases = {
        {"demo.yaml", {"traffic.load=0.3", "traffic.measure=1500"}},  // beyond saturation
        {"demo.yaml", {"traffic.multicast_ratio=0.3", "traffic.multicast_destinations=2..6"}},
        {"mesh-hl.yaml", {"traffic.measure=3000"}},
        {"mesh-hl.yaml", {"traffic.measure=3000", "nic.multicast=umesh"}},
        {"min-bi.yaml", {"traffic.measure=3000"}},
        {"min-uni.yaml", {"traffic.measure=3000"}},
        {"star-two-phase.yaml", {"traffic.measure=4000"}},
        {"torus-broadcast.yaml",
         {"network.size=6x6", "traffic.random_sources=5", "nic.multicast=atd:h=3"}},
        {"torus-broadcast.yaml",
         {"network.size=6x6", "traffic.random_sources=5", "nic.multicast=edst"}},
        {"irregular-lattice.yaml", {"traffic.measure=3000"}},
    };
    for (const Case& c : cases)
        for (std::uint64_t seed : {1u, 2u}) {
            auto sets = c.sets;
            sets.push_back("run.seed=" + std::to_string(seed));
            const sim::Scenario s = sim::load_scenario(
                std::string(WORMCAST_SOURCE_DIR) + "/testbenches/scenarios/" + c.file, sets);
            sim::RunOptions keep = s.run;
            keep.record_arrivals = true;
            keep.keep_records = true;
            sim::RunOptions retire = keep;
            retire.keep_records = false;
            const auto kept = sim::run_network(s.network(), s.params, s.schedule(), keep);
            const auto retired = sim::run_network(s.network(), s.params, s.schedule(), retire);
            INFO(c.file << " seed " << seed << ": " << kept.messages_sent << " messages");
            REQUIRE(kept.messages_sent > 20);
            require_same(kept, retired);
            // The ledger held what was in flight: the kept run all of its records at the end.
            REQUIRE(kept.ledger_peak_records >= kept.messages_sent);
            if (!retired.saturated && kept.messages_sent > 200)
                REQUIRE(retired.ledger_peak_records < kept.messages_sent / 2);
        }
}

TEST_CASE("uniform traffic drawn during the run gives the run of its list made in advance",
          "[sim][traffic]") {
    for (const char* process : {"bernoulli", "poisson"})
        for (const char* ratio : {"0", "0.4"})
            for (std::uint64_t seed : {3u, 4u}) {
                const sim::Scenario s = sim::load_scenario(
                    std::string(WORMCAST_SOURCE_DIR) + "/testbenches/scenarios/demo.yaml",
                    {"traffic.length=1", "traffic.load=0.2",
                     std::string("traffic.process=") + process,
                     std::string("traffic.multicast_ratio=") + ratio,
                     "traffic.multicast_destinations=2..5", "run.seed=" + std::to_string(seed)});
                const SendPlan plan = s.send_plan();
                INFO(process << " multicast ratio " << ratio << " seed " << seed);
                REQUIRE(plan.streamed());  // 0.1 worms/node/cycle over 2,500 cycles: 250 a node
                sim::RunOptions o = s.run;
                o.record_arrivals = true;
                const auto drawn = sim::run_network(s.network(), s.params, plan, o);
                const auto listed = sim::run_network(s.network(), s.params, s.schedule(), o);
                REQUIRE(drawn.messages_sent > 1000);
                require_same(listed, drawn);
                REQUIRE(drawn.offered_flits_per_node_cycle == listed.offered_flits_per_node_cycle);
            }
    // Few sends a node: listed ahead (a node's list is smaller than its generator).
    const sim::Scenario light =
        sim::load_scenario(std::string(WORMCAST_SOURCE_DIR) + "/testbenches/scenarios/demo.yaml",
                           {"traffic.load=0.01", "traffic.length=16"});
    REQUIRE_FALSE(light.send_plan().streamed());
}
