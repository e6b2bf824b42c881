// Input unit: VC FIFOs, header latch state, credit-return pipeline (see InputUnit.hpp).
#include "systemc/InputUnit.hpp"

#include <fmt/format.h>

namespace wormcast {

const char* to_string(VcState state) {
    switch (state) {
        case VcState::Idle:
            return "idle";
        case VcState::Gathering:
            return "gathering-header";
        case VcState::Routing:
            return "routing";
        case VcState::WaitingToken:
            return "waiting-for-token";
        case VcState::Waiting:
            return "waiting-for-output";
        case VcState::Active:
            return "active";
    }
    return "?";
}

void InputVc::reset_worm() {
    state = VcState::Idle;
    header_words.clear();
    header_flits = 0;
    route.branches.clear();
    out_vc.clear();
    acquired.clear();
    enqueued = 0;
    adaptive = false;
    holds_token = false;
    forwarded = 0;
    bubble_blockers.clear();
    outputs.clear();
    output_count = 0;
    unicast_credits = nullptr;
    unicast_port = 0;
    unicast_vc = 0;
    out_header.clear();
    traced_wait.clear();
    out_header_flits = 0;
    header_sent = 0;
}

InputUnit::InputUnit(unsigned vcs, unsigned depth, unsigned credit_latency)
    : credit_ring_(ring_size(credit_latency), 0),
      credit_latency_(credit_latency),
      ring_mask_(ring_size(credit_latency) - 1) {
    vcs_.reserve(vcs);
    for (unsigned v = 0; v < vcs; ++v) vcs_.emplace_back(depth);
}

void InputUnit::refuse(const Flit& flit) const {
    if (flit.vc >= vcs_.size())
        throw ModelError(fmt::format("flit {} names VC {} but the port has {}", to_string(flit),
                                     flit.vc, vcs_.size()));
    throw ModelError(fmt::format("flit {} arrived without a credit: VC {} buffer is full",
                                 to_string(flit), flit.vc));
}

}  // namespace wormcast
