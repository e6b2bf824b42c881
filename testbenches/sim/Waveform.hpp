// Where a run's waveforms go and in which format (issue 18): the SystemC kernel and Verilator
// write VCD; an FST file is made from it after the run by GTKWave's vcd2fst. Also the PNG
// rendering of a DOT picture (the deadlock's wait-for graph) by Graphviz's dot.
#pragma once

#include <string>
#include <vector>

namespace wormcast::sim {

/// The files of a run with `--vcd` and/or `--fst` (`--vcd x.fst` counts as `--fst x.fst`).
struct WaveformFiles {
    std::string vcd;          ///< the VCD to keep ("" with FST only)
    std::string fst;          ///< the FST to make ("" without)
    std::string written_vcd;  ///< the VCD the run writes: `vcd`, or a temporary for the FST
    std::string rtl_vcd;      ///< the RTL routers' VCD to keep, or a temporary for `rtl_fst`
    std::string rtl_fst;
    bool any() const { return !written_vcd.empty(); }
    /// Both from options "" (no waveform), "x.vcd" / "x" (VCD), "x.fst" (FST).
    static WaveformFiles from_options(const std::string& vcd_option, const std::string& fst_option);
};

/// Refuses an FST target before the run if GTKWave's vcd2fst is not on the PATH.
void check_fst_converter(const std::string& option);

/// Converts `vcd` to `fst` with vcd2fst; removes `vcd` if `remove_vcd`. Throws ConfigError naming
/// the file if vcd2fst fails.
void convert_to_fst(const std::string& vcd, const std::string& fst, bool remove_vcd);

/// Runs `program` (looked up on the PATH) with `args`, its output discarded; its exit status
/// (127: could not start it).
int run_quietly(const std::string& program, std::vector<std::string> args);

/// A picture named "x.png" (drawn from Graphviz DOT) rather than the DOT text itself.
bool is_png_name(const std::string& path);
/// Refuses a .png picture before the run if Graphviz's dot is not on the PATH.
void check_dot_renderer(const std::string& option);
/// Renders the DOT file `dot` as `png` with Graphviz's dot (through a temporary name); throws
/// ConfigError naming the files if dot fails.
void render_png(const std::string& dot, const std::string& png);

}  // namespace wormcast::sim
