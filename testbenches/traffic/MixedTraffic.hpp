// Mixed unicast/multicast traffic of the MIN paper's §5 (pure C++): every node generates unicasts
// and multicasts as two Poisson processes whose mean inter-arrival times follow from the
// normalised network load,
//     T_arru = B_m·N / (B_t·Traffic·(1 − M_p)),   T_arrm = B_m·M_c·N / (B_t·Traffic·M_p),
// with B_m the buffer-time of one message (flit-cycles it holds input buffers), B_t the network's
// input-buffer flits, M_p the multicast ratio and M_c the mean multicast size. Multicast sizes are
// normal with mean N/2 and standard deviation N/4, rounded and clamped to 2..N−1 (so that a send
// with one destination is always a unicast); destinations are distinct, uniformly chosen and never
// the source. A run is a fixed number of messages (the
// paper: 140 000), the first `warmup` of them (40 000) not measured.
#pragma once

#include <cstdint>
#include <vector>

#include "testbenches/traffic/TrafficSchedule.hpp"

namespace wormcast {

struct MixedTraffic {
    double traffic = 0.1;             ///< normalised load (the paper's "Traffic"), > 0
    double multicast_ratio = 0.5;     ///< M_p, in [0, 1]
    double buffer_time = 0;           ///< B_m, flit-cycles of input buffer one message holds
    double total_buffers = 0;         ///< B_t, input-buffer flits of the whole network
    double mean_destinations = 0;     ///< M_c (the paper: N/2)
    double sd_destinations = 0;       ///< the paper: N/4
    std::uint32_t length = 60;        ///< payload flits of every message
    std::uint64_t messages = 140000;  ///< messages generated, network-wide
    std::uint64_t warmup = 40000;     ///< the first ones are not measured

    /// The paper's sizes for an N-node network: M_c = N/2, standard deviation N/4.
    static MixedTraffic for_nodes(std::uint32_t nodes);
    /// Mean cycles between two unicasts (T_arru) and two multicasts (T_arrm) of one node;
    /// infinite when that kind is not generated (M_p = 1 or 0).
    double unicast_interarrival(std::uint32_t nodes) const;
    double multicast_interarrival(std::uint32_t nodes) const;
};

/// All sends of one run, sorted by (cycle, source): unicasts have one destination, multicasts two
/// or more. Seeded: node i's draws depend only on (seed, i). Throws ConfigError on parameters
/// outside their ranges.
std::vector<ScheduledSend> mixed_schedule(const MixedTraffic& traffic, std::uint32_t nodes,
                                          std::uint64_t seed);

}  // namespace wormcast
