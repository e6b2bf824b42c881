// The declaration of the network parameters (see NetworkParams.hpp).
#include "systemc/NetworkParams.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace wormcast {

namespace {

using Kind = ParameterDeclaration::Kind;

template <class T>
ParameterDeclaration number(std::string section, std::string key, Kind kind, double min, double max,
                            std::string unit, T NetworkParams::*member, std::string meaning,
                            std::string verilog) {
    ParameterDeclaration d;
    d.section = std::move(section);
    d.key = std::move(key);
    d.kind = kind;
    d.min = min;
    d.max = max;
    d.unit = std::move(unit);
    d.meaning = std::move(meaning);
    d.rtl = !verilog.empty();
    d.verilog = std::move(verilog);
    d.get = [member](const NetworkParams& p) { return static_cast<double>(p.*member); };
    d.set = [member](NetworkParams& p, double v) { p.*member = static_cast<T>(v); };
    return d;
}

ParameterDeclaration flag(std::string section, std::string key, bool NetworkParams::*member,
                          std::string meaning, std::string verilog) {
    ParameterDeclaration d = number(std::move(section), std::move(key), Kind::Flag, 0, 1, "",
                                    member, std::move(meaning), std::move(verilog));
    d.choices = {"false", "true"};
    return d;
}

/// A choice among `choices`, stored in `member` (an enumeration or a flag) as the index.
template <class T>
ParameterDeclaration choice(std::string section, std::string key, T NetworkParams::*member,
                            std::vector<std::string> choices, std::string meaning) {
    ParameterDeclaration d;
    d.section = std::move(section);
    d.key = std::move(key);
    d.kind = Kind::Choice;
    d.choices = std::move(choices);
    d.meaning = std::move(meaning);
    d.get = [member](const NetworkParams& p) {
        return static_cast<double>(static_cast<int>(p.*member));
    };
    d.set = [member](NetworkParams& p, double v) {
        p.*member = static_cast<T>(static_cast<int>(v));
    };
    return d;
}

std::vector<ParameterDeclaration> declare() {
    constexpr double kMaxLatency = 100000000;  // cycles
    using P = NetworkParams;
    std::vector<ParameterDeclaration> d;
    // SystemC's time resolution is 1 ps: a shorter period would be zero.
    d.push_back(number("scenario", "clock_ns", Kind::Real, 0.001, 1e6, "ns", &P::clock_ns,
                       "clock period; every latency is a whole number of it", ""));
    d.push_back(number("scenario", "flit_width", Kind::Whole, 8, 64, "bits", &P::flit_width,
                       "data bits per flit (sets header flits)", "FLIT_WIDTH"));
    d.push_back(number("router", "vcs", Kind::Whole, 1, 16, "", &P::vcs,
                       "virtual channels per port (tori with datelines need 2)", "NUM_VCS"));
    d.push_back(number("router", "buffer_depth", Kind::Whole, 1, 4096, "flits", &P::buffer_depth,
                       "input buffer per virtual channel", "BUF_DEPTH"));
    d.push_back(number("router", "t_node", Kind::Cycles, 1, kMaxLatency, "cycles", &P::t_node,
                       "routing delay of a unicast header", "T_NODE"));
    d.push_back(number(
        "router", "t_node_multidest", Kind::Cycles, 1, kMaxLatency, "cycles", &P::t_node_multidest,
        "routing delay of a destination-list or bit-string header", "T_NODE_MULTIDEST"));
    d.push_back(
        choice("router", "route_timing", &P::route_timing, {"gather", "fixed"},
               "a multidestination header is routed once all its flits are in (gather), or "
               "t_node_multidest after its first flit with the address flits pipelined behind it "
               "(fixed: the star-graph paper's timing)"));
    d.back().rtl_value = 0;
    d.back().rtl_limit = "the RTL route units route a header once all its flits are in";
    d.push_back(number("router", "t_sw", Kind::Cycles, 1, kMaxLatency, "cycles", &P::t_sw,
                       "switch traversal", "T_SW"));
    d.push_back(number("router", "t_phy", Kind::Cycles, 1, kMaxLatency, "cycles", &P::t_phy,
                       "link propagation between routers", "T_PHY"));
    d.push_back(flag("router", "path_worms", &P::path_worms,
                     "routers deliver and forward multidestination path worms", "PATH_WORMS"));
    d.push_back(flag("router", "tree_worms", &P::tree_worms,
                     "routers replicate bit-string tree worms (OCRQs, bubbles)", "TREE_WORMS"));
    d.push_back(
        choice("router", "header_encoding", &P::header_encoding, {"tagged", "bitstring"},
               "header layout: a kind field then its fields, or the bare destination bit-string"));
    d.back().rtl_value = 0;
    d.back().rtl_limit = "the RTL route units decode tagged headers only";
    d.push_back(flag("router", "atomic_ocrq", &P::atomic_ocrq,
                     "tree worms enqueue on all their OCRQs at once (false: one a cycle, unsafe)",
                     ""));
    d.back().rtl_value = 1;
    d.back().rtl_limit = "the RTL OCRQs enqueue a tree worm's requests atomically only";
    d.push_back(number("nic", "injection_channels", Kind::Whole, 1, 16, "", &P::injection_channels,
                       "injection channels per node", "NUM_INJ"));
    d.push_back(number("nic", "consumption_channels", Kind::Whole, 1, 16, "",
                       &P::consumption_channels, "consumption channels per node", "NUM_CONS"));
    d.push_back(flag("nic", "all_port", &P::all_port,
                     "one injection and one consumption channel per direction, sends in parallel "
                     "(meshes and tori; needs 2n of each)",
                     ""));
    d.push_back(number("nic", "t_startup", Kind::Cycles, 0, kMaxLatency, "cycles", &P::t_startup,
                       "send start-up t_s of every message", ""));
    d.push_back(number("nic", "t_receive", Kind::Cycles, 0, kMaxLatency, "cycles", &P::t_receive,
                       "receive overhead before firmware sees a message", ""));
    d.push_back(number("nic", "t_inj", Kind::Cycles, 1, kMaxLatency, "cycles", &P::t_inj,
                       "injection channel latency", "T_INJ"));
    d.push_back(number("nic", "t_cons", Kind::Cycles, 1, kMaxLatency, "cycles", &P::t_cons,
                       "consumption channel latency", "T_CONS"));
    d.push_back(
        number("run", "watchdog_cycles", Kind::Whole, 10, 1u << 30, "cycles", &P::watchdog_cycles,
               "cycles without a flit moving, with flits in the network, that are a deadlock", ""));
    d.push_back(choice("run", "clocking", &P::always_clocked, {"activity", "always"},
                       "evaluate units only when they have work, or every cycle (same results)"));
    return d;
}

}  // namespace

std::string ParameterDeclaration::format(const NetworkParams& params) const {
    const double v = get(params);
    switch (kind) {
        case Kind::Flag:
        case Kind::Choice:
            return choices.at(static_cast<std::size_t>(v));
        case Kind::Real:
            return fmt::format("{}", v);
        case Kind::Whole:
        case Kind::Cycles:
            break;
    }
    return fmt::format("{}", static_cast<std::uint64_t>(v));
}

std::string ParameterDeclaration::range() const {
    switch (kind) {
        case Kind::Flag:
        case Kind::Choice:
            return fmt::format("{}", fmt::join(choices, "|"));
        case Kind::Real:
            return fmt::format("[{}, {}]", min, max);
        case Kind::Whole:
        case Kind::Cycles:
            break;
    }
    return fmt::format("{}..{}", static_cast<std::uint64_t>(min), static_cast<std::uint64_t>(max));
}

const std::vector<ParameterDeclaration>& network_parameters() {
    static const std::vector<ParameterDeclaration> declarations = declare();
    return declarations;
}

const ParameterDeclaration* find_parameter(const std::string& name) {
    for (const auto& d : network_parameters())
        if (d.name() == name) return &d;
    return nullptr;
}

std::vector<std::string> rtl_refusals(const NetworkParams& params) {
    std::vector<std::string> out;
    for (const auto& d : network_parameters()) {
        const double v = d.get(params);
        if (!std::isnan(d.rtl_value) && v != d.rtl_value) {
            NetworkParams implemented = params;
            d.set(implemented, d.rtl_value);
            out.push_back(fmt::format("{} {}: {} ({} only)", d.name(), d.format(params),
                                      d.rtl_limit, d.format(implemented)));
        } else if (d.rtl_max > 0 && v > d.rtl_max) {
            out.push_back(fmt::format("{} {}: {} (at most {})", d.name(), d.format(params),
                                      d.rtl_limit, d.rtl_max));
        }
    }
    return out;
}

std::vector<std::pair<std::string, std::int64_t>> rtl_parameters(
    const NetworkParams& params, const std::vector<std::string>& skip) {
    std::vector<std::pair<std::string, std::int64_t>> out;
    for (const auto& d : network_parameters()) {
        if (d.verilog.empty()) continue;
        if (std::find(skip.begin(), skip.end(), d.verilog) != skip.end()) continue;
        out.emplace_back(d.verilog, static_cast<std::int64_t>(d.get(params)));
    }
    return out;
}

}  // namespace wormcast
