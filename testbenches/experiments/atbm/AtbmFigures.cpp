// Varavithya & Mohapatra Figs. 14-23 (see AtbmFigures.hpp): grids, runs in worker processes, text
// tables, the §5 statements in numbers, CSV and gnuplot plots. The x grids are ours: the figure
// images (with their axes) are lost, only captions and text remain.
#include "testbenches/experiments/atbm/AtbmFigures.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <iostream>
#include <map>
#include <numeric>

#include <fmt/format.h>

#include "testbenches/sim/FigureOutput.hpp"
#include "testbenches/traffic/MixedTraffic.hpp"

namespace wormcast::atbm {

using namespace sim;  // the simulation layer this experiment runs on

using min::MinKind;
using min::MinShape;

namespace {

const char* kind_name(MinKind kind) {
    return kind == MinKind::Bidirectional ? "BI-MIN" : "UNI-MIN";
}

std::uint32_t stages_for(std::uint32_t radix, std::uint32_t nodes) {
    std::uint32_t n = 0;
    for (std::uint64_t size = 1; size < nodes; size *= radix) ++n;
    return n;
}

std::uint32_t ceil_log2(std::uint32_t value) {
    std::uint32_t bits = 0;
    while ((1u << bits) < value) ++bits;
    return bits;
}

/// --runs, else the paper's count, or quick_default with --quick.
unsigned runs_or_paper(const sim::ReproduceOptions& options, unsigned paper,
                       unsigned quick_default) {
    if (options.runs || options.quick) return runs_per_point(options, quick_default);
    return paper;
}

double cycles_to_us(double cycles, double clock_ns) {
    return cycles * clock_ns / 1000.0;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Fig. 14

AtbmFig14 atbm_fig14(const sim::ReproduceOptions& options) {
    AtbmFig14 f;
    f.quick = options.quick;
    f.runs = runs_or_paper(options, 1000, 10);
    // Both sides of every power of two for the software scheme's ceil(log2(d+1)) steps.
    const std::vector<std::uint32_t> d64 =
        f.quick ? std::vector<std::uint32_t>{1, 2, 4, 8, 16, 32, 48, 63}
                : std::vector<std::uint32_t>{1, 2, 3, 4, 7, 8, 15, 16, 24, 31, 32, 40, 48, 56, 63};
    const std::vector<std::uint32_t> d256 =
        f.quick ? std::vector<std::uint32_t>{1, 4, 16, 64, 128, 192, 255}
                : std::vector<std::uint32_t>{1,  2,  4,  7,   8,   15,  16,  31,  32,
                                             63, 64, 96, 127, 128, 160, 192, 224, 255};
    f.panels = {{'a', MinKind::Unidirectional, 64, {2, 4, 8}, d64},
                {'b', MinKind::Unidirectional, 256, {2, 4}, d256},
                {'c', MinKind::Bidirectional, 64, {2, 4, 8}, d64},
                {'d', MinKind::Bidirectional, 256, {2, 4}, d256}};
    return f;
}

namespace {

AtbmSingleSpec fig14_spec(const AtbmFig14& f, std::size_t panel, std::uint32_t radix,
                          AtbmScheme scheme, std::uint32_t d, unsigned run, std::uint64_t seed) {
    const AtbmFig14Panel& p = f.panels.at(panel);
    AtbmSingleSpec spec;
    spec.shape = MinShape{p.kind, radix, stages_for(radix, p.nodes)};
    spec.scheme = scheme;
    spec.destinations = d;
    spec.message_flits = f.message_flits;
    // Not seeded by the scheme: both schemes run the same draws.
    spec.seed =
        sim::sweep_seed(seed, {14, static_cast<std::uint64_t>(p.kind), radix, p.nodes, d, run});
    return spec;
}

constexpr AtbmScheme kSchemes[] = {AtbmScheme::Atbm, AtbmScheme::Software};

std::string fig14_curve(MinKind kind, std::uint32_t radix, AtbmScheme scheme) {
    return fmt::format("{} {}x{}", atbm_scheme_name(scheme, kind), radix, radix);
}

}  // namespace

std::vector<AtbmFig14Point> run_atbm_fig14(
    const AtbmFig14& figure, std::uint64_t seed, unsigned jobs,
    const std::function<void(std::size_t, std::size_t)>& progress) {
    std::vector<AtbmFig14Point> points;
    std::vector<AtbmSingleSpec> specs;
    for (std::size_t p = 0; p < figure.panels.size(); ++p)
        for (std::uint32_t radix : figure.panels[p].radices)
            for (AtbmScheme scheme : kSchemes)
                for (std::uint32_t d : figure.panels[p].destinations) {
                    AtbmFig14Point point;
                    point.panel = p;
                    point.radix = radix;
                    point.scheme = scheme;
                    point.destinations = d;
                    points.push_back(point);
                    for (unsigned run = 0; run < figure.runs; ++run)
                        specs.push_back(fig14_spec(figure, p, radix, scheme, d, run, seed));
                }
    std::vector<std::function<SingleOutcome()>> tasks;
    for (const auto& spec : specs) tasks.push_back([spec] { return run_atbm_single(spec); });
    const auto outcomes = sim::run_in_workers(tasks, jobs, progress);
    const double clock_ns = atbm_paper_model(MinShape{}, figure.message_flits, 1).params.clock_ns;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const auto first = outcomes.begin() + static_cast<std::ptrdiff_t>(i * figure.runs);
        const std::vector<SingleOutcome> mine(first, first + figure.runs);
        AtbmFig14Point& pt = points[i];
        pt.latency_us = sim::sample_stats(mine, [clock_ns](const SingleOutcome& o) {
            return cycles_to_us(static_cast<double>(o.latency_cycles), clock_ns);
        });
        double wall = 0, formula = 0;
        for (unsigned run = 0; run < figure.runs; ++run) {
            wall += mine[run].wall_seconds;
            if (pt.scheme != AtbmScheme::Atbm) continue;
            const double ns = atbm_single_formula_ns(specs[i * figure.runs + run]);
            formula += ns / 1000.0;
            if (mine[run].ok && static_cast<double>(mine[run].latency_cycles) * clock_ns == ns)
                ++pt.formula_equal;
        }
        pt.formula_us = formula / figure.runs;
        pt.mean_wall_seconds = wall / figure.runs;
    }
    return points;
}

namespace {

const AtbmFig14Point* fig14_find(const std::vector<AtbmFig14Point>& points, std::size_t panel,
                                 std::uint32_t radix, AtbmScheme scheme, std::uint32_t d) {
    for (const auto& p : points)
        if (p.panel == panel && p.radix == radix && p.scheme == scheme && p.destinations == d)
            return p.latency_us.runs ? &p : nullptr;
    return nullptr;
}

}  // namespace

void print_atbm_fig14(std::ostream& os, const AtbmFig14& figure,
                      const std::vector<AtbmFig14Point>& points, std::uint64_t seed) {
    for (std::size_t p = 0; p < figure.panels.size(); ++p) {
        const AtbmFig14Panel& panel = figure.panels[p];
        os << fmt::format(
            "\n({}) {}-node {}s; mean multicast latency in us over {} runs (atbm: measured / "
            "formula)\n",
            panel.label, panel.nodes, kind_name(panel.kind), figure.runs);
        std::string header = fmt::format("{:>5}", "d");
        for (std::uint32_t radix : panel.radices)
            for (AtbmScheme scheme : kSchemes)
                header += fmt::format("{:>17}", fig14_curve(panel.kind, radix, scheme));
        os << header << "\n";
        for (std::uint32_t d : panel.destinations) {
            std::string line = fmt::format("{:>5}", d);
            for (std::uint32_t radix : panel.radices)
                for (AtbmScheme scheme : kSchemes) {
                    const AtbmFig14Point* pt = fig14_find(points, p, radix, scheme, d);
                    if (!pt)
                        line += fmt::format("{:>17}", "FAIL");
                    else if (scheme == AtbmScheme::Atbm)
                        line += fmt::format(
                            "{:>17}",
                            fmt::format("{:.3f} / {:.3f}", pt->latency_us.mean, pt->formula_us));
                    else
                        line += fmt::format("{:>17.3f}", pt->latency_us.mean);
                }
            os << line << "\n";
        }
    }

    os << fmt::format(
        "\nWhat §5.2 of the paper says about Fig. 14, and wormcast's numbers (seed {}{}):\n", seed,
        figure.quick ? ", --quick grid" : "");
    // 1. The caption: more than 4x lower when d > N/2.
    os << " 1. paper:    ATBM is lower than the unicast-based scheme by more than a factor of 4 "
          "when d > N/2 (caption)\n    wormcast: ";
    std::vector<std::string> parts;
    for (std::size_t p = 0; p < figure.panels.size(); ++p) {
        const AtbmFig14Panel& panel = figure.panels[p];
        for (std::uint32_t radix : panel.radices) {
            double low = 0, high = 0;
            bool any = false;
            for (std::uint32_t d : panel.destinations) {
                if (2 * d <= panel.nodes) continue;
                const auto* a = fig14_find(points, p, radix, AtbmScheme::Atbm, d);
                const auto* s = fig14_find(points, p, radix, AtbmScheme::Software, d);
                if (!a || !s) continue;
                const double r = s->latency_us.mean / a->latency_us.mean;
                low = any ? std::min(low, r) : r;
                high = any ? std::max(high, r) : r;
                any = true;
            }
            if (any)
                parts.push_back(
                    fmt::format("({}) {}x{} {:.1f}-{:.1f}x", panel.label, radix, radix, low, high));
        }
    }
    for (std::size_t i = 0; i < parts.size(); ++i) os << (i ? ", " : "") << parts[i];
    os << "\n";
    // 2. ATBM flat in d.
    os << " 2. paper:    the ATBM latency remains almost constant as d grows (one communication "
          "step)\n    wormcast: ";
    parts.clear();
    for (std::size_t p = 0; p < figure.panels.size(); ++p)
        for (std::uint32_t radix : figure.panels[p].radices) {
            double low = 1e300, high = 0, unicast = 0;
            for (std::uint32_t d : figure.panels[p].destinations) {
                const auto* a = fig14_find(points, p, radix, AtbmScheme::Atbm, d);
                if (!a) continue;
                if (d == 1) {
                    unicast = a->latency_us.mean;
                    continue;
                }
                low = std::min(low, a->latency_us.mean);
                high = std::max(high, a->latency_us.mean);
            }
            if (high > 0)
                parts.push_back(fmt::format("({}) {}x{} {:.2f}-{:.2f} us (d=1: {:.2f})",
                                            figure.panels[p].label, radix, radix, low, high,
                                            unicast));
        }
    for (std::size_t i = 0; i < parts.size(); ++i) os << (i ? "; " : "") << parts[i];
    os << "\n";
    // 3. Software stepwise: latency per ceil(log2(d+1)) phase.
    os << " 3. paper:    CMIN/UMIN grow stepwise with d (ceil(log2(d+1)) unicast phases)\n"
          "    wormcast: latency / ceil(log2(d+1)) per curve: ";
    parts.clear();
    for (std::size_t p = 0; p < figure.panels.size(); ++p)
        for (std::uint32_t radix : figure.panels[p].radices) {
            double low = 1e300, high = 0;
            for (std::uint32_t d : figure.panels[p].destinations) {
                const auto* s = fig14_find(points, p, radix, AtbmScheme::Software, d);
                if (!s) continue;
                const double per = s->latency_us.mean / ceil_log2(d + 1);
                low = std::min(low, per);
                high = std::max(high, per);
            }
            if (high > 0)
                parts.push_back(fmt::format("({}) {}x{} {:.2f}-{:.2f} us", figure.panels[p].label,
                                            radix, radix, low, high));
        }
    for (std::size_t i = 0; i < parts.size(); ++i) os << (i ? "; " : "") << parts[i];
    os << "\n";
    // 4. Simulation close to the theoretical sum.
    unsigned equal = 0, total = 0;
    double worst = 0;
    for (const auto& pt : points) {
        if (pt.scheme != AtbmScheme::Atbm) continue;
        equal += pt.formula_equal;
        total += figure.runs;
        if (pt.latency_us.runs) worst = std::max(worst, pt.latency_us.mean - pt.formula_us);
    }
    os << fmt::format(
        " 4. paper:    the simulated ATBM latency is very close to the theoretical sum "
        "(start-up + routing + token passing + transmission)\n"
        "    wormcast: {} of {} ATBM runs equal the formula (header store included) to the ns; "
        "largest mean excess over the formula {:.3f} us\n",
        equal, total, worst);
    unsigned failed = 0;
    for (const auto& pt : points) failed += pt.latency_us.failed;
    if (failed) os << fmt::format("\n{} runs FAILED (FAIL above); left out of the means\n", failed);
}

void write_atbm_fig14_csv(const std::string& path, const AtbmFig14& figure,
                          const std::vector<AtbmFig14Point>& points) {
    std::ofstream out(path);
    if (!out) throw ConfigError(fmt::format("cannot write '{}'", path));
    out << "figure,panel,network,b,n,nodes,scheme,d,steps,message_flits,runs,failed,"
           "mean_latency_us,min_latency_us,max_latency_us,stddev_latency_us,formula_mean_us,"
           "runs_equal_to_formula,mean_wall_seconds\n";
    for (const auto& pt : points) {
        const AtbmFig14Panel& panel = figure.panels[pt.panel];
        const MinShape shape{panel.kind, pt.radix, stages_for(pt.radix, panel.nodes)};
        const sim::SampleStats& st = pt.latency_us;
        const bool atbm = pt.scheme == AtbmScheme::Atbm;
        out << fmt::format(
            "14,{},{},{},{},{},{},{},{},{},{},{},{:.4f},{:.4f},{:.4f},{:.4f},{},{},{:.4f}\n",
            panel.label, min::to_string(shape.kind), pt.radix, shape.stages, panel.nodes,
            atbm_scheme_name(pt.scheme, panel.kind), pt.destinations,
            atbm ? 1u : ceil_log2(pt.destinations + 1), figure.message_flits, st.runs, st.failed,
            st.mean, st.min, st.max, st.stddev, atbm ? fmt::format("{:.4f}", pt.formula_us) : "",
            atbm ? std::to_string(pt.formula_equal) : "", pt.mean_wall_seconds);
    }
}

std::string write_atbm_fig14_plot(const std::string& dir, const AtbmFig14& figure,
                                  const std::vector<AtbmFig14Point>& points, std::ostream& log) {
    const std::string dat = figure.name + ".dat";
    std::ofstream data(sim::output_path(dir, dat)),
        script(sim::output_path(dir, figure.name + ".gp"));
    if (!data || !script) throw ConfigError(fmt::format("cannot write plot files in '{}'", dir));
    script << "# " << figure.name
           << ": Varavithya & Mohapatra Fig. 14 as measured by wormcast (data: " << dat << ")\n"
           << "set terminal pngcairo size 1400,1000 font ',10'\n"
           << "set output " << gnuplot_quote(figure.name + ".png") << "\n"
           << "set datafile missing '?'\nset key top left\nset grid\n"
           << fmt::format("set multiplot layout 2,2 title {}\n",
                          gnuplot_quote(fmt::format(
                              "Fig. 14: contention-free multicast latency, ATBM vs CMIN/UMIN ({} "
                              "runs per point, {}-flit messages{})",
                              figure.runs, figure.message_flits, figure.quick ? ", --quick" : "")));
    int block = 0;
    for (std::size_t p = 0; p < figure.panels.size(); ++p) {
        const AtbmFig14Panel& panel = figure.panels[p];
        std::vector<std::string> plots;
        for (std::size_t ri = 0; ri < panel.radices.size(); ++ri)
            for (std::size_t si = 0; si < 2; ++si) {
                const AtbmScheme scheme = kSchemes[si];
                const std::string curve = fig14_curve(panel.kind, panel.radices[ri], scheme);
                data << "# (" << panel.label << ") " << curve << "\n";
                for (std::uint32_t d : panel.destinations) {
                    const auto* pt = fig14_find(points, p, panel.radices[ri], scheme, d);
                    data << (pt ? fmt::format("{} {:.4f}\n", d, pt->latency_us.mean)
                                : fmt::format("{} ?\n", d));
                }
                data << "\n\n";
                plots.push_back(
                    fmt::format("{} index {} with linespoints lc {} pt {} dt {} title {}",
                                plots.empty() ? gnuplot_quote(dat) : "''", block++, ri + 1, si + 4,
                                si + 1, gnuplot_quote(curve)));
            }
        script << fmt::format("set title {}\n",
                              gnuplot_quote(fmt::format("({}) {}-node {}s", panel.label,
                                                        panel.nodes, kind_name(panel.kind))))
               << "set xlabel 'number of destinations d'\nset ylabel 'multicast latency (us)'\n"
               << "set yrange [0:*]\n";
        script << sim::gnuplot_plot(plots);
    }
    script << "unset multiplot\n";
    data.close();
    script.close();
    return run_gnuplot(dir, figure.name, log);
}

int reproduce_atbm_fig14(const sim::ReproduceOptions& options) {
    const AtbmFig14 figure = atbm_fig14(options);
    const unsigned jobs = resolve_jobs(options.jobs);
    sim::make_output_directory(options.out_dir);
    std::size_t runs = 0;
    for (const auto& panel : figure.panels)
        runs += panel.radices.size() * 2 * panel.destinations.size() * figure.runs;
    const auto model =
        atbm_paper_model(MinShape::parse("min-uni:b=2,n=6"), figure.message_flits, 1);
    std::cout << fmt::format(
        "{}: Varavithya & Mohapatra Fig. 14: contention-free multicast latency vs number of "
        "destinations, ATBM vs CMIN (UNI-MIN) / UMIN (BI-MIN)\n"
        "timing of §5.1 at a {} ns clock (one flit time), in cycles: t_s = {}, routing t_node + "
        "t_sw = {} + {}, t_inj = {}, t_phy = {}, t_cons = {}, token hop {} (`average` token "
        "model); {}-bit flits, {}-flit messages including the header, buffers of one header, one "
        "consumption channel\n"
        "one multicast alone on the network from a random source to d random destinations; {} "
        "runs per point (the same draws for both schemes), seed {}, {} runs in {} worker "
        "processes\n",
        figure.name, model.params.clock_ns, model.params.t_startup, model.params.t_node,
        model.params.t_sw, model.params.t_inj, model.params.t_phy, model.params.t_cons,
        model.atbm.token_pass_cycles, kAtbmPaperFlitBits, figure.message_flits, figure.runs,
        options.seed, runs, jobs);
    if (figure.quick)
        std::cout << "--quick: SCALED DOWN from the paper's 1000 runs per point to the number "
                     "above, and fewer d points; not the full reproduction\n";
    using Points = std::vector<AtbmFig14Point>;
    return run_figure(
        figure.name, sim::output_path(options.out_dir, figure.name + ".csv"),
        [&] {
            return run_atbm_fig14(figure, options.seed, jobs, sim::progress_printer(figure.name));
        },
        [&](std::ostream& os, const Points& p) { print_atbm_fig14(os, figure, p, options.seed); },
        [&](const std::string& csv, const Points& p) { write_atbm_fig14_csv(csv, figure, p); },
        [&](const Points& p, std::ostream& log) {
            return write_atbm_fig14_plot(options.out_dir, figure, p, log);
        },
        [](const AtbmFig14Point& pt) { return sim::failed_runs(pt.latency_us); });
}

// ---------------------------------------------------------------------------------------------
// Figs. 15-23

namespace {

/// System sizes the paper names per switch size (§5.3.1: 16, 64 and 256 nodes; 8x8: 64 and
/// 512), those of at most max_nodes nodes.
std::vector<std::uint32_t> stages_shown(std::uint32_t radix, std::uint32_t max_nodes) {
    const std::vector<std::uint32_t> all = radix == 2   ? std::vector<std::uint32_t>{4, 6, 8}
                                           : radix == 4 ? std::vector<std::uint32_t>{2, 3, 4}
                                                        : std::vector<std::uint32_t>{2, 3};
    std::vector<std::uint32_t> shown;
    for (std::uint32_t n : all) {
        std::uint64_t nodes = 1;
        for (std::uint32_t i = 0; i < n; ++i) nodes *= radix;
        if (nodes <= max_nodes) shown.push_back(n);
    }
    return shown;
}

/// (a) multicast UNI, (b) unicast UNI, (c) multicast BI, (d) unicast BI.
std::vector<AtbmLoadPanel> four_metric_panels(std::uint32_t radix, std::uint32_t max_nodes) {
    const auto n = stages_shown(radix, max_nodes);
    return {{'a', MinKind::Unidirectional, radix, AtbmMetric::Multicast, n},
            {'b', MinKind::Unidirectional, radix, AtbmMetric::Unicast, n},
            {'c', MinKind::Bidirectional, radix, AtbmMetric::Multicast, n},
            {'d', MinKind::Bidirectional, radix, AtbmMetric::Unicast, n}};
}

/// Figs. 21, 22: multicast latency of (a) 4x4 UNI, (b) 8x8 UNI, (c) 4x4 BI, (d) 8x8 BI.
std::vector<AtbmLoadPanel> message_size_panels(std::uint32_t max_nodes) {
    return {{'a', MinKind::Unidirectional, 4, AtbmMetric::Multicast, stages_shown(4, max_nodes)},
            {'b', MinKind::Unidirectional, 8, AtbmMetric::Multicast, stages_shown(8, max_nodes)},
            {'c', MinKind::Bidirectional, 4, AtbmMetric::Multicast, stages_shown(4, max_nodes)},
            {'d', MinKind::Bidirectional, 8, AtbmMetric::Multicast, stages_shown(8, max_nodes)}};
}

std::string load_curve(const AtbmLoadPanel& panel, std::uint32_t stages, AtbmScheme scheme) {
    return fmt::format("{} N={}", atbm_scheme_name(scheme, panel.kind),
                       MinShape{panel.kind, panel.radix, stages}.nodes());
}

const char* metric_name(AtbmMetric metric) {
    return metric == AtbmMetric::Multicast ? "multicast" : "unicast";
}

std::string panel_title(const AtbmLoadPanel& panel) {
    return fmt::format("({}) {} latency, {}x{}-switch {}s", panel.label, metric_name(panel.metric),
                       panel.radix, panel.radix, kind_name(panel.kind));
}

const AtbmLoadPoint* load_find(const std::vector<AtbmLoadPoint>& points, MinKind kind,
                               std::uint32_t radix, std::uint32_t stages, AtbmScheme scheme,
                               double traffic) {
    for (const auto& p : points)
        if (p.system.kind == kind && p.system.radix == radix && p.system.stages == stages &&
            p.scheme == scheme && p.traffic == traffic)
            return &p;
    return nullptr;
}

double metric_cycles(const AtbmLoadOutcome& o, AtbmMetric metric) {
    return metric == AtbmMetric::Multicast ? o.multicast_mean_cycles : o.unicast_mean_cycles;
}

/// The paper's statements about each figure (§5.3), paraphrased.
std::vector<std::string> load_statements(int number) {
    switch (number) {
        case 15:
            return {
                "(a) ATBM multicast latency lower than CMIN by a factor of 3 for 16- and "
                "64-node, 4 for 256-node systems; CMIN saturates early",
                "(b) unicast gain of ATBM over CMIN 25 % to 40 % depending on the size",
                "(c) similar improvement on BI-MINs; ATBM saturates earlier than UMIN at "
                "heavy load",
                "(d) 64- and 256-node: ATBM unicast latency saturates slightly earlier than "
                "UMIN's"};
        case 16:
            return {
                "(a) factor of 3 for 16-node, 4 for 64- and 256-node UNI-MINs; ATBM extends "
                "the operating range",
                "(b) ATBM unicast latency lower than CMIN's; 256-node ATBM degrades under "
                "heavy traffic (token passing penalty)",
                "(c, d) ATBM better than UMIN in most cases"};
        case 17:
            return {
                "8x8 switches: the same level of improvement for unicast and multicast; "
                "512-node: both latencies significantly lower with ATBM"};
        case 18:
            return {
                "M_p = 0.2 curves saturate later than the M_p = 0.5 ones (Fig. 15); ATBM "
                "better than the unicast-based scheme over the operating range"};
        case 19:
        case 20:
            return {
                "less multicast traffic and larger switches: ATBM keeps its improvement "
                "ratio over a wide load range",
                "(d) UMIN's unicast latency higher: multicast traffic of the software scheme "
                "congests the network"};
        case 21:
            return {
                "128-flit messages: ATBM performs well; its extra latency is only the extra "
                "transmission delay"};
        case 22:
            return {
                "256-flit messages: the software scheme's latency grows (transmission delay "
                "accumulates over its phases); ATBM outperforms it for all system sizes"};
        case 23:
            return {
                "b consumption channels: both schemes gain throughput; ATBM improves "
                "significantly against the single-channel model (Fig. 16)"};
        default:
            return {};
    }
}

}  // namespace

AtbmLoadFigure atbm_load_figure(int number, const sim::ReproduceOptions& options) {
    AtbmLoadFigure f;
    f.number = number;
    f.name = fmt::format("atbm-fig{}", number);
    f.quick = options.quick;
    const SuiteOptions suite = SuiteOptions::parse(options.options);
    f.max_nodes = suite.max_nodes.value_or(f.quick ? 64 : ~std::uint32_t{0});
    if (f.max_nodes < 16)
        throw ConfigError(
            fmt::format("--max-nodes {}: the smallest system shown has 16 nodes", f.max_nodes));
    f.forward = suite.forward;
    const char* consumption = "single consumption channel";
    if (number >= 15 && number <= 20) {
        static constexpr std::uint32_t kRadix[] = {2, 4, 8};
        const std::uint32_t b = kRadix[(number - 15) % 3];
        f.multicast_ratio = number <= 17 ? 0.5 : 0.2;
        f.panels = four_metric_panels(b, f.max_nodes);
        f.caption =
            fmt::format("{}x{} switches, M_p = {}, {}", b, b, f.multicast_ratio, consumption);
    } else if (number == 21 || number == 22) {
        f.message_flits = number == 21 ? 128 : 256;
        f.panels = message_size_panels(f.max_nodes);
        f.caption = fmt::format("multicast latency of {}-flit messages, M_p = 0.5, {}",
                                f.message_flits, consumption);
    } else if (number == 23) {
        f.consumption_channels = 0;
        f.panels = four_metric_panels(4, f.max_nodes);
        f.caption = "b consumption channels, 4x4 switches, M_p = 0.5";
    } else {
        throw ConfigError(fmt::format("atbm load figures are 15-23, not {}", number));
    }
    if (f.quick) {
        f.messages = 6000;
        f.warmup = 2000;
        f.loads = {0.005, 0.01, 0.02, 0.04};
    } else {
        // Measured: with B_m and B_t as defined, the quick runs saturate between 0.02 and 0.1.
        f.loads = {0.0025, 0.005, 0.01, 0.015, 0.02, 0.03, 0.04, 0.06, 0.08};
    }
    for (const auto& panel : f.panels)
        if (panel.stages.empty())
            throw ConfigError(fmt::format(
                "atbm-fig{}: --max-nodes {} leaves panel ({}) with no {}x{}-switch system of at "
                "most {} nodes",
                number, f.max_nodes, panel.label, panel.radix, panel.radix, f.max_nodes));
    // Latencies of 256-flit messages are four times those of 64-flit ones: scale the bounds.
    f.latency_cap = 12500 * f.message_flits / 64;
    f.drain_limit = 4 * f.latency_cap;
    return f;
}

std::vector<AtbmLoadSpec> atbm_load_specs(const AtbmLoadFigure& figure, std::uint64_t seed) {
    std::vector<AtbmLoadSpec> specs;
    std::vector<AtbmSystem> systems;
    for (const auto& panel : figure.panels)
        for (std::uint32_t n : panel.stages) {
            const AtbmSystem s{panel.kind, panel.radix, n};
            if (std::none_of(systems.begin(), systems.end(), [&](const AtbmSystem& o) {
                    return o.kind == s.kind && o.radix == s.radix && o.stages == s.stages;
                }))
                systems.push_back(s);
        }
    for (const AtbmSystem& system : systems)
        for (AtbmScheme scheme : kSchemes)
            for (std::size_t l = 0; l < figure.loads.size(); ++l) {
                AtbmLoadSpec spec;
                spec.shape = system.shape();
                if (spec.shape.kind == min::MinKind::Bidirectional)
                    spec.shape.forward = figure.forward;
                spec.scheme = scheme;
                spec.consumption_channels =
                    figure.consumption_channels ? figure.consumption_channels : system.radix;
                spec.message_flits = figure.message_flits;
                spec.multicast_ratio = figure.multicast_ratio;
                spec.traffic = figure.loads[l];
                spec.messages = figure.messages;
                spec.warmup = figure.warmup;
                spec.drain_limit = figure.drain_limit;
                spec.latency_cap = figure.latency_cap;
                // Not seeded by the scheme: both schemes see the same traffic.
                spec.seed = sim::sweep_seed(seed, {static_cast<std::uint64_t>(figure.number),
                                                   static_cast<std::uint64_t>(system.kind),
                                                   system.radix, system.stages, l});
                specs.push_back(spec);
            }
    return specs;
}

std::vector<AtbmLoadPoint> run_atbm_load_figure(
    const AtbmLoadFigure& figure, std::uint64_t seed, unsigned jobs,
    const std::function<void(std::size_t, std::size_t)>& progress) {
    const auto specs = atbm_load_specs(figure, seed);
    // Largest networks and loads first, so the last workers do not run alone.
    std::vector<std::size_t> order(specs.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return specs[a].shape.nodes() * (1 + specs[a].traffic) >
               specs[b].shape.nodes() * (1 + specs[b].traffic);
    });
    std::vector<std::function<AtbmLoadOutcome()>> tasks;
    for (std::size_t i : order) tasks.push_back([spec = specs[i]] { return run_atbm_load(spec); });
    const auto sorted = sim::run_in_workers(tasks, jobs, progress);
    std::vector<AtbmLoadPoint> points(specs.size());
    for (std::size_t k = 0; k < order.size(); ++k) {
        const AtbmLoadSpec& spec = specs[order[k]];
        AtbmLoadPoint& p = points[order[k]];
        p.system = AtbmSystem{spec.shape.kind, spec.shape.radix, spec.shape.stages};
        p.scheme = spec.scheme;
        p.traffic = spec.traffic;
        p.normalisation = atbm_load_normalisation(
            spec.shape, atbm_paper_model(spec.shape, spec.message_flits, spec.consumption_channels),
            spec.message_flits);
        p.outcome = sorted[k];
    }
    return points;
}

void print_atbm_load_figure(std::ostream& os, const AtbmLoadFigure& figure,
                            const std::vector<AtbmLoadPoint>& points, std::uint64_t seed) {
    const double clock_ns = atbm_paper_model(MinShape{}, 64, 1).params.clock_ns;
    if (std::any_of(figure.panels.begin(), figure.panels.end(),
                    [](const AtbmLoadPanel& p) { return p.kind == min::MinKind::Bidirectional; }))
        os << "BI-MIN forward ports: " << min::to_string(figure.forward) << "\n";
    for (const auto& panel : figure.panels) {
        os << "\n" << panel_title(panel) << "; mean latency in us (sat: saturated)\n";
        std::string header = fmt::format("{:>7}", "load");
        for (std::uint32_t n : panel.stages)
            for (AtbmScheme scheme : kSchemes)
                header += fmt::format("{:>12}", load_curve(panel, n, scheme));
        os << header << "\n";
        for (double load : figure.loads) {
            std::string line = fmt::format("{:>7.3f}", load);
            for (std::uint32_t n : panel.stages)
                for (AtbmScheme scheme : kSchemes) {
                    const auto* p = load_find(points, panel.kind, panel.radix, n, scheme, load);
                    if (!p || (!p->outcome.ok && !p->outcome.saturated))
                        line += fmt::format("{:>12}", "FAIL");
                    else if (p->outcome.saturated)
                        line += fmt::format("{:>12}", "sat");
                    else
                        line += fmt::format(
                            "{:>12.2f}",
                            cycles_to_us(metric_cycles(p->outcome, panel.metric), clock_ns));
                }
            os << line << "\n";
        }
    }
    os << fmt::format("\nWhat §5.3 of the paper says about Fig. {}:\n", figure.number);
    for (const auto& statement : load_statements(figure.number)) os << "  - " << statement << "\n";
    os << fmt::format(
        "wormcast's numbers (seed {}{}): software / ATBM latency ratio at each "
        "load where neither is saturated; first saturated load per curve\n",
        seed, figure.quick ? ", --quick" : "");
    for (const auto& panel : figure.panels)
        for (std::uint32_t n : panel.stages) {
            std::string ratios;
            for (double load : figure.loads) {
                const auto* a =
                    load_find(points, panel.kind, panel.radix, n, AtbmScheme::Atbm, load);
                const auto* s =
                    load_find(points, panel.kind, panel.radix, n, AtbmScheme::Software, load);
                if (!a || !s || !a->outcome.ok || !s->outcome.ok) continue;
                ratios += fmt::format(" {}:{:.2f}x", load,
                                      metric_cycles(s->outcome, panel.metric) /
                                          metric_cycles(a->outcome, panel.metric));
            }
            std::string saturation;
            for (AtbmScheme scheme : kSchemes) {
                std::string first = "none";
                for (double load : figure.loads) {
                    const auto* p = load_find(points, panel.kind, panel.radix, n, scheme, load);
                    if (p && !p->outcome.ok) {
                        first = fmt::format("{}", load);
                        break;
                    }
                }
                saturation += fmt::format(" {} {}", atbm_scheme_name(scheme, panel.kind), first);
            }
            os << fmt::format("  ({}) {} N={}: ratio{}; saturated from:{}\n", panel.label,
                              metric_name(panel.metric),
                              MinShape{panel.kind, panel.radix, n}.nodes(),
                              ratios.empty() ? " -" : ratios, saturation);
        }
    unsigned failed = 0;
    for (const auto& p : points) failed += !p.outcome.ok && !p.outcome.saturated;
    if (failed) os << fmt::format("\n{} runs FAILED (FAIL above)\n", failed);
}

void write_atbm_load_csv(const std::string& path, const AtbmLoadFigure& figure,
                         const std::vector<AtbmLoadPoint>& points) {
    std::ofstream out(path);
    if (!out) throw ConfigError(fmt::format("cannot write '{}'", path));
    out << "figure,network,b,n,nodes,consumption_channels,message_flits,multicast_ratio,scheme,"
           "traffic,buffer_time_Bm,total_buffers_Bt,mean_path_switches,T_arru_cycles,"
           "T_arrm_cycles,messages,warmup,status,multicast_latency_us,unicast_latency_us,"
           "wall_seconds,problem\n";
    const double clock_ns = atbm_paper_model(MinShape{}, 64, 1).params.clock_ns;
    for (const auto& p : points) {
        const MinShape shape = p.system.shape();
        MixedTraffic traffic = MixedTraffic::for_nodes(shape.nodes());
        traffic.traffic = p.traffic;
        traffic.multicast_ratio = figure.multicast_ratio;
        traffic.buffer_time = p.normalisation.buffer_time;
        traffic.total_buffers = p.normalisation.total_buffers;
        std::string problem = p.outcome.problem;
        std::replace(problem.begin(), problem.end(), ',', ';');
        out << fmt::format(
            "{},{},{},{},{},{},{},{},{},{},{:.1f},{:.0f},{:.4f},{:.2f},{:.2f},{},{},{},{:.4f},"
            "{:.4f},{:.2f},{}\n",
            figure.number, min::to_string(shape.kind), shape.radix, shape.stages, shape.nodes(),
            figure.consumption_channels ? figure.consumption_channels : shape.radix,
            figure.message_flits, figure.multicast_ratio, atbm_scheme_name(p.scheme, shape.kind),
            p.traffic, p.normalisation.buffer_time, p.normalisation.total_buffers,
            p.normalisation.mean_path_switches, traffic.unicast_interarrival(shape.nodes()),
            traffic.multicast_interarrival(shape.nodes()), figure.messages, figure.warmup,
            p.outcome.ok          ? "ok"
            : p.outcome.saturated ? "saturated"
                                  : "failed",
            cycles_to_us(p.outcome.multicast_mean_cycles, clock_ns),
            cycles_to_us(p.outcome.unicast_mean_cycles, clock_ns), p.outcome.wall_seconds, problem);
    }
}

std::string write_atbm_load_plot(const std::string& dir, const AtbmLoadFigure& figure,
                                 const std::vector<AtbmLoadPoint>& points, std::ostream& log) {
    const std::string dat = figure.name + ".dat";
    std::ofstream data(sim::output_path(dir, dat)),
        script(sim::output_path(dir, figure.name + ".gp"));
    if (!data || !script) throw ConfigError(fmt::format("cannot write plot files in '{}'", dir));
    const double clock_ns = atbm_paper_model(MinShape{}, 64, 1).params.clock_ns;
    script << "# " << figure.name << ": Varavithya & Mohapatra Fig. " << figure.number
           << " as measured by wormcast (data: " << dat
           << "; saturated points marked along the top)\n"
           << "set terminal pngcairo size 1400,1000 font ',10'\n"
           << "set output " << gnuplot_quote(figure.name + ".png") << "\n"
           << "set datafile missing '?'\nset key top left\nset grid\n"
           << fmt::format(
                  "set multiplot layout 2,2 title {}\n",
                  gnuplot_quote(fmt::format("Fig. {}: {} ({} messages, {} warm-up{})",
                                            figure.number, figure.caption, figure.messages,
                                            figure.warmup, figure.quick ? ", --quick" : "")));
    int block = 0;
    for (const auto& panel : figure.panels) {
        std::vector<std::string> plots, saturated_plots;
        sim::SaturatedLegend legend;
        for (std::size_t ni = 0; ni < panel.stages.size(); ++ni)
            for (std::size_t si = 0; si < 2; ++si) {
                const AtbmScheme scheme = kSchemes[si];
                const std::string curve = load_curve(panel, panel.stages[ni], scheme);
                data << "# " << panel_title(panel) << ": " << curve << "\n";
                std::string saturated;
                for (double load : figure.loads) {
                    const auto* p =
                        load_find(points, panel.kind, panel.radix, panel.stages[ni], scheme, load);
                    data << (p && p->outcome.ok
                                 ? fmt::format("{} {:.4f}\n", load,
                                               cycles_to_us(metric_cycles(p->outcome, panel.metric),
                                                            clock_ns))
                                 : fmt::format("{} ?\n", load));
                    if (p && p->outcome.saturated) saturated += fmt::format("{}\n", load);
                }
                data << "\n\n";
                plots.push_back(
                    fmt::format("{} index {} with linespoints lc {} pt {} dt {} title {}",
                                plots.empty() ? gnuplot_quote(dat) : "''", block++, ni + 1, si + 4,
                                si + 1, gnuplot_quote(curve)));
                // The curve's saturated loads, marked along the top of the panel.
                data << sim::gnuplot_saturated_block(curve, saturated);
                saturated_plots.push_back(
                    sim::gnuplot_saturated_curve("''", block++, static_cast<int>(ni + 1),
                                                 static_cast<int>(saturated_plots.size()),
                                                 legend.entry_for(!saturated.empty())));
            }
        plots.insert(plots.end(), saturated_plots.begin(), saturated_plots.end());
        script << fmt::format("set title {}\n", gnuplot_quote(panel_title(panel)))
               << "set xlabel 'normalised load (buffer-time offered per cycle / all input "
                  "buffers, Sec. 5.3)'\n"
               << fmt::format("set ylabel {}\n", gnuplot_quote(fmt::format(
                                                     "{} latency (us)", metric_name(panel.metric))))
               << "set yrange [0:*]\n"
               << sim::gnuplot_saturated_axis();
        script << sim::gnuplot_plot(plots);
    }
    script << "unset multiplot\n";
    data.close();
    script.close();
    return run_gnuplot(dir, figure.name, log);
}

int reproduce_atbm_load_figure(int number, const sim::ReproduceOptions& options) {
    const AtbmLoadFigure figure = atbm_load_figure(number, options);
    const unsigned jobs = resolve_jobs(options.jobs);
    sim::make_output_directory(options.out_dir);
    const auto specs = atbm_load_specs(figure, options.seed);
    std::cout << fmt::format(
        "{}: Varavithya & Mohapatra Fig. {}: {}\n"
        "timing of §5.1 (500 ns start-up, 60 ns routing, 20 ns flits and token hops, 16-bit "
        "flits, buffers of one header, `average` token model); {}-flit messages including the "
        "header; mixed traffic of §5.3 (exponential inter-arrivals, multicast sizes N/2 +- N/4), "
        "B_m = message flits x mean switches on a unicast path, B_t = input-buffer flits of all "
        "switches\n"
        "{} messages per run, the first {} not measured; saturated: not drained {} cycles after "
        "the last submission, or a mean latency above {} cycles; seed {}, {} runs in {} worker "
        "processes\n",
        figure.name, figure.number, figure.caption, figure.message_flits, figure.messages,
        figure.warmup, figure.drain_limit, figure.latency_cap, options.seed, specs.size(), jobs);
    if (figure.quick)
        std::cout << fmt::format(
            "--quick: SCALED DOWN from the paper's 140 000 messages (40 000 warm-up) to the "
            "numbers above, {} and four loads; not the full reproduction\n",
            figure.max_nodes == ~std::uint32_t{0}
                ? std::string("every system size")
                : fmt::format("systems of at most {} nodes", figure.max_nodes));
    using Points = std::vector<AtbmLoadPoint>;
    return run_figure(
        figure.name, sim::output_path(options.out_dir, figure.name + ".csv"),
        [&] {
            return run_atbm_load_figure(figure, options.seed, jobs,
                                        sim::progress_printer(figure.name));
        },
        [&](std::ostream& os, const Points& p) {
            print_atbm_load_figure(os, figure, p, options.seed);
        },
        [&](const std::string& csv, const Points& p) { write_atbm_load_csv(csv, figure, p); },
        [&](const Points& p, std::ostream& log) {
            return write_atbm_load_plot(options.out_dir, figure, p, log);
        },
        [](const AtbmLoadPoint& p) -> std::optional<std::string> {
            if (p.outcome.ok || p.outcome.saturated) return std::nullopt;
            return "a run failed: " + p.outcome.problem;
        });
}

}  // namespace wormcast::atbm
