// Runs of the SPAM reproductions (see SpamRuns.hpp). Libeskind-Hadas, Mazzoni & Rajagopalan §4.
#include "testbenches/experiments/spam/SpamRuns.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <set>

#include <fmt/format.h>

#include "systemc/pure/Header.hpp"
#include "testbenches/sim/PatternRun.hpp"
#include "testbenches/sim/Runner.hpp"
#include "testbenches/sim/Sampling.hpp"
#include "testbenches/sim/WorkerPool.hpp"
#include "topologies/TopologyFamily.hpp"

namespace wormcast::spam {

namespace {

std::shared_ptr<const Topology> lattice(std::uint32_t nodes, std::uint64_t network_seed) {
    return parse_topology(fmt::format("lattice:switches={},seed={}", nodes, network_seed), "spam");
}

/// `count` distinct processors other than `source`, ascending.
std::vector<NodeId> draw_destinations(std::mt19937_64& rng, std::uint32_t nodes, NodeId source,
                                      std::uint32_t count) {
    std::set<NodeId> chosen;
    while (chosen.size() < count) {
        const auto d = static_cast<NodeId>(rng() % nodes);
        if (d != source) chosen.insert(d);
    }
    return {chosen.begin(), chosen.end()};
}

/// The spam scheme's options for `groups` worms per multicast (none for one worm).
OptionValues groups_options(unsigned groups) {
    if (groups <= 1) return {};
    return {{"--groups", std::to_string(groups)}};
}

double root_share_of(const sim::RunResult& r) {
    if (!r.network_metrics.contains("root_share_of_link_flits")) return 0;
    return r.network_metrics["root_share_of_link_flits"].get<double>();
}

std::string problems_of(const sim::RunResult& r) {
    if (r.deadlock) return fmt::format("deadlock at cycle {}", r.deadlock_cycle);
    if (!r.problems.empty()) return r.problems.front();
    return "not drained";
}

}  // namespace

NetworkParams spam_paper_params() {
    NetworkParams p;
    p.clock_ns = 10;
    p.vcs = 1;
    p.buffer_depth = 4;
    p.t_node = 3;
    p.t_node_multidest = 3;
    p.t_sw = 1;
    p.t_phy = 1;
    p.t_inj = 1;
    p.t_cons = 1;
    p.t_startup = 1000;
    p.flit_width = 64;
    p.header_encoding = HeaderEncoding::Tagged;
    p.tree_worms = true;
    p.atomic_ocrq = true;
    p.watchdog_cycles = 20000;
    return p;
}

std::uint32_t spam_payload_flits(const NetworkParams& params, std::uint32_t nodes,
                                 const std::string& scheme, std::size_t destinations) {
    const HeaderFormat format = params.header_format(nodes);
    std::vector<NodeId> members;
    for (NodeId d = 0; d < destinations; ++d) members.push_back(d);
    const Header header = scheme == "spam" && destinations > 1 ? Header::bit_string(nodes, members)
                                                               : Header::unicast(0);
    return kSpamMessageFlits - header_flits(header, format);
}

RunOutcome RunOutcome::failed(std::string why) {
    RunOutcome o;
    o.problem = std::move(why);
    return o;
}

RunOutcome run_single(const SingleSpec& spec) {
    const auto topology = lattice(spec.nodes, spec.network_seed);
    const NetworkParams params = spam_paper_params();
    std::mt19937_64 rng(spec.seed);
    MulticastRequest request;
    request.source = static_cast<NodeId>(rng() % spec.nodes);
    request.destinations = draw_destinations(rng, spec.nodes, request.source, spec.destinations);
    request.length = spam_payload_flits(params, spec.nodes, spec.scheme, spec.destinations);
    const OptionValues options =
        spec.scheme == "spam" ? groups_options(spec.groups) : OptionValues{};
    const sim::RunResult r = sim::run_pattern(
        sim::scheme_network(*topology, spec.scheme, options, params), params, {request}, spec.seed);
    if (!r.ok()) return RunOutcome::failed(problems_of(r));
    RunOutcome o;
    o.ok = true;
    o.latency_us = static_cast<double>(r.pattern_latency) * params.clock_ns / 1000.0;
    o.root_share = root_share_of(r);
    o.messages = 1;
    return o;
}

std::vector<ScheduledSend> negative_binomial_schedule(const LoadSpec& spec,
                                                      const NetworkParams& params) {
    // Mean gap m = 1/rate cycles; NB(r, p) has mean r(1-p)/p, so p = r / (r + m).
    const double mean_gap = 1000.0 / (spec.rate_per_us * params.clock_ns);
    const double p = spec.shape / (spec.shape + mean_gap);
    const std::uint64_t end = spec.warmup_cycles + spec.measure_cycles;
    std::vector<ScheduledSend> sends;
    for (NodeId source = 0; source < spec.nodes; ++source) {
        std::mt19937_64 rng(sim::sweep_seed(spec.seed, {source}));
        std::negative_binomial_distribution<std::uint64_t> gap(spec.shape, p);
        std::uniform_real_distribution<double> unit(0.0, 1.0);
        for (std::uint64_t at = gap(rng) + 1; at < end; at += gap(rng) + 1) {
            const bool multicast = unit(rng) < spec.multicast_share;
            ScheduledSend s;
            s.at = at;
            s.source = source;
            s.destinations =
                draw_destinations(rng, spec.nodes, source, multicast ? spec.destinations : 1);
            s.length = spam_payload_flits(params, spec.nodes, "spam", s.destinations.size());
            s.measured = at >= spec.warmup_cycles;
            sends.push_back(std::move(s));
        }
    }
    std::sort(sends.begin(), sends.end(), [](const ScheduledSend& a, const ScheduledSend& b) {
        return a.at != b.at ? a.at < b.at : a.source < b.source;
    });
    return sends;
}

RunOutcome run_load(const LoadSpec& spec) {
    const auto topology = lattice(spec.nodes, spec.network_seed);
    const NetworkParams params = spam_paper_params();
    sim::RunOptions options;
    options.seed = spec.seed;
    options.warmup = spec.warmup_cycles;
    options.measure = spec.measure_cycles;
    options.drain_limit = spec.measure_cycles / 2;
    const sim::RunResult r = sim::run_network(
        sim::scheme_network(*topology, "spam", groups_options(spec.groups), params), params,
        negative_binomial_schedule(spec, params), options);
    const auto us = [&params](const Distribution& d) { return d.mean * params.clock_ns / 1000.0; };
    const auto measured = [&](RunOutcome& o) {
        o.latency_us = us(r.traffic.latency);
        o.multicast_latency_us = us(r.multicast_latency);
        o.multicast_alone_us = us(r.multicast_startup_latency);
        o.unicast_alone_us = us(r.unicast_startup_latency);
        o.messages = r.traffic.completed;
        o.delivered = r.traffic.multicasts ? static_cast<double>(r.traffic.completed) /
                                                 static_cast<double>(r.traffic.multicasts)
                                           : 0;
        o.root_share = root_share_of(r);
    };
    if (!r.deadlock && !r.drained) {
        RunOutcome o = RunOutcome::failed(fmt::format(
            "saturated: not drained within {} cycles after the traffic", options.drain_limit));
        o.saturated = true;
        measured(o);  // the messages delivered: a lower bound
        return o;
    }
    if (!r.ok()) return RunOutcome::failed(problems_of(r));
    RunOutcome o;
    o.ok = true;
    measured(o);
    return o;
}

std::string interval_text(const PointSample& s) {
    if (s.saturated)
        return fmt::format("saturated ({} of {} runs)", s.saturated,
                           s.saturated + s.runs + s.failed);
    if (s.runs == 0) return "failed";
    return fmt::format("{:.3f} ± {:.3f} ({:.2f} %, {} runs{})", s.mean, s.half_width,
                       100 * s.relative(), s.runs, s.converged ? "" : ", not within 1 %");
}

Sampling sampling_of(bool quick, std::optional<unsigned> runs) {
    Sampling s;
    if (quick) {
        s.min_runs = 3;
        s.max_runs = 4;
    }
    if (runs) s.min_runs = s.max_runs = std::max(2u, *runs);
    return s;
}

std::uint64_t lattice_seed(std::uint64_t seed, std::initializer_list<std::uint64_t> parts) {
    return sim::sweep_seed(seed, parts) % 1000000000ull;
}

double student_t975(unsigned df) {
    static const double table[] = {0,     12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365,
                                   2.306, 2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
                                   2.120, 2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069,
                                   2.064, 2.060,  2.056, 2.052, 2.048, 2.045, 2.042};
    if (df == 0) return 0;
    if (df <= 30) return table[df];
    if (df <= 60) return 2.000 + (2.042 - 2.000) * (60.0 - df) / 30.0;
    return 1.96;
}

OkMeans mean_of_ok_runs(const std::vector<RunOutcome>& outcomes) {
    OkMeans means;
    unsigned ok = 0;
    for (const auto& o : outcomes)
        if (o.ok) {
            ++ok;
            means.multicast_latency_us += o.multicast_latency_us;
            means.root_share += o.root_share;
            means.multicast_alone_us += o.multicast_alone_us;
            means.unicast_alone_us += o.unicast_alone_us;
        }
    if (ok) {
        means.multicast_latency_us /= ok;
        means.root_share /= ok;
        means.multicast_alone_us /= ok;
        means.unicast_alone_us /= ok;
    }
    return means;
}

void summarise(PointSample& sample) {
    const std::size_t n = sample.values.size();
    sample.runs = static_cast<unsigned>(n);
    sample.mean = 0;
    sample.half_width = 0;
    if (n == 0) return;
    for (double v : sample.values) sample.mean += v;
    sample.mean /= static_cast<double>(n);
    if (n < 2) return;
    double ss = 0;
    for (double v : sample.values) ss += (v - sample.mean) * (v - sample.mean);
    const double sd = std::sqrt(ss / static_cast<double>(n - 1));
    sample.half_width =
        student_t975(static_cast<unsigned>(n - 1)) * sd / std::sqrt(static_cast<double>(n));
}

std::vector<PointSample> sample_until_converged(
    std::size_t points, const std::function<RunOutcome(std::size_t point, unsigned run)>& run_one,
    const std::function<double(const RunOutcome&)>& value, unsigned min_runs, unsigned max_runs,
    double target, unsigned jobs, const std::string& name,
    std::vector<std::vector<RunOutcome>>* outcomes) {
    std::vector<PointSample> samples(points);
    std::vector<unsigned> started(points, 0);
    if (outcomes) outcomes->assign(points, {});
    const unsigned step = std::max(2u, min_runs / 2);
    for (unsigned round = 0;; ++round) {
        std::vector<std::pair<std::size_t, unsigned>> work;
        for (std::size_t i = 0; i < points; ++i) {
            PointSample& s = samples[i];
            if (s.converged || s.saturated || started[i] >= max_runs) continue;
            const unsigned wanted = round == 0 ? min_runs : std::min(max_runs, started[i] + step);
            for (unsigned r = started[i]; r < wanted; ++r) work.emplace_back(i, r);
            started[i] = wanted;
        }
        if (work.empty()) break;
        std::vector<std::function<RunOutcome()>> tasks;
        for (const auto& [point, run] : work)
            tasks.push_back([&run_one, point = point, run = run] { return run_one(point, run); });
        const auto results = sim::run_in_workers(tasks, jobs, sim::progress_printer(name));
        for (std::size_t k = 0; k < work.size(); ++k) {
            PointSample& s = samples[work[k].first];
            if (outcomes) (*outcomes)[work[k].first].push_back(results[k]);
            if (results[k].ok) {
                s.values.push_back(value(results[k]));
            } else if (results[k].saturated) {
                ++s.saturated;
            } else {
                ++s.failed;
                if (s.first_problem.empty()) s.first_problem = results[k].problem;
            }
        }
        for (PointSample& s : samples) {
            summarise(s);
            s.converged = s.failed == 0 && s.runs >= 2 && s.half_width <= target * s.mean;
        }
    }
    return samples;
}

}  // namespace wormcast::spam
