// RTL for any configuration (docs/rtl.md, "RTL on demand"): seeded random router parameter sets on
// random networks of every family, each verilated on first use, in lock step with the all-SystemC
// network on every link in every cycle. CI draws one of each family (WORMCAST_RTL_DRAWS, default 4,
// from WORMCAST_RTL_SEED, default 2026); `WORMCAST_RTL_DRAWS=40 build/wormcast_cosim_tests
// "[random]"` draws many more (docs/rtl.md).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "testbenches/cosim/LockStep.hpp"
#include "testbenches/cosim/ScenarioLockStep.hpp"
#include "testbenches/sim/Scenario.hpp"

using namespace wormcast;
using namespace wormcast::cosim;

namespace {

std::uint64_t env_number(const char* name, std::uint64_t fallback) {
    const char* text = std::getenv(name);
    if (!text || !*text) return fallback;
    return std::strtoull(text, nullptr, 10);
}

struct Draw {
    std::string file;
    std::vector<std::string> sets;
    std::string family;
};

/// A random network of family `family` (0 meshes and tori, 1 MINs, 2 irregular networks, 3 the
/// star graph) and a random router parameter set for it.
Draw draw_network(std::mt19937_64& rng, unsigned family) {
    const auto pick = [&rng](unsigned lo, unsigned hi) {
        return lo + static_cast<unsigned>(rng() % (hi - lo + 1));
    };
    Draw d;
    // The router keys every family draws from: VCs 1-4, depth 1-8, flit width 16-64 (above 32
    // the packed flit on the RTL ports is wider than 64 bits), pipeline timings 1-4 cycles.
    const unsigned vcs = pick(1, 4);
    d.sets = {fmt::format("router.vcs={}", vcs),
              fmt::format("router.buffer_depth={}", pick(1, 8)),
              fmt::format("flit_width={}", pick(16, 64)),
              fmt::format("router.t_node={}", pick(1, 4)),
              fmt::format("router.t_sw={}", pick(1, 4)),
              fmt::format("router.t_phy={}", pick(1, 4)),
              fmt::format("nic.t_inj={}", pick(1, 4)),
              fmt::format("nic.t_cons={}", pick(1, 4)),
              "traffic.warmup=0",
              "traffic.measure=600",
              fmt::format("run.seed={}", rng() % 1000)};
    const unsigned multidest = pick(1, 4);
    switch (family % 4) {
        case 0: {  // a mesh or torus, unicast or with path or tree worms
            d.file = "demo.yaml";
            const unsigned x = pick(2, 5), y = pick(2, 5);
            const bool torus = vcs >= 2 && rng() % 3 == 0;
            d.family = fmt::format("{} {}x{}", torus ? "torus" : "mesh", x, y);
            d.sets.push_back(fmt::format("network.topology={}", torus ? "torus" : "mesh"));
            d.sets.push_back(fmt::format("network.size={}x{}", x, y));
            d.sets.push_back(fmt::format("traffic.length={}", pick(1, 12)));
            d.sets.push_back("traffic.load=0.08");
            const unsigned worms = torus ? 0 : pick(0, 2);
            if (worms > 0) {
                d.sets.push_back(fmt::format("router.t_node_multidest={}", multidest));
                d.sets.push_back("traffic.multicast_ratio=0.2");
                d.sets.push_back(
                    fmt::format("traffic.multicast_destinations=2..{}", std::min(6u, x * y - 1)));
            }
            if (worms == 1) {
                d.family += ", path worms";
                d.sets.push_back("router.path_worms=true");
                d.sets.push_back("nic.multicast=umesh");
            } else if (worms == 2) {
                d.family += ", tree worms";
                d.sets.push_back("router.tree_worms=true");
                d.sets.push_back("nic.multicast=tree");
            }
            break;
        }
        case 1: {  // a UNI- or BI-MIN with ATBM tree worms and token rings
            const bool bi = rng() % 2 == 0;
            d.file = bi ? "min-bi-rtl.yaml" : "min-uni-rtl.yaml";
            d.family = bi ? "BI-MIN b=2 n=4" : "UNI-MIN b=4 n=2";
            d.sets.push_back(fmt::format("router.t_node_multidest={}", multidest));
            d.sets.push_back(fmt::format("network.token_pass={}", pick(1, 3)));
            break;
        }
        case 2: {  // an irregular network, up*/down* and SPAM, static or adaptive
            d.file = "irregular-lattice.yaml";
            const unsigned switches = pick(8, 16);
            const bool adaptive = rng() % 2 == 0;
            d.family = fmt::format("irregular, {} switches, {}", switches,
                                   adaptive ? "adaptive" : "static");
            d.sets.push_back(fmt::format("network.switches={}", switches));
            d.sets.push_back(fmt::format("network.seed={}", pick(1, 50)));
            d.sets.push_back(fmt::format("network.selection={}", adaptive ? "adaptive" : "static"));
            d.sets.push_back(fmt::format("router.t_node_multidest={}", multidest));
            d.sets.push_back(fmt::format("traffic.multicast_destinations=2..{}", switches - 1));
            d.sets.push_back("traffic.load=0.1");
            d.sets.push_back("traffic.length=8");
            d.sets.push_back("traffic.multicast_ratio=0.2");
            break;
        }
        default: {  // the 4-star with path worms and two consumption channels
            d.file = "star-two-phase.yaml";
            static const char* schemes[] = {"two-phase", "multipath", "dual-path", "unicast"};
            const char* scheme = schemes[rng() % 4];
            d.family = fmt::format("4-star, {}", scheme);
            d.sets.push_back(fmt::format("nic.multicast={}", scheme));
            d.sets.push_back(fmt::format("router.t_node_multidest={}", multidest));
            d.sets.push_back("traffic.load=0.05");
            d.sets.push_back("traffic.multicast_ratio=0.3");
            d.sets.push_back("nic.t_startup=10");
            d.sets.push_back("nic.t_receive=10");
            break;
        }
    }
    return d;
}

}  // namespace

TEST_CASE(
    "random router parameter sets on random networks of every family: RTL verilated on first use "
    "is in lock step with SystemC",
    "[cosim][random]") {
    const std::uint64_t draws = env_number("WORMCAST_RTL_DRAWS", 4);
    const std::uint64_t seed = env_number("WORMCAST_RTL_SEED", 2026);
    std::mt19937_64 rng(seed);
    for (std::uint64_t i = 0; i < draws; ++i) {
        // The families in turn, so that any four draws cover them all.
        Draw d = draw_network(rng, static_cast<unsigned>(i % 4));
        INFO("draw " << i << " of seed " << seed << ": " << d.family << ", " << d.file << " "
                     << fmt::format("{}", fmt::join(d.sets, " ")));
        d.sets.push_back("network.rtl=none");
        const sim::Scenario reference_scenario = sim::load_scenario(scenario_path(d.file), d.sets);
        d.sets.back() = "network.rtl=all";
        const sim::Scenario rtl_scenario = sim::load_scenario(scenario_path(d.file), d.sets);
        INFO("RTL: " << rtl_scenario.rtl_model());
        const auto sends = reference_scenario.schedule();
        const LockStepResult reference = run_lockstep(
            reference_scenario.network(), reference_scenario.params, sends, nullptr, 20000);
        // A parameter set can deadlock a network (tree worms, shallow buffers): the RTL must then
        // do exactly the same up to the cycle the reference stopped in.
        const LockStepResult rtl =
            run_lockstep(rtl_scenario.network(), rtl_scenario.params, sends, &reference.trace,
                         20000, reference.quiet ? 0 : reference.cycles);
        INFO(rtl.mismatch);
        for (const auto& p : reference.problems) UNSCOPED_INFO("reference: " << p);
        REQUIRE(rtl.drop_in_routers == rtl_scenario.topology->routers());
        REQUIRE(rtl.mismatch.empty());
        REQUIRE(rtl.cycles == reference.cycles);
        REQUIRE(rtl.arrivals == reference.arrivals);
        REQUIRE(rtl.quiet == reference.quiet);
        REQUIRE(rtl.tokens.grants == reference.tokens.grants);
        REQUIRE(rtl.tokens.wait_cycles == reference.tokens.wait_cycles);
        REQUIRE(reference.messages > 0);
    }
}
