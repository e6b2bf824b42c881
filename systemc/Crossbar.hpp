// Crossbar with replication (DESIGN.md §4): connects each granted input to one or more outputs
// for one cycle; asserts that no output is driven twice in a cycle (one-hot grants).
#pragma once

#include <cstdint>
#include <vector>

#include "systemc/Flit.hpp"
#include "systemc/OutputUnit.hpp"
#include "systemc/pure/PortSet.hpp"

namespace wormcast {

class Crossbar {
  public:
    explicit Crossbar(PortId outputs) : outputs_(outputs) {}

    /// Start a new cycle: all outputs unconnected.
    void begin_cycle() { used_.clear(); }
    /// Send `flit` (already tagged with its output VC) into output `port` this cycle.
    void transfer(const Flit& flit, PortId port, OutputUnit& output, Cycle now) {
        if (port >= outputs_ || used_.test(port)) refuse(port, now);
        used_.set(port);
        output.send(flit, now);
    }
    const PortSet& used() const { return used_; }

  private:
    /// Throws the ModelError for an output that does not exist or was driven already.
    [[noreturn]] void refuse(PortId port, Cycle now) const;

    PortId outputs_;
    PortSet used_;
};

}  // namespace wormcast
