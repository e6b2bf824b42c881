// NIC firmware that runs a multinode broadcast schedule on the cycle-accurate network (pure C++),
// Chen & Chen §3: data-driven, not a global barrier; a node starts a send as soon as it has what
// the send carries and has heard what its values depend on.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "systemc/pure/Firmware.hpp"
#include "topologies/broadcast/BroadcastSchedule.hpp"

namespace wormcast::broadcast {

/// The schedule with each node's sends and receptions indexed; shared by every node's firmware.
class BroadcastRun {
  public:
    /// A send by its position in the schedule.
    struct SendRef {
        std::uint32_t step = 0;
        std::uint32_t index = 0;
    };

    explicit BroadcastRun(BroadcastSchedule schedule);

    const BroadcastSchedule& schedule() const { return schedule_; }
    const ScheduleSend& send(const SendRef& ref) const {
        return schedule_.steps[ref.step].sends[ref.index];
    }
    /// A node's sends and the sends it receives, in schedule order.
    const std::vector<SendRef>& sends_from(NodeId node) const { return from_[node]; }
    const std::vector<SendRef>& sends_to(NodeId node) const { return to_[node]; }
    /// Where `ref` sits in sends_to(its receiver).
    std::uint32_t receiver_slot(const SendRef& ref) const;
    /// The index of the source at `node`, or -1.
    std::int64_t source_index(NodeId node) const { return source_index_[node]; }

  private:
    BroadcastSchedule schedule_;
    std::vector<std::vector<SendRef>> from_, to_;
    std::vector<std::vector<std::uint32_t>> slot_;  ///< [step][index] position at the receiver
    std::vector<std::int64_t> source_index_;
};

/// Carried by every message of a run: which send it is and the multicast ids (the NIC's ids of
/// the sources' requests) of the message parts it carries, in the order of its `messages`.
struct BroadcastNote : FirmwareNote {
    BroadcastRun::SendRef send;
    std::vector<std::uint32_t> multicasts;
};

/// One instance per NIC. A send of step t starts when (a) the node holds every message part it
/// carries, (b) every control message (prefix-sum value) addressed to the node in steps before t
/// has arrived, (c) for a control send, every message addressed to the node before t has arrived
/// (its value counts them), and (d) the node's earlier sends in the same direction (first hop)
/// have started: an all-port NIC serves each direction first come, first served, so a later
/// step's send ready early would otherwise hold up an earlier one and stretch the run beyond its
/// step count. One worm per send, `flits` payload flits long; a data worm's `carries` names the
/// sources' multicasts.
class BroadcastFirmware : public Firmware {
  public:
    BroadcastFirmware(std::shared_ptr<const BroadcastRun> run, NodeId self);

    /// The control sends that need nothing (prefix-sum leaves without data).
    std::vector<SendOrder> boot(NodeId self) override;
    /// The k-th request at a source is part k of its message: it must go to every other node
    /// with length part_flits[k]. Throws ConfigError otherwise (a harness error).
    std::vector<SendOrder> start(const MulticastRequest& request) override;
    /// Throws ModelError for a note of another kind, a send not addressed here, or a message
    /// part that arrives a second time.
    std::vector<SendOrder> received(NodeId self, std::uint32_t multicast,
                                    const FirmwareNote* note) override;

    /// Sends not started yet (a finished run leaves none).
    std::size_t pending() const;

  private:
    std::size_t unit(std::uint32_t message, std::uint32_t part) const {
        return static_cast<std::size_t>(message) * run_->schedule().parts() + part;
    }
    /// The step of the first control message (or, all = true, of any message) addressed here
    /// that has not arrived; the schedule's step count when none is missing.
    std::uint32_t first_missing(bool all) const;
    bool ready(const BroadcastRun::SendRef& ref) const;
    std::vector<SendOrder> release();

    std::shared_ptr<const BroadcastRun> run_;
    NodeId self_;
    std::vector<bool> held_;                ///< [unit]
    std::vector<std::uint32_t> multicast_;  ///< [unit] the NIC's multicast id of that part
    std::vector<bool> arrived_;             ///< [slot in sends_to(self)]
    /// Slots of sends_to(self) holding control messages, and how many of them (of all slots)
    /// have arrived without a gap: rules (b) and (c) only look at the first missing one.
    std::vector<std::uint32_t> control_slots_;
    std::size_t controls_arrived_ = 0, all_arrived_ = 0;
    /// Own sends by first-hop direction in schedule order (positions in sends_from(self)), and
    /// how many of each direction have started (rule (d): they start in that order).
    std::vector<std::vector<std::uint32_t>> by_direction_;
    std::vector<std::size_t> started_;
    std::uint32_t requests_ = 0;  ///< requests seen at this source
};

/// The requests a harness submits to start a run: for every source, in source order, one
/// multicast to all other nodes per part (part_flits[q] flits), parts in order.
std::vector<MulticastRequest> broadcast_requests(const BroadcastSchedule& schedule);

}  // namespace wormcast::broadcast
