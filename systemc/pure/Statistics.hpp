// Run statistics (pure C++; DESIGN.md §6): latency distributions, throughput, start-ups per node,
// link utilisation, all computed from the delivery ledger and counters after a run.
#pragma once

#include <cstdint>
#include <vector>

#include "systemc/pure/DeliveryLedger.hpp"

namespace wormcast {

struct Distribution {
    std::size_t count = 0;
    double mean = 0, p50 = 0, p99 = 0, max = 0, min = 0;
    static Distribution of(std::vector<double> values);
};

struct TrafficStats {
    std::size_t multicasts = 0;          ///< measured multicasts (or unicast messages)
    std::size_t completed = 0;           ///< of which fully delivered
    Distribution latency;                ///< first start-up at the source -> last tail, cycles
    Distribution latency_with_queueing;  ///< host submission -> last tail, cycles
    double accepted_flits_per_node_cycle = 0;  ///< flits of tails arriving in the measured window
};

/// Latency and throughput of the measured multicasts; the window [begin, end) is the measured
/// phase.
TrafficStats traffic_stats(const DeliveryLedger& ledger, std::uint32_t nodes, Cycle begin,
                           Cycle end);

}  // namespace wormcast
