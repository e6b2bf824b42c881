// One run of the star-graph reproductions (see StarRuns.hpp).
#include "testbenches/experiments/star/StarRuns.hpp"

#include <cmath>
#include <numeric>
#include <random>

#include <fmt/format.h>

#include "testbenches/sim/Runner.hpp"
#include "testbenches/sim/Stopwatch.hpp"
#include "topologies/star/StarPlan.hpp"
#include "topologies/star/network/StarNetwork.hpp"

namespace wormcast::star_repro {

using namespace sim;  // the simulation layer this experiment runs on

NetworkParams star_paper_params(double startup_ns, RouteTiming timing) {
    NetworkParams p;
    p.route_timing = timing;
    p.clock_ns = kStarClockNs;
    p.t_phy = 1;             // 5 ns link
    p.t_sw = 1;              // the router latency includes the crossbar cycle
    p.t_node = 3;            // 3 + 1 cycles = 20 ns for a unicast header
    p.t_node_multidest = 7;  // 7 + 1 cycles = 40 ns for a destination list
    p.t_inj = 1;
    p.t_cons = 1;
    p.t_startup = static_cast<unsigned>(std::lround(startup_ns * kStarSendShare / kStarClockNs));
    p.t_receive =
        static_cast<unsigned>(std::lround(startup_ns * (1 - kStarSendShare) / kStarClockNs));
    p.buffer_depth = kStarBufferDepth;
    p.path_worms = true;
    p.consumption_channels = 2;
    // A NIC in a start-up or a receive moves no flit; the watchdog must outwait both.
    p.watchdog_cycles = 4 * (p.t_startup + p.t_receive) + 20000;
    return p;
}

StarDraw star_draw(const star::StarShape& shape, std::uint32_t destinations, std::uint64_t seed) {
    const std::uint32_t nodes = shape.nodes();
    if (destinations < 1 || destinations >= nodes)
        throw ConfigError(fmt::format("{}: d = {} destinations, it must be in 1..{}", shape.name(),
                                      destinations, nodes - 1));
    std::mt19937_64 rng(seed);
    StarDraw draw;
    draw.source =
        static_cast<NodeId>(std::uniform_int_distribution<std::uint32_t>(0, nodes - 1)(rng));
    std::vector<NodeId> others(nodes - 1);
    std::iota(others.begin(), others.end(), NodeId{0});
    for (NodeId& o : others)
        if (o >= draw.source) ++o;
    for (std::uint32_t i = 0; i < destinations; ++i) {  // partial Fisher-Yates
        std::uniform_int_distribution<std::size_t> pick(i, others.size() - 1);
        std::swap(others[i], others[pick(rng)]);
    }
    draw.destinations.assign(others.begin(), others.begin() + destinations);
    return draw;
}

StarOutcome run_star_multicast(const StarRunSpec& spec) {
    const star::StarShape shape(spec.n);
    const NetworkParams params = star_paper_params(spec.startup_ns, spec.route_timing);
    const StarDraw draw = star_draw(shape, spec.destinations, spec.seed);
    const star::StarPlan plan =
        star::plan_star_multicast(shape, spec.scheme, draw.source, draw.destinations);
    const std::vector<ScheduledSend> sends{
        ScheduledSend{1, draw.source, draw.destinations, spec.length, true}};
    RunOptions run;
    run.seed = spec.seed;
    run.drain_limit = 1ull << 40;
    const auto [r, wall_seconds] = timed([&] {
        return run_network(star::build_star_multicast_network(shape, params, spec.scheme), params,
                           sends, run);
    });
    StarOutcome outcome;
    outcome.wall_seconds = wall_seconds;
    outcome.ok = r.ok();
    outcome.latency_cycles = r.pattern_latency + params.t_receive;
    outcome.total_channels = plan.total_channels;
    outcome.max_distance = plan.max_distance;
    outcome.worms = r.messages_sent;
    outcome.startups_max = r.startups_max;
    if (r.deadlock)
        outcome.problem = fmt::format("deadlock at cycle {}", r.deadlock_cycle);
    else if (!r.problems.empty())
        outcome.problem = r.problems.front();
    else if (!r.drained)
        outcome.problem = "not drained";
    else if (r.messages_sent != plan.worms.size()) {
        outcome.ok = false;
        outcome.problem = fmt::format("the network sent {} worms, the plan has {}", r.messages_sent,
                                      plan.worms.size());
    }
    return outcome;
}

StarOutcome StarOutcome::failed(std::string why) {
    StarOutcome o;
    o.problem = std::move(why);
    return o;
}

}  // namespace wormcast::star_repro
