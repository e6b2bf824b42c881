// One run of the Wang, Chu & Chen (star graph multicast) reproductions: a single multicast on an
// empty 6-star with the paper's §4 timing, on the cycle-accurate network, exactly-once checked.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "systemc/NetworkParams.hpp"
#include "topologies/star/StarScheme.hpp"
#include "topologies/star/StarShape.hpp"

namespace wormcast::star_repro {

/// §4: a 5 ns link (one cycle, one flit time), router latency 40 ns for multidestination worms
/// and 20 ns for unicast routing (t_node(_multidest) + t_sw), start-up t_s split 55 % send /
/// 45 % receive (550 + 450 ns of 1 us, 5.5 + 4.5 us of 10 us).
constexpr double kStarClockNs = 5;
constexpr double kStarSendShare = 0.55;
/// Buffers deep enough to stream a worm whose header has up to ~20 flits (docs/star.md §7); the
/// paper does not give its buffer size.
constexpr unsigned kStarBufferDepth = 32;

/// The network parameters of a run with start-up `startup_ns` (send + receive): two consumption
/// channels (one per channel network, docs/star.md §4), path worms, 32-bit flits; the routers
/// gather each header before routing it, or route it a fixed latency after its first flit (the
/// paper's model, router.route_timing).
NetworkParams star_paper_params(double startup_ns, RouteTiming timing = RouteTiming::Gather);

/// A run: one multicast of `destinations` random destinations from a random source.
struct StarRunSpec {
    unsigned n = 6;
    star::StarScheme scheme = star::StarScheme::Multipath;
    std::uint32_t destinations = 1;  ///< d
    std::uint32_t length = 6;        ///< payload flits of every worm (the paper's message length)
    double startup_ns = 1000;        ///< t_s, send + receive
    RouteTiming route_timing = RouteTiming::Gather;
    std::uint64_t seed = 1;  ///< draws source and destinations (not the scheme)
};

struct StarDraw {
    NodeId source = 0;
    std::vector<NodeId> destinations;  ///< distinct, never the source, in draw order
};
/// Source and d destinations drawn uniformly from the n! nodes (ConfigError for d outside 1..n!-1).
StarDraw star_draw(const star::StarShape& shape, std::uint32_t destinations, std::uint64_t seed);

/// What a run measured; travels from a worker process as JSON.
struct StarOutcome {
    bool ok = false;                   ///< delivered exactly once, no deadlock, no error
    std::uint64_t latency_cycles = 0;  ///< first start-up to the last tail, plus t_receive there
    std::uint64_t total_channels = 0;  ///< the plan's links visited (sum of worm lengths)
    std::uint64_t max_distance = 0;    ///< the plan's
    std::uint64_t worms = 0;           ///< worms (messages) sent on the network
    std::uint64_t startups_max = 0;    ///< start-ups of the busiest NIC
    double wall_seconds = 0;
    std::string problem;  ///< why not ok

    static StarOutcome failed(std::string why);
};
/// Outcomes travel between worker processes as JSON, one key per member.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(StarOutcome, ok, latency_cycles, total_channels, max_distance,
                                   worms, startups_max, wall_seconds, problem)

/// Runs the spec's draw on the cycle-accurate n-star.
StarOutcome run_star_multicast(const StarRunSpec& spec);

}  // namespace wormcast::star_repro
