// What a Network binds at every router position (DESIGN.md §1): the port set of a router plus the
// statistics the network reads. The SystemC Router is one; the Verilated RTL router wrapped by
// systemc/RtlRouter.hpp (issue 6) is the other, so a network binds and reads both the same way.
#pragma once

#include <cstdint>
#include <optional>

#include <systemc>

#include "systemc/Flit.hpp"
#include "systemc/OutputUnit.hpp"
#include "systemc/RouterConfig.hpp"
#include "systemc/pure/TokenRing.hpp"

namespace wormcast {

class RouterModule : public sc_core::sc_module {
  public:
    // Per input port p: the link from upstream and the credits returned to it.
    sc_core::sc_vector<sc_core::sc_in<bool>> in_valid;
    sc_core::sc_vector<sc_core::sc_in<Flit>> in_flit;
    sc_core::sc_vector<sc_core::sc_out<std::uint32_t>> in_credit;
    // Per output port q: the link to downstream and the credits it returns.
    sc_core::sc_vector<sc_core::sc_out<bool>> out_valid;
    sc_core::sc_vector<sc_core::sc_out<Flit>> out_flit;
    sc_core::sc_vector<sc_core::sc_in<std::uint32_t>> out_credit;

    RouterModule(sc_core::sc_module_name name, RouterConfig config)
        : sc_module(name),
          in_valid("in_valid", config.inputs),
          in_flit("in_flit", config.inputs),
          in_credit("in_credit", config.inputs),
          out_valid("out_valid", config.outputs),
          out_flit("out_flit", config.outputs),
          out_credit("out_credit", config.outputs),
          config_(std::move(config)) {}

    const RouterConfig& config() const { return config_; }
    /// Flits and bubbles sent on output q so far.
    virtual const OutputStats& output_stats(PortId q) const = 0;
    /// Cycles the module was evaluated.
    virtual std::uint64_t active_cycles() const = 0;
    /// Of the cycles [0, cycles), those in which at least one of its routed worms could not
    /// advance: a head waiting for an output VC (taken, or an older request ahead in its OCRQ), or
    /// a flit ready to leave held back for lack of a credit or a switch grant (docs/results.md).
    /// `cycles` is at most one past the last cycle run. None when the module does not count them
    /// (the verilated RTL router).
    virtual std::optional<std::uint64_t> blocked_cycles(Cycle /*cycles*/) const {
        return std::nullopt;
    }
    /// The statistics of its ATBM token stop when the module keeps them itself (an RTL switch's
    /// counters); otherwise the network reads the shared TokenRing's.
    virtual std::optional<TokenRingStats> token_stats() const { return std::nullopt; }

  protected:
    RouterConfig config_;
};

}  // namespace wormcast
