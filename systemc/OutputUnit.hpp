// Output unit of a router port (DESIGN.md §4): credit counters and owner of each downstream VC,
// and the pipeline of t_sw + link-latency registers that drives the link.
#pragma once

#include <cstdint>
#include <vector>

#include "systemc/Flit.hpp"
#include "systemc/pure/CreditCounter.hpp"

namespace wormcast {

struct OutputVcOwner {
    static constexpr int kFree = -1;
    int in_port = kFree;
    int in_vc = kFree;
    bool free() const { return in_port == kFree; }
};

struct OutputStats {
    std::uint64_t flits = 0;    ///< flits sent on the link (bubbles excluded)
    std::uint64_t bubbles = 0;  ///< bubble flits sent
    std::uint64_t heads = 0;    ///< of the flits, worms' heads (a worm's first flit)
};

class OutputUnit {
  public:
    /// `delay` = cycles from crossbar grant to the flit being seen downstream (t_sw + link).
    OutputUnit(unsigned vcs, unsigned downstream_depth, unsigned delay);

    unsigned vcs() const { return static_cast<unsigned>(credits_.size()); }
    CreditCounter& credits(VcId v) { return credits_[v]; }
    const CreditCounter& credits(VcId v) const { return credits_[v]; }
    OutputVcOwner& owner(VcId v) { return owners_[v]; }
    const OutputVcOwner& owner(VcId v) const { return owners_[v]; }

    /// Every VC's credits are back from downstream.
    bool credits_home() const {
        for (const CreditCounter& c : credits_)
            if (!c.full()) return false;
        return true;
    }

    /// Lowest free VC allowed by `mask`, or -1.
    int free_vc(std::uint32_t mask) const {
        for (unsigned v = 0; v < owners_.size(); ++v)
            if (((mask >> v) & 1U) && owners_[v].free()) return static_cast<int>(v);
        return -1;
    }

    /// The crossbar hands a flit over in cycle `now` (credit already taken by the caller).
    void send(const Flit& flit, Cycle now) {
        Slot& slot = pipeline_[(now + delay_ - 1) & ring_mask_];
        if (slot.valid) written_twice();
        slot.valid = true;
        slot.flit = flit;
        ++in_flight_;
        if (flit.is_bubble()) {
            ++stats.bubbles;
        } else {
            ++stats.flits;
            if (flit.is_head()) ++stats.heads;
        }
    }
    /// The flit (if any) the link register shows in cycle `now`.
    bool due(Cycle now, Flit& flit) {
        if (in_flight_ == 0) return false;
        Slot& slot = pipeline_[now & ring_mask_];
        if (!slot.valid) return false;
        flit = slot.flit;
        slot.valid = false;
        --in_flight_;
        return true;
    }
    bool flits_in_flight() const { return in_flight_ > 0; }

    OutputStats stats;

  private:
    [[noreturn]] static void written_twice();

    std::vector<CreditCounter> credits_;
    std::vector<OutputVcOwner> owners_;
    struct Slot {
        bool valid = false;
        Flit flit;
    };
    std::vector<Slot> pipeline_;  ///< slot (cycle & mask); size a power of two >= delay
    unsigned delay_;
    std::size_t ring_mask_;
    unsigned in_flight_ = 0;
};

}  // namespace wormcast
