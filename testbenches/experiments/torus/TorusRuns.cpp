// Measurements of the torus broadcast reproductions (see TorusRuns.hpp).
#include "testbenches/experiments/torus/TorusRuns.hpp"

#include <algorithm>
#include <random>

#include <fmt/format.h>

#include "testbenches/sim/Runner.hpp"
#include "topologies/broadcast/BroadcastFirmware.hpp"
#include "topologies/broadcast/BroadcastPlanner.hpp"
#include "topologies/broadcast/FiveAryReduction.hpp"
#include "topologies/broadcast/ScheduleChecks.hpp"
#include "topologies/mesh/network/MeshNetwork.hpp"

namespace wormcast::torus {

using namespace broadcast;

CostTerms atd_theorem1(std::uint32_t n, std::uint32_t h, std::uint32_t s, std::uint32_t m) {
    const std::uint32_t p = n / h;
    const std::uint64_t tilde = (std::uint64_t{s} + h - 1) / h * m;  // m~ = ceil(s/h) m
    const std::uint64_t lh = ceil_log(5, h), ln = ceil_log(5, n), lp = ceil_log(5, p);
    std::uint64_t five = 1;
    for (std::uint64_t i = 0; i < lh; ++i) five *= 5;
    CostTerms t;
    // Lemma 1 (aggregation) + Lemma 2 (prefix sums, tuning) + Lemma 3 (distribution).
    t.startups = 3 * lh + 4 * ln + 6 * lp + ceil_log(3, h) + h - 1;
    t.transmission = (4 * lp + ceil_log(3, h) + h - 1) * tilde + (2 * lh + (five - 1) / 4) * m +
                     (4 * ln + 2 * lp);
    return t;
}

CostTerms edst_table1(std::uint32_t n, std::uint32_t s, std::uint32_t m) {
    CostTerms t;
    t.startups = 2 * (n / 2);
    t.transmission = 2 * (n / 2) * std::uint64_t{s} * m / 4;
    return t;
}

CostTerms ours_table1(std::uint32_t n, std::uint32_t h, std::uint32_t s, std::uint32_t m) {
    const std::uint64_t tilde = (std::uint64_t{s} + h - 1) / h * m;  // s m / h
    CostTerms t;
    t.startups = std::max<std::uint64_t>(ceil_log(5, n), h);
    t.transmission = std::max<std::uint64_t>(ceil_log(5, (n + h - 1) / h), h) * tilde;
    return t;
}

namespace {

mesh::MeshShape square_torus(std::uint32_t n) {
    return mesh::MeshShape::parse(fmt::format("{}x{}", n, n), true);
}

BroadcastConfig config_of(std::uint32_t n, const std::string& algorithm, std::uint32_t s,
                          std::uint32_t m, std::uint64_t seed) {
    BroadcastConfig c;
    c.shape = square_torus(n);
    parse_broadcast_algorithm(algorithm, c);
    c.message_flits = m;
    std::mt19937_64 rng(seed);
    c.sources = random_sources(c.shape, s, rng);
    return c;
}

}  // namespace

TableRow table_row(std::uint32_t n, const std::string& algorithm, std::uint32_t s, std::uint32_t m,
                   std::uint64_t seed) {
    const BroadcastConfig c = config_of(n, algorithm, s, m, seed);
    const BroadcastSchedule schedule = plan_broadcast(c);
    TableRow row;
    row.n = n;
    row.s = s;
    row.m = m;
    row.algorithm = algorithm;
    row.startups = schedule.startups();
    for (std::size_t i = 0; i < schedule.steps.size(); ++i) {
        row.transmission += schedule.max_flits(i);
        for (const auto& send : schedule.steps[i].sends) row.volume += send.flits;
        row.worms += schedule.steps[i].sends.size();
    }
    row.paper =
        c.scheme == BroadcastScheme::Atd ? atd_theorem1(n, c.h, s, m) : edst_table1(n, s, m);
    if (c.scheme == BroadcastScheme::Atd) row.h = c.h;
    auto problems = check_congestion(schedule, 1);
    if (problems.empty()) problems = replay_schedule(schedule, 1);
    row.checked = problems.empty();
    if (!problems.empty()) row.problem = problems.front();
    return row;
}

std::vector<TableRow> table_rows(bool quick, std::uint32_t m, std::uint64_t seed) {
    std::vector<TableRow> rows;
    const std::vector<std::uint32_t> sizes =
        quick ? std::vector<std::uint32_t>{10, 20} : std::vector<std::uint32_t>{10, 20, 25, 50};
    for (std::uint32_t n : sizes)
        for (std::uint32_t s : {n, n * n / 4, n * n}) {
            // Table 1's own row beside each schedule: the table evaluated, not a run.
            const auto formula = [&](std::string name, std::uint32_t h, CostTerms terms) {
                TableRow row;
                row.n = n;
                row.s = s;
                row.m = m;
                row.h = h;
                row.algorithm = std::move(name);
                row.startups = terms.startups;
                row.transmission = terms.transmission;
                row.paper = terms;
                row.checked = true;
                row.formula = true;
                return row;
            };
            rows.push_back(table_row(n, "edst", s, m, seed + n * 1000 + s));
            rows.push_back(formula("EDSTs:table1", 0, edst_table1(n, s, m)));
            std::vector<std::uint32_t> hs;
            for (std::uint32_t h : {2u, 5u, 10u, 25u})
                if (n % h == 0 && h < n) hs.push_back(h);
            hs.push_back(n);  // one DDN per diagonal: Theorem 1 is exceeded here (broadcast.md)
            for (std::uint32_t h : hs) {
                rows.push_back(table_row(n, fmt::format("atd:h={}", h), s, m, seed + n * 1000 + s));
                rows.push_back(formula(fmt::format("Ours:h={}", h), h, ours_table1(n, h, s, m)));
            }
        }
    return rows;
}

NetworkParams latency_params(unsigned t_startup) {
    NetworkParams p;
    p.vcs = 2;
    p.buffer_depth = 4;
    p.t_node = 2;
    p.t_startup = t_startup;
    p.all_port = true;
    p.injection_channels = 4;
    p.consumption_channels = 4;
    return p;
}

LatencyRun run_latency(std::uint32_t n, const std::string& algorithm, std::uint32_t s,
                       unsigned t_startup, std::uint32_t m, std::uint64_t seed) {
    LatencyRun out;
    out.n = n;
    out.s = s;
    out.algorithm = algorithm;
    out.t_startup = t_startup;
    out.seed = seed;
    const BroadcastConfig c = config_of(n, algorithm, s, m, seed);
    auto run = std::make_shared<const BroadcastRun>(plan_broadcast(c));
    out.rounds = run->schedule().startups();
    const NetworkParams params = latency_params(t_startup);
    NetworkSpec spec = mesh::build_mesh_network(c.shape, params);
    spec.firmware = [run](NodeId node) { return std::make_unique<BroadcastFirmware>(run, node); };
    std::vector<ScheduledSend> sends;
    for (const auto& r : broadcast_requests(run->schedule()))
        sends.push_back(ScheduledSend{0, r.source, r.destinations, r.length, true});
    sim::RunOptions options;
    options.seed = seed;
    options.drain_limit = 1ull << 32;
    const sim::RunResult r = sim::run_network(std::move(spec), params, std::move(sends), options);
    if (!r.ok()) {
        out.problem = r.deadlock           ? "deadlock"
                      : r.problems.empty() ? "not delivered"
                                           : r.problems.front();
        return out;
    }
    out.latency = static_cast<std::uint64_t>(r.traffic.latency_with_queueing.max);
    out.startups_max = r.startups_max;
    return out;
}

}  // namespace wormcast::torus
