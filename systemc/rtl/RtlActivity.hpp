// Switching activity of the RTL routers over a run (`wormcast run --power`, docs/hardware-cost.md):
// Verilator traces every signal of each model into a stream that is never written to disk but
// read as it goes (VcdToggles), sampled once a cycle between the clock's edges, so each register
// bit's changes and time at 1 are counted. HwPower maps them onto the synthesised netlist.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "systemc/Network.hpp"
#include "systemc/pure/VcdToggles.hpp"
#include "systemc/rtl/RouterActivity.hpp"

class VerilatedVcdC;

namespace wormcast::rtl {

class RtlActivity {
  public:
    /// Traces every RTL router of `network`. Construct after sc_start(SC_ZERO_TIME) (Verilator
    /// adds models to a trace only after elaboration) and before the run goes on; `period` is the
    /// routers' clock. ConfigError when the network has no RTL router.
    RtlActivity(Network& network, sc_core::sc_time period);
    ~RtlActivity();
    RtlActivity(const RtlActivity&) = delete;
    RtlActivity& operator=(const RtlActivity&) = delete;

    /// Cycles sampled so far.
    std::uint64_t cycles() const { return cycles_; }
    /// Ends the counting (the samples taken so far) and returns each router's bits.
    std::vector<RouterActivity> collect();

  private:
    class Stream;
    void sample_loop();

    Network& network_;
    sc_core::sc_time period_;
    std::vector<std::size_t> routers_;
    std::unique_ptr<Stream> stream_;
    VerilatedVcdC* trace_ = nullptr;
    std::uint64_t cycles_ = 0;
    bool closed_ = false;
};

}  // namespace wormcast::rtl
