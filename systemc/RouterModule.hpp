// What a Network binds at every router position (DESIGN.md §1): the port set of a router plus the
// statistics the network reads. The SystemC Router is one; the Verilated RTL router wrapped by
// systemc/RtlRouter.hpp (issue 6) is the other, so a network binds and reads both the same way.
#pragma once

#include <cstdint>
#include <optional>

#include <systemc>

#include "systemc/ChannelWires.hpp"
#include "systemc/Flit.hpp"
#include "systemc/OutputUnit.hpp"
#include "systemc/RouterConfig.hpp"
#include "systemc/pure/TokenRing.hpp"

namespace wormcast {

class RouterModule : public sc_core::sc_module {
  public:
    RouterModule(sc_core::sc_module_name name, RouterConfig config)
        : sc_module(name), config_(std::move(config)) {}

    /// Connects input p to the channel from upstream, output q to the channel downstream, before
    /// the simulation starts; every port is connected once. A module holds what it needs: the
    /// SystemC Router the signals themselves (no port objects: a 64x64 mesh would otherwise
    /// build, name and bind 150,000 of them), the RTL router its ports bound to them.
    virtual void bind_input(PortId p, const ChannelIn& channel) = 0;
    virtual void bind_output(PortId q, const ChannelOut& channel) = 0;

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
