// Waveforms of the Verilated routers of a network (issue 6, "waves from both sides"): one
// Verilator VCD with the ports and internals (FIFO counts, VC states, credits) of every traced RTL
// router, written next to the SystemC VCD of the links and sampled at the same simulation times.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "systemc/Network.hpp"

class VerilatedVcdSc;  // verilated_vcd_sc.h

namespace wormcast::rtl {

/// Where the RTL waveform of a run with `--vcd vcd_path` goes: "waves/x.vcd" -> "waves/x.rtl.vcd"
/// (a path without ".vcd" gets ".rtl.vcd" appended).
std::string rtl_vcd_path(const std::string& vcd_path);

/// Routers among `chosen` (empty: all routers) that are Verilated RTL routers (RtlRouter).
std::vector<std::size_t> rtl_routers(Network& network, const std::vector<std::size_t>& chosen);

class RtlWaves {
  public:
    /// Traces the models of `routers` (RTL routers of `network`, see rtl_routers) into `path`.
    /// Verilator opens a SystemC trace file only after elaboration: construct after
    /// sc_start(SC_ZERO_TIME) and before the simulation goes on. Throws ConfigError if `path`
    /// cannot be written.
    RtlWaves(Network& network, const std::vector<std::size_t>& routers, const std::string& path);
    ~RtlWaves();
    RtlWaves(const RtlWaves&) = delete;
    RtlWaves& operator=(const RtlWaves&) = delete;

    /// Writes out what is buffered and closes the file (also done by the destructor).
    void close();
    const std::string& path() const { return path_; }

  private:
    /// Registered with the simulation context it was made in, which outlives this object: it is
    /// closed here and released with that context (as the Runner releases its modules).
    VerilatedVcdSc* file_ = nullptr;
    std::string path_;
};

}  // namespace wormcast::rtl
