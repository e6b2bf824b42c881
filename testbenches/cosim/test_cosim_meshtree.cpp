// Co-simulation of the RTL router with e-cube tree worms (rtl/wc_router.sv with TREE_WORMS = 1)
// against the SystemC Router on a 4x4 mesh: seeded random tree multicasts (bit-string headers of
// several flits, replication to up to five branches with masked headers, bubbles) mixed with
// unicasts, all routers RTL or RTL and SystemC routers side by side, every link compared in every
// cycle with the all-SystemC run.
#include <catch2/catch.hpp>

#include <map>
#include <random>
#include <regex>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "systemc/Flit.hpp"
#include "testbenches/cosim/LockStep.hpp"
#include "testbenches/cosim/MeshRtlCases.hpp"
#include "topologies/mesh/MeshTreeFirmware.hpp"
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
/// others multicasts to 2..`max_fanout` distinct random nodes other than the source.
std::vector<ScheduledSend> random_requests(std::size_t count, Cycle span, std::size_t max_fanout,
                                           std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    const std::uint32_t nodes = mesh4x4().nodes();
    std::vector<ScheduledSend> sends;
    for (std::size_t i = 0; i < count; ++i) {
        ScheduledSend s;
        s.at = rng() % span;
        s.source = static_cast<NodeId>(rng() % nodes);
        const std::size_t fanout = rng() % 3 == 0 ? 1 : 2 + rng() % (max_fanout - 1);
        std::set<NodeId> chosen;
        while (chosen.size() < fanout) {
            const auto d = static_cast<NodeId>(rng() % nodes);
            if (d != s.source) chosen.insert(d);
        }
        s.destinations.assign(chosen.begin(), chosen.end());
        s.length = 1 + static_cast<std::uint32_t>(rng() % 6);
        sends.push_back(std::move(s));
    }
    std::sort(sends.begin(), sends.end(), [](const ScheduledSend& a, const ScheduledSend& b) {
        return std::tie(a.at, a.source) < std::tie(b.at, b.source);
    });
    return sends;
}

NetworkSpec tree_spec(const NetworkParams& p, std::function<bool(NodeId)> use_rtl) {
    NetworkSpec spec = mesh::build_mesh_network(mesh4x4(), p);
    spec.firmware = [](NodeId) { return std::make_unique<mesh::MeshTreeFirmware>(mesh4x4()); };
    if (use_rtl) spec.router_factory = mesh_rtl_factory(mesh4x4(), p, std::move(use_rtl));
    return spec;
}

/// What the reference run's links carried: bit-string heads, those of several flits, splits (a
/// router sending the head of one tree worm across its switch to two or more outputs in one
/// cycle, which the atomic replication does when a worm branches there), the widest split, and
/// bubbles.
struct Coverage {
    std::size_t tree_heads = 0;
    std::size_t multi_flit_heads = 0;
    std::size_t splits = 0;
    std::size_t widest_split = 0;
    std::size_t splits_with_consumption = 0;  ///< a copy delivered here and the worm going on
    std::size_t bubbles = 0;
};

/// The router driving a link's flits ("1,2"), or "" for a NIC.
std::string driving_router(const LinkDrivers& link) {
    static const std::regex between(R"(router r(\d+)_(\d+) output \d+)");
    static const std::regex to_nic(R"(router of node (\S+) \(its consumption output \d+\))");
    std::smatch m;
    if (std::regex_match(link.forward, m, between)) return m[1].str() + "," + m[2].str();
    if (std::regex_match(link.forward, m, to_nic)) return m[1].str();
    return "";
}

Coverage coverage(const LinkTrace& trace, const NetworkParams& p) {
    const HeaderFormat format{p.flit_width, mesh4x4().nodes()};
    std::vector<std::string> router(trace.links.size());
    std::vector<bool> to_nic(trace.links.size());
    for (std::size_t l = 0; l < trace.links.size(); ++l) {
        router[l] = driving_router(trace.links[l]);
        to_nic[l] = trace.links[l].forward.find("consumption") != std::string::npos;
    }
    // (cycle the head crossed the switch, router, message tag) -> outputs that carried it, and
    // how many of them go to the node's NIC. A head seen on a link in cycle c crossed in
    // c - t_sw - (t_cons towards the NIC, t_phy otherwise).
    std::map<std::tuple<Cycle, std::string, std::uint32_t>, std::pair<std::size_t, std::size_t>>
        heads;
    Coverage c;
    for (Cycle cycle = 0; cycle < trace.cycles(); ++cycle)
        for (std::size_t l = 0; l < trace.links.size(); ++l) {
            const LinkSample& sample = trace.samples[cycle * trace.links.size() + l];
            if (!sample.valid) continue;
            const Flit& f = sample.flit;
            if (f.is_bubble()) ++c.bubbles;
            if (!f.is_head() || header_kind(f.data, format) != HeaderKind::BitString) continue;
            ++c.tree_heads;
            if (header_flits_from_first(f.data, format) > 1) ++c.multi_flit_heads;
            if (router[l].empty()) continue;
            const Cycle crossed = cycle - p.t_sw - (to_nic[l] ? p.t_cons : p.t_phy);
            auto& h = heads[{crossed, router[l], f.message}];
            ++h.first;
            h.second += to_nic[l] ? 1 : 0;
        }
    for (const auto& [key, h] : heads)
        if (h.first >= 2) {
            ++c.splits;
            c.widest_split = std::max(c.widest_split, h.first);
            c.splits_with_consumption += h.second > 0 ? 1 : 0;
        }
    return c;
}

}  // namespace

TEST_CASE("tree worms: the RTL routers are in lock step with the SystemC routers on a 4x4 mesh",
          "[cosim][lockstep][meshtree]") {
    // About one request every 100 cycles. XY trees are not deadlock-free
    // (docs/multicast-hardware.md): with one consumption channel and 1-flit buffers (p1d1) some
    // seeds end in a deadlock of two trees (seed 12 here). Such a run is compared cycle for cycle
    // up to the cycle the reference's watchdog stopped it; most runs must drain.
    int runs = 0;
    int drained = 0;
    for (const auto& model : mesh_rtl_cases()) {
        if (!model.params.tree_worms) continue;
        NetworkParams p = model.params;
        REQUIRE(p.tree_worms);
        p.watchdog_cycles = 1000;
        Coverage total;
        for (const std::uint64_t seed : {1u, 2u, 3u, 4u, 5u, 12u}) {
            const auto sends = random_requests(30, 3000, 8, seed * 7919 + model.params.vcs);
            INFO("model " << model.name << " (" << model.describe() << "), seed " << seed << ", "
                          << sends.size() << " requests");
            const LockStepResult reference =
                run_lockstep(tree_spec(p, nullptr), p, sends, nullptr, 20000);
            for (const auto& problem : reference.problems) UNSCOPED_INFO(problem);
            // Seed 2: a checkerboard of RTL and SystemC routers; seed 3: a seeded random half;
            // otherwise every router RTL.
            std::function<bool(NodeId)> use_rtl = [](NodeId) { return true; };
            std::size_t expected_rtl = 16;
            if (seed == 2) {
                use_rtl = [](NodeId n) { return ((n % 4) + (n / 4)) % 2 == 0; };
                expected_rtl = 8;
            } else if (seed == 3) {
                std::mt19937_64 pick(seed);
                std::vector<bool> chosen(16, false);
                expected_rtl = 0;
                for (NodeId n = 0; n < 16; ++n) {
                    chosen[n] = pick() % 2 == 0;
                    expected_rtl += chosen[n] ? 1 : 0;
                }
                use_rtl = [chosen](NodeId n) { return chosen[n]; };
            }
            // A drained reference: the RTL run must drain at the same cycle. A deadlocked one:
            // the RTL run ends where the reference's watchdog stopped it (its own watchdog counts
            // progress when flits leave the output registers, a few cycles after the SystemC
            // router counts them, so it would fire a little later).
            const LockStepResult rtl =
                run_lockstep(tree_spec(p, use_rtl), p, sends, &reference.trace, 20000,
                             reference.quiet ? 0 : reference.cycles);
            INFO(rtl.mismatch);
            for (const auto& problem : rtl.problems) UNSCOPED_INFO(problem);
            REQUIRE(rtl.drop_in_routers == expected_rtl);
            REQUIRE(rtl.mismatch.empty());
            REQUIRE(rtl.cycles == reference.cycles);
            REQUIRE(rtl.arrivals == reference.arrivals);
            REQUIRE(rtl.quiet == reference.quiet);
            if (reference.quiet) {
                REQUIRE(reference.problems.empty());
                REQUIRE(rtl.problems.empty());
                ++drained;
            } else {
                // Stopped by the watchdog, with nothing delivered twice or corrupted.
                REQUIRE(reference.problems.size() == 1);
                REQUIRE_THAT(reference.problems.front(),
                             Catch::StartsWith("deadlock:") && Catch::Contains("wait-for cycle"));
                for (const auto& problem : rtl.problems)
                    REQUIRE_THAT(problem, Catch::StartsWith("deadlock:"));
            }
            const Coverage c = coverage(reference.trace, p);
            INFO("tree heads " << c.tree_heads << ", of several flits " << c.multi_flit_heads
                               << ", splits " << c.splits << " (widest " << c.widest_split
                               << ", with a local copy " << c.splits_with_consumption
                               << "), bubbles " << c.bubbles);
            // Every bit-string of these configurations spans several flits (2 + 16 bits).
            REQUIRE(c.tree_heads > 50);
            REQUIRE(c.multi_flit_heads == c.tree_heads);
            REQUIRE(c.splits > 20);
            total.splits += c.splits;
            total.splits_with_consumption += c.splits_with_consumption;
            total.widest_split = std::max(total.widest_split, c.widest_split);
            total.bubbles += c.bubbles;
            ++runs;
        }
        INFO("model " << model.name << ": splits " << total.splits << ", widest "
                      << total.widest_split << ", with a local copy "
                      << total.splits_with_consumption << ", bubbles " << total.bubbles);
        REQUIRE(total.widest_split >= 3);
        REQUIRE(total.splits_with_consumption > 10);
        REQUIRE(total.bubbles > 0);
    }
    REQUIRE(runs == 2 * 6);  // p1d1 and p2d2c4, 6 seeds each
    INFO(drained << " of " << runs << " runs drained");
    REQUIRE(drained >= 10);
}

TEST_CASE("tree worms: the watchdog also catches a deadlock whose flits all sit in RTL routers",
          "[cosim][meshtree][watchdog]") {
    // Seed 12 of the test above deadlocks two trees on p1d1. With every router RTL the stuck
    // flits are inside verilated routers, which the wrapper counts from what entered their input
    // buffers and the credits they returned (ActivityMonitor::flits_in_rtl_buffers); the run on
    // its own (not cut at the reference's stop) must end in the watchdog's report too, a little
    // after the all-SystemC run's, long before the drain limit.
    const MeshRtlCase* model = nullptr;
    for (const auto& m : mesh_rtl_cases())
        if (m.name == "p1d1") model = &m;
    REQUIRE(model != nullptr);
    NetworkParams p = model->params;
    p.watchdog_cycles = 1000;
    const auto sends = random_requests(30, 3000, 8, 12 * 7919 + model->params.vcs);
    const LockStepResult reference = run_lockstep(tree_spec(p, nullptr), p, sends, nullptr, 20000);
    REQUIRE_FALSE(reference.quiet);
    REQUIRE(reference.problems.size() == 1);
    REQUIRE_THAT(reference.problems.front(), Catch::StartsWith("deadlock:"));

    const LockStepResult rtl =
        run_lockstep(tree_spec(p, [](NodeId) { return true; }), p, sends, nullptr, 20000);
    for (const auto& problem : rtl.problems) UNSCOPED_INFO(problem);
    INFO("reference stopped in cycle " << reference.cycles << ", the RTL run in cycle "
                                       << rtl.cycles);
    REQUIRE(rtl.drop_in_routers == 16);
    REQUIRE_FALSE(rtl.quiet);
    REQUIRE(rtl.problems.size() == 1);
    REQUIRE_THAT(rtl.problems.front(), Catch::StartsWith("deadlock:") &&
                                           Catch::Contains("in RTL routers' input buffers"));
    REQUIRE(rtl.cycles >= reference.cycles);
    REQUIRE(rtl.cycles <= reference.cycles + p.watchdog_cycles);
    REQUIRE(rtl.arrivals == reference.arrivals);
}
