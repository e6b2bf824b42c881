// Printing and JSON export of a run's results (summary for people, JSON for scripts).
#pragma once

#include <ostream>

#include <nlohmann/json.hpp>

#include "systemc/NetworkSpec.hpp"
#include "testbenches/sim/Runner.hpp"

namespace wormcast::sim {

/// The results as JSON (keys in docs/results.md): every figure of the summary, the parameters,
/// per-link and per-router counts, and offered and accepted throughput by both definitions.
nlohmann::json to_json(const RunResult& result, const NetworkParams& params);
/// A declared parameter's value as JSON: numbers as numbers, flags as booleans, choices by name.
nlohmann::json parameter_json(const ParameterDeclaration& declaration, const NetworkParams& params);
void print_summary(std::ostream& os, const RunResult& result, const NetworkParams& params);

}  // namespace wormcast::sim
