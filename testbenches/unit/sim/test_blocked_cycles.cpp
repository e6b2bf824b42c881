// Per-router blocked cycles (docs/results.md) on the committed scenario files of every family:
// the same count whether routers sleep while nothing changes (run.clocking activity) or are
// evaluated every cycle (always), on seeded runs below and past saturation and into a deadlock,
// where routers sleep with blocked worms until the run ends.
#include <catch2/catch.hpp>

#include <algorithm>

#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "testbenches/sim/Results.hpp"
#include "testbenches/sim/Scenario.hpp"

using namespace wormcast;

namespace {

struct Counted {
    sim::RunResult result;
    std::vector<std::uint64_t> blocked;  ///< per router
    std::uint64_t total = 0;
};

Counted run_file(const std::string& name, std::vector<std::string> sets,
                 const std::string& clocking) {
    sets.push_back("run.clocking=" + clocking);
    const sim::Scenario s = sim::load_scenario(
        std::string(WORMCAST_SOURCE_DIR) + "/testbenches/scenarios/" + name, sets);
    Counted c{sim::run_network(s.network(), s.params, s.schedule(), s.run), {}, 0};
    for (const auto& counts : c.result.router_counts) {
        REQUIRE(counts.blocked_cycles.has_value());
        c.blocked.push_back(*counts.blocked_cycles);
        c.total += *counts.blocked_cycles;
    }
    return c;
}

}  // namespace

TEST_CASE("blocked cycles per router are the same under activity and every-cycle clocking",
          "[scenario][blocked]") {
    enum class Load { Moderate, Saturated };
    struct Case {
        std::string file;
        std::vector<std::string> sets;
        Load load = Load::Moderate;
    };
    const std::vector<std::string> short_run{"traffic.warmup=300", "traffic.measure=1500"};
    auto with = [&](std::vector<std::string> sets) {
        sets.insert(sets.end(), short_run.begin(), short_run.end());
        return sets;
    };
    const std::vector<Case> cases{
        {"demo.yaml", with({"traffic.load=0.3"})},               // mesh, unicasts
        {"mesh-hl.yaml", with({"traffic.load=0.1"})},            // path worms
        {"min-uni.yaml", with({"traffic.load=0.1"})},            // ATBM tree worms
        {"min-bi.yaml", with({"traffic.load=0.1"})},             // turnaround, adaptive
        {"star-multipath.yaml", with({"traffic.load=0.05"})},    // star graph
        {"irregular-lattice.yaml", with({"traffic.load=0.1"})},  // up*/down*, SPAM
        {"torus-broadcast.yaml", {}},                            // collective, all at once
        // Past saturation: the run stops at the end of the measured window with the network
        // full, routers asleep on blocked worms.
        {"demo.yaml", with({"traffic.load=0.8", "run.stop_when_saturated=true"}), Load::Saturated},
        // A deadlock (waves/README.md, --deadlock-dot): blocked until the watchdog stops it.
        {"min-uni.yaml",
         with({"network.tokens=none", "router.buffer_depth=1", "traffic.load=0.2",
               "traffic.multicast_ratio=0.6", "run.watchdog_cycles=2000"}),
         Load::Saturated},
    };
    // The share of router-cycles that were blocked, lowest past saturation and highest at the
    // moderate load of the demo.
    double saturated_rate = 1, moderate_rate = 0;
    for (const Case& c : cases)
        for (std::uint64_t seed : {1u, 2u}) {
            std::vector<std::string> sets = c.sets;
            sets.push_back(fmt::format("run.seed={}", seed));
            INFO(c.file << " " << fmt::format("{}", fmt::join(sets, " ")));
            const Counted activity = run_file(c.file, sets, "activity");
            const Counted always = run_file(c.file, sets, "always");
            REQUIRE(activity.result.cycles == always.result.cycles);
            REQUIRE(activity.result.link_flits == always.result.link_flits);
            REQUIRE(activity.result.deadlock == always.result.deadlock);
            INFO("blocked " << activity.total << " / " << always.total << " in "
                            << activity.result.cycles << " cycles");
            REQUIRE(activity.blocked == always.blocked);
            // A router is blocked at most once a cycle.
            for (auto b : activity.blocked) REQUIRE(b <= activity.result.cycles);
            const double rate =
                static_cast<double>(activity.total) /
                static_cast<double>(activity.blocked.size() * activity.result.cycles);
            if (c.load == Load::Saturated) saturated_rate = std::min(saturated_rate, rate);
            if (c.file == "demo.yaml" && c.load == Load::Moderate)
                moderate_rate = std::max(moderate_rate, rate);
        }
    // Past saturation and in a deadlock routers are blocked in a larger share of their cycles
    // (measured: 0.75-0.85 of them, against 0.40-0.52 at the demo's load of 0.3).
    REQUIRE(moderate_rate > 0);
    REQUIRE(saturated_rate > moderate_rate + 0.1);
}

TEST_CASE("the results JSON lists each router's blocked cycles and their sum",
          "[scenario][blocked]") {
    const std::vector<std::string> sets{"traffic.warmup=300", "traffic.measure=1000",
                                        "traffic.load=0.4"};
    const sim::Scenario s = sim::load_scenario(
        std::string(WORMCAST_SOURCE_DIR) + "/testbenches/scenarios/demo.yaml", sets);
    const sim::RunResult r = sim::run_network(s.network(), s.params, s.schedule(), s.run);
    const nlohmann::json j = sim::results_json(r, s);
    std::uint64_t sum = 0;
    REQUIRE(j["per_router"].size() == 16);
    for (std::size_t i = 0; i < j["per_router"].size(); ++i) {
        const auto& router = j["per_router"][i];
        REQUIRE(router["blocked_cycles"].get<std::uint64_t>() ==
                *r.router_counts[i].blocked_cycles);
        sum += router["blocked_cycles"].get<std::uint64_t>();
    }
    REQUIRE(sum > 0);
    REQUIRE(j["blocked_cycles"].get<std::uint64_t>() == sum);
}
