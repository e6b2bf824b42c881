// Power of an RTL router from the switching activity of a run (see HwPower.hpp).
#include "systemc/rtl/HwPower.hpp"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <regex>
#include <sstream>
#include <thread>

#include <fmt/format.h>
#include <unistd.h>

#include "systemc/pure/Types.hpp"
#include "systemc/rtl/CacheSupport.hpp"

namespace wormcast::rtl {

namespace fs = std::filesystem;

namespace {

/// The netlist the activity analysis runs on (see HwPower.hpp): the flattened one with each
/// flip-flop's data input made a port "wc_ff_d_K"; register K's output net is nets[K].
struct PowerNetlist {
    std::string path;
    std::vector<std::string> register_nets;  ///< per flip-flop, its output net (unescaped)
    std::vector<std::string> inputs;         ///< the router's input ports, but the clock
};

PowerNetlist power_netlist(const HwCost& cost, const LibertyCells& library) {
    const std::string directory = hw_cost_directory(cost);
    const std::string flat = directory + "/flat.v";
    std::ifstream in(flat);
    if (!in)
        throw ModelError(
            fmt::format("power: the netlist {} is missing (remove the folder {} so "
                        "that `wormcast hw` synthesises it again)",
                        flat, directory));
    PowerNetlist out;
    out.path = directory + "/power.v";
    std::ostringstream body;
    static const std::regex instance_line(R"(^  (\S+)\s+(\S+)\s+\($)");
    static const std::regex pin_line(R"(^    \.(\w+)\((.*)\),?$)");
    static const std::regex input_line(R"(^  input (.*);$)");
    std::string line, header;
    bool in_header = true;
    const LibertyCells::Cell* cell = nullptr;
    std::string register_net;
    std::smatch m;
    while (std::getline(in, line)) {
        if (in_header) {  // up to the end of the module's port list: "... );"
            header += line + "\n";
            if (header.find("module ") != std::string::npos && line.size() >= 2 &&
                line.compare(line.size() - 2, 2, ");") == 0)
                in_header = false;
            continue;
        }
        if (std::regex_match(line, m, input_line)) {
            const std::string name = netlist_name(m[1]);
            if (name != "clk_i" && name != "clk") out.inputs.push_back(name);
        } else if (std::regex_match(line, m, instance_line)) {
            const LibertyCells::Cell* c = library.find(netlist_name(m[1]));
            cell = c && c->flip_flop ? c : nullptr;
            if (cell && cell->data_pin.empty())
                throw ModelError(fmt::format(
                    "power: flip-flop cell {} of {} has a next_state that is not one pin: the "
                    "activity analysis needs its data input",
                    cell->name, library.path));
            register_net.clear();
        } else if (cell && std::regex_match(line, m, pin_line)) {
            const std::string pin = m[1];
            const bool last = line.back() != ',';
            if (pin == cell->data_pin) {
                line = fmt::format("    .{}(wc_ff_d_{}){}", pin, out.register_nets.size(),
                                   last ? "" : ",");
            } else if (std::find(cell->outputs.begin(), cell->outputs.end(), pin) !=
                       cell->outputs.end()) {
                register_net = netlist_name(m[2]);
            }
        } else if (cell && line == "  );") {
            out.register_nets.push_back(register_net);
            cell = nullptr;
        }
        body << line << "\n";
    }
    if (in_header) throw ModelError(fmt::format("power: {} has no module header", flat));
    // The new ports: in the header's port list and declared as inputs.
    const std::size_t open = header.find('(', header.find("module "));
    std::string ports, declarations;
    for (std::size_t k = 0; k < out.register_nets.size(); ++k) {
        ports += fmt::format("wc_ff_d_{}, ", k);
        declarations += fmt::format("  input wc_ff_d_{};\n", k);
    }
    header.insert(open + 1, ports);
    const std::string text = header + declarations + body.str();
    if (read_file(out.path) != text) {
        const std::string work = fmt::format("{}.tmp-{}-{}", out.path, hostname(), getpid());
        std::ofstream(work) << text;
        std::error_code ec;
        fs::rename(work, out.path, ec);
        if (ec)
            throw ConfigError(fmt::format("power: cannot write {}: {}", out.path, ec.message()));
    }
    return out;
}

/// report_power's "Total" line of `log`.
PowerFigures read_power(const std::string& log_path) {
    std::ifstream in(log_path);
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("Total", 0) != 0) continue;
        std::istringstream words(line.substr(5));
        PowerFigures p;
        double total = 0;
        if (words >> p.internal_w >> p.switching_w >> p.leakage_w >> total) return p;
    }
    throw ModelError(fmt::format("power: OpenSTA wrote no power report; {}:{}", log_path,
                                 log_tail(log_path, 15)));
}

std::string sta_header(const HwCost& cost, const PowerNetlist& netlist, double period_ns) {
    return fmt::format(
        "read_liberty {{{}}}\nread_verilog {{{}}}\nlink_design {}\nset_cmd_units -time ps\n"
        "set clock_port [lindex [get_ports -quiet {{clk_i clk}}] 0]\n"
        "create_clock -name clk -period {:.3f} $clock_port\n"
        "set data_inputs [all_inputs]\n"
        "set data_inputs [delete_from_list $data_inputs $clock_port]\n"
        "set_input_delay 0 -clock clk $data_inputs\n"
        "set_power_activity -input -activity 0 -duty 0\n"
        "proc a {{port activity duty}} {{ sta::set_power_input_port_activity [get_ports $port] "
        "$activity $duty }}\n",
        cost.liberty, netlist.path, cost.config.top, period_ns * 1000);
}

}  // namespace

std::vector<RouterPower> router_power(const HwCost& cost, const LibertyCells& library,
                                      const std::vector<const RouterActivity*>& routers,
                                      std::uint64_t cycles, double period_ns, unsigned jobs) {
    if (cycles == 0) throw ModelError("power: no cycle was sampled");
    const PowerNetlist netlist = power_netlist(cost, library);
    char pattern[] = "/tmp/wormcast-power-XXXXXX";
    if (!mkdtemp(pattern)) throw ConfigError("power: cannot create a folder in /tmp");
    const std::string work = pattern;
    const std::string sta = "sta";

    // Each router's script; the first is the idle one (no activity anywhere).
    std::vector<RouterPower> out(routers.size());
    std::vector<std::string> scripts(routers.size() + 1);
    scripts[0] = sta_header(cost, netlist, period_ns) + "report_power -digits 9\nexit\n";
    const auto rate = [&](std::uint64_t n) { return static_cast<double>(n) / cycles; };
    for (std::size_t i = 0; i < routers.size(); ++i) {
        const RouterActivity& activity = *routers[i];
        RouterPower& p = out[i];
        p.router = activity.router;
        p.registers = netlist.register_nets.size();
        p.inputs = netlist.inputs.size();
        std::string s = sta_header(cost, netlist, period_ns);
        std::vector<std::pair<std::size_t, const BitActivity*>> known;
        double sum = 0, sum_duty = 0;
        for (std::size_t k = 0; k < netlist.register_nets.size(); ++k) {
            const auto found = activity.bits.find(netlist.register_nets[k]);
            if (found == activity.bits.end()) continue;
            known.emplace_back(k, &found->second);
            sum += rate(found->second.toggles);
            sum_duty += rate(found->second.high_cycles);
        }
        p.registers_matched = known.size();
        p.mean_register_activity = known.empty() ? 0 : sum / known.size();
        const double mean_duty = known.empty() ? 0 : sum_duty / known.size();
        std::vector<bool> set(netlist.register_nets.size(), false);
        for (const auto& [k, bit] : known) {
            s += fmt::format("a wc_ff_d_{} {:.9g} {:.9g}\n", k, rate(bit->toggles),
                             std::min(1.0, rate(bit->high_cycles)));
            set[k] = true;
        }
        for (std::size_t k = 0; k < set.size(); ++k)
            if (!set[k])
                s += fmt::format("a wc_ff_d_{} {:.9g} {:.9g}\n", k, p.mean_register_activity,
                                 mean_duty);
        for (const auto& port : netlist.inputs) {
            const auto found = activity.bits.find(port);
            if (found == activity.bits.end()) continue;
            ++p.inputs_matched;
            s += fmt::format("a {{{}}} {:.9g} {:.9g}\n", port, rate(found->second.toggles),
                             std::min(1.0, rate(found->second.high_cycles)));
        }
        scripts[i + 1] = s + "report_power -digits 9\nexit\n";
    }

    std::vector<PowerFigures> results(scripts.size());
    std::atomic<std::size_t> next{0};
    std::mutex failure_mutex;
    std::string failure;
    const auto worker = [&] {
        for (std::size_t i = next++; i < scripts.size(); i = next++) {
            const std::string tcl = fmt::format("{}/r{}.tcl", work, i);
            const std::string log = fmt::format("{}/r{}.log", work, i);
            std::ofstream(tcl) << scripts[i];
            const int code = run_logged({sta, "-no_init", "-no_splash", "-exit", tcl}, log, work);
            try {
                if (code != 0)
                    throw ModelError(fmt::format("power: OpenSTA failed (exit {}); {}:{}", code,
                                                 log, log_tail(log, 15)));
                results[i] = read_power(log);
                std::error_code ec;
                fs::remove(tcl, ec);
                fs::remove(log, ec);
            } catch (const std::exception& e) {
                std::lock_guard<std::mutex> lock(failure_mutex);
                if (failure.empty()) failure = e.what();
            }
        }
    };
    std::vector<std::thread> threads;
    for (unsigned t = 0; t < std::max(1u, jobs); ++t) threads.emplace_back(worker);
    for (auto& t : threads) t.join();
    if (!failure.empty()) throw ModelError(failure);  // the folder stays, with the log
    std::error_code ec;
    fs::remove_all(work, ec);
    for (std::size_t i = 0; i < out.size(); ++i) {
        out[i].idle = results[0];
        out[i].power = results[i + 1];
    }
    return out;
}

}  // namespace wormcast::rtl
