// torus-latency (see TorusLatency.hpp): the grid, runs in worker processes, the table, CSV, the
// gnuplot figure and the check of the paper's conclusion.
#include "testbenches/experiments/torus/TorusLatency.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "testbenches/experiments/torus/TorusRuns.hpp"
#include "testbenches/sim/FigureOutput.hpp"
#include "testbenches/sim/WorkerPool.hpp"

namespace wormcast::torus {

namespace {

/// Naive sends s (N - 1) worms that contend freely; past this many sources the runs take long and
/// say nothing new (it is far behind already).
constexpr std::uint32_t kNaiveMaxSources = 100;

nlohmann::json run_json(const LatencyRun& r) {
    return {{"latency", r.latency}, {"rounds", r.rounds}, {"problem", r.problem}};
}

}  // namespace

std::vector<std::uint32_t> LatencyGrid::sources(std::uint32_t n) const {
    const std::uint32_t nodes = n * n;
    if (quick) return {1, n, nodes / 2, nodes};
    return {1, n, nodes / 4, nodes};
}

std::vector<std::string> LatencyGrid::algorithms(std::uint32_t n, std::uint32_t s) const {
    std::vector<std::string> out;
    for (std::uint32_t h : {2u, 5u, 10u})
        if (n % h == 0 && h < n && !(quick && h == 10)) out.push_back(fmt::format("atd:h={}", h));
    out.push_back("edst");
    if (s <= kNaiveMaxSources) out.push_back("naive");
    return out;
}

std::vector<std::uint32_t> torus_sizes(const OptionValues& options) {
    std::vector<std::uint32_t> sizes;
    const auto it = options.find(kTorusSizesOption);
    if (it == options.end()) return sizes;
    std::stringstream list(it->second);
    for (std::string item; std::getline(list, item, ',');) {
        if (item.empty() || item.size() > 3 ||
            item.find_first_not_of("0123456789") != std::string::npos || std::stoul(item) < 5 ||
            std::stoul(item) > 64)
            throw ConfigError(
                fmt::format("{}: '{}' is not a torus size n in 5..64", kTorusSizesOption, item));
        sizes.push_back(static_cast<std::uint32_t>(std::stoul(item)));
    }
    if (sizes.empty())
        throw ConfigError(
            fmt::format("{}: name at least one size, e.g. 10,20,25", kTorusSizesOption));
    return sizes;
}

LatencyGrid latency_grid(const sim::ReproduceOptions& options) {
    LatencyGrid g;
    g.quick = options.quick;
    // 25x25 would add runs of minutes each (s = 625: 12 million flits delivered); 20x20 with
    // s = 400 already takes about a minute per run on a shared core.
    g.sizes = options.quick ? std::vector<std::uint32_t>{10} : std::vector<std::uint32_t>{10, 20};
    if (const auto sizes = torus_sizes(options.options); !sizes.empty()) g.sizes = sizes;
    g.startups = {20, 400};
    g.runs = options.runs.value_or(1);
    if (g.runs == 0) throw ConfigError("--runs: at least 1");
    return g;
}

std::vector<LatencyPoint> run_latency_grid(const LatencyGrid& grid, std::uint64_t seed,
                                           unsigned jobs) {
    std::vector<LatencyPoint> points;
    std::vector<std::function<nlohmann::json()>> tasks;
    for (std::uint32_t n : grid.sizes)
        for (unsigned ts : grid.startups)
            for (std::uint32_t s : grid.sources(n))
                for (const std::string& a : grid.algorithms(n, s)) {
                    LatencyPoint p;
                    p.n = n;
                    p.s = s;
                    p.t_startup = ts;
                    p.algorithm = a;
                    points.push_back(p);
                    for (unsigned run = 0; run < grid.runs; ++run) {
                        // The same sources for every scheme and T_s of a (n, s, run).
                        const std::uint64_t run_seed = sim::sweep_seed(seed, {n, s, run});
                        const std::uint32_t m = grid.message_flits;
                        tasks.push_back([n, a, s, ts, m, run_seed] {
                            return run_json(run_latency(n, a, s, ts, m, run_seed));
                        });
                    }
                }
    const auto results =
        sim::run_json_in_workers(tasks, jobs, sim::progress_printer("torus-latency"));
    std::size_t next = 0;
    for (LatencyPoint& p : points) {
        sim::SampleAccumulator acc;
        double rounds = 0;
        for (unsigned run = 0; run < grid.runs; ++run, ++next) {
            const auto& r = results[next];
            if (!r.failure.empty()) {
                acc.fail(r.failure);
                continue;
            }
            const std::string problem = r.value.at("problem").get<std::string>();
            if (!problem.empty()) {
                acc.fail(problem);
                continue;
            }
            acc.add(r.value.at("latency").get<double>());
            rounds += r.value.at("rounds").get<double>();
        }
        p.latency = acc.stats();
        p.rounds = p.latency.runs ? rounds / p.latency.runs : 0;
    }
    return points;
}

std::vector<ClaimCheck> check_claim(const LatencyGrid& grid,
                                    const std::vector<LatencyPoint>& points) {
    std::vector<ClaimCheck> checks;
    for (std::uint32_t n : grid.sizes)
        for (unsigned ts : grid.startups) {
            ClaimCheck c;
            c.n = n;
            c.t_startup = ts;
            std::vector<std::string> lines;
            bool faster_at_all_larger = true;
            const auto sources = grid.sources(n);
            for (auto it = sources.rbegin(); it != sources.rend(); ++it) {
                const std::uint32_t s = *it;
                const LatencyPoint* best = nullptr;
                const LatencyPoint* edst = nullptr;
                const LatencyPoint* naive = nullptr;
                for (const auto& p : points) {
                    if (p.n != n || p.t_startup != ts || p.s != s || p.latency.runs == 0) continue;
                    if (p.algorithm == "edst") edst = &p;
                    if (p.algorithm == "naive") naive = &p;
                    if (p.algorithm.rfind("atd", 0) == 0 &&
                        (!best || p.latency.mean < best->latency.mean))
                        best = &p;
                }
                if (!best || !edst) continue;
                const bool atd = best->latency.mean < edst->latency.mean;
                if (naive && naive->latency.mean < std::min(best->latency.mean, edst->latency.mean))
                    c.naive_fastest.push_back(s);
                (atd ? c.atd_faster : c.edst_faster).push_back(s);
                faster_at_all_larger = faster_at_all_larger && atd;
                if (faster_at_all_larger) c.holds_from = s;
                lines.insert(lines.begin(),
                             fmt::format("s={}: {} {:.0f} vs edst {:.0f} ({:.2f}x)", s,
                                         best->algorithm, best->latency.mean, edst->latency.mean,
                                         edst->latency.mean / best->latency.mean));
            }
            std::sort(c.atd_faster.begin(), c.atd_faster.end());
            std::sort(c.edst_faster.begin(), c.edst_faster.end());
            c.text = fmt::format("{}x{}, T_s = {} cycles: ", n, n, ts);
            if (c.edst_faster.empty())
                c.text += "holds at every s";
            else if (c.atd_faster.empty())
                c.text += "does not hold at any s";
            else if (c.holds_from)
                c.text += fmt::format("holds from s = {} on (EDST faster at s = {})", *c.holds_from,
                                      fmt::join(c.edst_faster, ", "));
            else
                c.text +=
                    fmt::format("mixed: ATD faster at s = {}, EDST at s = {}",
                                fmt::join(c.atd_faster, ", "), fmt::join(c.edst_faster, ", "));
            std::sort(c.naive_fastest.begin(), c.naive_fastest.end());
            if (!c.naive_fastest.empty())
                c.text +=
                    fmt::format("; naive beats both at s = {}", fmt::join(c.naive_fastest, ", "));
            c.text += fmt::format("\n    {}", fmt::join(lines, "; "));
            checks.push_back(std::move(c));
        }
    return checks;
}

namespace {

/// One colour and point shape per scheme in every panel.
std::size_t curve_style(const std::string& algorithm) {
    const char* order[] = {"atd:h=2", "atd:h=5", "atd:h=10", "edst", "naive"};
    for (std::size_t i = 0; i < std::size(order); ++i)
        if (algorithm == order[i]) return i;
    return std::size(order);
}

void print_points(std::ostream& os, const LatencyGrid& grid,
                  const std::vector<LatencyPoint>& points) {
    for (std::uint32_t n : grid.sizes)
        for (unsigned ts : grid.startups) {
            os << fmt::format(
                "\n{}x{} torus, T_s = {} cycles, T_c = 1 cycle/flit, m = {} flits: latency "
                "(cycles), "
                "rounds in brackets\n",
                n, n, ts, grid.message_flits);
            std::vector<std::string> algorithms;
            for (const auto& p : points)
                if (p.n == n && p.t_startup == ts &&
                    std::find(algorithms.begin(), algorithms.end(), p.algorithm) ==
                        algorithms.end())
                    algorithms.push_back(p.algorithm);
            os << fmt::format("{:>6}", "s");
            for (const auto& a : algorithms) os << fmt::format("{:>18}", a);
            os << "\n";
            for (std::uint32_t s : grid.sources(n)) {
                os << fmt::format("{:>6}", s);
                for (const auto& a : algorithms) {
                    std::string cell = "-";
                    for (const auto& p : points)
                        if (p.n == n && p.t_startup == ts && p.s == s && p.algorithm == a)
                            cell = p.latency.runs
                                       ? fmt::format("{:.0f} [{:.0f}]", p.latency.mean, p.rounds)
                                       : "FAILED";
                    os << fmt::format("{:>18}", cell);
                }
                os << "\n";
            }
        }
}

void write_points_csv(const std::string& path, const std::vector<LatencyPoint>& points) {
    std::ofstream out(path);
    if (!out) throw ConfigError(fmt::format("--out: cannot write '{}'", path));
    out << "n,t_startup,s,algorithm,runs,failed,latency_mean,latency_min,latency_max,rounds_mean\n";
    for (const auto& p : points)
        out << fmt::format("{},{},{},{},{},{},{:.1f},{:.0f},{:.0f},{:.1f}\n", p.n, p.t_startup, p.s,
                           p.algorithm, p.latency.runs, p.latency.failed, p.latency.mean,
                           p.latency.min, p.latency.max, p.rounds);
}

std::string write_points_plot(const std::string& dir, const LatencyGrid& grid,
                              const std::vector<LatencyPoint>& points, std::ostream& log) {
    const std::string name = "torus-latency", dat = name + ".dat";
    std::ofstream data(sim::output_path(dir, dat)), script(sim::output_path(dir, name + ".gp"));
    if (!data || !script)
        throw ConfigError(fmt::format("--out: cannot write plot files in '{}'", dir));
    script << "# torus-latency: multinode broadcast latency vs sources (data: " << dat << ")\n"
           << "set terminal pngcairo size " << 600 * grid.startups.size() << ","
           << 450 * grid.sizes.size() << " font ',10'\n"
           << "set output " << sim::gnuplot_quote(name + ".png") << "\n"
           << "set key top left\nset grid\nset logscale x\nset xlabel 's (sources)'\nset ylabel "
              "'latency (cycles)'\n"
           << fmt::format("set multiplot layout {},{} title {}\n", grid.sizes.size(),
                          grid.startups.size(),
                          sim::gnuplot_quote(fmt::format(
                              "Multinode broadcast on 2-D tori, all-port NICs, m = {} "
                              "flits, {} run(s) per point{}",
                              grid.message_flits, grid.runs, grid.quick ? ", --quick" : "")));
    int block = 0;
    for (std::uint32_t n : grid.sizes)
        for (unsigned ts : grid.startups) {
            std::vector<std::string> algorithms, plots;
            for (const auto& p : points)
                if (p.n == n && p.t_startup == ts &&
                    std::find(algorithms.begin(), algorithms.end(), p.algorithm) ==
                        algorithms.end())
                    algorithms.push_back(p.algorithm);
            for (std::size_t a = 0; a < algorithms.size(); ++a) {
                data << "# " << n << "x" << n << " T_s " << ts << " " << algorithms[a] << "\n";
                for (const auto& p : points)
                    if (p.n == n && p.t_startup == ts && p.algorithm == algorithms[a] &&
                        p.latency.runs)
                        data << fmt::format("{} {:.1f}\n", p.s, p.latency.mean);
                data << "\n\n";
                const std::size_t style = curve_style(algorithms[a]);
                plots.push_back(fmt::format("{} index {} with linespoints lc {} pt {} title {}",
                                            plots.empty() ? sim::gnuplot_quote(dat) : "''", block++,
                                            style + 1, style + 4,
                                            sim::gnuplot_quote(algorithms[a])));
            }
            script << fmt::format("set title {}\n", sim::gnuplot_quote(fmt::format(
                                                        "{}x{} torus, T_s/T_c = {}", n, n, ts)))
                   << sim::gnuplot_plot(plots);
        }
    script << "unset multiplot\n";
    data.close();
    script.close();
    return sim::run_gnuplot(dir, name, log);
}

}  // namespace

int reproduce_torus_latency(const sim::ReproduceOptions& options) {
    const LatencyGrid grid = latency_grid(options);
    sim::make_output_directory(options.out_dir);
    std::cout << fmt::format(
        "torus-latency: multinode broadcast latency on the cycle-accurate n x n torus vs s (random "
        "sources),\n"
        "ATD (h = {}), EDST and naive (s <= {}); all-port NICs (4 + 4 channels), 2 VCs, 4-flit "
        "buffers,\n"
        "t_node 2 cycles; T_c = 1 cycle per flit, T_s = {} cycles; m = {} flits; {} run(s) per "
        "point, seed {}{}\n",
        grid.quick ? "2, 5" : "2, 5, 10 where they divide n", kNaiveMaxSources,
        fmt::join(grid.startups, " and "), grid.message_flits, grid.runs, options.seed,
        grid.quick ? " (--quick: 10x10 only, fewer s)" : "");
    const unsigned jobs = sim::resolve_jobs(options.jobs);
    std::vector<LatencyPoint> points;
    const int code = sim::run_figure(
        "torus-latency", sim::output_path(options.out_dir, "torus-latency.csv"),
        [&] {
            points = run_latency_grid(grid, options.seed, jobs);
            return points;
        },
        [&](std::ostream& os, const std::vector<LatencyPoint>& p) { print_points(os, grid, p); },
        [](const std::string& path, const std::vector<LatencyPoint>& p) {
            write_points_csv(path, p);
        },
        [&](const std::vector<LatencyPoint>& p, std::ostream& log) {
            return write_points_plot(options.out_dir, grid, p, log);
        },
        [](const LatencyPoint& p) { return sim::failed_runs(p.latency); });
    std::cout << "\nThe paper's conclusion, \"ATD is more efficient than EDSTs\" (best h against "
                 "EDST, mean latency):\n";
    for (const ClaimCheck& c : check_claim(grid, points)) std::cout << "  " << c.text << "\n";
    return code;
}

}  // namespace wormcast::torus
