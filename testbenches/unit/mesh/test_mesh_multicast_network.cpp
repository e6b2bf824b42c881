// Mesh multicast algorithms running in the NICs of the cycle-accurate network (Kesavan & Panda):
// start-up-only runs agree with the pure step model and give the paper's 64-node table cells;
// random multiple multicasts with real timing are delivered exactly once.
#include <catch2/catch.hpp>

#include <random>
#include <set>

#include <fmt/format.h>

#include "systemc/pure/StartupStepModel.hpp"
#include "testbenches/experiments/kp/KpRuns.hpp"
#include "testbenches/sim/PatternRun.hpp"
#include "topologies/mesh/MeshMulticastFirmware.hpp"
#include "topologies/mesh/MulticastWorkloads.hpp"

using namespace wormcast;
using namespace wormcast::mesh;

namespace {

const std::vector<MeshMulticastAlgorithm> kAlgorithms{
    MeshMulticastAlgorithm::Umesh, MeshMulticastAlgorithm::SpUmesh, MeshMulticastAlgorithm::Hl,
    MeshMulticastAlgorithm::Sqhl, MeshMulticastAlgorithm::Schl};

MeshMulticastConfig config_for(const std::string& size, MeshMulticastAlgorithm a) {
    MeshMulticastConfig c;
    c.shape = MeshShape::parse(size, false);
    c.algorithm = a;
    return c;
}

StepModelResult model_run(const MeshMulticastConfig& c,
                          const std::vector<MulticastRequest>& pattern) {
    return StartupStepModel(c.shape.nodes(),
                            [&](NodeId) -> std::unique_ptr<Firmware> {
                                return std::make_unique<MeshMulticastFirmware>(c);
                            })
        .run(pattern, false);
}

std::vector<MulticastRequest> numbered(std::vector<MulticastRequest> p) {
    for (std::size_t i = 0; i < p.size(); ++i) p[i].multicast = static_cast<std::uint32_t>(i);
    return p;
}

}  // namespace

TEST_CASE("start-up-only runs on the network give the paper's 64-node cells",
          "[mesh-multicast][network][tables]") {
    // S = D = 64 on the 8x8 mesh: every node multicasts to all others (Tables 1, 3, 4, 5, 6).
    std::vector<MulticastRequest> all;
    for (NodeId s = 0; s < 64; ++s) {
        MulticastRequest r;
        r.source = s;
        for (NodeId d = 0; d < 64; ++d)
            if (d != s) r.destinations.push_back(d);
        all.push_back(r);
    }
    all = numbered(all);
    const std::vector<std::pair<MeshMulticastAlgorithm, std::uint32_t>> cells{
        {MeshMulticastAlgorithm::Umesh, 198},   // Table 1, D = 64
        {MeshMulticastAlgorithm::SpUmesh, 63},  // Table 4, D = 64
        {MeshMulticastAlgorithm::Hl, 128},      // Table 3
        {MeshMulticastAlgorithm::Sqhl, 48},     // Table 5
        {MeshMulticastAlgorithm::Schl, 23},     // Table 6
    };
    for (const auto& [algorithm, paper] : cells) {
        const auto c = config_for("8x8", algorithm);
        const auto params = sim::startup_only_params(4);
        const auto r = kp::run_mesh_pattern(c, params, all);
        INFO(to_string(algorithm));
        REQUIRE(r.ok());
        REQUIRE(sim::startup_steps(r, params) == paper);
        REQUIRE(r.startups_max == paper);  // the busiest node works in every step
    }
}

TEST_CASE("start-up-only network runs agree with the pure step model on random patterns",
          "[mesh-multicast][network][property]") {
    // The same sends happen (the firmware decides them); the order in which a node serves
    // messages that reach it in the same step differs: by arrival cycle on the network, by
    // sender id in the model. That can move the total by a step either way, never more here.
    std::mt19937_64 rng(77);
    int checked = 0;
    for (const auto& size : {"8x8", "4x4x4"})
        for (auto algorithm : kAlgorithms)
            for (int trial = 0; trial < 3; ++trial) {
                const auto c = config_for(size, algorithm);
                const std::uint32_t n = c.shape.nodes();
                const std::uint32_t set = 4 + rng() % 20, sources = 1 + rng() % 12;
                auto pattern =
                    numbered(trial % 2 ? random_overlap_workload(n, sources, set, rng)
                                       : complete_overlap_workload(n, sources, set, rng));
                const auto params = sim::startup_only_params(2 * c.shape.dimensions());
                const auto r = kp::run_mesh_pattern(c, params, pattern);
                INFO(size << " " << to_string(algorithm) << " S=" << sources << " D=" << set);
                REQUIRE(r.ok());
                const auto model = model_run(c, pattern);
                std::uint64_t model_total = 0;
                for (auto x : model.startups_per_node) model_total += x;
                REQUIRE(r.startups_total == model_total);
                const auto steps = sim::startup_steps(r, params);
                REQUIRE(steps + 1 >= model.steps);
                REQUIRE(steps <= model.steps + 1);
                ++checked;
            }
    REQUIRE(checked == 30);
}

TEST_CASE("random multiple multicasts with real timing are delivered exactly once",
          "[mesh-multicast][network][property]") {
    // Each algorithm with 1, 4 and 2n consumption channels where it is deadlock-free with them
    // (all but SQHL and SCHL with 1, which need one channel per input direction; see
    // minimum_consumption_channels), several seeds each, short start-ups and 1-flit buffers to
    // load the network. A deadlock would stop the run with the watchdog's report.
    int runs = 0;
    for (const auto& size : {"8x8", "4x4x4"})
        for (auto algorithm : kAlgorithms) {
            const auto c = config_for(size, algorithm);
            const unsigned all_inputs = 2 * c.shape.dimensions();
            std::set<unsigned> channel_counts;
            for (unsigned channels : {1u, 4u, all_inputs})
                if (channels >= mesh::minimum_consumption_channels(algorithm, c.shape.dimensions()))
                    channel_counts.insert(channels);
            for (unsigned consumption : channel_counts)
                for (std::uint64_t seed : {5u, 6u, 7u}) {
                    std::mt19937_64 rng(seed);
                    NetworkParams p;  // Kesavan & Panda's timing at 5 ns
                    p.path_worms = true;
                    p.consumption_channels = consumption;
                    p.t_node = 4;
                    p.t_node_multidest = 8;
                    p.t_startup = 10;
                    p.buffer_depth = 1;
                    const std::uint32_t n = c.shape.nodes();
                    auto pattern = numbered(
                        seed % 2 ? random_overlap_workload(n, n, 1 + n / 3, rng, 20)
                                 : complete_overlap_workload(n, n / 2, n / 2 + 1, rng, 20));
                    const auto r = kp::run_mesh_pattern(c, p, pattern, seed);
                    INFO(size << " " << to_string(algorithm) << " consumption " << consumption
                              << " seed " << seed);
                    INFO(r.deadlock_report);
                    for (const auto& problem : r.problems) UNSCOPED_INFO(problem);
                    REQUIRE(r.ok());
                    REQUIRE(r.traffic.completed == pattern.size());
                    ++runs;
                }
        }
    // 8x8: 3 algorithms x {1, 4} + 2 x {4}; 4x4x4: 3 x {1, 4, 6} + 2 x {6}; 3 seeds each.
    REQUIRE(runs == 3 * (3 * 2 + 2 + 3 * 3 + 2));
}

TEST_CASE("too few consumption channels for an algorithm are refused with the reason",
          "[mesh-multicast][network]") {
    for (const auto& size : {"4x4", "3x3x3"})
        for (auto algorithm : kAlgorithms) {
            const auto c = config_for(size, algorithm);
            NetworkParams p;
            p.path_worms = true;
            const std::vector<MulticastRequest> one{{0, 0, {5, 10}, 4}};
            const unsigned needed =
                mesh::minimum_consumption_channels(algorithm, c.shape.dimensions());
            REQUIRE(needed == (algorithm == MeshMulticastAlgorithm::Sqhl ||
                                       algorithm == MeshMulticastAlgorithm::Schl
                                   ? 2 * c.shape.dimensions()
                                   : 1));
            p.consumption_channels = needed;
            REQUIRE(kp::run_mesh_pattern(c, p, one).ok());
            if (needed > 1) {
                p.consumption_channels = needed - 1;
                REQUIRE_THROWS_WITH(kp::run_mesh_pattern(c, p, one),
                                    Catch::Contains(fmt::format("at least {}", needed)));
            }
        }
}
