// The declaration of the network parameters (see NetworkParams.hpp).
#include "systemc/NetworkParams.hpp"

#include <fmt/format.h>

namespace wormcast {

namespace {

using Kind = ParameterDeclaration::Kind;

template <class T>
ParameterDeclaration number(std::string section, std::string key, Kind kind, double min, double max,
                            std::string unit, T NetworkParams::*member, std::string meaning,
                            bool rtl) {
    ParameterDeclaration d;
    d.section = std::move(section);
    d.key = std::move(key);
    d.kind = kind;
    d.min = min;
    d.max = max;
    d.unit = std::move(unit);
    d.meaning = std::move(meaning);
    d.rtl = rtl;
    d.get = [member](const NetworkParams& p) { return static_cast<double>(p.*member); };
    d.set = [member](NetworkParams& p, double v) { p.*member = static_cast<T>(v); };
    return d;
}

ParameterDeclaration flag(std::string section, std::string key, bool NetworkParams::*member,
                          std::string meaning, bool rtl) {
    ParameterDeclaration d = number(std::move(section), std::move(key), Kind::Flag, 0, 1, "",
                                    member, std::move(meaning), rtl);
    d.choices = {"false", "true"};
    return d;
}

std::vector<ParameterDeclaration> declare() {
    constexpr double kMaxLatency = 100000000;  // cycles
    using P = NetworkParams;
    std::vector<ParameterDeclaration> d;
    // SystemC's time resolution is 1 ps: a shorter period would be zero.
    d.push_back(number("scenario", "clock_ns", Kind::Real, 0.001, 1e6, "ns", &P::clock_ns,
                       "clock period; every latency is a whole number of it", false));
    d.push_back(number("scenario", "flit_width", Kind::Whole, 8, 64, "bits", &P::flit_width,
                       "data bits per flit (sets header flits)", true));
    d.push_back(number("router", "vcs", Kind::Whole, 1, 16, "", &P::vcs,
                       "virtual channels per port (tori with datelines need 2)", true));
    d.push_back(number("router", "buffer_depth", Kind::Whole, 1, 4096, "flits", &P::buffer_depth,
                       "input buffer per virtual channel", true));
    d.push_back(number("router", "t_node", Kind::Cycles, 1, kMaxLatency, "cycles", &P::t_node,
                       "routing delay of a unicast header", true));
    d.push_back(number("router", "t_node_multidest", Kind::Cycles, 1, kMaxLatency, "cycles",
                       &P::t_node_multidest,
                       "routing delay of a destination-list or bit-string header", true));
    {
        ParameterDeclaration e;
        e.section = "router";
        e.key = "route_timing";
        e.kind = Kind::Choice;
        e.choices = {"gather", "fixed"};
        e.meaning =
            "a multidestination header is routed once all its flits are in (gather), or "
            "t_node_multidest after its first flit with the address flits pipelined behind it "
            "(fixed: the star-graph paper's timing)";
        e.rtl = true;  // the RTL router gathers; a configuration would have to fix this
        e.get = [](const P& p) { return static_cast<double>(p.route_timing); };
        e.set = [](P& p, double v) { p.route_timing = static_cast<RouteTiming>(v); };
        d.push_back(e);
    }
    d.push_back(number("router", "t_sw", Kind::Cycles, 1, kMaxLatency, "cycles", &P::t_sw,
                       "switch traversal", true));
    d.push_back(number("router", "t_phy", Kind::Cycles, 1, kMaxLatency, "cycles", &P::t_phy,
                       "link propagation between routers", true));
    d.push_back(flag("router", "path_worms", &P::path_worms,
                     "routers deliver and forward multidestination path worms", true));
    d.push_back(flag("router", "tree_worms", &P::tree_worms,
                     "routers replicate bit-string tree worms (OCRQs, bubbles)", true));
    {
        ParameterDeclaration e;
        e.section = "router";
        e.key = "header_encoding";
        e.kind = Kind::Choice;
        e.choices = {"tagged", "bitstring"};
        e.meaning =
            "header layout: a kind field then its fields, or the bare destination bit-string";
        e.rtl = false;
        e.get = [](const P& p) { return static_cast<double>(p.header_encoding); };
        e.set = [](P& p, double v) { p.header_encoding = static_cast<HeaderEncoding>(v); };
        d.push_back(e);
    }
    d.push_back(flag("router", "atomic_ocrq", &P::atomic_ocrq,
                     "tree worms enqueue on all their OCRQs at once (false: one a cycle, unsafe)",
                     false));
    d.push_back(number("nic", "injection_channels", Kind::Whole, 1, 16, "", &P::injection_channels,
                       "injection channels per node", true));
    d.push_back(number("nic", "consumption_channels", Kind::Whole, 1, 16, "",
                       &P::consumption_channels, "consumption channels per node", true));
    d.push_back(flag("nic", "all_port", &P::all_port,
                     "one injection and one consumption channel per direction, sends in parallel "
                     "(meshes and tori; needs 2n of each)",
                     false));
    d.push_back(number("nic", "t_startup", Kind::Cycles, 0, kMaxLatency, "cycles", &P::t_startup,
                       "send start-up t_s of every message", false));
    d.push_back(number("nic", "t_receive", Kind::Cycles, 0, kMaxLatency, "cycles", &P::t_receive,
                       "receive overhead before firmware sees a message", false));
    d.push_back(number("nic", "t_inj", Kind::Cycles, 1, kMaxLatency, "cycles", &P::t_inj,
                       "injection channel latency", true));
    d.push_back(number("nic", "t_cons", Kind::Cycles, 1, kMaxLatency, "cycles", &P::t_cons,
                       "consumption channel latency", true));
    d.push_back(number(
        "run", "watchdog_cycles", Kind::Whole, 10, 1u << 30, "cycles", &P::watchdog_cycles,
        "cycles without a flit moving, with flits in the network, that are a deadlock", false));
    {
        ParameterDeclaration c;
        c.section = "run";
        c.key = "clocking";
        c.kind = Kind::Choice;
        c.choices = {"activity", "always"};
        c.meaning = "evaluate units only when they have work, or every cycle (same results)";
        c.get = [](const P& p) { return p.always_clocked ? 1.0 : 0.0; };
        c.set = [](P& p, double v) { p.always_clocked = v != 0; };
        d.push_back(c);
    }
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
        case Kind::Choice: {
            std::string out;
            for (const auto& c : choices) out += (out.empty() ? "" : "|") + c;
            return out;
        }
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

}  // namespace wormcast
