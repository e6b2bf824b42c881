// The wires a router or NIC holds of each channel it is connected to (DESIGN.md §1): the
// signals' own interfaces, handed over by the Network, instead of a port object per wire.
#pragma once

#include <cstdint>

#include <systemc>

#include "systemc/Flit.hpp"

namespace wormcast {

/// The wires of one channel as seen from its receiving end (a router input, a NIC's consumption
/// channel): the flit and its valid bit come in, credits go back.
struct ChannelIn {
    sc_core::sc_signal_in_if<bool>* valid = nullptr;
    sc_core::sc_signal_in_if<Flit>* flit = nullptr;
    sc_core::sc_signal_inout_if<std::uint32_t>* credit = nullptr;
};
/// The same channel from its sending end (a router output, a NIC's injection channel).
struct ChannelOut {
    sc_core::sc_signal_inout_if<bool>* valid = nullptr;
    sc_core::sc_signal_inout_if<Flit>* flit = nullptr;
    sc_core::sc_signal_in_if<std::uint32_t>* credit = nullptr;
};

}  // namespace wormcast
