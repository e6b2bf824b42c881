// Separable input-first switch allocator (DESIGN.md §4): per input port a round-robin arbiter
// picks one ready VC, per output port a round-robin arbiter picks one input port. A request
// naming several outputs (a replicating worm) wins only if every output picks it. So that two
// such requests over the same outputs cannot each hold one output's pick for ever (a livelock:
// neither wins, no arbiter moves), one of them has priority: a round-robin pointer over the inputs
// names the first input whose request names several outputs, and the outputs it names do not
// consider the other several-output requests. It still competes with single-output requests
// there; an output that picked it and lost keeps its pick, the others move on as their picks win,
// so it wins within a round of the output arbiters, and the pointer then moves past it.
#pragma once

#include <cstdint>
#include <vector>

#include "systemc/pure/PortSet.hpp"
#include "systemc/pure/RoundRobinArbiter.hpp"
#include "systemc/pure/Types.hpp"

namespace wormcast {

struct SwitchGrant {
    PortId in_port = 0;
    VcId in_vc = 0;
    PortSet outputs;  ///< output ports this flit goes to
};

class SwitchAllocator {
  public:
    /// Up to PortSet::kCapacity inputs and outputs (ConfigError beyond). Up to 64 a side it
    /// works on single words unless `wide` (the same grants; the unit test compares them).
    SwitchAllocator(PortId inputs, PortId outputs, unsigned vcs, bool wide = false);

    /// ready[p] = mask of VCs of input p with a flit ready; want(p, v) = the output ports asked
    /// for (a PortSet).
    template <typename Want>
    void allocate(const std::vector<std::uint32_t>& ready, Want&& want,
                  std::vector<SwitchGrant>& grants);

  private:
    /// The same allocation for routers of at most 64 ports a side, on single words instead of
    /// PortSets (the common case; the unit test compares the two).
    template <typename Want>
    void allocate_narrow(const std::vector<std::uint32_t>& ready, Want&& want,
                         std::vector<SwitchGrant>& grants);
    template <typename Want>
    void allocate_wide(const std::vector<std::uint32_t>& ready, Want&& want,
                       std::vector<SwitchGrant>& grants);

    bool narrow_;  ///< at most 64 inputs and 64 outputs
    std::vector<RoundRobinArbiter> input_arbiters_;
    std::vector<RoundRobinArbiter> output_arbiters_;
    RoundRobinArbiter multi_arbiter_;  ///< over inputs: which several-output request has priority
    std::vector<int> chosen_vc_;
    std::vector<PortSet> chosen_outputs_;
    std::vector<PortSet> output_requests_;        ///< [output]: inputs asking for it
    std::vector<PortSet> granted_to_;             ///< [input]: outputs that picked it
    std::vector<std::uint64_t> narrow_chosen_;    ///< chosen_outputs_ as words
    std::vector<std::uint64_t> narrow_requests_;  ///< output_requests_ as words
    std::vector<std::uint64_t> narrow_granted_;   ///< granted_to_ as words
};

template <typename Want>
void SwitchAllocator::allocate(const std::vector<std::uint32_t>& ready, Want&& want,
                               std::vector<SwitchGrant>& grants) {
    if (narrow_)
        allocate_narrow(ready, std::forward<Want>(want), grants);
    else
        allocate_wide(ready, std::forward<Want>(want), grants);
}

template <typename Want>
void SwitchAllocator::allocate_narrow(const std::vector<std::uint32_t>& ready, Want&& want,
                                      std::vector<SwitchGrant>& grants) {
    grants.clear();
    const std::size_t inputs = input_arbiters_.size();
    auto each_bit = [](std::uint64_t w, auto&& f) {
        for (; w; w &= w - 1) f(static_cast<unsigned>(__builtin_ctzll(w)));
    };
    std::fill(narrow_requests_.begin(), narrow_requests_.end(), 0);
    // Stage 1: each input port proposes one VC.
    std::uint64_t multi = 0;
    for (std::size_t p = 0; p < inputs; ++p) {
        chosen_vc_[p] = RoundRobinArbiter::kNone;
        narrow_granted_[p] = 0;
        if (!ready[p]) continue;
        const int v = input_arbiters_[p].pick(ready[p]);
        chosen_vc_[p] = v;
        const std::uint64_t outputs = want(static_cast<PortId>(p), static_cast<VcId>(v)).word(0);
        narrow_chosen_[p] = outputs;
        each_bit(outputs, [&](unsigned q) { narrow_requests_[q] |= std::uint64_t{1} << p; });
        if (outputs & (outputs - 1)) multi |= std::uint64_t{1} << p;
    }
    // The priority several-output request: its outputs do not consider the other ones.
    const int priority = multi_arbiter_.pick(multi);
    if (priority != RoundRobinArbiter::kNone) {
        const std::uint64_t others = multi & ~(std::uint64_t{1} << priority);
        each_bit(narrow_chosen_[static_cast<std::size_t>(priority)],
                 [&](unsigned q) { narrow_requests_[q] &= ~others; });
    }
    // Stage 2: each output port picks one input; an input wins if it got all its outputs.
    for (std::size_t q = 0; q < output_arbiters_.size(); ++q) {
        if (!narrow_requests_[q]) continue;
        const int p = output_arbiters_[q].pick(narrow_requests_[q]);
        narrow_granted_[static_cast<std::size_t>(p)] |= std::uint64_t{1} << q;
    }
    for (std::size_t p = 0; p < inputs; ++p) {
        const int v = chosen_vc_[p];
        if (v == RoundRobinArbiter::kNone || narrow_granted_[p] != narrow_chosen_[p]) continue;
        input_arbiters_[p].grant(v);
        if (static_cast<int>(p) == priority) multi_arbiter_.grant(priority);
        each_bit(narrow_chosen_[p],
                 [&](unsigned q) { output_arbiters_[q].grant(static_cast<int>(p)); });
        grants.push_back(
            {static_cast<PortId>(p), static_cast<VcId>(v), PortSet::from_word(narrow_chosen_[p])});
    }
}

template <typename Want>
void SwitchAllocator::allocate_wide(const std::vector<std::uint32_t>& ready, Want&& want,
                                    std::vector<SwitchGrant>& grants) {
    grants.clear();
    const std::size_t inputs = input_arbiters_.size();
    for (auto& r : output_requests_) r.clear();
    // Stage 1: each input port proposes one VC.
    for (std::size_t p = 0; p < inputs; ++p) {
        chosen_vc_[p] = RoundRobinArbiter::kNone;
        granted_to_[p].clear();
        if (!ready[p]) continue;
        const int v = input_arbiters_[p].pick(ready[p]);
        chosen_vc_[p] = v;
        chosen_outputs_[p] = want(static_cast<PortId>(p), static_cast<VcId>(v));
        chosen_outputs_[p].for_each(
            [&](unsigned q) { output_requests_[q].set(static_cast<unsigned>(p)); });
    }
    // The priority several-output request: its outputs do not consider the other ones.
    PortSet multi;
    for (std::size_t p = 0; p < inputs; ++p)
        if (chosen_vc_[p] != RoundRobinArbiter::kNone && chosen_outputs_[p].count() > 1)
            multi.set(static_cast<unsigned>(p));
    const int priority = multi_arbiter_.pick(multi);
    if (priority != RoundRobinArbiter::kNone) {
        PortSet others = multi;
        others.reset(static_cast<unsigned>(priority));
        chosen_outputs_[static_cast<std::size_t>(priority)].for_each(
            [&](unsigned q) { output_requests_[q] = output_requests_[q].without(others); });
    }
    // Stage 2: each output port picks one input; an input wins if it got all its outputs.
    std::vector<int>& winner = chosen_vc_;  // reuse: reset below for inputs that lose
    for (std::size_t q = 0; q < output_arbiters_.size(); ++q) {
        if (output_requests_[q].none()) continue;
        const int p = output_arbiters_[q].pick(output_requests_[q]);
        granted_to_[static_cast<std::size_t>(p)].set(static_cast<unsigned>(q));
    }
    for (std::size_t p = 0; p < inputs; ++p) {
        if (winner[p] == RoundRobinArbiter::kNone || granted_to_[p] != chosen_outputs_[p]) continue;
        input_arbiters_[p].grant(winner[p]);
        if (static_cast<int>(p) == priority) multi_arbiter_.grant(priority);
        chosen_outputs_[p].for_each(
            [&](unsigned q) { output_arbiters_[q].grant(static_cast<int>(p)); });
        grants.push_back(
            {static_cast<PortId>(p), static_cast<VcId>(winner[p]), chosen_outputs_[p]});
    }
}

}  // namespace wormcast
