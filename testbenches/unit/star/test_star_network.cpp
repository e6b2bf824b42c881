// The five star multicast schemes on the cycle-accurate network (Wang, Chu & Chen §3; issue 14):
// random multicasts delivered exactly once on S_4 and S_5 with 1- and 4-flit buffers, worms on
// the plan's links, the consumption channels the path worms need, header lengths on the 6-star.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>
#include <set>

#include "systemc/pure/PathWormFirmware.hpp"
#include "testbenches/sim/Runner.hpp"
#include "topologies/star/StarPlan.hpp"
#include "topologies/star/network/StarNetwork.hpp"

using namespace wormcast;
using namespace wormcast::star;

namespace {

NetworkParams star_params(unsigned depth, unsigned consumption) {
    NetworkParams p;
    p.path_worms = true;
    p.buffer_depth = depth;
    p.consumption_channels = consumption;
    p.t_node = 2;
    p.t_node_multidest = 4;
    p.t_startup = 10;
    return p;
}

/// `count` multicasts at random cycles in [0, span), random sources and destination sets.
std::vector<ScheduledSend> random_multicasts(const StarShape& shape, std::size_t count,
                                             std::uint32_t max_dests, Cycle span,
                                             std::mt19937_64& rng) {
    std::vector<ScheduledSend> sends;
    for (std::size_t i = 0; i < count; ++i) {
        const NodeId source = static_cast<NodeId>(rng() % shape.nodes());
        const std::size_t d = 1 + rng() % max_dests;
        std::set<NodeId> chosen;
        while (chosen.size() < d) {
            const NodeId v = static_cast<NodeId>(rng() % shape.nodes());
            if (v != source) chosen.insert(v);
        }
        std::vector<NodeId> dests(chosen.begin(), chosen.end());
        std::shuffle(dests.begin(), dests.end(), rng);
        sends.push_back(ScheduledSend{rng() % span, source, dests,
                                      1 + static_cast<std::uint32_t>(rng() % 16), true});
    }
    std::sort(sends.begin(), sends.end(), [](const auto& a, const auto& b) { return a.at < b.at; });
    return sends;
}

}  // namespace

TEST_CASE(
    "every star scheme delivers random multicasts exactly once on S_4 and S_5 without "
    "deadlock",
    "[star][network][property]") {
    int runs = 0;
    for (unsigned n : {4u, 5u})
        for (StarScheme scheme : all_star_schemes())
            for (unsigned depth : {1u, 4u})
                for (std::uint64_t seed : {1u, 2u}) {
                    const StarShape shape(n);
                    // The minimum number of channels, and one more on the second seed.
                    const unsigned consumption =
                        minimum_consumption_channels(scheme) + static_cast<unsigned>(seed - 1);
                    NetworkParams p = star_params(depth, consumption);
                    p.vcs = seed == 2 && depth == 4 ? 2 : 1;
                    std::mt19937_64 rng(seed * 1000 + depth * 10 + n);
                    // About one multicast per node in 300 cycles, up to a third of the nodes each.
                    auto sends =
                        random_multicasts(shape, shape.nodes(), shape.nodes() / 3, 300, rng);
                    const std::size_t count = sends.size();
                    sim::RunOptions o;
                    o.seed = seed;
                    o.drain_limit = 400000;
                    auto r = sim::run_network(build_star_multicast_network(shape, p, scheme), p,
                                              std::move(sends), o);
                    INFO(shape.name() << " " << to_string(scheme) << " depth " << depth
                                      << " consumption " << consumption << " seed " << seed);
                    INFO(r.deadlock_report);
                    for (const auto& problem : r.problems) UNSCOPED_INFO(problem);
                    REQUIRE(r.ok());
                    REQUIRE(r.traffic.completed == count);
                    ++runs;
                }
    REQUIRE(runs == 2 * 5 * 2 * 2);
}

TEST_CASE("a lone star multicast's worms use exactly the links of its plan", "[star][network]") {
    std::mt19937_64 rng(5);
    for (StarScheme scheme : all_star_schemes())
        for (int trial = 0; trial < 3; ++trial) {
            const StarShape shape(5);
            const NetworkParams p = star_params(2, 2);
            auto sends = random_multicasts(shape, 1, 20, 1, rng);
            const auto plan =
                plan_star_multicast(shape, scheme, sends[0].source, sends[0].destinations);
            std::set<std::pair<NodeId, NodeId>> planned;
            for (const auto& w : plan.worms)
                for (std::size_t k = 0; k + 1 < w.path.size(); ++k)
                    planned.insert({w.path[k], w.path[k + 1]});
            NetworkSpec spec = build_star_multicast_network(shape, p, scheme);
            std::vector<std::pair<NodeId, NodeId>> links;
            for (const auto& l : spec.links) links.push_back({l.from_router, l.to_router});
            auto r = sim::run_network(std::move(spec), p, std::move(sends), {});
            INFO(to_string(scheme) << " trial " << trial);
            REQUIRE(r.ok());
            REQUIRE(r.messages_sent == plan.worms.size());
            std::set<std::pair<NodeId, NodeId>> used;
            for (std::size_t i = 0; i < links.size(); ++i)
                if (r.link_flits[i] > 0) used.insert(links[i]);
            REQUIRE(used == planned);
        }
}

TEST_CASE(
    "with one consumption channel a high and a low path worm deadlock, with one per "
    "network they do not",
    "[star][network][watchdog]") {
    // On S_4: a high worm from label 4 to [5, 10] and a low worm from 11 to [10, 5], both long.
    // Each absorbs at its first destination, holding that node's only consumption channel, and
    // its head then waits at the other's first destination for the channel held there.
    const StarShape shape(4);
    for (unsigned consumption : {1u, 2u}) {
        NetworkParams p = star_params(1, consumption);
        p.t_startup = 0;
        p.watchdog_cycles = 400;
        auto spec = build_star_network(shape, p);
        spec.firmware = [](NodeId) { return std::make_unique<PathWormFirmware>(); };
        std::vector<ScheduledSend> sends{{0, 4, {5, 10}, 60, true}, {0, 11, {10, 5}, 60, true}};
        sim::RunOptions o;
        o.drain_limit = 5000;
        auto r = sim::run_network(std::move(spec), p, sends, o);
        INFO("consumption " << consumption);
        INFO(r.deadlock_report);
        if (consumption == 1) {
            REQUIRE(r.deadlock);
            REQUIRE_THAT(r.deadlock_report, Catch::Contains("wait-for cycle"));
        } else {
            REQUIRE(r.ok());
        }
    }
}

TEST_CASE(
    "star multicast networks refuse too few consumption channels and routers without "
    "path worms, saying why",
    "[star][network][config]") {
    const StarShape shape(4);
    for (StarScheme scheme : all_star_schemes()) {
        NetworkParams p = star_params(2, minimum_consumption_channels(scheme));
        REQUIRE(minimum_consumption_channels(scheme) == (scheme == StarScheme::Unicast ? 1u : 2u));
        std::vector<ScheduledSend> one{{0, 3, {0, 9, 17, 22}, 4, true}};
        REQUIRE(sim::run_network(build_star_multicast_network(shape, p, scheme), p, one, {}).ok());
        if (scheme == StarScheme::Unicast) continue;
        p.consumption_channels = 1;
        REQUIRE_THROWS_WITH(
            build_star_multicast_network(shape, p, scheme),
            Catch::StartsWith("consumption_channels:") && Catch::Contains("at least 2"));
        p.consumption_channels = 2;
        p.path_worms = false;
        REQUIRE_THROWS_WITH(build_star_multicast_network(shape, p, scheme),
                            Catch::StartsWith("path_worms:"));
    }
    NetworkParams p;
    REQUIRE_THROWS_WITH(build_star_network(StarShape(9), p), Catch::Contains("up to n = 8"));
    p.tree_worms = true;
    REQUIRE_THROWS_WITH(build_star_network(shape, p), Catch::StartsWith("tree_worms:"));
}

TEST_CASE(
    "destination-list headers on the 6-star: 10-bit addresses, 32 flits for 100 "
    "destinations at 32-bit flits",
    "[star][network][header]") {
    // 720 nodes: A = ceil(log2 720) = 10 bits; a list of d destinations is 2 + 10 + 10 d bits
    // (docs/flit-format.md), ceil((12 + 10 d) / 32) flits at the default flit width.
    const StarShape shape(6);
    const NetworkParams p;
    const HeaderFormat format = p.header_format(shape.nodes());
    REQUIRE(format.flit_width == 32);
    REQUIRE(format.address_bits() == 10);
    for (std::uint32_t d = 1; d < shape.nodes(); ++d) {
        std::vector<NodeId> list(d);
        for (std::uint32_t k = 0; k < d; ++k) list[k] = k;
        REQUIRE(header_flits(Header::dest_list(list), format) == (12 + 10 * d + 31) / 32);
    }
    // The values docs/star.md quotes.
    const std::vector<std::pair<std::uint32_t, std::uint32_t>> quoted{
        {1, 1}, {10, 4}, {30, 10}, {100, 32}, {120, 38}, {719, 226}};
    for (const auto& [d, flits] : quoted)
        REQUIRE(header_flits(Header::dest_list(std::vector<NodeId>(d, 1)), format) == flits);
    REQUIRE(header_flits(Header::unicast(5), format) == 1);
}

TEST_CASE(
    "a lone star path worm's tails arrive on the zero-load formula's cycle, its header "
    "flits counted at every hop",
    "[star][network][latency]") {
    // docs/pipeline.md's formula, with the header of h_k flits latched whole at router k before
    // it routes (h_k - 1 cycles after the head), the list popped at each destination:
    //   L_j = t_s + t_inj + sum_{k=0..k_j} (h_k - 1 + t_node_multidest + t_sw) + k_j t_phy
    //         + t_cons + (h'_j + P - 1)
    // k_j: hops to destination j along the plan's path; h'_j: header flits of the copy it
    // consumes (the rest of the list, or the last destination alone); P: payload flits.
    // With one flit less of buffer than set below, some of these worms stall and arrive later
    // (tried).
    std::mt19937_64 rng(12);
    int checked = 0;
    for (StarScheme scheme : {StarScheme::DualPath, StarScheme::Hamiltonian})
        for (int trial = 0; trial < 6; ++trial) {
            const StarShape shape(5);
            NetworkParams p = star_params(0, 2);
            p.flit_width = 12;  // 7-bit addresses: (9 + 7 d) bits, several flits per list
            p.t_node_multidest = 2 + static_cast<unsigned>(rng() % 3);
            p.t_phy = 1 + static_cast<unsigned>(rng() % 2);
            p.t_startup = static_cast<unsigned>(rng() % 8);
            const HeaderFormat format = p.header_format(shape.nodes());
            // Destinations all above the source: one high worm.
            const NodeId source = static_cast<NodeId>(rng() % 40);
            std::set<NodeId> chosen;
            const std::size_t want = 1 + rng() % 6;
            while (chosen.size() < want)
                chosen.insert(source + 1 +
                              static_cast<NodeId>(rng() % (shape.nodes() - source - 1)));
            const std::vector<NodeId> dests(chosen.begin(), chosen.end());
            const std::uint32_t payload = 3 + static_cast<std::uint32_t>(rng() % 10);
            const auto plan = plan_star_multicast(shape, scheme, source, dests);
            REQUIRE(plan.worms.size() == 1);
            const StarWorm& worm = plan.worms[0];
            // Just deep enough to stream: t_node + t_sw + 2 t_phy for a one-flit header, plus the
            // h - 1 payload flits that queue while the longer header leaves the latch first.
            p.buffer_depth = p.t_node_multidest + p.t_sw + 2 * p.t_phy - 1 +
                             header_flits(Header::dest_list(worm.dests), format);
            const Cycle at = 2;
            auto r =
                sim::run_network(build_star_multicast_network(shape, p, scheme), p,
                                 std::vector<ScheduledSend>{{at, source, dests, payload, true}},
                                 sim::recording_arrivals());
            INFO(to_string(scheme)
                 << " trial " << trial << " t_node_multidest " << p.t_node_multidest << " t_phy "
                 << p.t_phy << " depth " << p.buffer_depth << " payload " << payload << " list "
                 << Header::dest_list(worm.dests));
            INFO(r.deadlock_report);
            REQUIRE(r.ok());
            REQUIRE(r.arrival_digest.size() == dests.size());
            std::map<NodeId, Cycle> arrived;
            for (const auto& [id, node, cycle] : r.arrival_digest) arrived[node] = cycle;
            // Destinations worm.dests[next..] are still in the header.
            const auto list_from = [&](std::size_t first) {
                std::vector<NodeId> list;
                for (std::size_t i = first; i < worm.dests.size(); ++i)
                    list.push_back(worm.dests[i]);
                return Header::dest_list(list);
            };
            std::size_t next = 0;
            Cycle head = at + 1 + p.t_startup + p.t_inj;  // head reaches the source's router
            for (std::size_t k = 0; k < worm.path.size() && next < worm.dests.size(); ++k) {
                if (k > 0) head += p.t_phy;
                const std::uint32_t h = header_flits(list_from(next), format);
                UNSCOPED_INFO("router " << k << " " << worm.path[k] << " header flits " << h);
                head += h - 1 + p.t_node_multidest + p.t_sw;  // routed and switched at router k
                if (worm.path[k] != worm.dests[next]) continue;
                const bool last = next + 1 == worm.dests.size();
                const std::uint32_t consumed =
                    header_flits(list_from(last ? next : next + 1), format);
                INFO("destination " << shape.format(worm.path[k]) << " after " << k << " hops");
                REQUIRE(arrived.at(worm.path[k]) == head + p.t_cons + consumed + payload - 1);
                ++checked;
                ++next;
            }
            REQUIRE(next == worm.dests.size());
        }
    REQUIRE(checked > 20);
}
