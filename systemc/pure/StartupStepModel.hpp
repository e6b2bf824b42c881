// Start-up-only step model of concurrent multicasts run by NIC firmware (pure C++): a cross-check
// of the cycle-accurate runs, for any firmware (the start-up-only mode of Kesavan & Panda §2.3).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "systemc/pure/Firmware.hpp"

namespace wormcast {

/// One start-up: node `from` sent `order` for `multicast` in step `step`.
struct StepModelSend {
    std::uint32_t step = 0;  ///< 1-based
    std::uint32_t multicast = 0;
    NodeId from = 0;
    SendOrder order;
};

/// A copy of `multicast` reached `node` at the end of `step`.
struct StepModelDelivery {
    std::uint32_t multicast = 0;
    NodeId node = 0;
    std::uint32_t step = 0;
};

struct StepModelResult {
    std::uint32_t steps = 0;                       ///< last step in which any node started a send
    std::vector<std::uint32_t> startups_per_node;  ///< indexed by node id
    std::uint32_t max_startups = 0;
    std::vector<StepModelSend> sends;           ///< every start-up, by step then sender id
    std::vector<StepModelDelivery> deliveries;  ///< every copy received, by step
};

/// Time is counted in start-ups (steps); network latency is taken as zero.
///  - Every multicast's source gets its sends from Firmware::start before step 1.
///  - In each step every node with pending work makes exactly one start-up (one send engine):
///    it serves the multicast at the head of its queue (queue order: arrival of work), sends that
///    multicast's next pending order, and if the multicast has orders left it rejoins the tail.
///  - A message sent in step t is received at the end of step t by every destination in its
///    header; each receiver's Firmware::received orders are appended to its pending work and can
///    start in step t+1, never in step t.
///  - Order of joining a queue at the end of step t: first the multicast the node itself just
///    served (if it has orders left), then the multicasts that arrived in step t, taken by
///    ascending sender id, then by position in the worm's destination list. A multicast that
///    arrives at a node where it is already queued keeps its place (its orders are appended).
///    At step 1, a node's own multicasts are queued by ascending multicast id.
class StartupStepModel {
  public:
    using FirmwareFactory = std::function<std::unique_ptr<Firmware>(NodeId)>;

    /// `nodes` NICs, each with its own firmware made by `factory`.
    StartupStepModel(std::uint32_t nodes, const FirmwareFactory& factory);

    /// Runs the multicasts (ids must be distinct) to completion. `record_sends` = false leaves
    /// result.sends empty (saves memory for big sweeps). Throws ModelError if a node id is
    /// outside the network or the run exceeds `max_steps`.
    StepModelResult run(const std::vector<MulticastRequest>& multicasts, bool record_sends = true,
                        std::uint32_t max_steps = 10'000'000);

  private:
    std::vector<std::unique_ptr<Firmware>> firmware_;
};

}  // namespace wormcast
