// Assembles a broadcast schedule round by round (pure C++): tracks what every node holds, merges
// worms with the same ends, and leaves out what a receiver already has, so that every node gets
// every message exactly once. Shared by the ATD, EDST and naive builders.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "topologies/broadcast/BroadcastSchedule.hpp"

namespace wormcast::broadcast {

/// A send as a scheme plans it, before merging and pruning.
struct PlannedSend {
    NodeId from = 0;
    NodeId to = 0;
    std::vector<std::uint32_t> messages;  ///< source indices; ignored for control sends
    std::uint32_t part = 0;
    bool control = false;
};

class ScheduleBuilder {
  public:
    /// `schedule` must have shape, sources and part_flits set; steps are appended to it.
    explicit ScheduleBuilder(BroadcastSchedule& schedule);

    /// Whether `node` holds part `part` of message `message` now.
    bool holds(NodeId node, std::uint32_t message, std::uint32_t part = 0) const;
    /// The messages (ascending) whose part `part` `node` holds now.
    std::vector<std::uint32_t> held(NodeId node, std::uint32_t part = 0) const;

    /// Appends one round. Data sends with the same (from, to, part) become one worm when `merge`
    /// (a scheme that combines messages); a message the receiver holds, or gets from an earlier
    /// send of this round, is left out; a data send left empty is dropped; a round left empty
    /// is not added. Throws ModelError if a sender does not hold what it is to send, or a send
    /// goes from a node to itself. Returns the sends added.
    const std::vector<ScheduleSend>& add_step(const std::string& phase, unsigned level,
                                              std::vector<PlannedSend> sends, bool merge = true);

  private:
    std::size_t unit(NodeId node, std::uint32_t message, std::uint32_t part) const;

    BroadcastSchedule& schedule_;
    std::uint32_t messages_;
    std::uint32_t parts_;
    std::vector<bool> held_;      ///< [node][message][part]
    std::vector<bool> arriving_;  ///< the same, received in the round being added
    std::vector<ScheduleSend> empty_;
};

}  // namespace wormcast::broadcast
