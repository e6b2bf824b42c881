// router.route_timing on star path worms (issue 34): `fixed`, the star-graph paper's timing (Wang,
// Chu & Chen §4: a fixed router latency whatever the header's length), against `gather`, which
// latches the whole destination list at every hop before routing it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>
#include <set>

#include "testbenches/sim/Runner.hpp"
#include "topologies/star/StarPlan.hpp"
#include "topologies/star/network/StarNetwork.hpp"

using namespace wormcast;
using namespace wormcast::star;

namespace {

NetworkParams timing_params(RouteTiming timing) {
    NetworkParams p;
    p.path_worms = true;
    p.consumption_channels = 2;
    p.t_node = 2;
    p.t_node_multidest = 4;
    p.flit_width = 12;  // 5-star: 7-bit addresses, (9 + 7 d) bits, several flits per list
    p.route_timing = timing;
    return p;
}

}  // namespace

TEST_CASE(
    "route_timing fixed: a lone path worm's tails arrive on the formula without header flits per "
    "hop, gather's arrive the header's h_k - 1 cycles per hop later",
    "[star][network][latency][route_timing]") {
    // Zero-load tail arrival at destination j (docs/pipeline.md, docs/star.md §7):
    //   fixed:  L_j = t_s + t_inj + (k_j + 1)(t_node_multidest + t_sw) + k_j t_phy + t_cons
    //                 + h'_j + P - 1
    //   gather: the same plus sum_{k=0..k_j} (h_k - 1)
    // h_k: header flits arriving at router k; h'_j: those of the copy destination j consumes.
    std::mt19937_64 rng(34);
    int checked = 0;
    int longer_headers = 0;
    for (StarScheme scheme : {StarScheme::DualPath, StarScheme::Hamiltonian})
        for (int trial = 0; trial < 6; ++trial) {
            const StarShape shape(5);
            const unsigned t_node_multidest = 2 + static_cast<unsigned>(rng() % 3);
            const unsigned t_phy = 1 + static_cast<unsigned>(rng() % 2);
            const unsigned t_startup = static_cast<unsigned>(rng() % 8);
            const NodeId source = static_cast<NodeId>(rng() % 40);
            std::set<NodeId> chosen;
            const std::size_t want = 1 + rng() % 8;
            while (chosen.size() < want)
                chosen.insert(source + 1 +
                              static_cast<NodeId>(rng() % (shape.nodes() - source - 1)));
            const std::vector<NodeId> dests(chosen.begin(), chosen.end());
            const std::uint32_t payload = 3 + static_cast<std::uint32_t>(rng() % 10);
            const auto plan = plan_star_multicast(shape, scheme, source, dests);
            REQUIRE(plan.worms.size() == 1);
            const StarWorm& worm = plan.worms[0];
            std::map<RouteTiming, std::map<NodeId, Cycle>> arrived;
            const Cycle at = 2;
            HeaderFormat format;
            for (RouteTiming timing : {RouteTiming::Gather, RouteTiming::Fixed}) {
                NetworkParams p = timing_params(timing);
                p.t_node_multidest = t_node_multidest;
                p.t_phy = t_phy;
                p.t_startup = t_startup;
                format = p.header_format(shape.nodes());
                p.buffer_depth = p.t_node_multidest + p.t_sw + 2 * p.t_phy - 1 +
                                 header_flits(Header::dest_list(worm.dests), format);
                auto r =
                    sim::run_network(build_star_multicast_network(shape, p, scheme), p,
                                     std::vector<ScheduledSend>{{at, source, dests, payload, true}},
                                     sim::recording_arrivals());
                INFO(r.deadlock_report);
                REQUIRE(r.ok());
                REQUIRE(r.arrival_digest.size() == dests.size());
                for (const auto& [id, node, cycle] : r.arrival_digest)
                    arrived[timing][node] = cycle;
            }
            const auto list_from = [&](std::size_t first) {
                return Header::dest_list(
                    {worm.dests.begin() + static_cast<long>(first), worm.dests.end()});
            };
            INFO(to_string(scheme)
                 << " trial " << trial << " t_node_multidest " << t_node_multidest << " t_phy "
                 << t_phy << " payload " << payload << " list " << Header::dest_list(worm.dests));
            std::size_t next = 0;
            Cycle head = at + 1 + t_startup + 1;  // t_inj = 1: the head reaches the first router
            Cycle gathered = 0;                   // sum of h_k - 1 so far
            for (std::size_t k = 0; k < worm.path.size() && next < worm.dests.size(); ++k) {
                if (k > 0) head += t_phy;
                head += t_node_multidest + 1;  // t_sw = 1
                gathered += header_flits(list_from(next), format) - 1;
                if (worm.path[k] != worm.dests[next]) continue;
                const bool last = next + 1 == worm.dests.size();
                const Cycle tail = head + 1 /* t_cons */ +
                                   header_flits(list_from(last ? next : next + 1), format) +
                                   payload - 1;
                INFO("destination " << shape.format(worm.path[k]) << " after " << k << " hops");
                REQUIRE(arrived[RouteTiming::Fixed].at(worm.path[k]) == tail);
                REQUIRE(arrived[RouteTiming::Gather].at(worm.path[k]) == tail + gathered);
                if (gathered > 0) ++longer_headers;
                ++checked;
                ++next;
            }
            REQUIRE(next == worm.dests.size());
        }
    REQUIRE(checked > 20);
    REQUIRE(longer_headers > 10);  // the two timings differ on most of them
}

TEST_CASE(
    "route_timing fixed: every star path scheme delivers random multicasts exactly once, "
    "as gather does",
    "[star][network][property][route_timing]") {
    int runs = 0;
    for (StarScheme scheme : all_star_schemes())
        for (unsigned depth : {1u, 4u})
            for (RouteTiming timing : {RouteTiming::Gather, RouteTiming::Fixed}) {
                const StarShape shape(4);
                NetworkParams p = timing_params(timing);
                p.flit_width = 8;  // 5-bit addresses: up to 10 header flits on the 4-star
                p.buffer_depth = depth;
                p.t_startup = 10;
                std::mt19937_64 rng(100 + depth);
                std::vector<ScheduledSend> sends;
                for (int i = 0; i < 24; ++i) {
                    const NodeId source = static_cast<NodeId>(rng() % shape.nodes());
                    std::set<NodeId> chosen;
                    const std::size_t d = 1 + rng() % 12;
                    while (chosen.size() < d) {
                        const NodeId v = static_cast<NodeId>(rng() % shape.nodes());
                        if (v != source) chosen.insert(v);
                    }
                    sends.push_back(ScheduledSend{static_cast<Cycle>(rng() % 200),
                                                  source,
                                                  {chosen.begin(), chosen.end()},
                                                  1 + static_cast<std::uint32_t>(rng() % 12),
                                                  true});
                }
                std::sort(sends.begin(), sends.end(),
                          [](const auto& a, const auto& b) { return a.at < b.at; });
                const std::size_t count = sends.size();
                sim::RunOptions o;
                o.drain_limit = 200000;
                auto r = sim::run_network(build_star_multicast_network(shape, p, scheme), p,
                                          std::move(sends), o);
                INFO(to_string(scheme) << " depth " << depth << " timing "
                                       << (timing == RouteTiming::Fixed ? "fixed" : "gather"));
                INFO(r.deadlock_report);
                for (const auto& problem : r.problems) UNSCOPED_INFO(problem);
                REQUIRE(r.ok());
                REQUIRE(r.traffic.completed == count);
                ++runs;
            }
    REQUIRE(runs == 5 * 2 * 2);
}
