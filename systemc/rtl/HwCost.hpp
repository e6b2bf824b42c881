// The silicon cost of an RTL configuration (docs/hardware-cost.md): its own RTL synthesised onto
// a standard-cell library with yosys, its timing and leakage from OpenSTA. Two netlists per
// configuration, in one yosys run:
// - flattened (optimisation across the units, as a chip flow would): the design's area, cells,
//   flip-flops, critical path and leakage;
// - with the units kept apart (input units, route units, OCRQs, switch allocator, crossbar,
//   output units, token stop): the split of area, cells and flip-flops by unit.
// Results are cached per configuration, RTL sources, library and tool versions, like the
// verilated models (RtlCache), in a folder of their own (hw_cache_directory).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "systemc/rtl/RtlConfig.hpp"

namespace wormcast::rtl {

/// The standard-cell library of `wormcast hw` when none is given: OSU 0.18 µm from Debian's
/// qflow-tech-osu018.
inline constexpr const char* kDefaultLiberty = "/usr/share/qflow/tech/osu018/osu018_stdcells.lib";

/// A Liberty library as the flow uses it: its cells' areas and which are sequential.
struct LibertyCells {
    std::string path;
    std::string name;  ///< library (NAME)
    std::string sha256;
    struct Cell {
        std::string name;
        double area = 0;
        bool sequential = false;  ///< has an ff or latch group
        bool flip_flop = false;   ///< has an ff group
        /// The ff group's next_state when it is one pin ("D"): the data input.
        std::string data_pin;
        std::vector<std::string> outputs;  ///< pins with direction output
    };
    std::vector<Cell> cells;
    const Cell* find(const std::string& cell_name) const;
};

/// Reads `path`; ConfigError naming `field` (--liberty) when it cannot be read, has no cell, or
/// has no flip-flop the router's registers could be mapped onto.
LibertyCells read_liberty_cells(const std::string& path, const std::string& field);

/// One unit's share of a configuration (synthesised with the units kept apart).
struct HwUnit {
    std::string unit;  ///< input_units, route_units, ocrq_vc_allocation, ...
    double area_um2 = 0;
    std::uint64_t cells = 0;
    std::uint64_t flip_flops = 0;
    std::uint32_t instances = 0;  ///< how many of it the router holds
};

struct HwCost {
    RtlConfig config;
    std::string key;  ///< cache key, 64 hex digits
    std::string liberty;
    std::string library;
    // Flattened netlist.
    double area_um2 = 0;
    std::uint64_t cells = 0;
    std::uint64_t flip_flops = 0;
    // Units kept apart: their sum is larger than area_um2 (nothing is optimised across them).
    std::vector<HwUnit> units;
    double units_area_um2 = 0;
    // The slowest register-to-register (or port) path of the flattened netlist, inputs arriving
    // and outputs due at the clock edge (every router output is a register).
    double arrival_ps = 0;     ///< data arrival at the endpoint
    double min_period_ps = 0;  ///< arrival + the endpoint's setup: the shortest clock period
    std::string path_start, path_end;  ///< registers (or ports) as the netlist names them
    std::string start_unit, end_unit;
    /// The path's cells by the unit they are named after, in the order met (yosys names a
    /// flattened cell after a neighbouring register: indicative, not exact); "port" for a port.
    std::vector<std::pair<std::string, std::uint32_t>> path_units;
    double leakage_uw = 0;
    double synth_seconds = 0;  ///< yosys + OpenSTA when it was built

    double fmax_mhz() const { return min_period_ps > 0 ? 1e6 / min_period_ps : 0; }
    nlohmann::ordered_json to_json() const;
    static HwCost from_json(const nlohmann::json& j);
};

/// A name as a yosys netlist writes it ("\\g_in[0].valid_q " or "clk_i"), without the escape and
/// the blanks around it.
std::string netlist_name(std::string text);

/// The folder of `cost` in the cache: its netlists and logs (flat.v, sta.log, ...).
std::string hw_cost_directory(const HwCost& cost);

/// The cache directory: set_hw_cache_directory's, else $WORMCAST_HW_CACHE, else
/// $XDG_CACHE_HOME/wormcast/hw, else ~/.cache/wormcast/hw.
std::string hw_cache_directory();
void set_hw_cache_directory(const std::string& directory);

/// The cost of `config` on the library at `liberty`: from the cache, else synthesised and timed
/// now (progress lines while it runs). ConfigError when yosys or OpenSTA is missing or the
/// library is unusable (naming --liberty); ModelError with the log's tail when a tool fails.
HwCost hw_cost(const RtlConfig& config, const std::string& liberty,
               const std::function<void(const std::string&)>& progress = {});

}  // namespace wormcast::rtl
