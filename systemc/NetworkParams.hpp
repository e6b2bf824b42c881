// Network-wide micro-architecture and timing parameters (DESIGN.md §2), and their one
// declaration: name, meaning, unit, range and default of each, which the scenario parser, the
// results JSON, `wormcast params` and the RTL configuration matcher all iterate over.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "systemc/pure/Header.hpp"
#include "systemc/pure/RouteTiming.hpp"

namespace wormcast {

/// The parameters of one network, all latencies in cycles. Defaults are the declaration's.
struct NetworkParams {
    double clock_ns = 5.0;
    unsigned vcs = 1;
    unsigned buffer_depth = 4;
    unsigned t_node = 4;
    unsigned t_node_multidest = 8;
    /// When a multidestination header is routed: after gathering it, or a fixed latency after
    /// its first flit (RouteTiming.hpp).
    RouteTiming route_timing = RouteTiming::Gather;
    unsigned t_sw = 1;
    unsigned t_phy = 1;
    unsigned t_inj = 1;
    unsigned t_cons = 1;
    unsigned t_startup = 0;
    unsigned t_receive = 0;
    unsigned flit_width = 32;
    HeaderEncoding header_encoding = HeaderEncoding::Tagged;
    unsigned injection_channels = 1;
    unsigned consumption_channels = 1;
    /// All-port NICs: one injection and one consumption channel per network direction (2n + 2n),
    /// each send injected on the channel of its first hop by a send engine of its own (serving
    /// its sends in the order the firmware issued them), so a node's sends in different
    /// directions proceed in parallel. Meshes and tori only.
    bool all_port = false;
    bool path_worms = false;
    bool tree_worms = false;
    bool always_clocked = false;
    unsigned watchdog_cycles = 20000;
    /// Tree-worm OCRQ requests enqueued atomically (safe); false: the unsafe one-branch-a-cycle
    /// mode.
    bool atomic_ocrq = true;

    /// The header layout of a network of this many nodes with these parameters.
    HeaderFormat header_format(std::uint32_t nodes) const {
        return HeaderFormat{flit_width, nodes, header_encoding};
    }
};

/// One parameter of NetworkParams as a scenario writes it (`section.key`).
struct ParameterDeclaration {
    enum class Kind {
        Whole,   ///< a whole number in [min, max]
        Cycles,  ///< a latency: whole cycles, or a time ("20ns") that is a whole number of clocks
        Real,    ///< a number in (min, max]
        Flag,    ///< true or false
        Choice,  ///< one of `choices` (the value is its index)
    };
    std::string section;  ///< "scenario" (top level), "router", "nic" or "run"
    std::string key;      ///< scenario key and results-JSON key, e.g. "buffer_depth"
    std::string meaning;
    std::string unit;  ///< e.g. "flits", "cycles", "ns"; empty for flags and choices
    Kind kind = Kind::Whole;
    double min = 0;
    double max = 0;
    std::vector<std::string> choices;  ///< Choice: names by value index
    /// The Verilog parameter of wc_router (rtl/wc_router.sv) this parameter sets, e.g. "NUM_VCS";
    /// empty: none. An RTL router's configuration is derived from these (rtl_parameters).
    std::string verilog;
    /// Verilator fixes this parameter when it builds a configuration (it has a Verilog parameter).
    bool rtl = false;
    /// For a parameter without a Verilog parameter whose other values the RTL does not implement:
    /// the one value it does (e.g. header_encoding tagged). NaN: any value.
    double rtl_value = std::numeric_limits<double>::quiet_NaN();
    /// The largest value the RTL implements, where it is below `max`; 0: max (every key today).
    double rtl_max = 0;
    /// Why: the mechanism the RTL lacks for other values, in words.
    std::string rtl_limit;
    /// The value as a number: whole numbers and cycles as such, a flag 0/1, a choice its index.
    std::function<double(const NetworkParams&)> get;
    std::function<void(NetworkParams&, double)> set;

    std::string name() const { return section == "scenario" ? key : section + "." + key; }
    /// The value in words: "4", "true", "activity", "5".
    std::string format(const NetworkParams& params) const;
    /// The range or choices in words, e.g. "1..16", "true|false", "activity|always".
    std::string range() const;
};

/// Every parameter of NetworkParams, in the order a scenario's sections list them.
const std::vector<ParameterDeclaration>& network_parameters();

/// The declaration of `section.key` (e.g. "router.vcs", or "clock_ns"); null if there is none.
const ParameterDeclaration* find_parameter(const std::string& name);

/// What the RTL routers do not implement in these parameters, one line each, naming the key, its
/// value and the mechanism ("router.header_encoding bitstring: ..."); empty: nothing.
std::vector<std::string> rtl_refusals(const NetworkParams& params);
/// The Verilog parameters (name, value) of every declared parameter that has one, in declaration
/// order; a parameter in `skip` (Verilog names) is left out.
std::vector<std::pair<std::string, std::int64_t>> rtl_parameters(
    const NetworkParams& params, const std::vector<std::string>& skip = {});

}  // namespace wormcast
