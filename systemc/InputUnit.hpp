// Input unit of a router port (DESIGN.md §4): per-VC flit FIFOs of configurable depth (1 works),
// the header latch and state of each VC, and the credit-return pipeline towards the upstream.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "systemc/Flit.hpp"
#include "systemc/pure/CreditCounter.hpp"
#include "systemc/pure/Fifo.hpp"
#include "systemc/pure/Header.hpp"
#include "systemc/pure/PortSet.hpp"
#include "systemc/pure/Routing.hpp"

namespace wormcast {

/// Life of a worm in an input VC: header flits are latched (Gathering), the route is computed
/// for t_node cycles (Routing), the OCRQs are waited on (Waiting), then flits stream (Active).
enum class VcState : std::uint8_t { Idle, Gathering, Routing, WaitingToken, Waiting, Active };
constexpr std::size_t kVcStates = static_cast<std::size_t>(VcState::Active) + 1;

const char* to_string(VcState state);

struct InputVc {
    explicit InputVc(unsigned depth) : buffer(depth) {}

    Fifo<Flit> buffer;
    VcState state = VcState::Idle;
    MessageId message = 0;
    std::vector<FlitWord> header_words;  ///< latched header flits' data
    std::uint32_t header_flits = 0;      ///< header length announced by the first word
    Cycle head_at = 0;                   ///< cycle the head flit was latched
    Header header;
    Cycle ready_at = 0;  ///< cycle the route is known (Routing -> Waiting)
    RouteDecision route;
    std::vector<VcId> out_vc;        ///< granted output VC per branch
    std::vector<bool> acquired;      ///< branch has its output VC
    std::size_t enqueued = 0;        ///< branches in OCRQs (unsafe mode)
    bool adaptive = false;           ///< a branch still chooses among alternative outputs
    bool holds_token = false;        ///< this worm holds the switch's token
    std::uint32_t forwarded = 0;     ///< real flits sent since the grant
    PortSet bubble_blockers;         ///< output ports that held the current flit back
    PortSet outputs;                 ///< the ports of its branches (set when it starts streaming)
    std::uint32_t output_count = 0;  ///< outputs.count()
    /// A one-branch worm's output VC credits, once it streams (the router's per-cycle test).
    CreditCounter* unicast_credits = nullptr;
    PortId unicast_port = 0;  ///< and its port and output VC (valid with unicast_credits)
    VcId unicast_vc = 0;
    std::vector<std::vector<FlitWord>> out_header;  ///< header words to emit per branch
    std::uint32_t out_header_flits = 0;             ///< their length (all branches alike)
    std::uint32_t header_sent = 0;                  ///< header flits emitted so far
    std::string traced_wait;  ///< the last wait recorded for a traced message (MessageTrace)
    bool header_pending() const {
        return state == VcState::Active && header_sent < out_header_flits;
    }
    /// Every header flit is latched (route_timing fixed routes a worm before).
    bool header_complete() const { return header_words.size() == header_flits; }
    void reset_worm();
};

class InputUnit {
  public:
    InputUnit(unsigned vcs, unsigned depth, unsigned credit_latency);

    unsigned vcs() const { return static_cast<unsigned>(vcs_.size()); }
    InputVc& vc(VcId v) { return vcs_[v]; }
    const InputVc& vc(VcId v) const { return vcs_[v]; }

    /// A flit arrived on the link; it must have had a credit, so the FIFO has room.
    void receive(const Flit& flit) {
        if (flit.vc >= vcs_.size() || vcs_[flit.vc].buffer.full()) refuse(flit);
        vcs_[flit.vc].buffer.push(flit);
    }
    /// Pop the front flit of VC v and start returning its credit.
    Flit pop(VcId v, Cycle now) {
        Flit flit = vcs_[v].buffer.pop();
        credit_ring_[(now + credit_latency_ - 1) & ring_mask_] |= 1u << v;
        ++credits_in_flight_;
        return flit;
    }
    /// Credit mask to drive on the credit wire in cycle `now` (clears that slot).
    std::uint32_t credits_due(Cycle now) {
        if (credits_in_flight_ == 0) return 0;
        std::uint32_t& slot = credit_ring_[now & ring_mask_];
        const std::uint32_t due = slot;
        if (due) {
            for (std::uint32_t m = due; m; m &= m - 1) --credits_in_flight_;  // no popcount call
            slot = 0;
        }
        return due;
    }
    bool credits_in_flight() const { return credits_in_flight_ > 0; }

  private:
    /// Throws the ModelError for a flit receive() cannot take (a VC it does not have, no room).
    [[noreturn]] void refuse(const Flit& flit) const;

    std::vector<InputVc> vcs_;
    std::vector<std::uint32_t> credit_ring_;  ///< slot (cycle & mask): VCs credited that cycle
    unsigned credit_latency_;
    std::size_t ring_mask_;  ///< ring size is a power of two >= the latency
    unsigned credits_in_flight_ = 0;
};

}  // namespace wormcast
