// Power of an RTL router from the switching activity of a run (docs/hardware-cost.md): its
// flattened netlist (HwCost) analysed by OpenSTA's report_power with the toggle rate and time at
// 1 of every register and input port as a co-simulated run measured them (RtlActivity); OpenSTA
// propagates them through the combinational cells.
//
// Debian's OpenSTA 2.0.17 sets an activity on input ports only (set_power_activity -pins is broken
// there, and a register's output takes its data input's activity whatever is set on it), so the
// analysis runs on a copy of the netlist in which every flip-flop's data input is cut from its
// logic and made a port of its own: the activity set on that port is the register's as measured,
// and reaches its output and the logic it drives. What the cut leaves out: the input capacitance
// of the data pins as a load of the logic that drove them (one pin per flip-flop), and glitches
// (activity is counted once a cycle).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "systemc/rtl/HwCost.hpp"
#include "systemc/rtl/RtlActivity.hpp"

namespace wormcast::rtl {

/// What OpenSTA's report_power gives for one router, in watts.
struct PowerFigures {
    double internal_w = 0;
    double switching_w = 0;
    double leakage_w = 0;
    double total_w() const { return internal_w + switching_w + leakage_w; }
    double dynamic_w() const { return internal_w + switching_w; }
};

/// One router's power from its measured activity.
struct RouterPower {
    std::size_t router = 0;
    PowerFigures power;  ///< at the measured activity
    /// The same router with every register and input still (activity 0): the clock's load of
    /// the flip-flops, and leakage. power.dynamic_w() - idle.dynamic_w() is what its traffic costs.
    PowerFigures idle;
    std::uint64_t registers = 0;          ///< flip-flops of the netlist
    std::uint64_t registers_matched = 0;  ///< of which the run's trace named the output
    std::uint64_t inputs = 0, inputs_matched = 0;
    double mean_register_activity = 0;  ///< toggles per cycle, over the matched registers
};

/// The activity analysis of `routers` (all of configuration `cost`) over `cycles` cycles of
/// `period_ns`: one OpenSTA process a router, `jobs` at a time. A register whose output net the
/// trace does not name is given the mean activity of the router's named ones (counted in
/// registers_matched). ModelError with the log's tail when OpenSTA fails.
std::vector<RouterPower> router_power(const HwCost& cost, const LibertyCells& library,
                                      const std::vector<const RouterActivity*>& routers,
                                      std::uint64_t cycles, double period_ns, unsigned jobs);

}  // namespace wormcast::rtl
