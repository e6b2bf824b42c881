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

/// The few set operations the allocator needs, on one 64-bit word: routers of at most 64 ports a
/// side run on these instead of PortSets (the same grants; the unit test compares them).
class WordSet {
  public:
    WordSet() = default;
    static WordSet of(const PortSet& s) { return WordSet(s.word(0)); }
    void set(unsigned i) { w_ |= std::uint64_t{1} << i; }
    void reset(unsigned i) { w_ &= ~(std::uint64_t{1} << i); }
    void clear() { w_ = 0; }
    bool none() const { return w_ == 0; }
    WordSet without(WordSet other) const { return WordSet(w_ & ~other.w_); }
    template <typename F>
    void for_each(F&& f) const {
        for (std::uint64_t w = w_; w; w &= w - 1) f(static_cast<unsigned>(__builtin_ctzll(w)));
    }
    std::uint64_t word() const { return w_; }
    friend bool operator!=(WordSet a, WordSet b) { return a.w_ != b.w_; }

  private:
    explicit WordSet(std::uint64_t w) : w_(w) {}
    std::uint64_t w_ = 0;
};

class SwitchAllocator {
  public:
    /// Up to PortSet::kCapacity inputs and outputs (ConfigError beyond). Up to 64 a side it
    /// works on single words unless `wide`, and a cycle with one input ready takes a shortcut
    /// unless not `shortcut` (the same grants either way; the unit tests compare them).
    SwitchAllocator(PortId inputs, PortId outputs, unsigned vcs, bool wide = false,
                    bool shortcut = true);

    /// ready[p] = mask of VCs of input p with a flit ready; want(p, v) = the output ports asked
    /// for (a PortSet).
    template <typename Want>
    void allocate(const std::vector<std::uint32_t>& ready, Want&& want,
                  std::vector<SwitchGrant>& grants) {
        if (narrow_)
            allocate(narrow_sets_, ready, std::forward<Want>(want), grants);
        else
            allocate(wide_sets_, ready, std::forward<Want>(want), grants);
    }

  private:
    /// Per-cycle scratch of one set type.
    template <typename Set>
    struct Sets {
        explicit Sets(std::size_t inputs, std::size_t outputs)
            : chosen(inputs), requests(outputs), granted(inputs) {}
        std::vector<Set> chosen;    ///< [input]: the outputs its chosen VC asks for
        std::vector<Set> requests;  ///< [output]: inputs asking for it
        std::vector<Set> granted;   ///< [input]: outputs that picked it
    };
    template <typename Set, typename Want>
    void allocate(Sets<Set>& sets, const std::vector<std::uint32_t>& ready, Want&& want,
                  std::vector<SwitchGrant>& grants);

    // The set types' few differences.
    static WordSet as_set(const PortSet& s, WordSet) { return WordSet::of(s); }
    static const PortSet& as_set(const PortSet& s, const PortSet&) { return s; }
    static std::uint64_t mask(WordSet s) { return s.word(); }
    static const PortSet& mask(const PortSet& s) { return s; }
    static bool several(WordSet s) { return s.word() & (s.word() - 1); }
    static bool several(const PortSet& s) { return s.count() > 1; }
    static PortSet ports(WordSet s) { return PortSet::from_word(s.word()); }
    static const PortSet& ports(const PortSet& s) { return s; }

    bool narrow_;    ///< at most 64 inputs and 64 outputs
    bool shortcut_;  ///< one input ready: grant it without the arbitration rounds
    std::vector<RoundRobinArbiter> input_arbiters_;
    std::vector<RoundRobinArbiter> output_arbiters_;
    RoundRobinArbiter multi_arbiter_;  ///< over inputs: which several-output request has priority
    std::vector<int> chosen_vc_;
    Sets<WordSet> narrow_sets_;
    Sets<PortSet> wide_sets_;
};

template <typename Set, typename Want>
void SwitchAllocator::allocate(Sets<Set>& sets, const std::vector<std::uint32_t>& ready,
                               Want&& want, std::vector<SwitchGrant>& grants) {
    grants.clear();
    const std::size_t inputs = input_arbiters_.size();
    // One input ready (most cycles of a lightly loaded router): nobody competes with it, so it
    // gets every output it asks for, with the same arbiter moves as the general path below.
    std::size_t only = inputs;
    for (std::size_t p = 0; p < inputs; ++p) {
        if (!ready[p]) continue;
        if (only != inputs) {
            only = inputs + 1;
            break;
        }
        only = p;
    }
    if (only < inputs && shortcut_) {
        const int v = input_arbiters_[only].pick(ready[only]);
        const Set chosen = as_set(want(static_cast<PortId>(only), static_cast<VcId>(v)), Set{});
        input_arbiters_[only].grant(v);
        if (several(chosen)) multi_arbiter_.grant(static_cast<int>(only));
        chosen.for_each([&](unsigned q) { output_arbiters_[q].grant(static_cast<int>(only)); });
        grants.push_back({static_cast<PortId>(only), static_cast<VcId>(v), ports(chosen)});
        return;
    }
    for (auto& r : sets.requests) r.clear();
    // Stage 1: each input port proposes one VC.
    Set multi;
    for (std::size_t p = 0; p < inputs; ++p) {
        chosen_vc_[p] = RoundRobinArbiter::kNone;
        sets.granted[p].clear();
        if (!ready[p]) continue;
        const int v = input_arbiters_[p].pick(ready[p]);
        chosen_vc_[p] = v;
        sets.chosen[p] = as_set(want(static_cast<PortId>(p), static_cast<VcId>(v)), Set{});
        sets.chosen[p].for_each(
            [&](unsigned q) { sets.requests[q].set(static_cast<unsigned>(p)); });
        if (several(sets.chosen[p])) multi.set(static_cast<unsigned>(p));
    }
    // The priority several-output request: its outputs do not consider the other ones.
    const int priority = multi_arbiter_.pick(mask(multi));
    if (priority != RoundRobinArbiter::kNone) {
        Set others = multi;
        others.reset(static_cast<unsigned>(priority));
        sets.chosen[static_cast<std::size_t>(priority)].for_each(
            [&](unsigned q) { sets.requests[q] = sets.requests[q].without(others); });
    }
    // Stage 2: each output port picks one input; an input wins if it got all its outputs.
    for (std::size_t q = 0; q < output_arbiters_.size(); ++q) {
        if (sets.requests[q].none()) continue;
        const int p = output_arbiters_[q].pick(mask(sets.requests[q]));
        sets.granted[static_cast<std::size_t>(p)].set(static_cast<unsigned>(q));
    }
    for (std::size_t p = 0; p < inputs; ++p) {
        const int v = chosen_vc_[p];
        if (v == RoundRobinArbiter::kNone || sets.granted[p] != sets.chosen[p]) continue;
        input_arbiters_[p].grant(v);
        if (static_cast<int>(p) == priority) multi_arbiter_.grant(priority);
        sets.chosen[p].for_each(
            [&](unsigned q) { output_arbiters_[q].grant(static_cast<int>(p)); });
        grants.push_back({static_cast<PortId>(p), static_cast<VcId>(v), ports(sets.chosen[p])});
    }
}

}  // namespace wormcast
