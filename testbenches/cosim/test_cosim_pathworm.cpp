// Co-simulation of the RTL router with multidestination path worms (issue 6, rtl/wc_router.sv with
// PATH_WORMS = 1) against the SystemC Router on a 4x4 mesh: seeded random multicasts through the
// HL, SQHL and SCHL firmware (path worms with destination lists of several header flits,
// absorb-and-forward, bubbles) mixed with unicasts, every link compared in every cycle.
#include <catch2/catch.hpp>

#include <random>
#include <set>

#include <fmt/format.h>

#include "systemc/Flit.hpp"
#include "testbenches/cosim/LockStep.hpp"
#include "testbenches/cosim/MeshRtlCases.hpp"
#include "topologies/mesh/MeshMulticastFirmware.hpp"
#include "topologies/mesh/network/MeshNetwork.hpp"

using namespace wormcast;
using namespace wormcast::cosim;
using namespace wormcast::rtl;

namespace {

const mesh::MeshShape& mesh4x4() {
    static const mesh::MeshShape shape = mesh::MeshShape::parse("4x4", false);
    return shape;
}

/// `count` requests at random cycles below `span` from random sources: a third unicasts, the
/// others multicasts to 2..8 distinct random nodes other than the source.
std::vector<ScheduledSend> random_multicasts(std::size_t count, Cycle span, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    const std::uint32_t nodes = mesh4x4().nodes();
    std::vector<ScheduledSend> sends;
    for (std::size_t i = 0; i < count; ++i) {
        ScheduledSend s;
        s.at = rng() % span;
        s.source = static_cast<NodeId>(rng() % nodes);
        const std::size_t fanout = rng() % 3 == 0 ? 1 : 2 + rng() % 7;
        std::set<NodeId> chosen;
        while (chosen.size() < fanout) {
            const auto d = static_cast<NodeId>(rng() % nodes);
            if (d != s.source) chosen.insert(d);
        }
        s.destinations.assign(chosen.begin(), chosen.end());
        std::shuffle(s.destinations.begin(), s.destinations.end(), rng);
        s.length = 1 + static_cast<std::uint32_t>(rng() % 6);
        sends.push_back(std::move(s));
    }
    std::sort(sends.begin(), sends.end(), [](const ScheduledSend& a, const ScheduledSend& b) {
        return std::tie(a.at, a.source) < std::tie(b.at, b.source);
    });
    return sends;
}

NetworkSpec multicast_spec(const NetworkParams& p, mesh::MeshMulticastAlgorithm algorithm,
                           std::function<bool(NodeId)> use_rtl) {
    NetworkSpec spec = mesh::build_mesh_network(mesh4x4(), p);
    mesh::MeshMulticastConfig config;
    config.shape = mesh4x4();
    config.algorithm = algorithm;
    spec.firmware = [config](NodeId) {
        return std::make_unique<mesh::MeshMulticastFirmware>(config);
    };
    if (use_rtl) spec.router_factory = mesh_rtl_factory(mesh4x4(), p, std::move(use_rtl));
    return spec;
}

/// What the reference run's links carried: path-worm heads, how many of them still had several
/// destinations (they split at their next one), heads of more than one flit, and bubbles.
struct Coverage {
    std::size_t list_heads = 0;
    std::size_t multi_destination_heads = 0;
    std::size_t multi_flit_heads = 0;
    std::size_t bubbles = 0;
};

Coverage coverage(const LinkTrace& trace, const NetworkParams& p) {
    const HeaderFormat format{p.flit_width, mesh4x4().nodes()};
    Coverage c;
    for (const auto& sample : trace.samples) {
        if (!sample.valid) continue;
        const Flit& f = sample.flit;
        if (f.is_bubble()) ++c.bubbles;
        if (!f.is_head() || header_kind(f.data, format) != HeaderKind::DestList) continue;
        ++c.list_heads;
        if (((f.data >> 2) & ((1u << format.address_bits()) - 1)) > 0) ++c.multi_destination_heads;
        if (header_flits_from_first(f.data, format) > 1) ++c.multi_flit_heads;
    }
    return c;
}

}  // namespace

TEST_CASE("path worms: the RTL routers are in lock step with the SystemC routers on a 4x4 mesh",
          "[cosim][lockstep][pathworm]") {
    int runs = 0;
    for (const auto& model : mesh_rtl_cases()) {
        if (!model.params.path_worms) continue;
        const NetworkParams p = model.params;
        // HL needs one consumption channel; SQHL and SCHL one per input direction.
        std::vector<mesh::MeshMulticastAlgorithm> algorithms{mesh::MeshMulticastAlgorithm::Hl};
        if (p.consumption_channels >= 4) {
            algorithms.push_back(mesh::MeshMulticastAlgorithm::Sqhl);
            algorithms.push_back(mesh::MeshMulticastAlgorithm::Schl);
        }
        std::size_t multi_flit_heads = 0;
        for (const auto algorithm : algorithms)
            for (const std::uint64_t seed : {1u, 2u, 3u}) {
                const auto sends = random_multicasts(60, 250, seed * 101 + model.params.vcs);
                INFO("model " << model.name << " (" << model.describe() << "), "
                              << mesh::to_string(algorithm) << ", seed " << seed << ", "
                              << sends.size() << " requests");
                LockStepResult reference =
                    run_lockstep(multicast_spec(p, algorithm, nullptr), p, sends, nullptr);
                for (const auto& problem : reference.problems) UNSCOPED_INFO(problem);
                REQUIRE(reference.quiet);
                REQUIRE(reference.problems.empty());
                // Half the routers RTL for one seed (RTL and SystemC routers facing each other).
                std::function<bool(NodeId)> use_rtl = [](NodeId) { return true; };
                std::size_t expected_rtl = 16;
                if (seed == 2) {
                    use_rtl = [](NodeId n) { return ((n % 4) + (n / 4)) % 2 == 0; };
                    expected_rtl = 8;
                }
                const LockStepResult rtl =
                    run_lockstep(multicast_spec(p, algorithm, use_rtl), p, sends, &reference.trace);
                INFO(rtl.mismatch);
                for (const auto& problem : rtl.problems) UNSCOPED_INFO(problem);
                REQUIRE(rtl.drop_in_routers == expected_rtl);
                REQUIRE(rtl.mismatch.empty());
                REQUIRE(rtl.quiet);
                REQUIRE(rtl.problems.empty());
                REQUIRE(rtl.cycles == reference.cycles);
                REQUIRE(rtl.arrivals == reference.arrivals);
                // The traffic exercised what the RTL adds: path worms that split at a destination,
                // bubbles, and (over the seeds) headers of several flits.
                const Coverage c = coverage(reference.trace, p);
                INFO("path-worm heads " << c.list_heads << ", with several destinations "
                                        << c.multi_destination_heads << ", of several flits "
                                        << c.multi_flit_heads << ", bubbles " << c.bubbles);
                REQUIRE(c.multi_destination_heads > 20);
                REQUIRE(c.bubbles > 0);
                multi_flit_heads += c.multi_flit_heads;
                ++runs;
            }
        INFO("model " << model.name);
        REQUIRE(multi_flit_heads > 10);
    }
    REQUIRE(runs >= 3 * 4);  // p1d1 (HL) and p2d2c4 (HL, SQHL, SCHL), 3 seeds each
}
