// The silicon cost of an RTL configuration (see HwCost.hpp).
#include "systemc/rtl/HwCost.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <sstream>

#include <fmt/format.h>

#include "systemc/pure/Sha256.hpp"
#include "systemc/pure/Types.hpp"
#include "systemc/rtl/CacheSupport.hpp"
#include "systemc/rtl/RtlToolchain.hpp"

namespace wormcast::rtl {

namespace fs = std::filesystem;

namespace {

// ---- Liberty --------------------------------------------------------------------------------

/// Liberty text as words, numbers, strings and punctuation, comments and line continuations
/// dropped.
std::vector<std::string> liberty_tokens(const std::string& text) {
    std::vector<std::string> out;
    std::size_t i = 0;
    const std::size_t n = text.size();
    while (i < n) {
        const char c = text[i];
        if (std::isspace(static_cast<unsigned char>(c)) || c == '\\') {
            ++i;
        } else if (c == '/' && i + 1 < n && text[i + 1] == '*') {
            const std::size_t end = text.find("*/", i + 2);
            i = end == std::string::npos ? n : end + 2;
        } else if (c == '/' && i + 1 < n && text[i + 1] == '/') {
            const std::size_t end = text.find('\n', i);
            i = end == std::string::npos ? n : end;
        } else if (c == '"') {
            const std::size_t end = text.find('"', i + 1);
            out.push_back(text.substr(i + 1, (end == std::string::npos ? n : end) - i - 1));
            i = end == std::string::npos ? n : end + 1;
        } else if (std::string("{}():;,").find(c) != std::string::npos) {
            out.emplace_back(1, c);
            ++i;
        } else {
            std::size_t j = i;
            while (j < n && !std::isspace(static_cast<unsigned char>(text[j])) &&
                   std::string("{}():;,\"").find(text[j]) == std::string::npos)
                ++j;
            out.push_back(text.substr(i, j - i));
            i = j;
        }
    }
    return out;
}

// ---- yosys netlists -------------------------------------------------------------------------

/// A module of a netlist yosys wrote (write_verilog -noattr): the library cells it instantiates
/// and its instances of other modules.
struct NetlistModule {
    std::map<std::string, std::uint64_t> cells;                  ///< library cell -> count
    std::vector<std::pair<std::string, std::string>> instances;  ///< (module, instance name)
};

std::map<std::string, NetlistModule> read_netlist(const std::string& path,
                                                  const LibertyCells& library) {
    std::ifstream in(path);
    if (!in) throw ModelError(fmt::format("hw: the netlist {} was not written", path));
    std::map<std::string, NetlistModule> modules;
    NetlistModule* current = nullptr;
    static const std::regex module_line(R"(^module\s+(\S+?)\s*\()");
    static const std::regex instance_line(R"(^  (\S+)\s+(\S+)\s+\($)");
    std::string line;
    std::smatch m;
    while (std::getline(in, line)) {
        if (std::regex_search(line, m, module_line)) {
            current = &modules[netlist_name(m[1])];
        } else if (line.rfind("endmodule", 0) == 0) {
            current = nullptr;
        } else if (current && std::regex_search(line, m, instance_line)) {
            const std::string type = netlist_name(m[1]);
            if (library.find(type))
                ++current->cells[type];
            else
                current->instances.emplace_back(type, netlist_name(m[2]));
        }
    }
    // Every instance is a library cell or a module of the netlist: anything else (a yosys
    // internal cell the mapping left) would be counted as nothing.
    for (const auto& [name, module] : modules)
        for (const auto& [type, instance] : module.instances)
            if (!modules.count(type))
                throw ModelError(fmt::format(
                    "hw: {} holds {} ({}), neither a cell of {} nor a module of the netlist", path,
                    instance, type, library.path));
    return modules;
}

/// rtl/ module name of a (parameterised) netlist module: "$paramod$HASH\wc_fifo" -> "wc_fifo".
std::string base_module(const std::string& name) {
    if (name.rfind("$paramod", 0) != 0) return name;
    const std::size_t slash = name.find('\\');
    if (slash == std::string::npos) return name;
    const std::size_t end = name.find('\\', slash + 1);
    return name.substr(slash + 1, end == std::string::npos ? std::string::npos : end - slash - 1);
}

/// The unit a module of rtl/ belongs to; empty: its parent's (a helper such as the arbiter).
std::string unit_of(const std::string& module) {
    static const std::map<std::string, std::string> units = {
        {"wc_input_unit", "input_units"},
        {"wc_fifo", "input_units"},
        {"wc_route_ecube", "route_units"},
        {"wc_route_table", "route_units"},
        {"wc_route_dtag", "route_units"},
        {"wc_ocrq", "ocrq_vc_allocation"},
        {"wc_switch_alloc", "switch_allocator"},
        {"wc_crossbar", "crossbar"},
        {"wc_output_unit", "output_units"},
        {"wc_token_stop", "token_stop"},
        {"wc_rr_arbiter", ""}};
    const auto it = units.find(module);
    return it == units.end() ? "core" : it->second;
}

/// The units in the order a flit meets them.
const std::vector<std::string>& unit_order() {
    static const std::vector<std::string> order = {
        "input_units",      "route_units", "token_stop",   "ocrq_vc_allocation",
        "switch_allocator", "crossbar",    "output_units", "core"};
    return order;
}

struct Tally {
    std::map<std::string, HwUnit> units;
};

void tally(const std::map<std::string, NetlistModule>& modules, const std::string& module,
           const std::string& unit, std::uint64_t multiplicity, const LibertyCells& library,
           Tally& out) {
    const NetlistModule& m = modules.at(module);
    HwUnit& u = out.units[unit];
    u.unit = unit;
    for (const auto& [cell, count] : m.cells) {
        const LibertyCells::Cell* c = library.find(cell);
        u.area_um2 += c->area * count * multiplicity;
        u.cells += count * multiplicity;
        if (c->sequential) u.flip_flops += count * multiplicity;
    }
    for (const auto& [type, instance] : m.instances) {
        std::string child = unit_of(base_module(type));
        if (child.empty()) child = unit;
        if (child != unit) out.units[child].instances += static_cast<std::uint32_t>(multiplicity);
        tally(modules, type, child, multiplicity, library, out);
    }
}

/// The unit of a flattened name ("u_core.g_in[0].u_input.g_vc[0].need_q"): the instances of the
/// kept-apart netlist its dotted prefix passes through, from the top; "core" when none.
std::string unit_of_path(const std::map<std::string, NetlistModule>& modules,
                         const std::string& top, const std::string& name) {
    std::string module = top, unit = "core", rest = name;
    for (;;) {
        const auto it = modules.find(module);
        if (it == modules.end()) break;
        const std::pair<std::string, std::string>* best = nullptr;
        for (const auto& inst : it->second.instances) {
            const std::string& iname = inst.second;
            if (rest.size() > iname.size() && rest.compare(0, iname.size(), iname) == 0 &&
                rest[iname.size()] == '.' && (!best || iname.size() > best->second.size()))
                best = &inst;
        }
        if (!best) break;
        const std::string u = unit_of(base_module(best->first));
        if (!u.empty()) unit = u;
        module = best->first;
        rest = rest.substr(best->second.size() + 1);
    }
    return unit;
}

/// A flattened cell's name without the cell-and-pin suffix yosys's autoname adds
/// ("x.need_q_OR2X1_A_B_..." -> "x.need_q"), and without OpenSTA's "/PIN".
std::string register_name(std::string name, const LibertyCells& library) {
    if (const std::size_t slash = name.rfind('/'); slash != std::string::npos) name.erase(slash);
    std::size_t cut = std::string::npos;
    for (const auto& cell : library.cells) {
        const std::size_t at = name.find("_" + cell.name + "_");
        if (at != std::string::npos && at < cut) cut = at;
        if (name.size() > cell.name.size() + 1 &&
            name.compare(name.size() - cell.name.size() - 1, std::string::npos, "_" + cell.name) ==
                0)
            cut = std::min(cut, name.size() - cell.name.size() - 1);
    }
    if (cut != std::string::npos && cut > 0) name.erase(cut);
    return name;
}

// ---- tools ----------------------------------------------------------------------------------

struct HwTools {
    std::string yosys = "yosys", sta = "sta";
    std::string yosys_version, sta_version;
    std::string verilog_directory;
    std::vector<std::string> sources;
    std::string sources_hash;
};

const HwTools& hw_tools() {
    static const HwTools found = [] {
        HwTools t;
        t.yosys_version = version_line(t.yosys, "-V");
        if (t.yosys_version.empty())
            throw ConfigError(
                "hw: synthesis needs yosys (Debian package yosys): `yosys -V` failed");
        t.sta_version = version_line(t.sta, "-version");
        if (t.sta_version.empty())
            throw ConfigError(
                "hw: timing and power need OpenSTA (Debian package opensta): `sta -version` "
                "failed");
        t.verilog_directory = rtl_toolchain().verilog_directory();
        RtlSources sources = rtl_sources(t.verilog_directory);
        t.sources = std::move(sources.files);
        t.sources_hash = std::move(sources.hash);
        return t;
    }();
    return found;
}

std::string& hw_directory_override() {
    static std::string directory;
    return directory;
}

/// The yosys script of one configuration: the flattened netlist, then (from the same elaborated
/// design) the one with the units kept apart.
std::string yosys_script(const RtlConfig& config, const std::vector<std::string>& sources,
                         const std::string& liberty) {
    std::string s = "read_verilog -sv -DSYNTHESIS";
    for (const auto& src : sources) s += " " + src;
    s += "\n";
    if (!config.parameters.empty()) {
        s += "chparam";
        for (const auto& p : config.parameters) s += fmt::format(" -set {} {}", p.name, p.value);
        s += " " + config.top + "\n";
    }
    s += fmt::format("hierarchy -check -top {}\n", config.top);
    s += "design -save elaborated\n";
    const std::string map =
        fmt::format("dfflibmap -liberty {0}\nabc -liberty {0}\nopt_clean -purge\n", liberty);
    // Flattened: output ports split to bits (OpenSTA reads no concatenation on the left of an
    // assign), cells named after their registers (autoname) so that the path says where it runs.
    s += fmt::format("synth -top {} -flatten\n", config.top) + map +
         "splitnets -ports\nopt_clean -purge\nautoname\n"
         "tee -o flat.stat stat -liberty " +
         liberty +
         "\n"
         "write_verilog -noattr -noexpr flat.v\n";
    s += "design -load elaborated\n";
    s += fmt::format("synth -top {}\n", config.top) + map +
         "write_verilog -noattr -noexpr units.v\n";
    return s;
}

std::string sta_script(const std::string& top, const std::string& liberty) {
    return fmt::format(
        "read_liberty {{{0}}}\n"
        "read_verilog flat.v\n"
        "link_design {1}\n"
        "set_cmd_units -time ps\n"
        "set clock_port [lindex [get_ports -quiet {{clk_i clk}}] 0]\n"
        "if {{$clock_port == \"\"}} {{ puts \"wormcast-sta error no clock port\"; exit 1 }}\n"
        "create_clock -name clk -period 100000 $clock_port\n"
        "set data_inputs [all_inputs]\n"
        "foreach p [get_ports -quiet {{clk_i clk rst_ni}}] {{ set data_inputs [delete_from_list "
        "$data_inputs $p] }}\n"
        "set_input_delay 0 -clock clk $data_inputs\n"
        "set_output_delay 0 -clock clk [all_outputs]\n"
        "foreach p [get_ports -quiet rst_ni] {{ set_false_path -from $p }}\n"
        "set pe [lindex [find_timing_paths -path_delay max -group_count 1] 0]\n"
        "puts \"wormcast-sta slack [get_property $pe slack]\"\n"
        "puts \"wormcast-sta start [get_full_name [get_property $pe startpoint]]\"\n"
        "puts \"wormcast-sta end [get_full_name [get_property $pe endpoint]]\"\n"
        "foreach p [get_property $pe points] {{\n"
        "  puts \"wormcast-sta point [get_property $p arrival] [get_full_name [get_property $p "
        "pin]]\"\n"
        "}}\n"
        "set_power_activity -global -activity 0 -duty 0.5\n"
        "report_power -digits 9\n"
        "exit\n",
        liberty, top);
}

constexpr double kStaPeriodPs = 100000;  ///< the period sta_script times against

HwCost build(const RtlConfig& config, const LibertyCells& library, const std::string& key,
             const std::string& work) {
    const HwTools& t = hw_tools();
    HwCost cost;
    cost.config = config;
    cost.key = key;
    cost.liberty = library.path;
    cost.library = library.name;
    const auto start = std::chrono::steady_clock::now();
    std::ofstream(work + "/synth.ys") << yosys_script(config, t.sources, library.path);
    const std::string ylog = work + "/yosys.log";
    if (const int code = run_logged({t.yosys, "-q", "-l", "yosys.log", "synth.ys"}, "", work);
        code != 0)
        throw ModelError(fmt::format("hw: yosys failed on {} (exit {}); {}:{}", config.describe(),
                                     code, ylog, log_tail(ylog, 15)));
    std::ofstream(work + "/timing.tcl") << sta_script(config.top, library.path);
    const std::string slog = work + "/sta.log";
    if (const int code =
            run_logged({t.sta, "-no_init", "-no_splash", "-exit", "timing.tcl"}, slog, work);
        code != 0)
        throw ModelError(fmt::format("hw: OpenSTA failed on {} (exit {}); {}:{}", config.describe(),
                                     code, slog, log_tail(slog, 15)));
    cost.synth_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    // Area of the flattened netlist.
    const auto flat = read_netlist(work + "/flat.v", library);
    if (!flat.count(config.top) || flat.size() != 1)
        throw ModelError(
            fmt::format("hw: {}/flat.v is not one flattened module {}", work, config.top));
    for (const auto& [cell, count] : flat.at(config.top).cells) {
        const LibertyCells::Cell* c = library.find(cell);
        cost.area_um2 += c->area * count;
        cost.cells += count;
        if (c->sequential) cost.flip_flops += count;
    }
    // Units.
    const auto kept = read_netlist(work + "/units.v", library);
    if (!kept.count(config.top))
        throw ModelError(fmt::format("hw: {}/units.v has no module {}", work, config.top));
    Tally tally_out;
    tally(kept, config.top, "core", 1, library, tally_out);
    tally_out.units["core"].instances = 1;
    for (const auto& name : unit_order()) {
        const auto it = tally_out.units.find(name);
        if (it == tally_out.units.end() || it->second.cells == 0) continue;
        cost.units.push_back(it->second);
        cost.units_area_um2 += it->second.area_um2;
    }
    // Timing and leakage.
    std::ifstream in(slog);
    std::string line;
    bool have_slack = false, have_leakage = false;
    double slack = 0;
    std::string last_pin;
    while (std::getline(in, line)) {
        if (line.rfind("Error", 0) == 0)
            throw ModelError(fmt::format("hw: OpenSTA reported an error on {}: {} ({})",
                                         config.describe(), line, slog));
        std::istringstream words(line);
        std::string tag, what;
        words >> tag >> what;
        if (tag == "wormcast-sta") {
            if (what == "slack") {
                words >> slack;
                have_slack = true;
            } else if (what == "start" || what == "end") {
                std::string name;
                words >> name;
                const std::string reg = register_name(name, library);
                (what == "start" ? cost.path_start : cost.path_end) = reg;
                (what == "start" ? cost.start_unit : cost.end_unit) =
                    name.find('/') == std::string::npos ? "port"
                                                        : unit_of_path(kept, config.top, reg);
            } else if (what == "point") {
                double arrival = 0;
                std::string pin;
                words >> arrival >> pin;
                cost.arrival_ps = std::max(cost.arrival_ps, arrival);
                const std::string unit =
                    pin.find('/') == std::string::npos
                        ? "port"
                        : unit_of_path(kept, config.top, register_name(pin, library));
                // A cell's input and output pin are both points: count its output only.
                if (last_pin.substr(0, last_pin.rfind('/')) == pin.substr(0, pin.rfind('/')))
                    continue;
                last_pin = pin;
                auto it = std::find_if(cost.path_units.begin(), cost.path_units.end(),
                                       [&](const auto& u) { return u.first == unit; });
                if (it == cost.path_units.end())
                    cost.path_units.emplace_back(unit, 1);
                else
                    ++it->second;
            }
        } else if (tag == "Total") {
            // Total  internal  switching  leakage  total  share (watts)
            double internal = 0, switching = 0, leakage = 0;
            std::istringstream values(line.substr(5));
            if (values >> internal >> switching >> leakage) {
                cost.leakage_uw = leakage * 1e6;
                have_leakage = true;
            }
        }
    }
    if (!have_slack || !have_leakage || cost.path_start.empty())
        throw ModelError(fmt::format("hw: OpenSTA gave no critical path or power for {} ({})",
                                     config.describe(), slog));
    cost.min_period_ps = kStaPeriodPs - slack;
    return cost;
}

}  // namespace

const LibertyCells::Cell* LibertyCells::find(const std::string& cell_name) const {
    for (const auto& c : cells)
        if (c.name == cell_name) return &c;
    return nullptr;
}

LibertyCells read_liberty_cells(const std::string& path, const std::string& field) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec))
        throw ConfigError(fmt::format("{} {}: no such file", field, path));
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ConfigError(fmt::format("{} {}: cannot be read", field, path));
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    LibertyCells lib;
    lib.path = fs::absolute(path, ec).lexically_normal().string();
    lib.sha256 = sha256_hex(text);
    const std::vector<std::string> tok = liberty_tokens(text);
    // Groups: NAME ( args ) { ... }; simple attributes: NAME : value ;
    std::vector<std::string> groups;
    LibertyCells::Cell* cell = nullptr;
    std::string pin_name;  // of the pin group being read
    for (std::size_t i = 0; i < tok.size(); ++i) {
        if (tok[i] == "}") {
            if (groups.empty())
                throw ConfigError(
                    fmt::format("{} {}: not a Liberty file (unbalanced braces)", field, path));
            if (groups.size() == 2 && groups.back() == "cell") cell = nullptr;
            groups.pop_back();
            continue;
        }
        if (i + 1 >= tok.size()) break;
        if (tok[i + 1] == "(") {
            std::size_t j = i + 2;
            std::string arg;
            while (j < tok.size() && tok[j] != ")") arg += tok[j++];
            if (j + 1 < tok.size() && tok[j + 1] == "{") {
                if (groups.empty() && tok[i] != "library")
                    throw ConfigError(fmt::format(
                        "{} {}: not a Liberty file (it starts with '{}', not library (NAME))",
                        field, path, tok[i]));
                if (groups.empty()) lib.name = arg;
                if (groups.size() == 1 && tok[i] == "cell") {
                    lib.cells.push_back({arg, 0, false, false, {}, {}});
                    cell = &lib.cells.back();
                }
                if (cell && groups.size() == 2 && tok[i] == "pin") pin_name = arg;
                if (cell && groups.size() == 2 && (tok[i] == "ff" || tok[i] == "latch")) {
                    cell->sequential = true;
                    if (tok[i] == "ff") cell->flip_flop = true;
                }
                groups.push_back(tok[i]);
                i = j + 1;
            } else {
                i = j;
            }
        } else if (tok[i + 1] == ":" && cell && groups.size() == 3 && groups.back() == "pin" &&
                   tok[i] == "direction" && i + 2 < tok.size()) {
            if (tok[i + 2] == "output") cell->outputs.push_back(pin_name);
        } else if (tok[i + 1] == ":" && cell && groups.size() == 3 && groups.back() == "ff" &&
                   tok[i] == "next_state" && i + 2 < tok.size()) {
            const std::string& pin = tok[i + 2];
            const bool plain = !pin.empty() && std::all_of(pin.begin(), pin.end(), [](char c) {
                return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
            });
            if (plain) cell->data_pin = pin;
        } else if (tok[i + 1] == ":" && cell && groups.size() == 2 && tok[i] == "area" &&
                   i + 2 < tok.size()) {
            try {
                cell->area = std::stod(tok[i + 2]);
            } catch (const std::exception&) {
                throw ConfigError(fmt::format("{} {}: cell {} has area '{}', not a number", field,
                                              path, cell->name, tok[i + 2]));
            }
        }
    }
    if (lib.name.empty() || lib.cells.empty())
        throw ConfigError(
            fmt::format("{} {}: not a Liberty library (no library group with cells)", field, path));
    if (std::none_of(lib.cells.begin(), lib.cells.end(), [](const auto& c) { return c.flip_flop; }))
        throw ConfigError(fmt::format(
            "{} {}: library {} has no flip-flop (no cell with an ff group): the router's "
            "registers cannot be mapped onto it",
            field, path, lib.name));
    return lib;
}

nlohmann::ordered_json HwCost::to_json() const {
    nlohmann::ordered_json j;
    j["top"] = config.top;
    j["parameters"] = config.describe();
    j["summary"] = config.summary;
    j["key"] = key;
    j["liberty"] = liberty;
    j["library"] = library;
    j["area_um2"] = area_um2;
    j["cells"] = cells;
    j["flip_flops"] = flip_flops;
    j["units_area_um2"] = units_area_um2;
    j["units"] = nlohmann::ordered_json::array();
    for (const auto& u : units)
        j["units"].push_back({{"unit", u.unit},
                              {"instances", u.instances},
                              {"area_um2", u.area_um2},
                              {"cells", u.cells},
                              {"flip_flops", u.flip_flops}});
    j["critical_path"] = {
        {"arrival_ps", arrival_ps}, {"min_period_ps", min_period_ps},
        {"fmax_mhz", fmax_mhz()},   {"start", path_start},
        {"start_unit", start_unit}, {"end", path_end},
        {"end_unit", end_unit},     {"through_units", nlohmann::ordered_json::array()}};
    for (const auto& [unit, count] : path_units)
        j["critical_path"]["through_units"].push_back({{"unit", unit}, {"cells", count}});
    j["leakage_uw"] = leakage_uw;
    j["synth_seconds"] = synth_seconds;
    return j;
}

HwCost HwCost::from_json(const nlohmann::json& j) {
    HwCost c;
    c.config.top = j.at("top").get<std::string>();
    c.config.summary = j.value("summary", "");
    c.key = j.at("key").get<std::string>();
    c.liberty = j.at("liberty").get<std::string>();
    c.library = j.at("library").get<std::string>();
    c.area_um2 = j.at("area_um2").get<double>();
    c.cells = j.at("cells").get<std::uint64_t>();
    c.flip_flops = j.at("flip_flops").get<std::uint64_t>();
    c.units_area_um2 = j.at("units_area_um2").get<double>();
    for (const auto& u : j.at("units"))
        c.units.push_back({u.at("unit").get<std::string>(), u.at("area_um2").get<double>(),
                           u.at("cells").get<std::uint64_t>(),
                           u.at("flip_flops").get<std::uint64_t>(),
                           u.at("instances").get<std::uint32_t>()});
    const auto& p = j.at("critical_path");
    c.arrival_ps = p.at("arrival_ps").get<double>();
    c.min_period_ps = p.at("min_period_ps").get<double>();
    c.path_start = p.at("start").get<std::string>();
    c.start_unit = p.at("start_unit").get<std::string>();
    c.path_end = p.at("end").get<std::string>();
    c.end_unit = p.at("end_unit").get<std::string>();
    for (const auto& u : p.at("through_units"))
        c.path_units.emplace_back(u.at("unit").get<std::string>(),
                                  u.at("cells").get<std::uint32_t>());
    c.leakage_uw = j.at("leakage_uw").get<double>();
    c.synth_seconds = j.at("synth_seconds").get<double>();
    return c;
}

constexpr CacheLocation kHwCache{"hw cache", "WORMCAST_HW_CACHE", "hw", "--hw-cache"};

std::string netlist_name(std::string text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
    std::size_t start = 0;
    while (start < text.size() && std::isspace(static_cast<unsigned char>(text[start]))) ++start;
    text.erase(0, start);
    if (!text.empty() && text.front() == '\\') text.erase(0, 1);
    return text;
}

std::string hw_cost_directory(const HwCost& cost) {
    return hw_cache_directory() + "/" + cost.key;
}

std::string hw_cache_directory() {
    return cache_directory(kHwCache, hw_directory_override());
}

void set_hw_cache_directory(const std::string& directory) {
    hw_directory_override() = set_cache_directory(kHwCache, directory);
}

HwCost hw_cost(const RtlConfig& config, const std::string& liberty,
               const std::function<void(const std::string&)>& progress) {
    const LibertyCells library = read_liberty_cells(liberty, "--liberty");
    const HwTools& t = hw_tools();
    const std::string key =
        sha256_hex(fmt::format("wormcast hw cache 1\n{}\n{}\n{}\n{}\n{}\n{}\n", config.canonical(),
                               t.sources_hash, library.sha256, t.yosys_version, t.sta_version,
                               yosys_script(config, {}, "LIB") + sta_script(config.top, "LIB")));
    const auto say = [&progress](const std::string& line) {
        if (progress) progress(line);
    };
    const std::string cache = hw_cache_directory();
    const std::string directory = cache + "/" + key;
    const auto load = [&]() -> std::optional<HwCost> {
        const std::string text = read_file(directory + "/cost.json");
        if (text.empty()) return std::nullopt;
        HwCost c = HwCost::from_json(nlohmann::json::parse(text));
        c.config = config;  // the parameters as derived (the file has them in words)
        return c;
    };
    if (auto cached = load()) return *cached;
    std::error_code ec;
    fs::create_directories(cache, ec);
    if (ec)
        throw ConfigError(fmt::format(
            "hw cache: cannot create {}: {} (give --hw-cache DIR or set WORMCAST_HW_CACHE)", cache,
            ec.message()));
    FileLock lock(directory + ".lock", [&] {
        say(fmt::format("hw: waiting for another process synthesising {} ({})", config.describe(),
                        key.substr(0, 12)));
    });
    if (auto cached = load()) return *cached;
    const std::string work = fmt::format("{}/tmp-{}-{}-{}", cache, key, hostname(), getpid());
    fs::remove_all(work, ec);
    fs::create_directories(work, ec);
    say(fmt::format("hw: synthesising {} onto {} ({}) ...",
                    config.summary.empty() ? config.describe() : config.summary, library.name,
                    key.substr(0, 12)));
    try {
        HwCost cost = build(config, library, key, work);
        std::ofstream(work + "/cost.json") << cost.to_json().dump(2) << "\n";
        fs::remove(work + "/units.v", ec);  // the flattened netlist stays, for a closer look
        fs::remove_all(directory, ec);
        fs::rename(work, directory, ec);
        if (ec)
            throw ConfigError(
                fmt::format("hw cache: cannot complete {}: {}", directory, ec.message()));
        say(fmt::format("hw: {} done in {:.1f} s", key.substr(0, 12), cost.synth_seconds));
        return cost;
    } catch (const ModelError&) {
        throw;  // the work folder stays, with the logs the message names
    } catch (...) {
        fs::remove_all(work, ec);
        throw;
    }
}

}  // namespace wormcast::rtl
