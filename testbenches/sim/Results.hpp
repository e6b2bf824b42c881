// Printing and JSON export of a run's results (summary for people, JSON for scripts).
#pragma once

#include <ostream>

#include <nlohmann/json.hpp>

#include "systemc/NetworkSpec.hpp"
#include "testbenches/sim/Runner.hpp"

namespace wormcast::sim {

nlohmann::json to_json(const RunResult& result, const NetworkParams& params);
void print_summary(std::ostream& os, const RunResult& result, const NetworkParams& params);

}  // namespace wormcast::sim
