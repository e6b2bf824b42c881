// A module that stands in for the SystemC Router inside a Network (DESIGN.md §1, issue 6): the
// Verilated RTL router wrapped by systemc/RtlRouter.hpp. Same ports as Router, bound by name.
#pragma once

#include <cstdint>

#include <systemc>

#include "systemc/Flit.hpp"
#include "systemc/OutputUnit.hpp"
#include "systemc/RouterConfig.hpp"

namespace wormcast {

class DropInRouter : public sc_core::sc_module {
public:
    // Per input port p: the link from upstream and the credits returned to it (as Router).
    sc_core::sc_vector<sc_core::sc_in<bool>> in_valid;
    sc_core::sc_vector<sc_core::sc_in<Flit>> in_flit;
    sc_core::sc_vector<sc_core::sc_out<std::uint32_t>> in_credit;
    // Per output port q: the link to downstream and the credits it returns (as Router).
    sc_core::sc_vector<sc_core::sc_out<bool>> out_valid;
    sc_core::sc_vector<sc_core::sc_out<Flit>> out_flit;
    sc_core::sc_vector<sc_core::sc_in<std::uint32_t>> out_credit;

    DropInRouter(sc_core::sc_module_name name, RouterConfig config)
        : sc_module(name),
          in_valid("in_valid", config.inputs),
          in_flit("in_flit", config.inputs),
          in_credit("in_credit", config.inputs),
          out_valid("out_valid", config.outputs),
          out_flit("out_flit", config.outputs),
          out_credit("out_credit", config.outputs),
          config_(std::move(config)) {}

    const RouterConfig& config() const { return config_; }
    /// Flits and bubbles sent on output q so far (seen on the link).
    virtual const OutputStats& output_stats(PortId q) const = 0;
    /// Cycles the module was evaluated.
    virtual std::uint64_t active_cycles() const = 0;

protected:
    RouterConfig config_;
};

}  // namespace wormcast
