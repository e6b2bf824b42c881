// `wormcast run --power` (docs/hardware-cost.md): the power and energy of a run's routers, by two
// methods, each number labelled with the one that gave it.
// - rtl-toggles: a co-simulated run's RTL routers, every register and input bit's toggles counted
//   (RtlActivity) and analysed on the router's synthesised netlist by OpenSTA (HwPower). It also
//   fits, per router configuration, the energy of each event the SystemC model counts (a flit
//   sent, a bubble sent, a token grant) to what the toggles cost: the event table.
// - event-counts: any run, RTL or SystemC, its routers' event counts priced with an event table a
//   toggle run wrote (--power-events FILE). On an RTL run both are given, and how far apart.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "testbenches/sim/Runner.hpp"
#include "testbenches/sim/Scenario.hpp"

namespace wormcast::sim {

/// Events the model counts per router, in this order: flits sent, worms' heads among them,
/// bubbles sent, token grants.
inline constexpr std::size_t kPowerEvents = 4;
using EventCounts = std::array<double, kPowerEvents>;

/// One router of a toggle run, as the fit sees it: its events and its data energy.
struct FitRow {
    EventCounts events{};
    double data_pj = 0;
};

/// One router configuration's event energies (fitted on toggle runs).
struct EventEnergy {
    std::string config;  ///< RtlConfig::canonical()
    std::string summary;
    double period_ns = 0;       ///< the clock the idle power was measured at
    double idle_dynamic_w = 0;  ///< clock load of the flip-flops, per router, at period_ns
    double leakage_w = 0;       ///< per router
    /// pJ per event, kPowerEvents of them (flit, head, bubble, token grant).
    EventCounts pj{};
    double fit_error = 0;      ///< RMS of the fit's residuals over the mean data energy
    std::vector<FitRow> rows;  ///< what it was fitted on (a later fit may join them)
    /// Fits pj (and fit_error) on `rows`, non-negative least squares.
    void fit();
    double data_pj(const EventCounts& events) const;
    nlohmann::ordered_json to_json() const;
    static EventEnergy from_json(const nlohmann::json& j, const std::string& field);
};

struct PowerOptions {
    std::string liberty;  ///< the cell library (rtl::kDefaultLiberty by default)
    /// The event table the event-counts method prices with (event_entry of the --power-events
    /// files, read before the run); none: that method is not run.
    std::optional<EventEnergy> events;
    std::vector<std::string> events_files;  ///< where it came from, for the results
    unsigned jobs = 0;                      ///< OpenSTA processes at once (0: one per core)
    std::function<void(const std::string&)> progress;  ///< synthesis progress lines
};

/// ConfigError naming --power when a run has neither RTL routers to measure nor an event table.
void require_power_source(bool rtl_routers, bool event_table);

/// The event table of a JSON file (a run's --json with "power", or the "power" object alone);
/// ConfigError naming --power-events when it cannot be read or has none.
std::vector<EventEnergy> read_event_table(const std::string& file);

/// The entry for the routers of `scenario`'s network: from one file, its entry; from several,
/// their entries' rows joined and refitted. ConfigError naming --power-events when a file has no
/// entry for them or the network has several configurations.
EventEnergy event_entry(const Scenario& scenario, const std::vector<std::string>& files);

/// Non-negative least squares on a few columns (by trying every set of columns, as there are at
/// most a handful): x >= 0 minimising |A x - b|. `a` is rows x columns. With `parsimony` p > 0,
/// the solution on the fewest columns (then the lowest-numbered) whose squared residual is
/// within (1 + p) of the least.
std::vector<double> nonnegative_least_squares(const std::vector<std::vector<double>>& a,
                                              const std::vector<double>& b, double parsimony = 0);

/// The "power" object of a run's results: needs RunResult::rtl_activity (the run had
/// RunOptions::rtl_activity) or options.events (require_power_source).
nlohmann::ordered_json run_power(const Scenario& scenario, const RunResult& result,
                                 const PowerOptions& options);

/// The lines `wormcast run --power` prints of that object.
std::string power_summary(const nlohmann::ordered_json& power);

}  // namespace wormcast::sim
