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
#include <deque>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <queue>
#include <random>
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

/// The merge behind mixed_schedule: the nodes' arrival processes drawn network-wide in time order,
/// one send at a time, each marked measured once `warmup` sends have been drawn. next_of(n) gives
/// node n's sends in order, drawing ahead (and holding) other nodes' sends until one of n's comes.
class MixedMerge {
  public:
    MixedMerge(const MixedTraffic& traffic, std::uint32_t nodes, std::uint64_t seed);
    /// The next send network-wide, or nullopt after the run's last.
    std::optional<ScheduledSend> draw();
    /// Node n's next send, or nullopt after its last.
    std::optional<ScheduledSend> next_of(NodeId n);

  private:
    /// One node's two arrival processes.
    struct Source {
        std::mt19937_64 rng;
        double next_unicast = std::numeric_limits<double>::infinity();
        double next_multicast = std::numeric_limits<double>::infinity();
    };
    using Entry = std::pair<double, NodeId>;
    MixedTraffic t_;
    std::uint32_t nodes_;
    double t_uni_, t_multi_;
    std::vector<Source> sources_;
    // Earliest next arrival first; ties by node, so the merge does not depend on heap order.
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> next_;
    std::normal_distribution<double> size_;  // one for all nodes: its cached draw carries over
    std::vector<NodeId> others_;
    std::uint64_t drawn_ = 0;
    std::vector<std::deque<ScheduledSend>> held_;  // drawn, not yet taken by next_of
};

/// mixed_schedule's sends drawn as the run reaches them, one stream per node over a shared
/// MixedMerge: the same sends, in memory that holds only those drawn ahead rather than all of
/// them. `adjust` rewrites each send as it is drawn (e.g. its length by its destination count).
SendPlan mixed_plan(const MixedTraffic& traffic, std::uint32_t nodes, std::uint64_t seed,
                    std::function<void(ScheduledSend&)> adjust = {});

}  // namespace wormcast
