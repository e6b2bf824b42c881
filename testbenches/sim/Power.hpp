// `wormcast run --power` (docs/hardware-cost.md): the power and energy of a run's routers, by two
// methods, each number labelled with the one that gave it.
// - rtl-toggles: a co-simulated run's RTL routers, every register and input bit's toggles counted
//   (RtlActivity) and analysed on the router's synthesised netlist by OpenSTA (HwPower). It also
//   fits, per router configuration, the energy of each event the SystemC model counts (a flit
//   sent, a bubble sent, a token grant) to what the toggles cost: the event table.
// - event-counts: any run, RTL or SystemC, its routers' event counts priced with an event table a
//   toggle run wrote (--power-events FILE). On an RTL run both are given, and how far apart.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "testbenches/sim/Runner.hpp"
#include "testbenches/sim/Scenario.hpp"

namespace wormcast::sim {

struct PowerOptions {
    std::string liberty;      ///< the cell library (rtl::kDefaultLiberty by default)
    std::string events_file;  ///< --power-events: a JSON with an event table; empty: none
    unsigned jobs = 0;        ///< OpenSTA processes at once (0: one per core)
    std::function<void(const std::string&)> progress;  ///< synthesis progress lines
};

/// One router configuration's event energies (fitted on a toggle run).
struct EventEnergy {
    std::string config;  ///< RtlConfig::canonical()
    std::string summary;
    double period_ns = 0;       ///< the clock the idle power was measured at
    double idle_dynamic_w = 0;  ///< clock load of the flip-flops, per router, at period_ns
    double leakage_w = 0;       ///< per router
    double pj_per_flit = 0, pj_per_bubble = 0, pj_per_token_grant = 0;
    double fit_error = 0;     ///< RMS of the fit's residuals over the mean data energy
    std::size_t routers = 0;  ///< how many routers it was fitted on
    nlohmann::ordered_json to_json() const;
    static EventEnergy from_json(const nlohmann::json& j, const std::string& field);
};

/// The event table of a JSON file (a run's --json with "power", or the "power" object alone);
/// ConfigError naming --power-events when it cannot be read or has none.
std::vector<EventEnergy> read_event_table(const std::string& file);

/// The entry of the event table in `file` for the routers of `scenario`'s network; ConfigError
/// naming --power-events when it has none or the network has several configurations.
EventEnergy event_entry(const Scenario& scenario, const std::string& file);

/// Non-negative least squares on a few columns (by trying every set of columns, as there are at
/// most a handful): x >= 0 minimising |A x - b|. `a` is rows x columns.
std::vector<double> nonnegative_least_squares(const std::vector<std::vector<double>>& a,
                                              const std::vector<double>& b);

/// The "power" object of a run's results: needs RunResult::rtl_activity (the run had
/// RunOptions::rtl_activity) or options.events_file, else ConfigError naming --power.
nlohmann::ordered_json run_power(const Scenario& scenario, const RunResult& result,
                                 const PowerOptions& options);

/// The lines `wormcast run --power` prints of that object.
std::string power_summary(const nlohmann::ordered_json& power);

}  // namespace wormcast::sim
