// Lock-step co-simulation runs (issue 6): one network on seeded traffic, every link recorded in
// every cycle, or compared cycle by cycle with the recording of another run (e.g. all-SystemC
// reference vs RTL routers), stopping at the first difference.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "systemc/NetworkSpec.hpp"
#include "systemc/pure/TokenRing.hpp"
#include "testbenches/cosim/LinkMonitor.hpp"
#include "testbenches/traffic/TrafficSchedule.hpp"

namespace wormcast::cosim {

struct LockStepResult {
    LinkTrace trace;       ///< every link every cycle (recording runs only)
    Cycle cycles = 0;      ///< cycles simulated
    bool quiet = false;    ///< everything delivered, no flit left, every NIC idle
    std::string mismatch;  ///< first difference from the recording (comparing runs); empty: none
    Cycle mismatch_cycle = 0;
    std::vector<std::string> problems;  ///< delivery-check failures
    std::size_t messages = 0;
    std::size_t drop_in_routers = 0;  ///< routers that were not the SystemC Router
    std::vector<std::array<std::uint64_t, 3>> arrivals;  ///< (message, node, tail cycle), sorted
    TokenRingStats tokens;  ///< ATBM token grants and waits (RTL switches: their counters)
};

/// Runs `spec` with `sends` until everything is delivered (or `drain_limit` cycles after the last
/// send). Records every link when `expected` is null; otherwise compares with it every cycle.
/// `stop_at` > 0 ends the run at that cycle at the latest (e.g. where the watchdog stopped a
/// reference run that deadlocked, so that the comparing run covers exactly the recording).
LockStepResult run_lockstep(NetworkSpec spec, const NetworkParams& params,
                            std::vector<ScheduledSend> sends, const LinkTrace* expected,
                            Cycle drain_limit = 100000, Cycle stop_at = 0);

}  // namespace wormcast::cosim
