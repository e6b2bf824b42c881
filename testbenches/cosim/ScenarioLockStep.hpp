// Lock step of a committed scenario file (testbenches/scenarios/) for the co-simulation tests:
// the network all in SystemC, then with every router in RTL, compared link by link every cycle;
// and the comparison of two runs' results JSON. Catch2 assertions: include from tests only.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace wormcast::cosim {

/// testbenches/scenarios/NAME in the source tree.
std::string scenario_path(const std::string& name);

/// Loads FILE with `sets` (scenario keys) twice, `network.rtl=none` and `network.rtl=all`, and
/// requires the two networks to run in lock step to the end, quiet and with every message
/// delivered; when `model` is not empty the RTL configurations (rtl_model()) must mention it,
/// and at least `min_multicasts` of the messages must be multicasts. Returns the multicasts sent.
std::size_t lockstep_scenario(const std::string& file, std::vector<std::string> sets,
                              const std::string& model = "", std::size_t min_multicasts = 0);

/// Requires every result of `run --json` (cycles, counts, latencies, utilisation, checks) to be
/// the same in `rtl` as in `reference`.
void require_same_results(const nlohmann::json& rtl, const nlohmann::json& reference);

}  // namespace wormcast::cosim
