// One RTL router's switching activity over a run (RtlActivity measures it, HwPower uses it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>

namespace wormcast::rtl {

struct BitActivity {
    std::uint64_t toggles = 0;
    std::uint64_t high_cycles = 0;  ///< cycles at 1
};

struct RouterActivity {
    std::size_t router = 0;
    std::string rtl_key;  ///< its verilated configuration (RtlLibrary::key)
    /// Netlist-style bit name ("u_core.g_out[2].u_output.credits_q[1]", "valid_q", a port
    /// "in_flit_i[7]") -> its changes and cycles at 1.
    std::map<std::string, BitActivity> bits;
};

}  // namespace wormcast::rtl
