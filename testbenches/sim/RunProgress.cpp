// Progress lines and the cycle budget of a run (see RunProgress.hpp).
#include "testbenches/sim/RunProgress.hpp"

#include <algorithm>
#include <cmath>
#include <memory>

#include <fmt/format.h>

namespace wormcast::sim {

namespace {

std::string clock_time(double seconds) {
    const auto s = static_cast<std::uint64_t>(std::llround(std::max(0.0, seconds)));
    return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
}

}  // namespace

double RunProgress::seconds_to_window_end() const {
    if (cycle >= traffic_end) return 0;
    const double speed = cycles_per_second();
    if (speed <= 0) return -1;
    return static_cast<double>(traffic_end - cycle) / speed;
}

std::string RunProgress::line() const {
    const char* phase = final            ? "done"
                        : draining       ? "draining"
                        : cycle < warmup ? "warm-up"
                                         : "measuring";
    const double left = seconds_to_window_end();
    const std::string eta = final || draining ? "measured window done"
                            : left < 0        ? "measured window ends in ?"
                                              : "measured window ends in " + clock_time(left);
    return fmt::format("cycle {}/{} ({}) | {} delivered | {:.3g} cycles/s | {}", cycle, traffic_end,
                       phase, delivered, cycles_per_second(), eta);
}

std::function<void(const RunProgress&)> run_progress_printer(std::ostream& os, bool terminal,
                                                             double interval_seconds) {
    struct State {
        bool printed = false;
        double last = 0;
    };
    auto state = std::make_shared<State>();
    return [&os, terminal, interval_seconds, state](const RunProgress& p) {
        if (state->printed && !p.final && p.wall_seconds - state->last < interval_seconds) return;
        state->printed = true;
        state->last = p.wall_seconds;
        if (terminal)
            os << "\r\x1b[K"
               << "progress " << p.line() << (p.final ? "\n" : "") << std::flush;
        else
            os << "progress " << p.line() << "\n" << std::flush;
    };
}

void check_run_budget(const RunProgress& p, double max_hours, double min_wall_seconds) {
    if (max_hours <= 0 || p.wall_seconds < min_wall_seconds || p.cycle >= p.traffic_end) return;
    const double speed = p.cycles_per_second();
    if (speed <= 0) return;
    const double hours = static_cast<double>(p.traffic_end - p.cycle) / speed / 3600.0;
    if (hours <= max_hours) return;
    throw ConfigError(fmt::format(
        "run.max_hours: at the speed measured over the first {:.1f} s ({:.3g} cycles/s, {} of "
        "{} cycles of traffic.warmup + traffic.measure), the rest would take about {:.3g} hours, "
        "more than run.max_hours ({:.3g}); stopped. Set run.max_hours higher to run it anyway, or "
        "shorten the traffic",
        p.wall_seconds, speed, p.cycle, p.traffic_end, hours, max_hours));
}

}  // namespace wormcast::sim
