// Saturation apart from deadlock (issue 18). A network is saturated when its sources are offered
// more than it accepts: flits keep moving, but the queues at the sources grow for as long as
// traffic is offered, and a run that waits for them to drain only measures how long they got.
// Judged at the end of the measured window from the requests' submission and start times.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "systemc/pure/Types.hpp"

namespace wormcast::sim {

/// One host request as its source saw it: submitted, and its first worm injected (taking an
/// injection channel), or never.
struct SourceRequest {
    Cycle submitted = 0;
    Cycle started = ~Cycle{0};
    std::uint32_t length = 0;  ///< payload flits
};

/// The rule, over the second half [from, to) of the measured window: the sources' backlog
/// (flits submitted whose request has no worm injected yet) grew by more than a tenth of the
/// flits offered in that half, and by more than one message per node. Then the sources accepted
/// less than nine tenths of what they were offered, and the queues grow without bound while the
/// load lasts. A stable load's backlog goes up and down around a level instead.
struct SaturationVerdict {
    bool saturated = false;
    Cycle from = 0, to = 0;
    std::uint32_t nodes = 0;
    std::uint64_t offered_flits = 0;   ///< submitted in [from, to)
    std::uint64_t accepted_flits = 0;  ///< of requests first injected in [from, to)
    std::uint64_t backlog_from = 0;    ///< flits waiting at the sources at `from`
    std::uint64_t backlog_to = 0;      ///< and at `to`
    std::uint64_t messages_offered = 0;
    std::uint64_t messages_waiting_growth = 0;  ///< requests waiting at `to` minus at `from`
    double offered_per_node_cycle() const;
    double accepted_per_node_cycle() const;
    /// "saturated: over cycles 1500-2500 the sources were offered 0.4000 flits/node/cycle and
    /// accepted 0.2100 (52 %); their queues grew from 120 to 3160 flits" (or "not saturated: ...").
    std::string words() const;
};

/// The rule folded request by request (each added once, in any order).
class SaturationTally {
  public:
    SaturationTally(std::uint32_t nodes, Cycle from, Cycle to);
    void add(const SourceRequest& r);
    SaturationVerdict verdict() const;

  private:
    SaturationVerdict v_;
    std::int64_t waiting_growth_ = 0;
};

SaturationVerdict judge_saturation(const std::vector<SourceRequest>& requests, std::uint32_t nodes,
                                   Cycle from, Cycle to);

}  // namespace wormcast::sim
