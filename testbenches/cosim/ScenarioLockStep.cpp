// Lock step of a scenario file (see ScenarioLockStep.hpp).
#include "testbenches/cosim/ScenarioLockStep.hpp"

#include <catch2/catch.hpp>

#include <fmt/format.h>

#include "testbenches/cosim/LockStep.hpp"
#include "testbenches/sim/Scenario.hpp"

namespace wormcast::cosim {

std::string scenario_path(const std::string& name) {
    return std::string(WORMCAST_SOURCE_DIR) + "/testbenches/scenarios/" + name;
}

std::size_t lockstep_scenario(const std::string& file, std::vector<std::string> sets,
                              const std::string& model, std::size_t min_multicasts) {
    sets.push_back("network.rtl=none");
    const sim::Scenario reference_scenario = sim::load_scenario(scenario_path(file), sets);
    sets.back() = "network.rtl=all";
    const sim::Scenario rtl_scenario = sim::load_scenario(scenario_path(file), sets);
    if (!model.empty()) REQUIRE_THAT(rtl_scenario.rtl_model(), Catch::Contains(model));
    const auto sends = reference_scenario.schedule();
    std::size_t multicasts = 0;
    for (const auto& s : sends) multicasts += s.destinations.size() > 1 ? 1 : 0;
    INFO(file << " " << fmt::format("{}", fmt::join(sets, " ")) << ": " << sends.size()
              << " messages, " << multicasts << " multicasts, model " << rtl_scenario.rtl_model());
    REQUIRE(multicasts >= min_multicasts);
    const LockStepResult reference =
        run_lockstep(reference_scenario.network(), reference_scenario.params, sends, nullptr);
    for (const auto& problem : reference.problems) UNSCOPED_INFO(problem);
    REQUIRE(reference.quiet);
    REQUIRE(reference.problems.empty());
    const LockStepResult rtl =
        run_lockstep(rtl_scenario.network(), rtl_scenario.params, sends, &reference.trace);
    INFO(rtl.mismatch);
    REQUIRE(rtl.drop_in_routers == rtl_scenario.topology->routers());
    REQUIRE(rtl.mismatch.empty());
    REQUIRE(rtl.quiet);
    REQUIRE(rtl.problems.empty());
    REQUIRE(rtl.cycles == reference.cycles);
    REQUIRE(rtl.arrivals == reference.arrivals);
    // The RTL token stops' statistics counters against the SystemC ring's.
    REQUIRE(rtl.tokens.grants == reference.tokens.grants);
    REQUIRE(rtl.tokens.wait_cycles == reference.tokens.wait_cycles);
    return multicasts;
}

void require_same_results(const nlohmann::json& rtl, const nlohmann::json& reference) {
    for (const char* key :
         {"cycles", "messages_sent", "measured_multicasts", "completed_multicasts",
          "latency_cycles", "latency_with_queueing_cycles", "accepted_flits_per_node_cycle",
          "link_utilisation_mean", "link_utilisation_max", "flits_injected", "flits_consumed",
          "bubbles", "token_grants", "token_wait_cycles", "drained", "deadlock", "problems",
          "ok"}) {
        INFO(key);
        REQUIRE(rtl[key] == reference[key]);
    }
}

}  // namespace wormcast::cosim
