// Deadlock watchdog (see Watchdog.hpp). Wakes once every `cycles` cycles, never per cycle.
#include "systemc/Watchdog.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace wormcast {

using namespace sc_core;

Watchdog::Watchdog(sc_module_name name, const ActivityMonitor* monitor, unsigned cycles,
                   sc_time clock, std::function<std::string()> describe)
    : sc_module(name),
      monitor_(monitor),
      cycles_(cycles),
      clock_(clock),
      describe_(std::move(describe)) {
    if (cycles_ > 0) SC_METHOD(check);
}

void Watchdog::check() {
    const Cycle now = sc_time_stamp().value() / clock_.value();
    if (monitor_->holds_flits() && now >= monitor_->last_progress + cycles_) {
        fired_ = true;
        fired_at_ = now;
        const std::string in_rtl = monitor_->flits_in_rtl_buffers > 0
                                       ? fmt::format(" (and {} in RTL routers' input buffers)",
                                                     monitor_->flits_in_rtl_buffers)
                                       : std::string();
        report_ = fmt::format(
            "deadlock: {} flits in the network{} and none moved since cycle {} (now {})\n{}",
            std::max<std::int64_t>(monitor_->flits_in_network, 0), in_rtl, monitor_->last_progress,
            now, describe_());
        sc_stop();
        return;
    }
    next_trigger(clock_ * static_cast<double>(cycles_));
}

}  // namespace wormcast
