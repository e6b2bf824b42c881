// The Peh–Dally router delay model and the FO4 delay of a cell library (see DelayModel.hpp).
#include "systemc/rtl/DelayModel.hpp"

#include <stdlib.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <utility>

#include <fmt/format.h>

#include "systemc/pure/Types.hpp"
#include "systemc/rtl/CacheSupport.hpp"
#include "systemc/rtl/HwCost.hpp"

namespace wormcast::rtl {

namespace fs = std::filesystem;

namespace {

double delay_log(double x, double base) {
    return std::log(x) / std::log(base);
}

void check_delay_arguments(unsigned ports, unsigned vcs, unsigned flit_bits) {
    if (ports < 2)
        throw ConfigError(
            fmt::format("delay model: a router of {} port(s); the model needs at least 2", ports));
    if (vcs < 1) throw ConfigError("delay model: 0 virtual channels; at least 1 is needed");
    if (flit_bits < 1) throw ConfigError("delay model: 0-bit flits; at least 1 bit is needed");
}

// The Tcl that measures the FO4 arc: the inverter under test ("dut") is driven by one copy of
// itself, so that its input has a real slew, and drives four; OpenSTA's delay calculator gives
// the arc's rise and fall delays from the library's tables (no wire load: a gate load only, as
// FO4 is defined).
std::string fo4_verilog(const std::string& inverter) {
    return fmt::format(
        "module wormcast_fo4 (a, y1, y2, y3, y4);\n"
        "  input a;\n"
        "  output y1, y2, y3, y4;\n"
        "  wire n0, n1;\n"
        "  {0} drv (.A(a), .Y(n0));\n"
        "  {0} dut (.A(n0), .Y(n1));\n"
        "  {0} ld1 (.A(n1), .Y(y1));\n"
        "  {0} ld2 (.A(n1), .Y(y2));\n"
        "  {0} ld3 (.A(n1), .Y(y3));\n"
        "  {0} ld4 (.A(n1), .Y(y4));\n"
        "endmodule\n",
        inverter);
}

std::string fo4_script(const std::string& liberty) {
    return fmt::format(
        "read_liberty {{{}}}\n"
        "read_verilog fo4.v\n"
        "link_design wormcast_fo4\n"
        "set_cmd_units -time ps\n"
        "set arc [get_timing_edges -from [get_pins dut/A] -to [get_pins dut/Y]]\n"
        "puts \"wormcast-fo4 [get_property $arc delay_max_rise] "
        "[get_property $arc delay_max_fall]\"\n"
        "exit\n",
        liberty);
}

/// The inverter's input and output pin names are A and Y in the netlist above: a library whose
/// inverter names them otherwise makes OpenSTA fail to link, which is reported with its log.
double run_fo4_measurement(const std::string& liberty, const std::string& field,
                           const std::string& inverter) {
    const LibertyCells cells = read_liberty_cells(liberty, field);
    if (!cells.find(inverter))
        throw ConfigError(fmt::format(
            "{} {}: no cell {} to measure the FO4 delay on (the Peh-Dally comparison needs it)",
            field, liberty, inverter));
    if (version_line("sta", "-version").empty())
        throw ConfigError(
            "hw: the FO4 delay of the library is measured with OpenSTA (Debian package opensta): "
            "`sta -version` failed");
    std::string pattern = (fs::temp_directory_path() / "wormcast-fo4-XXXXXX").string();
    if (!::mkdtemp(pattern.data()))
        throw ConfigError(fmt::format("hw: cannot create a temporary directory like {}", pattern));
    const std::string work = pattern;
    // The directory goes whatever happens below.
    struct Remove {
        std::string path;
        ~Remove() {
            std::error_code ec;
            fs::remove_all(path, ec);
        }
    } remove{work};
    std::ofstream(work + "/fo4.v") << fo4_verilog(inverter);
    std::ofstream(work + "/fo4.tcl") << fo4_script(cells.path);
    const std::string log = work + "/sta.log";
    const int code = run_logged({"sta", "-no_init", "-no_splash", "-exit", "fo4.tcl"}, log, work);
    std::istringstream lines(read_file(log));
    std::string line;
    bool failed = code != 0;
    double rise = 0, fall = 0;
    while (std::getline(lines, line)) {
        if (line.rfind("Error", 0) == 0) failed = true;
        std::istringstream words(line);
        std::string tag;
        if (words >> tag && tag == "wormcast-fo4") words >> rise >> fall;
    }
    if (failed)
        throw ModelError(
            fmt::format("hw: OpenSTA failed to time the FO4 inverter of {} (exit {}):{}", liberty,
                        code, log_tail(log, 10)));
    if (rise > 0 && fall > 0) return (rise + fall) / 2;
    throw ModelError(fmt::format("hw: OpenSTA gave no delay for the FO4 inverter of {}:{}", liberty,
                                 log_tail(log, 10)));
}

}  // namespace

StageDelay routing_delay() {
    return {"routing", kPehDallyClockFo4 * kTauPerFo4, 0};
}

StageDelay switch_arbiter_delay(unsigned ports) {
    check_delay_arguments(ports, 1, 1);
    return {"switch_allocation", 23 * delay_log(ports, 4) + 20 + 5.0 / 6, 9};
}

StageDelay vc_allocator_delay(unsigned ports, unsigned vcs) {
    check_delay_arguments(ports, vcs, 1);
    return {"vc_allocation", 16.5 * delay_log(ports, 4) + 33 * delay_log(vcs, 4) + 14 + 1.0 / 12,
            9};
}

StageDelay switch_allocator_delay(unsigned ports, unsigned vcs) {
    check_delay_arguments(ports, vcs, 1);
    return {"switch_allocation", 11.5 * delay_log(ports, 4) + 23 * delay_log(vcs, 4) + 20 + 5.0 / 6,
            9};
}

StageDelay crossbar_delay(unsigned ports, unsigned flit_bits) {
    check_delay_arguments(ports, 1, flit_bits);
    // floor(p/2) >= 1 for p >= 2, so the logarithm is defined.
    const double fan = static_cast<double>(flit_bits) * (ports / 2);
    return {"crossbar", 9 * delay_log(fan, 8) + 6 * delay_log(ports, 2) + 6, 0};
}

double RouterDelayModel::single_cycle_tau() const {
    double sum = 0;
    for (const auto& s : stages) sum += s.latency_tau;
    return sum;
}

RouterDelayModel peh_dally_router(unsigned ports, unsigned vcs, unsigned flit_bits) {
    check_delay_arguments(ports, vcs, flit_bits);
    RouterDelayModel m;
    m.virtual_channels = vcs > 1;
    m.ports = ports;
    m.vcs = vcs;
    m.flit_bits = flit_bits;
    m.stages.push_back(routing_delay());
    if (m.virtual_channels) {
        m.stages.push_back(vc_allocator_delay(ports, vcs));
        m.stages.push_back(switch_allocator_delay(ports, vcs));
    } else {
        m.stages.push_back(switch_arbiter_delay(ports));
    }
    m.stages.push_back(crossbar_delay(ports, flit_bits));
    return m;
}

RouterShape router_shape(const RtlConfig& config) {
    auto value = [&](const char* name, std::int64_t fallback) {
        const std::int64_t v = config.get(name, fallback);
        if (v < 0)
            throw ConfigError(
                fmt::format("delay model: {} = {} in {}", name, v, config.describe()));
        return static_cast<unsigned>(v);
    };
    RouterShape s;
    s.vcs = value("NUM_VCS", 1);
    s.flit_bits = value("FLIT_WIDTH", 32);
    // The defaults are the top modules' own (rtl/wc_router.sv, rtl/wc_min_switch.sv).
    if (config.top == "wc_router") {
        const unsigned network = value("NUM_NET", 4);
        s.inputs = network + value("NUM_INJ", 1);
        s.outputs = network + value("NUM_CONS", 1);
    } else if (config.top == "wc_min_switch") {
        const unsigned b = value("B", 2);
        const bool bidirectional = value("BIDIRECTIONAL", 0) != 0;
        const unsigned stages = value("STAGES", 3), stage = value("STAGE", 0);
        const unsigned ports = bidirectional ? 2 * b : b;
        const bool exit = bidirectional ? stage == 0 : stage + 1 == stages;
        s.inputs = ports;
        const unsigned consumption = std::max(1u, value("CONSUMPTION", 1));
        s.outputs = ports + (exit ? (consumption - 1) * b : 0);
    } else {
        throw ConfigError(fmt::format(
            "delay model: no port count known for the top module {} (wc_router, wc_min_switch)",
            config.top));
    }
    return s;
}

double measure_fo4_ps(const std::string& liberty, const std::string& field,
                      const std::string& inverter) {
    // One measurement per library and inverter in a process: `wormcast hw` asks once per
    // configuration, `explore` may ask for many.
    static std::mutex mutex;
    static std::map<std::pair<std::string, std::string>, double> measured;
    std::error_code ec;
    const std::string key = fs::absolute(liberty, ec).lexically_normal().string();
    std::lock_guard<std::mutex> lock(mutex);
    const auto it = measured.find({key, inverter});
    if (it != measured.end()) return it->second;
    const double ps = run_fo4_measurement(liberty, field, inverter);
    measured[{key, inverter}] = ps;
    return ps;
}

}  // namespace wormcast::rtl
