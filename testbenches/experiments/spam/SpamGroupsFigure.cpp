// spam-groups: SPAM multicasts split into k groups of contiguous processors, one worm each, against
// one worm (the partitioning Libeskind-Hadas, Mazzoni & Rajagopalan §5 propose against the root
// hot spot): a single multicast alone, and the Fig. 3 mix under load. Our figure, not the paper's.
#include "testbenches/experiments/spam/SpamGroupsFigure.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <optional>

#include <fmt/format.h>

#include "testbenches/experiments/spam/SpamRuns.hpp"
#include "testbenches/sim/FigureOutput.hpp"
#include "testbenches/sim/Sampling.hpp"
#include "testbenches/sim/WorkerPool.hpp"

namespace wormcast::spam {

namespace {

/// Runs per point unless --runs: the load runs are the expensive part (docs/reproduction.md).
constexpr unsigned kDefaultRuns = 6;

struct GroupsGrid {
    std::vector<unsigned> groups{1, 2, 4, 8};
    std::vector<std::uint32_t> single_destinations{16, 64, 127};
    std::uint32_t load_destinations = 64;
    std::vector<double> rates{0.002, 0.005, 0.01, 0.015};
    std::uint64_t warmup = 20000, measure = 100000;
};

GroupsGrid groups_grid(bool quick) {
    GroupsGrid g;
    if (quick) {
        g.groups = {1, 4};
        g.single_destinations = {64};
        g.rates = {0.005};
        g.warmup = 2000;
        g.measure = 8000;
    }
    return g;
}

/// One point: a single multicast (rate 0) or the Fig. 3 mix at `rate`.
struct GroupsPoint {
    bool load = false;
    unsigned groups = 1;
    std::uint32_t destinations = 0;
    double rate = 0;
    PointSample latency;              ///< single: multicast latency; load: message latency
    double multicast_latency_us = 0;  ///< load: mean over the runs (with source queueing)
    double root_share = 0;            ///< mean over the runs
};

const GroupsPoint* find_point(const std::vector<GroupsPoint>& points, bool load, unsigned groups,
                              std::uint32_t d, double rate) {
    for (const auto& p : points)
        if (p.load == load && p.groups == groups && p.destinations == d && p.rate == rate)
            return &p;
    return nullptr;
}

void print_groups(std::ostream& os, const std::vector<GroupsPoint>& points) {
    os << fmt::format(
        "\nsingle multicast alone (start-up to last tail):\n{:>5} {:>6} {:>44} {:>11}\n", "d",
        "groups", "latency us (95 % CI)", "root share");
    for (const auto& p : points)
        if (!p.load)
            os << fmt::format("{:>5} {:>6} {:>44} {:>10.1f}%\n", p.destinations, p.groups,
                              interval_text(p.latency), 100 * p.root_share);
    os << fmt::format(
        "\nunder load (90 % unicasts, 10 % multicasts of d destinations):\n{:>5} {:>6} {:>10} "
        "{:>44} {:>20} {:>11}\n",
        "d", "groups", "rate /us", "message latency us (95 % CI)", "multicast w/ queue us",
        "root share");
    for (const auto& p : points)
        if (p.load)
            os << fmt::format("{:>5} {:>6} {:>10.3f} {:>44} {:>20.2f} {:>10.1f}%\n", p.destinations,
                              p.groups, p.rate, interval_text(p.latency), p.multicast_latency_us,
                              100 * p.root_share);
    os << "\nwhat splitting does (k worms from one source cost k start-ups of 10 us):\n";
    for (const auto& p : points) {
        if (p.groups == 1 || !p.latency.runs) continue;
        const GroupsPoint* one = find_point(points, p.load, 1, p.destinations, p.rate);
        if (!one || !one->latency.runs) continue;
        os << fmt::format(
            "  {} d = {}{}: k = {} {:+.2f} us against one worm ({:+.1f} %), root share {:.1f} % "
            "-> {:.1f} %\n",
            p.load ? "load" : "single", p.destinations,
            p.load ? fmt::format(" at {:.3f}/us", p.rate) : "", p.groups,
            p.latency.mean - one->latency.mean, 100 * (p.latency.mean / one->latency.mean - 1),
            100 * one->root_share, 100 * p.root_share);
    }
}

void write_groups_csv(const std::string& path, const std::vector<GroupsPoint>& points) {
    std::ofstream out(path);
    out << "part,groups,destinations,rate_per_us,runs,failed,mean_us,ci95_half_width_us,relative,"
           "converged,multicast_latency_with_queueing_us,root_share,saturated_runs\n";
    for (const auto& p : points)
        out << fmt::format("{},{},{},{},{},{},{:.4f},{:.4f},{:.5f},{},{:.4f},{:.5f},{}\n",
                           p.load ? "load" : "single", p.groups, p.destinations, p.rate,
                           p.latency.runs, p.latency.failed, p.latency.mean, p.latency.half_width,
                           p.latency.relative(), p.latency.converged ? 1 : 0,
                           p.multicast_latency_us, p.root_share, p.latency.saturated);
    if (!out) throw ConfigError(fmt::format("cannot write '{}'", path));
}

std::string write_groups_plot(const std::string& dir, const std::string& name,
                              const std::vector<GroupsPoint>& points, const GroupsGrid& grid,
                              bool quick, std::ostream& log) {
    const std::string dat = name + ".dat";
    std::ofstream data(sim::output_path(dir, dat)), script(sim::output_path(dir, name + ".gp"));
    if (!data || !script) throw ConfigError(fmt::format("cannot write plot files in '{}'", dir));
    script << "# " << name
           << ": SPAM in k groups vs one worm, as measured by wormcast (data: " << dat << ")\n"
           << "set terminal pngcairo size 1400,600 font ',10'\n"
           << "set output " << sim::gnuplot_quote(name + ".png") << "\n"
           << "set multiplot layout 1,2 title "
           << sim::gnuplot_quote(fmt::format("SPAM split into k groups of contiguous processors "
                                             "(one worm and one 10 us start-up each), 128-switch "
                                             "lattices{}",
                                             quick ? " (--quick)" : ""))
           << "\nset grid\nset yrange [0:*]\n";
    int block = 0;
    std::vector<std::string> single, load;
    for (unsigned k : grid.groups) {
        data << "# single, k = " << k << "\n";
        for (const auto& p : points)
            if (!p.load && p.groups == k && p.latency.runs)
                data << fmt::format("{} {:.4f} {:.4f}\n", p.destinations, p.latency.mean,
                                    p.latency.half_width);
        data << "\n\n";
        single.push_back(fmt::format("{} index {} with yerrorlines title {}",
                                     single.empty() ? sim::gnuplot_quote(dat) : "''", block++,
                                     sim::gnuplot_quote(fmt::format("k = {}", k))));
    }
    // Under load, a curve per k; its saturated rates (no bounded latency) marked along the top.
    std::vector<std::string> saturated_load;
    sim::SaturatedLegend legend;
    for (std::size_t ki = 0; ki < grid.groups.size(); ++ki) {
        const unsigned k = grid.groups[ki];
        data << "# load, k = " << k << "\n";
        std::string saturated;
        for (const auto& p : points)
            if (p.load && p.groups == k && p.latency.runs && !p.latency.saturated)
                data << fmt::format("{} {:.4f} {:.4f}\n", p.rate, p.latency.mean,
                                    p.latency.half_width);
            else if (p.load && p.groups == k && p.latency.saturated)
                saturated += fmt::format("{}\n", p.rate);
        data << "\n\n" << sim::gnuplot_saturated_block(fmt::format("load, k = {}", k), saturated);
        load.push_back(fmt::format("'' index {} with yerrorlines lc {} title {}", block++, ki + 1,
                                   sim::gnuplot_quote(fmt::format("k = {}", k))));
        saturated_load.push_back(sim::gnuplot_saturated_curve(
            "''", block++, static_cast<int>(ki + 1), static_cast<int>(ki),
            legend.entry_for(!saturated.empty())));
    }
    load.insert(load.end(), saturated_load.begin(), saturated_load.end());
    script << "set key center right\nset title 'one multicast alone'\n"
           << "set xlabel 'number of destinations d'\n"
           << "set ylabel 'latency (us)'\n"
           << sim::gnuplot_plot(single);
    load.front().replace(0, 2, sim::gnuplot_quote(dat));
    script << "set key top left\nset datafile missing '?'\n"
           << sim::gnuplot_saturated_axis() << "set title "
           << sim::gnuplot_quote(fmt::format("90 % unicasts + 10 % multicasts of {} destinations",
                                             grid.load_destinations))
           << "\nset xlabel 'mean arrival rate (messages per processor per us)'\n"
           << "set ylabel 'message latency (us)'\n"
           << sim::gnuplot_plot(load) << "unset multiplot\n";
    data.close();
    script.close();
    return sim::run_gnuplot(dir, name, log);
}

}  // namespace

int reproduce_groups(const sim::ReproduceOptions& options) {
    const std::string name = "spam-groups";
    Sampling sampling = sampling_of(options.quick, options.runs);
    if (!options.quick && !options.runs) sampling.min_runs = sampling.max_runs = kDefaultRuns;
    const unsigned jobs = sim::resolve_jobs(options.jobs);
    const GroupsGrid grid = groups_grid(options.quick);
    sim::make_output_directory(options.out_dir);
    std::vector<GroupsPoint> points;
    for (std::uint32_t d : grid.single_destinations)
        for (unsigned k : grid.groups) points.push_back({false, k, d, 0, {}, 0, 0});
    for (double rate : grid.rates)
        for (unsigned k : grid.groups)
            points.push_back({true, k, grid.load_destinations, rate, {}, 0, 0});
    std::cout << fmt::format(
        "{}: SPAM multicasts split into k groups of processors contiguous in the spanning tree's "
        "preorder, one worm each (Libeskind-Hadas et al. §5's proposal; our figure), against one "
        "worm (k = 1)\n"
        "128-switch lattice networks, the timing of spam-fig2 (t_s 10 us per worm, set-up 40 ns, "
        "channel 10 ns, {}-flit worms); left: one multicast alone; right: spam-fig3's mix with "
        "d = {} ({} us warm-up, {} us measured)\n"
        "each run: a new random network and pattern, the same for every k; runs per point: "
        "{}..{}{}, seed {}, {} worker processes\n",
        name, kSpamMessageFlits, grid.load_destinations, grid.warmup / 100, grid.measure / 100,
        sampling.min_runs, sampling.max_runs,
        sampling.min_runs == sampling.max_runs ? " (fixed; the interval is printed)"
                                               : " (until the 95 % interval is within 1 %)",
        options.seed, jobs);
    if (options.quick)
        std::cout << "--quick: SCALED DOWN: k = 1 and 4, d = 64, one rate, an 80 us window, 3-4 "
                     "runs per point; not the full figure\n";
    return sim::run_figure(
        name, sim::output_path(options.out_dir, name + ".csv"),
        [&] {
            std::vector<std::vector<RunOutcome>> outcomes;
            // The seeds leave out k: every k of a point sees the same networks and patterns.
            const auto samples = sample_until_converged(
                points.size(),
                [&points, &options, &grid](std::size_t i, unsigned run) {
                    const GroupsPoint& p = points[i];
                    if (!p.load) {
                        SingleSpec spec;
                        spec.nodes = 128;
                        spec.destinations = p.destinations;
                        spec.groups = p.groups;
                        spec.network_seed = lattice_seed(options.seed, {5, p.destinations, run});
                        spec.seed = sim::sweep_seed(options.seed, {5, p.destinations, run, 1});
                        return run_single(spec);
                    }
                    LoadSpec spec;
                    spec.nodes = 128;
                    spec.destinations = p.destinations;
                    spec.rate_per_us = p.rate;
                    spec.groups = p.groups;
                    spec.warmup_cycles = grid.warmup;
                    spec.measure_cycles = grid.measure;
                    const auto rate_key = static_cast<std::uint64_t>(std::llround(p.rate * 1e6));
                    spec.network_seed = lattice_seed(options.seed, {6, rate_key, run});
                    spec.seed = sim::sweep_seed(options.seed, {6, rate_key, run, 1});
                    return run_load(spec);
                },
                [](const RunOutcome& o) { return o.latency_us; }, sampling.min_runs,
                sampling.max_runs, sampling.target, jobs, name, &outcomes);
            std::vector<GroupsPoint> out = points;
            for (std::size_t i = 0; i < out.size(); ++i) {
                out[i].latency = samples[i];
                const OkMeans means = mean_of_ok_runs(outcomes[i]);
                out[i].multicast_latency_us = means.multicast_latency_us;
                out[i].root_share = means.root_share;
            }
            return out;
        },
        print_groups, write_groups_csv,
        [&](const std::vector<GroupsPoint>& pts, std::ostream& log) {
            return write_groups_plot(options.out_dir, name, pts, grid, options.quick, log);
        },
        [](const GroupsPoint& pt) -> std::optional<std::string> {
            if (pt.latency.failed == 0) return std::nullopt;
            return fmt::format("{} runs failed, first: {}", pt.latency.failed,
                               pt.latency.first_problem);
        });
}

}  // namespace wormcast::spam
