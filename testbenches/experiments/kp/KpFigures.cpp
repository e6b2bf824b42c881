// Kesavan & Panda Figs. 15-21 (see KpFigures.hpp): grids, runs in worker processes, text tables,
// CSV and gnuplot plots. The x grids are ours: the figure images (with their x points) are lost.
#include "testbenches/experiments/kp/KpFigures.hpp"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <numeric>

#include <fmt/format.h>

#include "testbenches/sim/FigureOutput.hpp"

namespace wormcast::kp {

using namespace sim;  // the simulation layer this experiment runs on

using mesh::MeshMulticastAlgorithm;

const char* kp_short_name(MeshMulticastAlgorithm algorithm) {
    switch (algorithm) {
        case MeshMulticastAlgorithm::Umesh:
            return "um";
        case MeshMulticastAlgorithm::SpUmesh:
            return "sp";
        case MeshMulticastAlgorithm::Hl:
            return "hl";
        case MeshMulticastAlgorithm::Sqhl:
            return "sqhl";
        case MeshMulticastAlgorithm::Schl:
            return "schl";
    }
    return "?";
}

namespace {

/// x grids of one mesh: S values, d values, and the fixed d / fixed S of the panels.
struct KpGrid {
    std::vector<std::uint32_t> sources;
    std::vector<std::uint32_t> destinations;
    std::vector<std::uint32_t> fixed_d;
    std::vector<std::uint32_t> fixed_s;
};

/// 16x16 (N = 256). The d grid has odd/even pairs (127/128, 199/200, 254/255) for Theorem 1's
/// parity effect; quick keeps the points the §5 statements name (d = 64, 128, 200, 255, the
/// crossover region near 100, S = 128 and 256).
KpGrid grid_2d(bool quick) {
    if (quick) return {{64, 128, 256}, {64, 96, 127, 128, 200, 255}, {128, 200}, {128, 256}};
    return {{16, 32, 64, 96, 128, 160, 192, 224, 256},
            {16, 32, 64, 96, 127, 128, 160, 199, 200, 224, 254, 255},
            {128, 200},
            {128, 256}};
}

/// 6x6x6 (N = 216): d = 32 and 215 (Fig. 18), 180 (Fig. 20's crossover), 127/128 parity.
KpGrid grid_3d(bool quick) {
    if (quick) return {{64, 128, 216}, {32, 64, 127, 128, 180, 215}, {128, 200}, {128, 216}};
    return {{16, 32, 64, 96, 128, 160, 192, 216},
            {16, 32, 64, 96, 127, 128, 160, 180, 199, 200, 215},
            {128, 200},
            {128, 216}};
}

/// The four panels every figure of §5 has (Fig. 21 aside): complete overlap with S varying (a)
/// and d varying (b), random overlap likewise (c, d).
std::vector<KpPanel> four_panels(const KpGrid& g) {
    return {{'a', KpOverlap::Complete, KpSweep::Sources, g.fixed_d, g.sources},
            {'b', KpOverlap::Complete, KpSweep::Destinations, g.fixed_s, g.destinations},
            {'c', KpOverlap::Random, KpSweep::Sources, g.fixed_d, g.sources},
            {'d', KpOverlap::Random, KpSweep::Destinations, g.fixed_s, g.destinations}};
}

const char* sweep_axis(KpSweep sweep) {
    switch (sweep) {
        case KpSweep::Sources:
            return "S";
        case KpSweep::Destinations:
            return "d";
        default:
            return "k";
    }
}

const char* fixed_name(KpSweep sweep) {
    return sweep == KpSweep::Sources ? "d" : sweep == KpSweep::Destinations ? "S" : "";
}

std::string panel_description(const KpPanel& p) {
    switch (p.sweep) {
        case KpSweep::Sources:
            return fmt::format("{} overlap, latency vs number of multicasts S, d fixed",
                               to_string(p.overlap));
        case KpSweep::Destinations:
            return fmt::format("{} overlap, latency vs destinations per multicast d, S fixed",
                               to_string(p.overlap));
        case KpSweep::SizeAllDests:
            return fmt::format("{} overlap, k x k mesh, N = k^2, S = N/2, d = N-1",
                               to_string(p.overlap));
        case KpSweep::SizeHalfDests:
            return fmt::format("{} overlap, k x k mesh, N = k^2, S = N, d = N/2",
                               to_string(p.overlap));
    }
    return "";
}

std::string curve_name(const KpPanel& p, MeshMulticastAlgorithm a, std::uint32_t fixed) {
    if (p.sweep == KpSweep::SizeAllDests || p.sweep == KpSweep::SizeHalfDests)
        return kp_short_name(a);
    return fmt::format("{} {}={}", kp_short_name(a), fixed_name(p.sweep), fixed);
}

struct PointCoordinates {
    std::string shape;
    std::uint32_t sources = 0;
    std::uint32_t destinations = 0;
};

PointCoordinates coordinates(const KpFigure& f, const KpPanel& p, std::uint32_t fixed,
                             std::uint32_t x) {
    PointCoordinates c;
    c.shape = f.shape;
    switch (p.sweep) {
        case KpSweep::Sources:
            c.sources = x;
            c.destinations = fixed;
            break;
        case KpSweep::Destinations:
            c.sources = fixed;
            c.destinations = x;
            break;
        case KpSweep::SizeAllDests:
        case KpSweep::SizeHalfDests: {
            const std::uint32_t n = x * x;
            c.shape = fmt::format("{}x{}", x, x);
            c.sources = p.sweep == KpSweep::SizeAllDests ? n / 2 : n;
            c.destinations = p.sweep == KpSweep::SizeAllDests ? n - 1 : n / 2;
            break;
        }
    }
    return c;
}

}  // namespace

KpFigure kp_figure(int number, const sim::ReproduceOptions& options) {
    using A = MeshMulticastAlgorithm;
    KpFigure f;
    f.number = number;
    f.leader_phase = SuiteOptions::parse(options.options).leader_phase;
    f.name = fmt::format("kp-fig{}{}", number,
                         f.leader_phase == mesh::LeaderPhase::Umesh ? "" : "-spumesh");
    f.quick = options.quick;
    f.runs = sim::runs_per_point(options, 2);
    f.length = options.quick ? 5 : 50;
    const bool q = options.quick;
    switch (number) {
        case 15:
            f.caption = "Umesh (um) and SPUmesh (sp), 16x16 mesh";
            f.shape = "16x16";
            f.algorithms = {A::Umesh, A::SpUmesh};
            f.panels = four_panels(grid_2d(q));
            break;
        case 16:
            f.caption = "Umesh (um) and SPUmesh (sp), 6x6x6 mesh";
            f.shape = "6x6x6";
            f.algorithms = {A::Umesh, A::SpUmesh};
            f.panels = four_panels(grid_3d(q));
            break;
        case 17:
            f.caption = "HL (hl), SQHL (sqhl) and SCHL (schl), 16x16 mesh";
            f.shape = "16x16";
            f.algorithms = {A::Hl, A::Sqhl, A::Schl};
            f.panels = four_panels(grid_2d(q));
            break;
        case 18:
            f.caption = "HL (hl), SQHL (sqhl) and SCHL (schl), 6x6x6 mesh";
            f.shape = "6x6x6";
            f.algorithms = {A::Hl, A::Sqhl, A::Schl};
            f.panels = four_panels(grid_3d(q));
            break;
        case 19: {
            f.caption = "SPUmesh (sp) and SCHL (schl), 16x16 mesh";
            f.shape = "16x16";
            f.algorithms = {A::SpUmesh, A::Schl};
            KpGrid g = grid_2d(q);
            g.fixed_s = {128, 216};  // the caption of Fig. 19 gives S = 128, 216 on 16x16
            f.panels = four_panels(g);
            break;
        }
        case 20:
            f.caption = "SPUmesh (sp) and SCHL (schl), 6x6x6 mesh";
            f.shape = "6x6x6";
            f.algorithms = {A::SpUmesh, A::Schl};
            f.panels = four_panels(grid_3d(q));
            break;
        case 21: {
            f.caption = "all five algorithms on k x k meshes, k = 4, 8, 12, 16";
            f.algorithms = {A::Umesh, A::SpUmesh, A::Hl, A::Sqhl, A::Schl};
            const std::vector<std::uint32_t> k{4, 8, 12, 16};
            f.panels = {{'a', KpOverlap::Complete, KpSweep::SizeAllDests, {0}, k},
                        {'b', KpOverlap::Complete, KpSweep::SizeHalfDests, {0}, k},
                        {'c', KpOverlap::Random, KpSweep::SizeAllDests, {0}, k},
                        {'d', KpOverlap::Random, KpSweep::SizeHalfDests, {0}, k}};
            break;
        }
        default:
            throw ConfigError(
                fmt::format("Kesavan & Panda have Figs. 15-21 in §5, not {}", number));
    }
    return f;
}

KpRunSpec kp_figure_run_spec(const KpFigure& figure, std::size_t panel,
                             MeshMulticastAlgorithm algorithm, std::uint32_t fixed, std::uint32_t x,
                             unsigned run, std::uint64_t seed) {
    const KpPanel& p = figure.panels.at(panel);
    const PointCoordinates c = coordinates(figure, p, fixed, x);
    KpRunSpec spec;
    spec.config.shape = mesh::MeshShape::parse(c.shape, false);
    spec.config.algorithm = algorithm;
    spec.config.leader_phase = figure.leader_phase;  // the paper's text (§2.2.2): umesh
    spec.overlap = p.overlap;
    spec.sources = c.sources;
    spec.set_size = c.destinations + 1;
    spec.length = figure.length;
    spec.timing = KpTiming::Section5;
    // Not seeded by the algorithm: every algorithm of a point runs the same workloads.
    spec.seed =
        sim::sweep_seed(seed, {static_cast<std::uint64_t>(figure.number), panel, fixed, x, run});
    return spec;
}

std::vector<KpFigurePoint> run_kp_figure(
    const KpFigure& figure, std::uint64_t seed, unsigned jobs,
    const std::function<void(std::size_t, std::size_t)>& progress) {
    std::vector<KpFigurePoint> points;
    std::vector<KpRunSpec> specs;
    for (std::size_t p = 0; p < figure.panels.size(); ++p) {
        const KpPanel& panel = figure.panels[p];
        for (auto algorithm : figure.algorithms)
            for (std::uint32_t fixed : panel.fixed)
                for (std::uint32_t x : panel.x) {
                    const PointCoordinates c = coordinates(figure, panel, fixed, x);
                    KpFigurePoint point;
                    point.panel = p;
                    point.algorithm = algorithm;
                    point.fixed = fixed;
                    point.x = x;
                    point.shape = c.shape;
                    point.sources = c.sources;
                    point.destinations = c.destinations;
                    points.push_back(point);
                    for (unsigned run = 0; run < figure.runs; ++run)
                        specs.push_back(
                            kp_figure_run_spec(figure, p, algorithm, fixed, x, run, seed));
                }
    }
    // Longest first (messages sent ~ S * d) so the last workers do not run alone.
    std::vector<std::size_t> order(specs.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return std::uint64_t{specs[a].sources} * specs[a].set_size >
               std::uint64_t{specs[b].sources} * specs[b].set_size;
    });
    std::vector<std::function<RunOutcome()>> tasks;
    for (std::size_t i : order) tasks.push_back([spec = specs[i]] { return run_kp_point(spec); });
    const auto sorted = run_in_workers(tasks, jobs, progress);
    std::vector<RunOutcome> outcomes(specs.size());
    for (std::size_t k = 0; k < order.size(); ++k) outcomes[order[k]] = sorted[k];

    for (std::size_t i = 0; i < points.size(); ++i) {
        const std::vector<RunOutcome> mine(
            outcomes.begin() + static_cast<std::ptrdiff_t>(i * figure.runs),
            outcomes.begin() + static_cast<std::ptrdiff_t>((i + 1) * figure.runs));
        const double clock_ns = kp_params(specs[i * figure.runs]).clock_ns;
        points[i].latency_us = sim::sample_stats(mine, [clock_ns](const RunOutcome& o) {
            return static_cast<double>(o.latency_cycles) * clock_ns / 1000.0;
        });
        double startups = 0, wall = 0;
        for (const auto& o : mine) {
            wall += o.wall_seconds;
            if (o.ok) startups += static_cast<double>(o.startups_max);
        }
        if (points[i].latency_us.runs > 0)
            points[i].mean_startups_max = startups / points[i].latency_us.runs;
        points[i].mean_wall_seconds = wall / static_cast<double>(mine.size());
    }
    return points;
}

std::optional<double> KpFigureResults::mean(char panel, MeshMulticastAlgorithm algorithm,
                                            std::uint32_t fixed, std::uint32_t x) const {
    for (const auto& p : points_) {
        if (figure_.panels[p.panel].label != panel || p.algorithm != algorithm) continue;
        if (p.fixed != fixed || p.x != x) continue;
        if (p.latency_us.runs == 0) return std::nullopt;
        return p.latency_us.mean;
    }
    return std::nullopt;
}

void print_kp_figure(std::ostream& os, const KpFigure& figure,
                     const std::vector<KpFigurePoint>& points, std::uint64_t seed) {
    for (std::size_t p = 0; p < figure.panels.size(); ++p) {
        const KpPanel& panel = figure.panels[p];
        os << fmt::format(
            "\n({}) {}{}; mean latency in us over {} runs\n", panel.label, panel_description(panel),
            figure.shape.empty() ? "" : fmt::format(", {} mesh", figure.shape), figure.runs);
        std::string header = fmt::format("{:>6}", sweep_axis(panel.sweep));
        for (auto a : figure.algorithms)
            for (std::uint32_t fixed : panel.fixed)
                header += fmt::format("{:>13}", curve_name(panel, a, fixed));
        os << header << "\n";
        for (std::uint32_t x : panel.x) {
            std::string line = fmt::format("{:>6}", x);
            for (auto a : figure.algorithms)
                for (std::uint32_t fixed : panel.fixed)
                    for (const auto& pt : points)
                        if (pt.panel == p && pt.algorithm == a && pt.fixed == fixed && pt.x == x) {
                            const sim::SampleStats& st = pt.latency_us;
                            line += st.runs == 0 ? fmt::format("{:>13}", "FAIL")
                                    : st.failed  ? fmt::format("{:>12.1f}!", st.mean)
                                                 : fmt::format("{:>13.1f}", st.mean);
                        }
            os << line << "\n";
        }
    }
    const KpFigureResults results(figure, points);
    os << fmt::format(
        "\nWhat §5 of the paper says about Fig. {}, and wormcast's numbers "
        "(seed {}{}):\n",
        figure.number, seed, figure.quick ? ", --quick grid" : "");
    int i = 0;
    for (const auto& claim : kp_claims(figure.number)) {
        os << fmt::format("{:>2}. paper:    {}\n    wormcast: {}\n", ++i, claim.paper,
                          claim.measured(results));
    }
    unsigned failed = 0;
    for (const auto& pt : points) failed += pt.latency_us.failed;
    if (failed)
        os << fmt::format(
            "\n{} runs FAILED (marked ! or FAIL above); they are left out of the means\n", failed);
}

void write_kp_figure_csv(const std::string& path, const KpFigure& figure,
                         const std::vector<KpFigurePoint>& points) {
    std::ofstream out(path);
    if (!out) throw ConfigError(fmt::format("cannot write '{}'", path));
    out << "figure,panel,mesh,overlap,x_axis,algorithm,fixed_axis,fixed,x,S,d,length_flits,runs,"
           "failed,mean_latency_us,min_latency_us,max_latency_us,stddev_latency_us,"
           "mean_startups_max,mean_wall_seconds\n";
    for (const auto& pt : points) {
        const KpPanel& panel = figure.panels[pt.panel];
        const sim::SampleStats& st = pt.latency_us;
        out << fmt::format(
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{:.3f},{:.3f},{:.3f},{:.3f},"
            "{:.2f},{:.3f}\n",
            figure.number, panel.label, pt.shape, to_string(panel.overlap), sweep_axis(panel.sweep),
            kp_short_name(pt.algorithm), fixed_name(panel.sweep), pt.fixed, pt.x, pt.sources,
            pt.destinations, figure.length, st.runs, st.failed, st.mean, st.min, st.max, st.stddev,
            pt.mean_startups_max, pt.mean_wall_seconds);
    }
}

std::string write_kp_figure_plot(const std::string& dir, const KpFigure& figure,
                                 const std::vector<KpFigurePoint>& points, std::ostream& log) {
    const std::string dat = figure.name + ".dat", gp = figure.name + ".gp",
                      png = figure.name + ".png";
    std::ofstream data(sim::output_path(dir, dat)), script(sim::output_path(dir, gp));
    if (!data || !script) throw ConfigError(fmt::format("cannot write plot files in '{}'", dir));
    script << "# " << figure.name << ": Kesavan & Panda Fig. " << figure.number
           << " as measured by wormcast (data: " << dat << ")\n"
           << "set terminal pngcairo size 1400,1000 font ',10'\n"
           << "set output " << gnuplot_quote(png) << "\n"
           << "set datafile missing '?'\n"
           << "set key top left\nset grid\n"
           << fmt::format(
                  "set multiplot layout 2,2 title {}\n",
                  gnuplot_quote(fmt::format("Fig. {}: {} ({} runs per point, {}-flit messages{})",
                                            figure.number, figure.caption, figure.runs,
                                            figure.length, figure.quick ? ", --quick" : "")));
    int block = 0;
    for (std::size_t p = 0; p < figure.panels.size(); ++p) {
        const KpPanel& panel = figure.panels[p];
        std::vector<std::string> plots;
        for (std::size_t ai = 0; ai < figure.algorithms.size(); ++ai)
            for (std::size_t fi = 0; fi < panel.fixed.size(); ++fi) {
                // One colour and point shape per algorithm, one dash pattern per fixed value.
                const auto a = figure.algorithms[ai];
                const std::uint32_t fixed = panel.fixed[fi];
                data << "# " << curve_name(panel, a, fixed) << " (panel " << panel.label << ")\n";
                for (std::uint32_t x : panel.x)
                    for (const auto& pt : points)
                        if (pt.panel == p && pt.algorithm == a && pt.fixed == fixed && pt.x == x) {
                            if (pt.latency_us.runs == 0)
                                data << x << " ?\n";
                            else
                                data << fmt::format("{} {:.3f}\n", x, pt.latency_us.mean);
                        }
                data << "\n\n";
                plots.push_back(
                    fmt::format("{} index {} with linespoints lc {} pt {} dt {} title {}",
                                plots.empty() ? gnuplot_quote(dat) : "''", block++, ai + 1, ai + 4,
                                fi + 1, gnuplot_quote(curve_name(panel, a, fixed))));
            }
        script << fmt::format(
                      "set title {}\n",
                      gnuplot_quote(fmt::format("({}) {}", panel.label, panel_description(panel))))
               << fmt::format("set xlabel {}\n",
                              gnuplot_quote(panel.sweep == KpSweep::Sources ? "S (multicasts)"
                                            : panel.sweep == KpSweep::Destinations
                                                ? "d (destinations per multicast)"
                                                : "k (k x k mesh)"))
               << "set ylabel 'latency (us)'\nset yrange [0:*]\n";
        script << sim::gnuplot_plot(plots);
    }
    script << "unset multiplot\n";
    data.close();
    script.close();
    return run_gnuplot(dir, figure.name, log);
}

int reproduce_kp_figure(int number, const sim::ReproduceOptions& options) {
    const KpFigure figure = kp_figure(number, options);
    const unsigned jobs = resolve_jobs(options.jobs);
    sim::make_output_directory(options.out_dir);
    std::size_t runs = 0;
    for (const auto& panel : figure.panels)
        runs += panel.fixed.size() * panel.x.size() * figure.algorithms.size() * figure.runs;
    const auto shape = mesh::MeshShape::parse(figure.shape.empty() ? "4x4" : figure.shape, false);
    const NetworkParams unicast = kp_section5_params(shape, MeshMulticastAlgorithm::Umesh);
    const NetworkParams multidest = kp_section5_params(shape, MeshMulticastAlgorithm::Schl);
    std::cout << fmt::format(
        "{}: Kesavan & Panda Fig. {}: {}\n"
        "timing of §5 at a {} ns clock, in cycles: t_s = {}, t_phy = {}, t_sw = {}, t_inj = {}, "
        "t_cons = {}, t_node = {} (um, sp) / {} (hl, sqhl, schl); {} consumption channels, "
        "{}-flit buffers, leader phase {}\n"
        "{} runs per point, {}-flit messages, seed {}, {} runs in {} worker processes\n",
        figure.name, figure.number, figure.caption, unicast.clock_ns, unicast.t_startup,
        unicast.t_phy, unicast.t_sw, unicast.t_inj, unicast.t_cons, unicast.t_node,
        multidest.t_node, unicast.consumption_channels, unicast.buffer_depth,
        mesh::to_string(figure.leader_phase), figure.runs, figure.length, options.seed, runs, jobs);
    if (figure.quick)
        std::cout << "--quick: SCALED DOWN from the paper's 30 runs and 50-flit messages to "
                     "the numbers above, and fewer x points; not the full reproduction\n";
    using Points = std::vector<KpFigurePoint>;
    return run_figure(
        figure.name, sim::output_path(options.out_dir, figure.name + ".csv"),
        [&] {
            return run_kp_figure(figure, options.seed, jobs, sim::progress_printer(figure.name));
        },
        [&](std::ostream& os, const Points& p) { print_kp_figure(os, figure, p, options.seed); },
        [&](const std::string& csv, const Points& p) { write_kp_figure_csv(csv, figure, p); },
        [&](const Points& p, std::ostream& log) {
            return write_kp_figure_plot(options.out_dir, figure, p, log);
        },
        [](const KpFigurePoint& pt) { return sim::failed_runs(pt.latency_us); });
}

}  // namespace wormcast::kp
