// The interface between the program and a verilated configuration built on first use
// (systemc/rtl/RtlCache): the shared library exports one maker of RtlRouter<Model> and the glue
// hash of the headers it was compiled against, which the loader compares with its own (the two
// sides share C++ types, so they must have been compiled from the same headers and flags).
#pragma once

#include <cstdint>
#include <vector>

#include <systemc>

#include "systemc/ActivityMonitor.hpp"
#include "systemc/RouterConfig.hpp"
#include "systemc/RouterModule.hpp"
#include "systemc/RtlRouter.hpp"

namespace wormcast::rtl {

/// What RtlRouter<Model>'s constructor takes.
struct RtlMakeArgs {
    const RouterConfig* config = nullptr;
    sc_core::sc_time period;
    ActivityMonitor* monitor = nullptr;
    /// The strap (a mesh router's node; -1: config->node).
    std::int64_t strap = -1;
    /// The packed route table of a table-routed wc_router (RouteTable::pack); empty otherwise.
    std::vector<std::uint32_t> table;
    RtlTokenWires token;
};

/// `extern "C" RouterModule* wormcast_rtl_make(const RtlMakeArgs&)`: a new RtlRouter<Model>
/// (owned by the caller).
using RtlMakeFunction = RouterModule* (*)(const RtlMakeArgs& args);
/// `extern "C" const char* wormcast_rtl_glue()`: the glue hash the library was compiled with.
using RtlGlueFunction = const char* (*)();

inline constexpr const char* kRtlMakeSymbol = "wormcast_rtl_make";
inline constexpr const char* kRtlGlueSymbol = "wormcast_rtl_glue";

}  // namespace wormcast::rtl
