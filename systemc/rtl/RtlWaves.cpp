// Verilator waveforms of the RTL routers (see RtlWaves.hpp).
#include "systemc/rtl/RtlWaves.hpp"

#include <fstream>

#include <fmt/format.h>
#include <verilated.h>
#include <verilated_vcd_sc.h>

#include "systemc/RtlRouter.hpp"

namespace wormcast::rtl {

namespace {
/// Levels of hierarchy traced below each model: all of them (router, units, FIFOs, arbiters).
constexpr int kTraceLevels = 99;

RtlRouterBase* as_rtl(Network& network, std::size_t r) {
    return network.is_drop_in(r) ? dynamic_cast<RtlRouterBase*>(&network.module(r)) : nullptr;
}
}  // namespace

std::string rtl_vcd_path(const std::string& vcd_path) {
    const std::string suffix = ".vcd";
    const bool has_suffix =
        vcd_path.size() > suffix.size() &&
        vcd_path.compare(vcd_path.size() - suffix.size(), suffix.size(), suffix) == 0;
    return (has_suffix ? vcd_path.substr(0, vcd_path.size() - suffix.size()) : vcd_path) +
           ".rtl.vcd";
}

std::vector<std::size_t> rtl_routers(Network& network, const std::vector<std::size_t>& chosen) {
    std::vector<std::size_t> out;
    if (chosen.empty()) {
        for (std::size_t r = 0; r < network.routers(); ++r)
            if (as_rtl(network, r)) out.push_back(r);
        return out;
    }
    for (std::size_t r : chosen)
        if (r < network.routers() && as_rtl(network, r)) out.push_back(r);
    return out;
}

RtlWaves::RtlWaves(Network& network, const std::vector<std::size_t>& routers,
                   const std::string& path)
    : path_(path) {
    if (!std::ofstream(path_))  // Verilator would stop the process on a file it cannot open
        throw ConfigError(fmt::format("cannot write the RTL waveform '{}'", path_));
    Verilated::traceEverOn(true);
    file_ = new VerilatedVcdSc;
    for (std::size_t r : routers) {
        RtlRouterBase* router = as_rtl(network, r);
        if (!router)
            throw ConfigError(fmt::format("RTL waveform: router {} is not an RTL router", r));
        router->trace_model(file_, kTraceLevels);
    }
    file_->open(path_.c_str());
}

RtlWaves::~RtlWaves() {
    close();
}

void RtlWaves::close() {
    if (file_ && file_->isOpen()) file_->close();
}

}  // namespace wormcast::rtl
