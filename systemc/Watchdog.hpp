// Deadlock watchdog (DESIGN.md §6): every `period` cycles it checks whether flits are in the
// network and none has moved for that long; if so it asks for the wait-for report and stops.
#pragma once

#include <functional>
#include <string>

#include <systemc>

#include "systemc/ActivityMonitor.hpp"

namespace wormcast {

class Watchdog : public sc_core::sc_module {
  public:
    Watchdog(sc_core::sc_module_name name, const ActivityMonitor* monitor, unsigned cycles,
             sc_core::sc_time clock, std::function<std::string()> describe);

    bool fired() const { return fired_; }
    const std::string& report() const { return report_; }
    Cycle fired_at() const { return fired_at_; }

  private:
    SC_HAS_PROCESS(Watchdog);
    void check();

    const ActivityMonitor* monitor_;
    unsigned cycles_;
    sc_core::sc_time clock_;
    std::function<std::string()> describe_;
    bool fired_ = false;
    Cycle fired_at_ = 0;
    std::string report_;
};

}  // namespace wormcast
