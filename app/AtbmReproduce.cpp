// The Varavithya & Mohapatra (ATBM on MINs) reproductions for `wormcast reproduce`: atbm-example,
// the paper's 2.12 us contention-free broadcast (§5.2), on the cycle-accurate network; and the
// registry of Figs. 14-23 (AtbmFigures).
#include <filesystem>
#include <fstream>
#include <iostream>
#include <vector>

#include <fmt/format.h>

#include "app/AtbmFigures.hpp"
#include "app/Reproduce.hpp"
#include "app/Runner.hpp"
#include "topologies/min/AtbmLatency.hpp"
#include "topologies/min/network/MinNetwork.hpp"

namespace wormcast::app {

namespace {

/// §5.2: "the 64-node system BI-MIN using 8x8 switches, the theoretical multicast latency is
/// equal to 2.12 microseconds which is the summation of 0.5 microsecond (startup latency), 3x60
/// nanoseconds (routing delay), 4x20 nanoseconds (token passing delay), and (4 + 64) x 20
/// nanoseconds (transmission delay)". §5.1: 16-bit flits, buffers holding only the header.
constexpr double kPaperStartupNs = 500, kPaperRoutingNs = 3 * 60, kPaperTokenNs = 4 * 20,
                 kPaperTransmissionNs = (4 + 64) * 20, kPaperTotalNs = 2120;
constexpr unsigned kPaperFlitBits = 16;

int reproduce_atbm_example(const ReproduceOptions& options) {
    using namespace min;
    const MinShape shape = MinShape::parse("min-bi:b=8,n=2");
    const AtbmTiming timing;  // 500 ns, 60 ns, 20 ns, 20 ns, M = 64
    const AtbmCycleModel model = atbm_cycle_model(shape, timing, kPaperFlitBits);
    std::vector<NodeId> everyone;
    for (NodeId a = 1; a < shape.nodes(); ++a) everyone.push_back(a);
    const std::vector<ScheduledSend> sends{
        ScheduledSend{1, 0, everyone, model.payload_flits, true}};
    RunOptions run;
    run.seed = options.seed;
    const RunResult r =
        run_network(build_min_network(shape, model.params, model.atbm), model.params, sends, run);
    if (!r.ok()) {
        std::cerr << "atbm-example: the run did not deliver everything\n" << r.deadlock_report;
        for (const auto& problem : r.problems) std::cerr << problem << "\n";
        return 1;
    }
    const MinWiring wiring(shape);
    const SwitchGrouping grouping(wiring, model.params.consumption_channels);
    AtbmTiming with_header = timing;
    with_header.header_flits = model.header_flits;
    const AtbmLatencyBreakdown formula =
        atbm_contention_free_latency(plan_atbm(wiring, 0, everyone), grouping, with_header);
    const double clock = model.params.clock_ns;
    const double measured_ns = static_cast<double>(r.pattern_latency) * clock;
    const double token_ns = static_cast<double>(r.token_wait_cycles) * clock;
    const std::uint32_t s = formula.path_switches;
    const double startup_ns = model.params.t_startup * clock;
    const double routing_ns = s * (model.params.t_node_multidest + model.params.t_sw) * clock;
    const double transmission_ns = (s + 1.0 + timing.message_flits) * clock;

    std::cout << fmt::format(
        "atbm-example: broadcast from node 0 to the 63 others on {} (64 nodes, 8x8 switches), one "
        "consumption channel, `average` token model\n"
        "timing: start-up {} ns, routing {} ns, flit and token hop {} ns, M = {} flits of {} bits "
        "({} header + {} payload), buffers of {} flits (one header)\n"
        "cycles of {} ns: t_s {}, t_node {} + t_sw {}, t_inj {}, t_phy {}, t_cons {}, token hop "
        "{}; seed {}\n\n",
        shape.name(), timing.startup_ns, timing.routing_ns, timing.flit_ns, timing.message_flits,
        kPaperFlitBits, model.header_flits, model.payload_flits, model.params.buffer_depth, clock,
        model.params.t_startup, model.params.t_node_multidest, model.params.t_sw,
        model.params.t_inj, model.params.t_phy, model.params.t_cons, model.atbm.token_pass_cycles,
        options.seed);
    std::cout << fmt::format("{:<38}{:>12}{:>16}\n", "component", "paper (ns)", "wormcast (ns)");
    auto line = [](const std::string& what, const std::string& paper, double ours,
                   const std::string& note) {
        std::cout << fmt::format("{:<38}{:>12}{:>16.0f}  {}\n", what, paper, ours, note);
    };
    line("start-up", fmt::format("{:.0f}", kPaperStartupNs), startup_ns, "");
    line(fmt::format("routing, S = {} switches", s), fmt::format("{:.0f}", kPaperRoutingNs),
         routing_ns, "t_node + t_sw per switch");
    line("token passing (turnaround group of 8)", fmt::format("{:.0f}", kPaperTokenNs), token_ns,
         fmt::format("measured: {} cycles waited", r.token_wait_cycles));
    line(fmt::format("transmission, (S+1+M) flits"), fmt::format("{:.0f}", kPaperTransmissionNs),
         transmission_ns, "");
    line(fmt::format("header store, S*(h-1) flits"), "-", formula.header_store_ns,
         fmt::format("each switch routes once all {} header flits are in", model.header_flits));
    line("total", fmt::format("{:.0f}", kPaperTotalNs), measured_ns,
         fmt::format("cycle-accurate run: {} cycles", r.pattern_latency));
    const double without_header = measured_ns - formula.header_store_ns;
    std::cout << fmt::format(
        "\nwormcast without the header store: {:.0f} ns (paper: {:.0f} ns); the formula with it: "
        "{:.0f} ns\n",
        without_header, kPaperTotalNs, formula.latency_ns);

    std::filesystem::create_directories(options.out_dir);
    const std::string csv = (std::filesystem::path(options.out_dir) / "atbm-example.csv").string();
    std::ofstream out(csv);
    out << "component,paper_ns,wormcast_ns\n"
        << "startup," << kPaperStartupNs << "," << startup_ns << "\n"
        << "routing," << kPaperRoutingNs << "," << routing_ns << "\n"
        << "token," << kPaperTokenNs << "," << token_ns << "\n"
        << "transmission," << kPaperTransmissionNs << "," << transmission_ns << "\n"
        << "header_store,0," << formula.header_store_ns << "\n"
        << "total," << kPaperTotalNs << "," << measured_ns << "\n";
    if (!out) throw ConfigError(fmt::format("cannot write '{}'", csv));
    std::cout << "wrote " << csv << "\n";

    const bool exact = measured_ns == formula.latency_ns && without_header == kPaperTotalNs &&
                       token_ns == kPaperTokenNs;
    if (!exact) std::cerr << "atbm-example: the run does not match the paper's sum\n";
    return exact ? 0 : 1;
}

}  // namespace

void add_atbm_reproductions(std::vector<Reproduction>& out) {
    out.push_back({"atbm-example",
                   "Varavithya & Mohapatra §5.2: the 2.12 us ATBM broadcast on the 64-node BI-MIN "
                   "of 8x8 switches, cycle-accurate, beside the paper's sum",
                   reproduce_atbm_example});
    out.push_back({"atbm-fig14",
                   "Varavithya & Mohapatra Fig. 14: contention-free multicast latency vs "
                   "destinations, ATBM vs CMIN/UMIN, 64- and 256-node UNI- and BI-MINs",
                   reproduce_atbm_fig14});
    for (int number = 15; number <= 23; ++number) {
        const AtbmLoadFigure figure = atbm_load_figure(number, ReproduceOptions{});
        out.push_back({figure.name,
                       fmt::format("Varavithya & Mohapatra Fig. {}: latency vs load, {}", number,
                                   figure.caption),
                       [number](const ReproduceOptions& options) {
                           return reproduce_atbm_load_figure(number, options);
                       }});
    }
}

}  // namespace wormcast::app
