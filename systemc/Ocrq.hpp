// Output channel request queue (Libeskind-Hadas et al. §3.2; DESIGN.md §4): one per output port.
// A worm enqueues on every output it needs in one atomic step; it may take an output VC only
// when no earlier request in that queue competes for the same VCs (FIFO order among competitors).
#pragma once

#include <cstdint>
#include <vector>

#include "systemc/pure/Types.hpp"

namespace wormcast {

struct OcrqRequest {
    PortId in_port = 0;
    VcId in_vc = 0;
    std::uint32_t vc_mask = 0;  ///< output VCs the worm may use on this port
};

class Ocrq {
  public:
    void enqueue(const OcrqRequest& request);
    /// True if no request ahead of (in_port, in_vc) competes for an overlapping VC set.
    bool at_head(PortId in_port, VcId in_vc) const;
    /// True if no queued request competes for a VC of vc_mask: a worm enqueued now would head
    /// the queue (an adaptive branch takes an output only then).
    bool uncontested(std::uint32_t vc_mask) const;
    void remove(PortId in_port, VcId in_vc);
    bool contains(PortId in_port, VcId in_vc) const;
    const std::vector<OcrqRequest>& requests() const { return queue_; }
    bool empty() const { return queue_.empty(); }

  private:
    std::vector<OcrqRequest> queue_;  ///< arrival order, oldest first
};

}  // namespace wormcast
