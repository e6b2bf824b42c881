// The Varavithya & Mohapatra (ATBM on MINs) reproductions for `wormcast reproduce`: atbm-example,
// the paper's 2.12 us contention-free broadcast (§5.2), on the cycle-accurate network; and the
// registry of Figs. 14-23 (AtbmFigures).
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "testbenches/experiments/atbm/AtbmFigures.hpp"
#include "testbenches/experiments/atbm/AtbmSuite.hpp"
#include "testbenches/sim/Runner.hpp"
#include "topologies/min/AtbmLatency.hpp"
#include "topologies/min/network/MinNetwork.hpp"

namespace wormcast::atbm {

using namespace sim;  // the simulation layer this experiment runs on

namespace {

/// §5.2: "the 64-node system BI-MIN using 8x8 switches, the theoretical multicast latency is
/// equal to 2.12 microseconds which is the summation of 0.5 microsecond (startup latency), 3x60
/// nanoseconds (routing delay), 4x20 nanoseconds (token passing delay), and (4 + 64) x 20
/// nanoseconds (transmission delay)". §5.1: 16-bit flits, buffers holding only the header.
constexpr double kPaperStartupNs = 500, kPaperRoutingNs = 3 * 60, kPaperTokenNs = 4 * 20,
                 kPaperTransmissionNs = (4 + 64) * 20, kPaperTotalNs = 2120;
constexpr unsigned kPaperFlitBits = 16;

/// One header layout the example is run with.
struct ExampleVariant {
    unsigned flit_bits;
    HeaderEncoding encoding;
    const char* why;
};

/// The sum's (S+1+M) flit times stream the header through each switch in one flit time: a one-flit
/// header. A 64-node bit-string fits one flit only at 64-bit flits with the bare bit-string
/// encoding; the paper's own 16-bit flits make it 4 flits (5 with a kind field), and each switch
/// routes once the whole header is in.
const ExampleVariant kVariants[] = {
    {64, HeaderEncoding::BitString, "one-flit header: the paper's sum"},
    {kPaperFlitBits, HeaderEncoding::BitString, "the paper's 16-bit flits, bare bit-string"},
    {kPaperFlitBits, HeaderEncoding::Tagged, "16-bit flits, tagged header (figure runs)"},
};

struct ExampleRun {
    min::AtbmCycleModel model;
    RunResult result;
    min::AtbmLatencyBreakdown formula;
    double measured_ns = 0;
    double token_ns = 0;
};

/// buffer_depth 0: one header, the paper's buffers.
ExampleRun run_example(const ExampleVariant& variant, unsigned buffer_depth, std::uint64_t seed) {
    using namespace min;
    const MinShape shape = MinShape::parse("min-bi:b=8,n=2");
    const AtbmTiming timing;  // 500 ns, 60 ns, 20 ns, 20 ns, M = 64
    ExampleRun run{
        atbm_cycle_model(shape, timing, variant.flit_bits, buffer_depth, variant.encoding), {}, {}};
    std::vector<NodeId> everyone;
    for (NodeId a = 1; a < shape.nodes(); ++a) everyone.push_back(a);
    const std::vector<ScheduledSend> sends{
        ScheduledSend{1, 0, everyone, run.model.payload_flits, true}};
    RunOptions options;
    options.seed = seed;
    run.result = run_network(build_min_network(shape, run.model.params, run.model.atbm),
                             run.model.params, sends, options);
    if (!run.result.ok()) {
        std::string why = run.result.deadlock_report;
        for (const auto& problem : run.result.problems) why += problem + "\n";
        throw ModelError(fmt::format(
            "atbm-example ({}-bit flits, {} header, {}-flit buffers): "
            "the run did not deliver everything\n{}",
            variant.flit_bits, to_string(variant.encoding), run.model.params.buffer_depth, why));
    }
    const MinWiring wiring(shape);
    const SwitchGrouping grouping(wiring, run.model.params.consumption_channels);
    AtbmTiming with_header = timing;
    with_header.header_flits = run.model.header_flits;
    run.formula =
        atbm_contention_free_latency(plan_atbm(wiring, 0, everyone), grouping, with_header);
    run.measured_ns = static_cast<double>(run.result.pattern_latency) * run.model.params.clock_ns;
    run.token_ns = static_cast<double>(run.result.token_wait_cycles) * run.model.params.clock_ns;
    return run;
}

/// The paper's buffers hold one header; the sum also needs every flit to move each flit time,
/// which takes buffers at least as deep as a link's credit round trip. This runs one-header
/// buffers, then deeper ones until the run streams at full rate (equals the formula), at most
/// kMaxExtraDepth flits more.
struct VariantRuns {
    ExampleRun one_header;
    std::optional<ExampleRun> full_rate;
};
constexpr unsigned kMaxExtraDepth = 16;

VariantRuns run_variant(const ExampleVariant& variant, std::uint64_t seed) {
    VariantRuns v{run_example(variant, 0, seed), std::nullopt};
    const unsigned h = v.one_header.model.header_flits;
    for (unsigned depth = h; depth <= h + kMaxExtraDepth; ++depth) {
        ExampleRun r = depth == h ? v.one_header : run_example(variant, depth, seed);
        if (r.measured_ns == r.formula.latency_ns) {
            v.full_rate = std::move(r);
            break;
        }
    }
    return v;
}

int reproduce_atbm_example(const sim::ReproduceOptions& options) {
    std::vector<VariantRuns> runs;
    for (const ExampleVariant& v : kVariants) runs.push_back(run_variant(v, options.seed));
    if (!runs.front().full_rate) {
        std::cerr << "atbm-example: no buffer depth up to one header + " << kMaxExtraDepth
                  << " flits streams the one-flit-header broadcast at the formula's latency\n";
        return 1;
    }
    const ExampleRun& exact = *runs.front().full_rate;
    const NetworkParams& p = exact.model.params;
    const double clock = p.clock_ns;
    const std::uint32_t s = exact.formula.path_switches;
    const double startup_ns = p.t_startup * clock;
    const double routing_ns = s * (p.t_node_multidest + p.t_sw) * clock;
    const double transmission_ns = (s + 1.0 + min::AtbmTiming{}.message_flits) * clock;

    std::cout << fmt::format(
        "atbm-example: broadcast from node 0 to the 63 others on min-bi:b=8,n=2 (64 nodes, 8x8 "
        "switches), one consumption channel, `average` token model\n"
        "timing: start-up 500 ns, routing 60 ns, flit and token hop 20 ns, M = {} flits; cycles "
        "of {} ns: t_s {}, t_node {} + t_sw {}, t_inj {}, t_phy {}, t_cons {}, token hop {}; "
        "seed {}\n"
        "the paper's sum streams a one-flit header at one flit per flit time: {}-bit flits, the "
        "bare bit-string header ({} header + {} payload flits), {}-flit buffers\n\n",
        min::AtbmTiming{}.message_flits, clock, p.t_startup, p.t_node_multidest, p.t_sw, p.t_inj,
        p.t_phy, p.t_cons, exact.model.atbm.token_pass_cycles, options.seed, p.flit_width,
        exact.model.header_flits, exact.model.payload_flits, p.buffer_depth);
    std::cout << fmt::format("{:<38}{:>12}{:>16}\n", "component", "paper (ns)", "wormcast (ns)");
    auto line = [](const std::string& what, double paper, double ours, const std::string& note) {
        std::cout << fmt::format("{:<38}{:>12.0f}{:>16.0f}  {}\n", what, paper, ours, note);
    };
    line("start-up", kPaperStartupNs, startup_ns, "");
    line(fmt::format("routing, S = {} switches", s), kPaperRoutingNs, routing_ns,
         "t_node + t_sw per switch");
    line("token passing (turnaround group of 8)", kPaperTokenNs, exact.token_ns,
         fmt::format("measured: {} cycles waited", exact.result.token_wait_cycles));
    line("transmission, (S+1+M) flits", kPaperTransmissionNs, transmission_ns, "");
    line("total", kPaperTotalNs, exact.measured_ns,
         fmt::format("cycle-accurate run: {} cycles", exact.result.pattern_latency));

    std::cout << fmt::format(
        "\nheader layouts and buffers: each switch routes once all h header flits are in "
        "(formula: S*(h-1) flit times more); buffers shorter than the credit round trip stream "
        "below a flit per flit time\n"
        "{:>9} {:<10} {:>3} {:>14} {:>10} {:>14} {:>10} {:>12}  {}\n",
        "flit bits", "header", "h", "1-header buf", "ns", "full-rate buf", "ns", "formula ns", "");
    auto full_text = [](const VariantRuns& v, bool depth) {
        if (!v.full_rate) return std::string(depth ? "none" : "-");
        return depth ? std::to_string(v.full_rate->model.params.buffer_depth)
                     : fmt::format("{:.0f}", v.full_rate->measured_ns);
    };
    for (std::size_t i = 0; i < runs.size(); ++i)
        std::cout << fmt::format(
            "{:>9} {:<10} {:>3} {:>14} {:>10.0f} {:>14} {:>10} {:>12.0f}  {}\n",
            kVariants[i].flit_bits, to_string(kVariants[i].encoding),
            runs[i].one_header.model.header_flits, runs[i].one_header.model.params.buffer_depth,
            runs[i].one_header.measured_ns, full_text(runs[i], true), full_text(runs[i], false),
            runs[i].one_header.formula.latency_ns, kVariants[i].why);

    std::filesystem::create_directories(options.out_dir);
    const std::string csv = (std::filesystem::path(options.out_dir) / "atbm-example.csv").string();
    std::ofstream out(csv);
    out << "component,paper_ns,wormcast_ns\n"
        << "startup," << kPaperStartupNs << "," << startup_ns << "\n"
        << "routing," << kPaperRoutingNs << "," << routing_ns << "\n"
        << "token," << kPaperTokenNs << "," << exact.token_ns << "\n"
        << "transmission," << kPaperTransmissionNs << "," << transmission_ns << "\n"
        << "total," << kPaperTotalNs << "," << exact.measured_ns << "\n"
        << "\nflit_bits,header,header_flits,one_header_buffer,one_header_ns,full_rate_buffer,"
           "full_rate_ns,formula_ns\n";
    for (std::size_t i = 0; i < runs.size(); ++i)
        out << kVariants[i].flit_bits << "," << to_string(kVariants[i].encoding) << ","
            << runs[i].one_header.model.header_flits << ","
            << runs[i].one_header.model.params.buffer_depth << "," << runs[i].one_header.measured_ns
            << "," << full_text(runs[i], true) << "," << full_text(runs[i], false) << ","
            << runs[i].one_header.formula.latency_ns << "\n";
    if (!out) throw ConfigError(fmt::format("cannot write '{}'", csv));
    std::cout << "wrote " << csv << "\n";

    bool ok = exact.measured_ns == kPaperTotalNs && exact.token_ns == kPaperTokenNs &&
              exact.model.header_flits == 1;
    for (const VariantRuns& v : runs)
        ok = ok && v.full_rate && v.one_header.measured_ns >= v.one_header.formula.latency_ns;
    if (!ok) std::cerr << "atbm-example: the run does not match the paper's sum\n";
    return ok ? 0 : 1;
}

}  // namespace

SuiteOptions SuiteOptions::parse(const OptionValues& options) {
    SuiteOptions s;
    if (const auto it = options.find("--min-forward"); it != options.end())
        s.forward = min::parse_min_forward(it->second, "--min-forward");
    if (const auto it = options.find("--max-nodes"); it != options.end()) {
        const std::string& t = it->second;
        if (t.empty() || t.find_first_not_of("0123456789") != std::string::npos || t.size() > 9)
            throw ConfigError(fmt::format("--max-nodes: '{}' is not a whole number", t));
        s.max_nodes = static_cast<std::uint32_t>(std::stoul(t));
    }
    return s;
}

sim::ExperimentSuite suite() {
    sim::ExperimentSuite out;
    out.paper =
        "Varavithya & Mohapatra, Asynchronous Tree-Based Multicasting in Wormhole-Switched MINs";
    out.options = {
        {"--max-nodes",
         "atbm-fig15..23: largest system shown (default: all the paper names; 64 with --quick)",
         false},
        {"--min-forward",
         "atbm-fig15..23: BI-MIN forward ports, adaptive (default: the lowest free right port) or "
         "fixed (always "
         "the lowest)",
         false}};
    out.check_options = [](const OptionValues& options) { SuiteOptions::parse(options); };
    out.experiments.push_back(
        {"atbm-example",
         "Varavithya & Mohapatra §5.2: the 2.12 us ATBM broadcast on the 64-node BI-MIN "
         "of 8x8 switches, cycle-accurate, beside the paper's sum",
         reproduce_atbm_example});
    out.experiments.push_back(
        {"atbm-fig14",
         "Varavithya & Mohapatra Fig. 14: contention-free multicast latency vs "
         "destinations, ATBM vs CMIN/UMIN, 64- and 256-node UNI- and BI-MINs",
         reproduce_atbm_fig14});
    for (int number = 15; number <= 23; ++number) {
        const AtbmLoadFigure figure = atbm_load_figure(number, sim::ReproduceOptions{});
        out.experiments.push_back(
            {figure.name,
             fmt::format("Varavithya & Mohapatra Fig. {}: latency vs load, {}", number,
                         figure.caption),
             [number](const sim::ReproduceOptions& options) {
                 return reproduce_atbm_load_figure(number, options);
             }});
    }
    return out;
}

}  // namespace wormcast::atbm
