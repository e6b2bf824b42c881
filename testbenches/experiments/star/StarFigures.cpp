// Wang, Chu & Chen Figs. 11-15 (see StarFigures.hpp): grids, runs in worker processes, text tables,
// the §4 statements against the measured numbers, CSV and gnuplot plots. The x grids are ours: the
// paper's figures have no readable axes, only captions and text.
#include "testbenches/experiments/star/StarFigures.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <optional>

#include <fmt/format.h>

#include "testbenches/sim/FigureOutput.hpp"
#include "testbenches/sim/WorkerPool.hpp"

namespace wormcast::star_repro {

using namespace sim;  // the simulation layer this experiment runs on

using star::StarScheme;

namespace {

const char* axis_label(StarAxis axis) {
    switch (axis) {
        case StarAxis::Destinations:
            return "number of destinations d";
        case StarAxis::StartupUs:
            return "start-up latency t_s (us)";
        case StarAxis::Length:
            return "message length (flits)";
    }
    return "?";
}

const char* axis_column(StarAxis axis) {
    switch (axis) {
        case StarAxis::Destinations:
            return "d";
        case StarAxis::StartupUs:
            return "t_s us";
        case StarAxis::Length:
            return "flits";
    }
    return "?";
}

std::string metric_label(StarMetric metric) {
    return metric == StarMetric::Links ? "links visited" : "multicast latency (us)";
}

std::string panel_text(const StarFigure& f, const StarPanel& p) {
    std::vector<std::string> parts;
    if (f.axis != StarAxis::StartupUs && f.metric != StarMetric::Links)
        parts.push_back(fmt::format("t_s = {:g} us", p.startup_us));
    if (f.axis != StarAxis::Length && f.metric != StarMetric::Links)
        parts.push_back(fmt::format("{} flits", p.length));
    if (f.axis != StarAxis::Destinations) parts.push_back(fmt::format("d = {}", p.destinations));
    if (parts.empty()) parts.push_back("links do not depend on t_s or the length");
    std::string s = fmt::format("({})", p.label);
    for (std::size_t i = 0; i < parts.size(); ++i) s += (i ? ", " : " ") + parts[i];
    return s;
}

const std::vector<StarScheme>& schemes() {
    return star::all_star_schemes();
}

bool path_based(StarScheme s) {
    return s != StarScheme::Unicast;
}

std::optional<double> mean_of(const std::vector<StarPoint>& points, std::size_t panel,
                              StarScheme scheme, double x) {
    for (const auto& p : points)
        if (p.panel == panel && p.scheme == scheme && p.x == x)
            return p.value.runs ? std::optional<double>(p.value.mean) : std::nullopt;
    return std::nullopt;
}

/// Only the points of one router timing.
std::vector<StarPoint> points_of(const std::vector<StarPoint>& points, RouteTiming timing) {
    std::vector<StarPoint> out;
    for (const auto& p : points)
        if (p.timing == timing) out.push_back(p);
    return out;
}

}  // namespace

std::vector<RouteTiming> star_route_timings(const OptionValues& options) {
    const auto it = options.find("--route-timing");
    if (it == options.end() || it->second == "gather") return {RouteTiming::Gather};
    if (it->second == "fixed") return {RouteTiming::Fixed};
    if (it->second == "both") return {RouteTiming::Gather, RouteTiming::Fixed};
    throw ConfigError(
        fmt::format("--route-timing: '{}' is not one of: gather, fixed, both", it->second));
}

StarFigure star_figure(int number, const sim::ReproduceOptions& options) {
    StarFigure f;
    f.number = number;
    f.name = fmt::format("star-fig{}", number);
    f.quick = options.quick;
    f.runs = runs_per_point(options, 2);
    const std::vector<double> d_grid =
        f.quick ? std::vector<double>{20, 120}
                : std::vector<double>{1, 10, 20, 40, 60, 80, 100, 120, 240, 480, 719};
    switch (number) {
        case 11:
        case 12: {
            const double ts = number == 11 ? 1 : 10;
            f.caption =
                fmt::format("multicast latency vs d in the 6-star, {} start-up (t_s = {:g} us)",
                            number == 11 ? "small" : "large", ts);
            f.axis = StarAxis::Destinations;
            f.xs = d_grid;
            f.panels = {{'a', ts, 6, 0}, {'b', ts, 120, 0}, {'c', ts, 2400, 0}};
            break;
        }
        case 13:
            f.caption = "multicast latency vs start-up latency in the 6-star, d = 120, 120 flits";
            f.axis = StarAxis::StartupUs;
            f.xs = f.quick ? std::vector<double>{1, 5, 10} : std::vector<double>{1, 2, 4, 6, 8, 10};
            f.panels = {{'a', 0, 120, 120}};
            break;
        case 14:
            f.caption =
                "multicast latency vs message length in the 6-star, d = 120, small and large t_s";
            f.axis = StarAxis::Length;
            f.xs = f.quick ? std::vector<double>{6, 2400}
                           : std::vector<double>{6, 60, 120, 300, 600, 1200, 1800, 2400};
            f.panels = {{'a', 1, 0, 120}, {'b', 10, 0, 120}};
            break;
        case 15:
            f.caption = "network traffic (links visited) vs d in the 6-star";
            f.axis = StarAxis::Destinations;
            f.metric = StarMetric::Links;
            f.xs = d_grid;
            f.panels = {{'a', 1, 6, 0}};
            break;
        default:
            throw ConfigError(
                fmt::format("star figure {}: the paper's simulated figures are 11-15", number));
    }
    f.timings = star_route_timings(options.options);
    if (f.metric == StarMetric::Links) f.timings.resize(1);
    return f;
}

StarRunSpec star_figure_spec(const StarFigure& figure, std::size_t panel, StarScheme scheme,
                             double x, unsigned run, std::uint64_t seed, RouteTiming timing) {
    const StarPanel& p = figure.panels.at(panel);
    StarRunSpec spec;
    spec.n = figure.n;
    spec.route_timing = timing;
    spec.scheme = scheme;
    spec.startup_ns = p.startup_us * 1000;
    spec.length = p.length;
    spec.destinations = p.destinations;
    switch (figure.axis) {
        case StarAxis::Destinations:
            spec.destinations = static_cast<std::uint32_t>(x);
            break;
        case StarAxis::StartupUs:
            spec.startup_ns = x * 1000;
            break;
        case StarAxis::Length:
            spec.length = static_cast<std::uint32_t>(x);
            break;
    }
    // Not seeded by the scheme, t_s, length or timing: every scheme runs the same draws, and the
    // draws of a d are the same in every figure.
    spec.seed = sweep_seed(seed, {figure.n, spec.destinations, run});
    return spec;
}

std::vector<StarPoint> run_star_figure(
    const StarFigure& figure, std::uint64_t seed, unsigned jobs,
    const std::function<void(std::size_t, std::size_t)>& progress) {
    std::vector<StarPoint> points;
    std::vector<std::function<StarOutcome()>> tasks;
    for (RouteTiming timing : figure.timings)
        for (std::size_t p = 0; p < figure.panels.size(); ++p)
            for (StarScheme scheme : schemes())
                for (double x : figure.xs) {
                    StarPoint point;
                    point.timing = timing;
                    point.panel = p;
                    point.scheme = scheme;
                    point.x = x;
                    points.push_back(point);
                    for (unsigned run = 0; run < figure.runs; ++run) {
                        const StarRunSpec spec =
                            star_figure_spec(figure, p, scheme, x, run, seed, timing);
                        tasks.push_back([spec] { return run_star_multicast(spec); });
                    }
                }
    const auto outcomes = run_in_workers(tasks, jobs, progress);
    for (std::size_t i = 0; i < points.size(); ++i) {
        const auto first = outcomes.begin() + static_cast<std::ptrdiff_t>(i * figure.runs);
        const std::vector<StarOutcome> mine(first, first + figure.runs);
        points[i].value = sample_stats(mine, [&figure](const StarOutcome& o) {
            return figure.metric == StarMetric::Links
                       ? static_cast<double>(o.total_channels)
                       : static_cast<double>(o.latency_cycles) * kStarClockNs / 1000.0;
        });
        double wall = 0;
        for (const auto& o : mine) wall += o.wall_seconds;
        points[i].mean_wall_seconds = wall / figure.runs;
    }
    return points;
}

namespace {

/// "k of K": how many (panel, x) of `panels` satisfy `holds`, over those with every scheme
/// measured.
std::string count_points(const StarFigure& f, const std::vector<StarPoint>& points,
                         const std::vector<std::size_t>& panels, const std::vector<double>& xs,
                         const std::function<bool(const std::function<double(StarScheme)>&)>& holds,
                         unsigned* satisfied = nullptr, unsigned* total = nullptr) {
    unsigned yes = 0, all = 0;
    for (std::size_t p : panels)
        for (double x : xs) {
            bool complete = true;
            for (StarScheme s : schemes())
                complete = complete && mean_of(points, p, s, x).has_value();
            if (!complete) continue;
            ++all;
            if (holds([&](StarScheme s) { return *mean_of(points, p, s, x); })) ++yes;
        }
    if (satisfied) *satisfied = yes;
    if (total) *total = all;
    (void)f;
    return fmt::format("{} of {} points", yes, all);
}

std::vector<std::size_t> panels_where(const StarFigure& f,
                                      const std::function<bool(const StarPanel&)>& keep) {
    std::vector<std::size_t> out;
    for (std::size_t p = 0; p < f.panels.size(); ++p)
        if (keep(f.panels[p])) out.push_back(p);
    return out;
}

bool best_is(const std::function<double(StarScheme)>& v, StarScheme scheme) {
    for (StarScheme s : schemes())
        if (v(s) < v(scheme)) return false;
    return true;
}

void claim(std::ostream& os, int index, const std::string& paper, const std::string& ours) {
    os << fmt::format(" {}. paper:    {}\n    wormcast: {}\n", index, paper, ours);
}

void print_claims(std::ostream& os, const StarFigure& f, const std::vector<StarPoint>& points) {
    using V = std::function<double(StarScheme)>;
    const auto all_panels = panels_where(f, [](const StarPanel&) { return true; });
    const auto short_medium = panels_where(f, [](const StarPanel& p) { return p.length <= 120; });
    const auto long_messages = panels_where(f, [](const StarPanel& p) { return p.length >= 2400; });
    const std::vector<double> small_d(f.xs.begin(),
                                      f.xs.begin() + static_cast<std::ptrdiff_t>(f.xs.size() / 2));
    const std::vector<double> large_d(f.xs.begin() + static_cast<std::ptrdiff_t>(f.xs.size() / 2),
                                      f.xs.end());
    const auto path_beats_unicast = [](const V& v) {
        for (StarScheme s : schemes())
            if (path_based(s) && v(s) >= v(StarScheme::Unicast)) return false;
        return true;
    };
    const auto proposed_beat_old = [](const V& v) {
        return std::min(v(StarScheme::Multipath), v(StarScheme::TwoPhase)) <
               std::min(v(StarScheme::Hamiltonian), v(StarScheme::DualPath));
    };
    switch (f.number) {
        case 11:
            claim(os, 1, "all path-based schemes beat the unicast-based one",
                  count_points(f, points, all_panels, f.xs, path_beats_unicast));
            claim(os, 2,
                  "two-phase multipath is the best with short and medium messages (6, 120 flits)",
                  count_points(f, points, short_medium, f.xs,
                               [](const V& v) { return best_is(v, StarScheme::TwoPhase); }));
            claim(os, 3, "for long messages (2400 flits) simple multipath is the best",
                  count_points(f, points, long_messages, f.xs,
                               [](const V& v) { return best_is(v, StarScheme::Multipath); }));
            claim(os, 4,
                  "the proposed schemes beat hamiltonian-path and dual-path with short and medium "
                  "messages "
                  "(best of multipath/two-phase below best of hamiltonian/dual-path)",
                  count_points(f, points, short_medium, f.xs, proposed_beat_old));
            break;
        case 12:
            claim(os, 1, "all path-based schemes beat the unicast-based one",
                  count_points(f, points, all_panels, f.xs, path_beats_unicast));
            claim(os, 2,
                  "short and medium messages, small d: multipath beats hamiltonian-path but not "
                  "dual-path",
                  count_points(f, points, short_medium, small_d, [](const V& v) {
                      return v(StarScheme::Multipath) < v(StarScheme::Hamiltonian) &&
                             v(StarScheme::Multipath) > v(StarScheme::DualPath);
                  }) + fmt::format(" (d < {:g})", large_d.empty() ? 0.0 : large_d.front()));
            claim(os, 3,
                  "short and medium messages, large d: multipath is worse than hamiltonian-path "
                  "and dual-path",
                  count_points(f, points, short_medium, large_d, [](const V& v) {
                      return v(StarScheme::Multipath) > v(StarScheme::Hamiltonian) &&
                             v(StarScheme::Multipath) > v(StarScheme::DualPath);
                  }) + fmt::format(" (d >= {:g})", large_d.empty() ? 0.0 : large_d.front()));
            claim(os, 4,
                  "long messages: multipath is almost equal to hamiltonian-path and dual-path "
                  "(here: within 10 %)",
                  count_points(f, points, long_messages, f.xs, [](const V& v) {
                      const double m = v(StarScheme::Multipath);
                      return std::abs(m - v(StarScheme::Hamiltonian)) <=
                                 0.1 * v(StarScheme::Hamiltonian) &&
                             std::abs(m - v(StarScheme::DualPath)) <= 0.1 * v(StarScheme::DualPath);
                  }));
            claim(os, 5,
                  "two-phase is worse than hamiltonian-path and dual-path for every message length",
                  count_points(f, points, all_panels, f.xs, [](const V& v) {
                      return v(StarScheme::TwoPhase) > v(StarScheme::Hamiltonian) &&
                             v(StarScheme::TwoPhase) > v(StarScheme::DualPath);
                  }));
            break;
        case 13:
        case 14: {
            // Growth of each scheme's latency across the x range.
            const bool ts = f.number == 13;
            for (std::size_t p = 0; p < f.panels.size(); ++p) {
                std::string growth;
                std::optional<double> unicast, most_path, least_path;
                for (StarScheme s : schemes()) {
                    const auto lo = mean_of(points, p, s, f.xs.front());
                    const auto hi = mean_of(points, p, s, f.xs.back());
                    if (!lo || !hi) continue;
                    const double g = (*hi - *lo) / (f.xs.back() - f.xs.front());
                    growth += fmt::format("{}{} {:.3f}", growth.empty() ? "" : ", ",
                                          star::to_string(s), g);
                    if (!path_based(s))
                        unicast = g;
                    else {
                        most_path = most_path ? std::max(*most_path, g) : g;
                        least_path = least_path ? std::min(*least_path, g) : g;
                    }
                }
                const std::string unit = ts ? "us of latency per us of t_s" : "us per flit";
                claim(os, static_cast<int>(ts ? 2 * p + 1 : p + 1),
                      ts ? "the latency grows fastest with t_s in the unicast-based scheme (it "
                           "needs several phases)"
                         : "the unicast-based scheme (ceil(log2 120) = 7 phases) is the most "
                           "affected by the "
                           "message length, the path-based ones the least",
                      fmt::format("{} slope ({}): {}; unicast {} every path-based scheme",
                                  panel_text(f, f.panels[p]), unit, growth,
                                  unicast && most_path && *unicast > *most_path
                                      ? "steeper than"
                                      : "NOT steeper than"));
                if (ts && most_path && least_path)
                    claim(
                        os, static_cast<int>(2 * p + 2),
                        "for the path-based schemes the impact of t_s is almost equal",
                        fmt::format("their slopes lie in {:.3f}..{:.3f}", *least_path, *most_path));
            }
            break;
        }
        case 15: {
            claim(os, 1, "the proposed schemes visit fewer links than the unicast-based one",
                  count_points(f, points, all_panels, f.xs, [](const V& v) {
                      return v(StarScheme::Multipath) < v(StarScheme::Unicast) &&
                             v(StarScheme::TwoPhase) < v(StarScheme::Unicast);
                  }));
            std::string ratios;
            for (double x : f.xs) {
                const auto m = mean_of(points, 0, StarScheme::Multipath, x);
                const auto dp = mean_of(points, 0, StarScheme::DualPath, x);
                const auto tp = mean_of(points, 0, StarScheme::TwoPhase, x);
                if (m && dp && tp)
                    ratios += fmt::format("{}d={:g}: {:.2f} / {:.2f}", ratios.empty() ? "" : ", ",
                                          x, *m / *dp, *tp / *dp);
            }
            claim(
                os, 2,
                "multipath visits almost as many links as dual-path; two-phase more than dual-path",
                "multipath / dual-path and two-phase / dual-path: " + ratios);
            break;
        }
        default:
            break;
    }
}

void print_star_timing(std::ostream& os, const StarFigure& figure,
                       const std::vector<StarPoint>& points, std::uint64_t seed,
                       const std::string& model);

}  // namespace

void print_star_figure(std::ostream& os, const StarFigure& figure,
                       const std::vector<StarPoint>& all_points, std::uint64_t seed) {
    const bool gather_only = figure.timings == std::vector<RouteTiming>{RouteTiming::Gather};
    for (RouteTiming timing : figure.timings) {
        const std::vector<StarPoint> points = points_of(all_points, timing);
        const std::string model =
            gather_only ? ""
                        : fmt::format(", router.route_timing {}{}", to_string(timing),
                                      timing == RouteTiming::Fixed ? " (the paper's)" : "");
        print_star_timing(os, figure, points, seed, model);
    }
}

namespace {

void print_star_timing(std::ostream& os, const StarFigure& figure,
                       const std::vector<StarPoint>& points, std::uint64_t seed,
                       const std::string& model) {
    for (std::size_t p = 0; p < figure.panels.size(); ++p) {
        os << fmt::format("\n{}; mean {} over {} runs{}\n", panel_text(figure, figure.panels[p]),
                          metric_label(figure.metric), figure.runs, model);
        std::string header = fmt::format("{:>7}", axis_column(figure.axis));
        for (StarScheme s : schemes()) header += fmt::format("{:>13}", star::to_string(s));
        os << header << "\n";
        for (double x : figure.xs) {
            std::string line = fmt::format("{:>7g}", x);
            for (StarScheme s : schemes()) {
                const auto v = mean_of(points, p, s, x);
                line += v ? fmt::format(
                                figure.metric == StarMetric::Links ? "{:>13.1f}" : "{:>13.3f}", *v)
                          : fmt::format("{:>13}", "FAIL");
            }
            os << line << "\n";
        }
    }
    os << fmt::format(
        "\nWhat §4 of the paper says about Fig. {}, and wormcast's numbers (seed {}{}{}):\n",
        figure.number, seed, figure.quick ? ", --quick grid" : "", model);
    print_claims(os, figure, points);
}

}  // namespace

void write_star_figure_csv(const std::string& path, const StarFigure& figure,
                           const std::vector<StarPoint>& points) {
    std::ofstream out(path);
    if (!out) throw ConfigError(fmt::format("cannot write '{}'", path));
    out << "figure,panel,scheme,startup_us,length_flits,destinations,runs,failed,mean,min,max,"
           "stddev,unit,"
           "mean_wall_seconds,route_timing\n";
    for (const auto& pt : points) {
        const StarRunSpec spec = star_figure_spec(figure, pt.panel, pt.scheme, pt.x, 0, 0);
        const SampleStats& st = pt.value;
        out << fmt::format("{},{},{},{:g},{},{},{},{},{:.4f},{:.4f},{:.4f},{:.4f},{},{:.4f},{}\n",
                           figure.number, figure.panels[pt.panel].label, star::to_string(pt.scheme),
                           spec.startup_ns / 1000, spec.length, spec.destinations, st.runs,
                           st.failed, st.mean, st.min, st.max, st.stddev,
                           figure.metric == StarMetric::Links ? "links" : "us",
                           pt.mean_wall_seconds, to_string(pt.timing));
    }
}

std::string write_star_figure_plot(const std::string& dir, const StarFigure& figure,
                                   const std::vector<StarPoint>& points, std::ostream& log) {
    const std::string dat = figure.name + ".dat";
    std::ofstream data(output_path(dir, dat)), script(output_path(dir, figure.name + ".gp"));
    if (!data || !script) throw ConfigError(fmt::format("cannot write plot files in '{}'", dir));
    const std::size_t panels = figure.panels.size();
    script << "# " << figure.name << ": Wang, Chu & Chen Fig. " << figure.number
           << " as measured by wormcast (data: " << dat << ")\n"
           << fmt::format("set terminal pngcairo size {},500 font ',10'\n", 500 * panels + 100)
           << "set output " << gnuplot_quote(figure.name + ".png") << "\n"
           << "set datafile missing '?'\nset key top left\nset grid\n"
           << fmt::format("set multiplot layout 1,{} title {}\n", panels,
                          gnuplot_quote(fmt::format("Fig. {}: {} ({} runs per point{})",
                                                    figure.number, figure.caption, figure.runs,
                                                    figure.quick ? ", --quick" : "")));
    int block = 0;
    for (std::size_t p = 0; p < panels; ++p) {
        std::vector<std::string> plots;
        // Both router timings: gather solid, fixed (the paper's) dashed, one colour per scheme.
        const bool both = figure.timings.size() > 1;
        for (RouteTiming timing : figure.timings) {
            const std::vector<StarPoint> mine = points_of(points, timing);
            for (std::size_t si = 0; si < schemes().size(); ++si) {
                const StarScheme s = schemes()[si];
                data << "# (" << figure.panels[p].label << ") " << star::to_string(s) << " "
                     << to_string(timing) << "\n";
                for (double x : figure.xs) {
                    const auto v = mean_of(mine, p, s, x);
                    data << (v ? fmt::format("{:g} {:.4f}\n", x, *v) : fmt::format("{:g} ?\n", x));
                }
                data << "\n\n";
                const std::string title =
                    both ? fmt::format("{} ({})", star::to_string(s), to_string(timing))
                         : star::to_string(s);
                plots.push_back(
                    fmt::format("{} index {} with linespoints lc {} pt {} dt {} title {}",
                                plots.empty() ? gnuplot_quote(dat) : "''", block++, si + 1, si + 4,
                                timing == RouteTiming::Fixed ? 2 : 1, gnuplot_quote(title)));
            }
        }
        script << fmt::format("set title {}\n", gnuplot_quote(panel_text(figure, figure.panels[p])))
               << fmt::format("set xlabel {}\nset ylabel {}\n",
                              gnuplot_quote(axis_label(figure.axis)),
                              gnuplot_quote(metric_label(figure.metric)))
               << "set yrange [0:*]\n";
        script << sim::gnuplot_plot(plots);
    }
    script << "unset multiplot\n";
    data.close();
    script.close();
    return run_gnuplot(dir, figure.name, log);
}

int reproduce_star_figure(int number, const sim::ReproduceOptions& options) {
    const StarFigure figure = star_figure(number, options);
    const unsigned jobs = resolve_jobs(options.jobs);
    make_output_directory(options.out_dir);
    const std::size_t runs = figure.timings.size() * figure.panels.size() * schemes().size() *
                             figure.xs.size() * figure.runs;
    const NetworkParams small = star_paper_params(1000), large = star_paper_params(10000);
    std::cout << fmt::format(
        "{}: Wang, Chu & Chen Fig. {}: {}\n"
        "the 6-star (720 nodes) on the cycle-accurate network at a {:g} ns clock (link t_l = 5 ns "
        "= t_phy {}); "
        "router latency t_node + t_sw = {} + {} cycles (20 ns) for unicast headers, "
        "t_node_multidest + t_sw = {} + "
        "{} (40 ns) for destination lists; t_s = 1 us is t_startup {} + t_receive {} cycles (550 + "
        "450 ns), "
        "10 us is {} + {}; t_inj = t_cons = 1; {}-bit flits, destination-list headers of 12 + 10 d "
        "bits "
        "(docs/star.md §7), {}-flit buffers, {} consumption channels\n"
        "one multicast alone on the network from a random source to d random destinations, "
        "exactly-once "
        "checked; latency = first start-up to the last tail + t_receive; message length = payload "
        "flits; "
        "{} runs per point (the same draws for every scheme), seed {}, {} runs in {} worker "
        "processes\n",
        figure.name, figure.number, figure.caption, kStarClockNs, small.t_phy, small.t_node,
        small.t_sw, small.t_node_multidest, small.t_sw, small.t_startup, small.t_receive,
        large.t_startup, large.t_receive, small.flit_width, small.buffer_depth,
        small.consumption_channels, figure.runs, options.seed, runs, jobs);
    std::string timings;
    for (RouteTiming t : figure.timings)
        timings += (timings.empty() ? "" : " and ") + std::string(to_string(t));
    std::cout << fmt::format(
        "router.route_timing {}: gather latches a destination list's every flit at every router "
        "before routing it (h - 1 cycles more per hop for an h-flit header); fixed routes it "
        "t_node_multidest after its first flit, the address flits pipelined behind (the paper's "
        "fixed router latency)\n",
        timings);
    if (figure.metric == StarMetric::Links)
        std::cout << "links visited = the plan's total channels (the sum of its worms' path "
                     "lengths) of each run's "
                     "draw; the run on the network checks that those worms deliver it\n";
    if (figure.quick)
        std::cout << "--quick: SCALED DOWN to the runs above and fewer x values; not the full "
                     "reproduction\n";
    using Points = std::vector<StarPoint>;
    return run_figure(
        figure.name, output_path(options.out_dir, figure.name + ".csv"),
        [&] { return run_star_figure(figure, options.seed, jobs, progress_printer(figure.name)); },
        [&](std::ostream& os, const Points& p) { print_star_figure(os, figure, p, options.seed); },
        [&](const std::string& csv, const Points& p) { write_star_figure_csv(csv, figure, p); },
        [&](const Points& p, std::ostream& log) {
            return write_star_figure_plot(options.out_dir, figure, p, log);
        },
        [](const StarPoint& pt) { return failed_runs(pt.value); });
}

}  // namespace wormcast::star_repro
