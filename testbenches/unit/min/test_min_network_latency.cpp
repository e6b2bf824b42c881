// Contention-free ATBM latency on the cycle-accurate network against the paper's sum (§5.2):
// the 2.12 us example and random single multicasts on UNI- and BI-MINs, `average` token model.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "testbenches/experiments/atbm/AtbmSuite.hpp"
#include "testbenches/sim/Runner.hpp"
#include "testbenches/unit/min/MinTestSupport.hpp"
#include "topologies/min/AtbmLatency.hpp"
#include "topologies/min/network/MinNetwork.hpp"

using namespace wormcast;
using namespace wormcast::min;

namespace {

struct Measured {
    double latency_ns = 0;
    AtbmLatencyBreakdown formula;
};

/// One multicast (or unicast) alone on the network; latency from the start of the source's
/// start-up to the last tail, and the formula for the same tree.
Measured run_single(const MinShape& shape, const AtbmTiming& timing, unsigned flit_width,
                    unsigned buffer_depth, NodeId source, const std::vector<NodeId>& destinations,
                    HeaderEncoding encoding = HeaderEncoding::Tagged) {
    const AtbmCycleModel model =
        atbm_cycle_model(shape, timing, flit_width, buffer_depth, encoding);
    const std::vector<ScheduledSend> sends{
        ScheduledSend{3, source, destinations, model.payload_flits, true}};
    const auto r = sim::run_network(build_min_network(shape, model.params, model.atbm),
                                    model.params, sends, sim::recording_arrivals());
    for (const auto& problem : r.problems) UNSCOPED_INFO(problem);
    INFO(r.deadlock_report);
    REQUIRE(r.ok());
    REQUIRE(r.arrival_digest.size() == destinations.size());
    const MinWiring wiring(shape);
    const SwitchGrouping grouping(wiring, model.params.consumption_channels);
    AtbmTiming actual = timing;
    // With the tagged encoding a single destination travels as a unicast worm: one header flit,
    // the same payload. The bare bit-string encoding writes every header as the N-bit string.
    actual.header_flits =
        destinations.size() == 1 && encoding == HeaderEncoding::Tagged ? 1 : model.header_flits;
    actual.message_flits = actual.header_flits + model.payload_flits;
    Measured m;
    m.formula =
        atbm_contention_free_latency(plan_atbm(wiring, source, destinations), grouping, actual);
    m.latency_ns = static_cast<double>(r.pattern_latency) * model.params.clock_ns;
    return m;
}

}  // namespace

TEST_CASE(
    "the paper's example on the cycle-accurate network: exactly 2120 ns with a one-flit "
    "header, plus the header store with multi-flit ones",
    "[min][network][latency]") {
    // Broadcast from node 0 on min-bi:b=8,n=2: 500 ns start-up, 60 ns routing, 20 ns flits and
    // token hops, M = 64 flits. The paper's sum streams the header through each of the S = 3
    // switches in one flit time: a 64-node bit-string in one 64-bit flit, buffers of 5 flits (a
    // link's credit round trip, so every flit moves each cycle).
    const MinShape shape = MinShape::parse("min-bi:b=8,n=2");
    std::vector<NodeId> everyone;
    for (NodeId a = 1; a < 64; ++a) everyone.push_back(a);
    const AtbmTiming paper;
    const Measured exact = run_single(shape, paper, 64, 5, 0, everyone, HeaderEncoding::BitString);
    CHECK(exact.formula.path_switches == 3);
    CHECK(exact.formula.token_wait_ns == 80);
    CHECK(exact.formula.header_store_ns == 0);
    CHECK(exact.latency_ns == 2120);
    // One-flit buffers (the paper's "only the header") are shorter than the credit round trip.
    CHECK(run_single(shape, paper, 64, 1, 0, everyone, HeaderEncoding::BitString).latency_ns >
          2120);
    // The paper's 16-bit flits: ceil(64/16) = 4 header flits bare, ceil((64+2)/16) = 5 tagged;
    // each switch waits for all of them before routing, 3*(h-1)*20 ns more than the sum.
    const Measured bare = run_single(shape, paper, 16, 5, 0, everyone, HeaderEncoding::BitString);
    CHECK(bare.formula.header_store_ns == 180);
    CHECK(bare.latency_ns == 2120 + 180);
    const Measured tagged = run_single(shape, paper, 16, 0, 0, everyone);
    CHECK(tagged.formula.header_store_ns == 240);
    CHECK(tagged.latency_ns == 2120 + 240);
}

TEST_CASE("contention-free ATBM latency on the network equals the formula for random multicasts",
          "[min][network][latency]") {
    // Several (b, n), UNI and BI, the paper's timing with random start-up/routing/token times,
    // M random. Networks of at most 30 nodes have one-flit headers at 32-bit flits: there the
    // measured latency is the paper's sum itself. Buffers of 64 flits hold a branch's flits while
    // it waits for a token (at most 3*32/2 = 48 cycles here), so no branch holds back the tree's
    // stem and delays its siblings: the formula assumes they are independent. With buffers of one
    // header a waiting branch does stall its siblings, and the formula is a lower bound.
    // (b = 2, 4, 8 only: an odd group size makes t_token*g/2 half a cycle.)
    std::mt19937_64 rng(2120);
    const std::vector<std::pair<std::uint32_t, std::uint32_t>> sizes = {{2, 2}, {2, 4}, {4, 2},
                                                                        {2, 6}, {4, 3}, {8, 2}};
    int exact_paper = 0;
    for (const MinKind kind : {MinKind::Unidirectional, MinKind::Bidirectional})
        for (const auto& [b, n] : sizes) {
            const MinShape shape{kind, b, n};
            for (int trial = 0; trial < 6; ++trial) {
                AtbmTiming timing;
                timing.startup_ns = 20.0 * static_cast<double>(rng() % 40);
                timing.routing_ns = 20.0 * static_cast<double>(2 + rng() % 4);
                timing.token_passing_ns = 20.0 * static_cast<double>(1 + rng() % 3);
                timing.message_flits = static_cast<std::uint32_t>(8 + rng() % 60);
                const NodeId source = static_cast<NodeId>(rng() % shape.nodes());
                const std::vector<NodeId> destinations =
                    testing::random_destinations(shape.nodes(), source, rng);
                INFO(shape.name() << " trial " << trial << " source " << source << " "
                                  << destinations.size() << " destinations");
                const Measured m = run_single(shape, timing, 32, 64, source, destinations);
                CHECK(m.latency_ns == m.formula.latency_ns);
                // Bare 64-bit bit-strings: one header flit for every worm of these networks (at
                // most 64 nodes), unicasts included, so every run is the paper's sum itself.
                const Measured wide = run_single(shape, timing, 64, 64, source, destinations,
                                                 HeaderEncoding::BitString);
                CHECK(wide.formula.header_store_ns == 0);
                CHECK(wide.latency_ns == contention_free_latency_ns(timing,
                                                                    wide.formula.path_switches,
                                                                    wide.formula.token_wait_ns));
                const Measured small = run_single(shape, timing, 32, 0, source, destinations);
                CHECK(small.latency_ns >= m.formula.latency_ns);
                if (m.formula.header_store_ns == 0 && destinations.size() > 1) {
                    // One-flit bit-string headers: every flit of M streams, the paper's sum.
                    CHECK(m.latency_ns == contention_free_latency_ns(timing,
                                                                     m.formula.path_switches,
                                                                     m.formula.token_wait_ns));
                    ++exact_paper;
                }
            }
        }
    CHECK(exact_paper > 20);
}

TEST_CASE("wormcast reproduce atbm-example writes the paper's breakdown beside the run's",
          "[min][network][latency][reproduce]") {
    const auto dir = std::filesystem::temp_directory_path() /
                     ("wormcast_test_atbm_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto all = atbm::suite().experiments;
    const auto it = std::find_if(all.begin(), all.end(),
                                 [](const sim::Experiment& r) { return r.name == "atbm-example"; });
    REQUIRE(it != all.end());
    sim::ReproduceOptions options;
    options.out_dir = dir.string();
    std::ostringstream captured;
    auto* const old = std::cout.rdbuf(captured.rdbuf());
    const int code = it->run(options);
    std::cout.rdbuf(old);
    CHECK(code == 0);
    CHECK_THAT(
        captured.str(),
        Catch::Contains("total                                         2120            2120"));
    std::ifstream csv(dir / "atbm-example.csv");
    std::stringstream text;
    text << csv.rdbuf();
    CHECK(text.str() ==
          "component,paper_ns,wormcast_ns\nstartup,500,500\nrouting,180,180\ntoken,80,80\n"
          "transmission,1360,1360\ntotal,2120,2120\n\nflit_bits,header,header_flits,"
          "one_header_buffer,one_header_ns,full_rate_buffer,full_rate_ns,formula_ns\n"
          "64,bitstring,1,1,7160,5,2120,2120\n16,bitstring,4,4,2600,5,2300,2300\n"
          "16,tagged,5,5,2360,5,2360,2360\n");
    std::filesystem::remove_all(dir);
}
