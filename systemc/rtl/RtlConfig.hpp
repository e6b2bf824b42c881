// One verilated RTL configuration: a top module of rtl/ and the values of its Verilog parameters,
// derived from a network at run time (systemc/rtl/RtlCache builds and caches it on first use).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace wormcast::rtl {

/// A Verilog parameter of the top module and its value (`-GNAME=value`).
struct RtlParameter {
    std::string name;
    std::int64_t value = 0;

    bool operator==(const RtlParameter& other) const {
        return name == other.name && value == other.value;
    }
};

struct RtlConfig {
    std::string top = "wc_router";  ///< top module (rtl/<top>.sv)
    /// The parameters the configuration sets, in the order they were derived; a parameter left
    /// out takes the module's default.
    std::vector<RtlParameter> parameters;
    /// What the configuration is in words, for progress lines and listings ("2-D mesh 8x8, ...").
    std::string summary;

    /// Sets (or replaces) one parameter.
    RtlConfig& set(const std::string& name, std::int64_t value);
    /// The value of a parameter it sets; `fallback` when it sets none.
    std::int64_t get(const std::string& name, std::int64_t fallback) const;

    /// The canonical text the cache key is made of: the top, then NAME=value sorted by name.
    std::string canonical() const;
    /// Verilator's arguments for the parameters: -GNAME=value, sorted by name.
    std::vector<std::string> verilator_arguments() const;
    /// "wc_router NUM_VCS=2 BUF_DEPTH=4 ..." in the order derived.
    std::string describe() const;

    bool operator==(const RtlConfig& other) const { return canonical() == other.canonical(); }
    bool operator<(const RtlConfig& other) const { return canonical() < other.canonical(); }
};

}  // namespace wormcast::rtl
