// One run of the ATBM reproductions (see AtbmRuns.hpp): the paper's §5 timing, the CMIN / UMIN
// firmware, the single-multicast draws of §5.2 and the mixed traffic of §5.3.
#include "testbenches/experiments/atbm/AtbmRuns.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <sstream>

#include <fmt/format.h>

#include "testbenches/sim/Runner.hpp"
#include "testbenches/sim/Stopwatch.hpp"
#include "testbenches/traffic/MixedTraffic.hpp"
#include "topologies/min/AtbmLatency.hpp"
#include "topologies/min/MinSoftwareFirmware.hpp"

namespace wormcast::atbm {

using namespace sim;  // the simulation layer this experiment runs on

using min::MinKind;
using min::MinShape;

const char* atbm_scheme_name(AtbmScheme scheme, MinKind kind) {
    if (scheme == AtbmScheme::Atbm) return "atbm";
    return kind == MinKind::Bidirectional ? "umin" : "cmin";
}

min::AtbmCycleModel atbm_paper_model(const MinShape& shape, std::uint32_t message_flits,
                                     unsigned consumption_channels) {
    min::AtbmTiming timing;  // §5.1: 500 ns, 60 ns, 20 ns, 20 ns
    timing.message_flits = message_flits;
    min::AtbmCycleModel model = min::atbm_cycle_model(shape, timing, kAtbmPaperFlitBits);
    model.params.consumption_channels = consumption_channels;
    return model;
}

std::uint32_t atbm_payload_flits(const MinShape& shape, const min::AtbmCycleModel& model,
                                 std::uint32_t message_flits, AtbmScheme scheme,
                                 std::size_t destinations) {
    if (scheme == AtbmScheme::Atbm && destinations > 1) return message_flits - model.header_flits;
    const std::uint32_t unicast_header =
        header_flits(Header::unicast(0), model.params.header_format(shape.nodes()));
    return message_flits - unicast_header;
}

NetworkSpec atbm_network(const MinShape& shape, const min::AtbmCycleModel& model,
                         AtbmScheme scheme) {
    NetworkSpec spec = min::build_min_network(shape, model.params, model.atbm);
    if (scheme == AtbmScheme::Software) {
        const auto algorithm = shape.kind == MinKind::Bidirectional
                                   ? min::SoftwareMinAlgorithm::Umin
                                   : min::SoftwareMinAlgorithm::Cmin;
        spec.firmware = [shape, algorithm](NodeId) {
            return std::make_unique<min::MinSoftwareFirmware>(shape, algorithm);
        };
    }
    return spec;
}

AtbmSingleDraw atbm_single_draw(const MinShape& shape, std::uint32_t destinations,
                                std::uint64_t seed) {
    const std::uint32_t nodes = shape.nodes();
    if (destinations < 1 || destinations >= nodes)
        throw ConfigError(fmt::format("{}: d = {} destinations, it must be in 1..{}", shape.name(),
                                      destinations, nodes - 1));
    std::mt19937_64 rng(seed);
    AtbmSingleDraw draw;
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
    std::sort(draw.destinations.begin(), draw.destinations.end());
    return draw;
}

SingleOutcome run_atbm_single(const AtbmSingleSpec& spec) {
    const min::AtbmCycleModel model = atbm_paper_model(spec.shape, spec.message_flits, 1);
    const AtbmSingleDraw draw = atbm_single_draw(spec.shape, spec.destinations, spec.seed);
    const std::vector<ScheduledSend> sends{
        ScheduledSend{1, draw.source, draw.destinations,
                      atbm_payload_flits(spec.shape, model, spec.message_flits, spec.scheme,
                                         draw.destinations.size()),
                      true}};
    RunOptions run;
    run.seed = spec.seed;
    const auto [r, wall_seconds] = timed([&] {
        return run_network(atbm_network(spec.shape, model, spec.scheme), model.params,
                           std::move(sends), run);
    });
    SingleOutcome outcome;
    outcome.wall_seconds = wall_seconds;
    outcome.ok = r.ok();
    outcome.latency_cycles = r.pattern_latency;
    outcome.startups_max = r.startups_max;
    if (r.deadlock)
        outcome.problem = fmt::format("deadlock at cycle {}", r.deadlock_cycle);
    else if (!r.problems.empty())
        outcome.problem = r.problems.front();
    return outcome;
}

double atbm_single_formula_ns(const AtbmSingleSpec& spec) {
    const min::AtbmCycleModel model = atbm_paper_model(spec.shape, spec.message_flits, 1);
    const AtbmSingleDraw draw = atbm_single_draw(spec.shape, spec.destinations, spec.seed);
    const min::MinWiring wiring(spec.shape);
    const min::SwitchGrouping grouping(wiring, 1);
    min::AtbmTiming timing;
    timing.message_flits = spec.message_flits;
    // A single destination travels as a unicast worm with a one-flit header.
    timing.header_flits = draw.destinations.size() == 1 ? 1 : model.header_flits;
    return min::atbm_contention_free_latency(min::plan_atbm(wiring, draw.source, draw.destinations),
                                             grouping, timing)
        .latency_ns;
}

AtbmLoadNormalisation atbm_load_normalisation(const MinShape& shape,
                                              const min::AtbmCycleModel& model,
                                              std::uint32_t message_flits) {
    AtbmLoadNormalisation n;
    if (shape.kind == MinKind::Unidirectional) {
        n.mean_path_switches = shape.stages;
    } else {
        // The butterfly is symmetric: from node 0 to node a the turnaround is at the highest
        // non-zero digit T of a, and the path has 2T+1 switches.
        double sum = 0;
        for (NodeId a = 1; a < shape.nodes(); ++a) {
            std::uint32_t turn = 0;
            for (std::uint32_t j = 0; j < shape.stages; ++j)
                if (shape.digit(a, j) != 0) turn = j;
            sum += 2.0 * turn + 1.0;
        }
        n.mean_path_switches = sum / (shape.nodes() - 1);
    }
    n.buffer_time = message_flits * n.mean_path_switches;
    n.total_buffers =
        static_cast<double>(model.params.buffer_depth) * shape.switch_ports() * shape.switches();
    return n;
}

AtbmLoadOutcome run_atbm_load(const AtbmLoadSpec& spec) {
    const min::AtbmCycleModel model =
        atbm_paper_model(spec.shape, spec.message_flits, spec.consumption_channels);
    const AtbmLoadNormalisation norm =
        atbm_load_normalisation(spec.shape, model, spec.message_flits);
    MixedTraffic traffic = MixedTraffic::for_nodes(spec.shape.nodes());
    traffic.traffic = spec.traffic;
    traffic.multicast_ratio = spec.multicast_ratio;
    traffic.buffer_time = norm.buffer_time;
    traffic.total_buffers = norm.total_buffers;
    traffic.length = spec.message_flits;
    traffic.messages = spec.messages;
    traffic.warmup = spec.warmup;
    // Drawn as the run goes, so a run of the paper's 140,000 messages does not hold them all.
    SendPlan sends = mixed_plan(traffic, spec.shape.nodes(), spec.seed, [&](ScheduledSend& s) {
        s.length = atbm_payload_flits(spec.shape, model, spec.message_flits, spec.scheme,
                                      s.destinations.size());
    });
    RunOptions run;
    run.seed = spec.seed;
    run.drain_limit = spec.drain_limit;
    const auto [r, wall_seconds] = timed([&] {
        return run_network(atbm_network(spec.shape, model, spec.scheme), model.params,
                           std::move(sends), run);
    });
    AtbmLoadOutcome outcome;
    outcome.wall_seconds = wall_seconds;
    outcome.multicast_mean_cycles = r.multicast_latency.mean;
    outcome.unicast_mean_cycles = r.unicast_latency.mean;
    const double cap = static_cast<double>(spec.latency_cap);
    if (r.deadlock) {
        outcome.problem = fmt::format("deadlock at cycle {}", r.deadlock_cycle);
    } else if (!r.drained) {
        outcome.saturated = true;
        outcome.problem = fmt::format(
            "saturated: not drained within {} cycles after the last "
            "submission",
            spec.drain_limit);
    } else if (!r.problems.empty()) {
        outcome.problem = r.problems.front();
    } else if (r.multicast_latency.mean > cap || r.unicast_latency.mean > cap) {
        outcome.saturated = true;
        outcome.problem =
            fmt::format("saturated: mean latency above the cap of {} cycles", spec.latency_cap);
    } else {
        outcome.ok = true;
    }
    return outcome;
}

SingleOutcome SingleOutcome::failed(std::string why) {
    SingleOutcome o;
    o.problem = std::move(why);
    return o;
}

AtbmLoadOutcome AtbmLoadOutcome::failed(std::string why) {
    AtbmLoadOutcome o;
    o.problem = std::move(why);
    return o;
}

}  // namespace wormcast::atbm
