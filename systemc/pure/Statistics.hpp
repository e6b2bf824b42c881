// Run statistics (pure C++; DESIGN.md §6): latency distributions, throughput, start-ups per node,
// link utilisation, computed from the delivery ledger's records, folded one by one (so a long run
// can drop each record once it is final, DeliveryLedger::retire_into) or all at the end.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "systemc/pure/DeliveryLedger.hpp"

namespace wormcast {

struct Distribution {
    std::size_t count = 0;
    double mean = 0, p50 = 0, p99 = 0, max = 0, min = 0;
    static Distribution of(std::vector<double> values);
};

/// Samples that are whole cycles, kept as a count per value: memory grows with the number of
/// distinct values, not of samples, and distribution() equals Distribution::of over the same
/// samples bit for bit (the mean is summed in ascending order, as there).
class CycleHistogram {
  public:
    void add(Cycle value) {
        ++counts_[value];
        ++count_;
    }
    void merge(const CycleHistogram& other);
    std::uint64_t count() const { return count_; }
    Distribution distribution() const;

  private:
    std::map<Cycle, std::uint64_t> counts_;
    std::uint64_t count_ = 0;
};

struct TrafficStats {
    std::size_t multicasts = 0;          ///< measured multicasts (or unicast messages)
    std::size_t completed = 0;           ///< of which fully delivered
    Distribution latency;                ///< first start-up at the source -> last tail, cycles
    Distribution latency_with_queueing;  ///< host submission -> last tail, cycles
    double accepted_flits_per_node_cycle = 0;  ///< flits of tails arriving in the measured window
    // Per destination (docs/results.md, "Offered and accepted"): a multicast of L payload flits
    // to D destinations counts L x D, whatever scheme, headers or relays carry it.
    std::uint64_t offered_destination_flits = 0;    ///< L x D of each measured multicast
    std::uint64_t accepted_destination_flits = 0;   ///< L per destination reached in the window
    std::uint64_t delivered_destination_flits = 0;  ///< L per destination reached, any cycle
};

/// A run's statistics folded record by record: each multicast and each message added exactly once,
/// when it is final (retired from the ledger) or at the end of the run. Order does not matter.
class TrafficTally {
  public:
    /// [begin, end): the measured window, for the accepted throughput.
    TrafficTally(Cycle begin, Cycle end) : begin_(begin), end_(end) {}
    /// Moves the window's end, for a run whose length is known only at its end (flits arriving
    /// later than the new end were already counted: move it only past every arrival).
    void set_end(Cycle end) { end_ = end; }
    void add(const MulticastRecord& mc);
    void add(const MessageRecord& m);

    /// Latency and throughput of the measured multicasts.
    TrafficStats stats(std::uint32_t nodes) const;
    /// Measured, fully delivered requests of one destination, submission -> last tail.
    Distribution unicast_latency() const { return queued_unicast_.distribution(); }
    /// ... and of more than one.
    Distribution multicast_latency() const { return queued_multicast_.distribution(); }
    /// Measured, fully delivered requests of one destination, first start-up -> last tail.
    Distribution unicast_startup_latency() const { return startup_unicast_.distribution(); }
    /// ... and of more than one.
    Distribution multicast_startup_latency() const { return startup_multicast_.distribution(); }
    /// First start-up of any multicast -> last tail of any complete one (0 if none).
    Cycle pattern_latency() const {
        return last_tail_ > first_startup_ ? last_tail_ - first_startup_ : 0;
    }
    std::uint64_t messages() const { return messages_; }

  private:
    Cycle begin_, end_;
    std::size_t multicasts_ = 0, completed_ = 0;
    CycleHistogram latency_, queued_unicast_, queued_multicast_;
    CycleHistogram startup_unicast_, startup_multicast_;
    std::uint64_t accepted_flits_ = 0;
    std::uint64_t offered_destination_flits_ = 0, accepted_destination_flits_ = 0,
                  delivered_destination_flits_ = 0;
    Cycle first_startup_ = ~Cycle{0}, last_tail_ = 0;
    std::uint64_t messages_ = 0;
};

/// Latency and throughput of the measured multicasts over all of the ledger's records; the window
/// [begin, end) is the measured phase.
TrafficStats traffic_stats(const DeliveryLedger& ledger, std::uint32_t nodes, Cycle begin,
                           Cycle end);

}  // namespace wormcast
