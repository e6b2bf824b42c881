// Progress of one run as it goes (`wormcast run` on a terminal, or with --progress): simulated
// cycles, multicasts delivered, speed and the time left of the measured window, on stderr at most
// a few times a second; and the cycle budget (run.max_hours) judged from the measured speed.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <ostream>
#include <string>

#include "systemc/pure/Types.hpp"

namespace wormcast::sim {

/// Where a run is, handed to RunOptions::progress after each slice of simulated time.
struct RunProgress {
    Cycle cycle = 0;              ///< simulated cycles so far
    Cycle warmup = 0;             ///< the measured window is [warmup, traffic_end)
    Cycle traffic_end = 0;        ///< last cycle of the traffic phases (warm-up + measure)
    std::uint64_t delivered = 0;  ///< multicasts (requests) fully delivered so far
    double wall_seconds = 0;      ///< since the traffic started
    bool draining = false;        ///< past the traffic, delivering what is left
    bool final = false;           ///< the last call: the run ended

    /// Simulated cycles per wall second so far (0 before any time passed).
    double cycles_per_second() const {
        return wall_seconds > 0 ? static_cast<double>(cycle) / wall_seconds : 0;
    }
    /// Wall seconds until the end of the measured window at the speed so far (0 when past it,
    /// negative when the speed is unknown yet).
    double seconds_to_window_end() const;
    /// The progress as one line (no newline): "cycle 12000/40000 (measuring) | 1234 delivered |
    /// 2.10e+06 cycles/s | measured window ends in 0:00:14".
    std::string line() const;
};

/// Prints RunProgress lines to `os`: on a terminal one line refreshed in place, otherwise a line
/// each; at most one every `interval_seconds`, but always the first and the final one.
std::function<void(const RunProgress&)> run_progress_printer(std::ostream& os, bool terminal,
                                                             double interval_seconds = 0.25);

/// The cycle budget (run.max_hours): throws ConfigError with the estimate when the traffic phases
/// left would take more than `max_hours` at the speed measured so far. Judged only after
/// `min_wall_seconds` of the run, so the start-up of the simulation does not count.
void check_run_budget(const RunProgress& progress, double max_hours, double min_wall_seconds = 0.5);

}  // namespace wormcast::sim
