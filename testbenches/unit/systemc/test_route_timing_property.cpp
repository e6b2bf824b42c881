// router.route_timing as a property over random destination sets (issue 34): under `fixed` (the
// star-graph paper's timing, Wang, Chu & Chen §4: a fixed router latency whatever the header's
// length) the cycle a path worm's head reaches its first destination does not depend on how many
// destinations its list holds; under `gather` (the default) it grows with the list's flits, since
// every router on the way latches the whole list before routing it. Checked on the two families
// whose routers take destination lists: star graphs (dual-path worms) and meshes (e-cube path
// worms). Bit-string headers are N bits whatever the destination count, so they have no such
// dependence to remove.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>
#include <set>

#include "systemc/pure/PathWormFirmware.hpp"
#include "testbenches/sim/Runner.hpp"
#include "topologies/mesh/network/MeshNetwork.hpp"
#include "topologies/star/StarPlan.hpp"
#include "topologies/star/network/StarNetwork.hpp"

using namespace wormcast;

namespace {

struct Timing {
    unsigned t_node_multidest = 4;
    unsigned t_phy = 1;
    unsigned t_startup = 0;
};

NetworkParams params_for(RouteTiming route_timing, const Timing& timing, unsigned flit_width) {
    NetworkParams p;
    p.path_worms = true;
    p.t_node = 2;
    p.t_node_multidest = timing.t_node_multidest;
    p.t_phy = timing.t_phy;
    p.t_startup = timing.t_startup;
    p.flit_width = flit_width;
    p.buffer_depth = 64;  // deep enough that no header or payload flit waits for a credit
    p.route_timing = route_timing;
    return p;
}

/// The cycle the head of the copy that `dests[0]` consumes reached its NIC: the tail's arrival
/// less the copy's other flits. The copy carries the list with `dests[0]` popped (absorb and
/// forward), or `dests[0]` alone when it is the last destination.
Cycle head_at_first(const sim::RunResult& r, const std::vector<NodeId>& dests,
                    std::uint32_t payload, const HeaderFormat& format) {
    const Header copy = dests.size() > 1 ? Header::dest_list({dests.begin() + 1, dests.end()})
                                         : Header::dest_list({dests.front()});
    for (const auto& [message, node, cycle] : r.arrival_digest)
        if (node == dests.front()) return cycle - (header_flits(copy, format) + payload - 1);
    FAIL("no arrival at the first destination");
    return 0;
}

/// One probe: the same source and first destination with several random lists behind it.
struct Probe {
    NodeId source = 0;
    std::vector<std::vector<NodeId>> lists;  ///< each starts with the same first destination
    std::vector<std::uint32_t> payloads;
};

/// Runs every list of the probe under `route_timing`; returns (header flits, head cycle) per list.
template <typename Run>
std::vector<std::pair<std::uint32_t, Cycle>> heads(const Probe& probe, const HeaderFormat& format,
                                                   Run run) {
    std::vector<std::pair<std::uint32_t, Cycle>> out;
    for (std::size_t i = 0; i < probe.lists.size(); ++i) {
        const auto& dests = probe.lists[i];
        const sim::RunResult r = run(dests, probe.payloads[i]);
        INFO(r.deadlock_report);
        for (const auto& problem : r.problems) UNSCOPED_INFO(problem);
        REQUIRE(r.ok());
        REQUIRE(r.arrival_digest.size() == dests.size());
        out.emplace_back(header_flits(Header::dest_list(dests), format),
                         head_at_first(r, dests, probe.payloads[i], format));
    }
    return out;
}

/// fixed: one head cycle for every list; gather: the head cycle never falls as the list's flits
/// grow and rises when they do. Counts in `varied` the probes whose lists differed in length.
void check_probe(const std::vector<std::pair<std::uint32_t, Cycle>>& fixed,
                 const std::vector<std::pair<std::uint32_t, Cycle>>& gather, int& varied) {
    REQUIRE(fixed.size() == gather.size());
    for (std::size_t i = 0; i < fixed.size(); ++i) {
        INFO("list " << i << ": " << fixed[i].first << " header flits, head at " << fixed[i].second
                     << " (fixed) / " << gather[i].second << " (gather); list 0: " << fixed[0].first
                     << " flits, head at " << fixed[0].second << " / " << gather[0].second);
        REQUIRE(fixed[i].second == fixed[0].second);
        REQUIRE(gather[i].second >= fixed[i].second);
        for (std::size_t j = 0; j < fixed.size(); ++j) {
            if (gather[i].first < gather[j].first) REQUIRE(gather[i].second < gather[j].second);
            if (gather[i].first == gather[j].first) REQUIRE(gather[i].second == gather[j].second);
        }
    }
    const auto [shortest, longest] = std::minmax_element(
        fixed.begin(), fixed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    if (shortest->first != longest->first) ++varied;
}

}  // namespace

TEST_CASE(
    "route_timing fixed: a star path worm's head reaches its first destination on the same cycle "
    "whatever the number of destinations, and under gather later the longer the list",
    "[star][network][property][route_timing]") {
    std::mt19937_64 rng(3401);
    const star::StarShape shape(5);  // 120 nodes, 7-bit addresses
    const unsigned flit_width = 12;  // a list of d destinations is 9 + 7 d bits: 2..13 flits here
    int varied = 0;
    for (int trial = 0; trial < 8; ++trial) {
        Timing timing;
        timing.t_node_multidest = 2 + static_cast<unsigned>(rng() % 4);
        timing.t_phy = 1 + static_cast<unsigned>(rng() % 2);
        timing.t_startup = static_cast<unsigned>(rng() % 8);
        Probe probe;
        probe.source = static_cast<NodeId>(rng() % 60);
        const NodeId first = probe.source + 1 + static_cast<NodeId>(rng() % 30);
        for (int k = 0; k < 6; ++k) {
            // Every destination above the source: dual-path sends one high worm, its list
            // ascending, so `first` leads it and the route to it is the same for every list.
            std::set<NodeId> behind;
            const std::size_t extra = rng() % 16;
            while (behind.size() < extra)
                behind.insert(first + 1 + static_cast<NodeId>(rng() % (shape.nodes() - first - 1)));
            std::vector<NodeId> dests{first};
            dests.insert(dests.end(), behind.begin(), behind.end());
            REQUIRE(
                star::plan_star_multicast(shape, star::StarScheme::DualPath, probe.source, dests)
                    .worms.size() == 1);
            probe.lists.push_back(dests);
            probe.payloads.push_back(1 + static_cast<std::uint32_t>(rng() % 20));
        }
        std::map<RouteTiming, std::vector<std::pair<std::uint32_t, Cycle>>> measured;
        for (RouteTiming route_timing : {RouteTiming::Fixed, RouteTiming::Gather}) {
            NetworkParams q = params_for(route_timing, timing, flit_width);
            q.consumption_channels = 2;  // one per channel network (docs/star.md §4)
            measured[route_timing] = heads(
                probe, q.header_format(shape.nodes()),
                [&](const std::vector<NodeId>& dests, std::uint32_t payload) {
                    return sim::run_network(
                        star::build_star_multicast_network(shape, q, star::StarScheme::DualPath), q,
                        std::vector<ScheduledSend>{{2, probe.source, dests, payload, true}},
                        sim::recording_arrivals());
                });
        }
        INFO("trial " << trial << " source " << probe.source << " t_node_multidest "
                      << timing.t_node_multidest << " t_phy " << timing.t_phy);
        check_probe(measured[RouteTiming::Fixed], measured[RouteTiming::Gather], varied);
    }
    REQUIRE(varied >= 6);  // the lists' lengths differed in most probes
}

TEST_CASE(
    "route_timing fixed: a mesh path worm's head reaches its first destination on the same cycle "
    "whatever the number of destinations, and under gather later the longer the list",
    "[mesh][network][property][route_timing]") {
    std::mt19937_64 rng(3402);
    const auto shape = mesh::MeshShape::parse("8x8", false);  // 6-bit addresses
    const unsigned flit_width = 8;  // a list of d destinations is 8 + 6 d bits: 2..12 flits here
    int varied = 0;
    int trial = 0;
    while (trial < 8) {
        Timing timing;
        timing.t_node_multidest = 2 + static_cast<unsigned>(rng() % 4);
        timing.t_phy = 1 + static_cast<unsigned>(rng() % 2);
        timing.t_startup = static_cast<unsigned>(rng() % 8);
        Probe probe;
        probe.source = static_cast<NodeId>(rng() % shape.nodes());
        const NodeId far = static_cast<NodeId>(rng() % shape.nodes());
        const auto path = shape.ecube_path(probe.source, far);  // path[0] is the source
        if (path.size() < 5) continue;
        ++trial;
        const std::size_t first_hop = 1 + rng() % (path.size() - 3);
        const NodeId first = path[first_hop];
        for (int k = 0; k < 6; ++k) {
            // Destinations in e-cube order on the path behind `first`, at least one (a lone
            // destination is sent as a unicast header), so the list conforms to the base routing.
            std::vector<NodeId> dests{first};
            for (std::size_t h = first_hop + 1; h < path.size(); ++h)
                if (rng() % 2 == 0) dests.push_back(path[h]);
            if (dests.size() == 1) dests.push_back(path.back());
            probe.lists.push_back(dests);
            probe.payloads.push_back(1 + static_cast<std::uint32_t>(rng() % 20));
        }
        std::map<RouteTiming, std::vector<std::pair<std::uint32_t, Cycle>>> measured;
        for (RouteTiming route_timing : {RouteTiming::Fixed, RouteTiming::Gather}) {
            NetworkParams p = params_for(route_timing, timing, flit_width);
            p.consumption_channels = 2 * shape.dimensions();
            measured[route_timing] = heads(
                probe, p.header_format(shape.nodes()),
                [&](const std::vector<NodeId>& dests, std::uint32_t payload) {
                    auto spec = mesh::build_mesh_network(shape, p);
                    spec.firmware = [](NodeId) { return std::make_unique<PathWormFirmware>(); };
                    return sim::run_network(
                        std::move(spec), p,
                        std::vector<ScheduledSend>{{2, probe.source, dests, payload, true}},
                        sim::recording_arrivals());
                });
        }
        INFO("trial " << trial << " source " << probe.source << " first " << first << " after "
                      << first_hop << " hops, t_node_multidest " << timing.t_node_multidest
                      << " t_phy " << timing.t_phy);
        check_probe(measured[RouteTiming::Fixed], measured[RouteTiming::Gather], varied);
    }
    REQUIRE(varied >= 4);
}
