// Wormhole router/switch built from unit members (DESIGN.md §4, STYLE.md): InputUnit -> RouteUnit
// -> Ocrq -> SwitchAllocator -> Crossbar -> OutputUnit. One process; sleeps when idle (§7).
#pragma once

#include <array>
#include <deque>
#include <memory>
#include <vector>

#include <systemc>

#include "systemc/ActivityMonitor.hpp"
#include "systemc/Crossbar.hpp"
#include "systemc/CycleTimer.hpp"
#include "systemc/Flit.hpp"
#include "systemc/InputUnit.hpp"
#include "systemc/LinkWires.hpp"
#include "systemc/Ocrq.hpp"
#include "systemc/OutputUnit.hpp"
#include "systemc/RouteUnit.hpp"
#include "systemc/RouterConfig.hpp"
#include "systemc/RouterModule.hpp"
#include "systemc/SwitchAllocator.hpp"
#include "systemc/TokenStop.hpp"
#include "systemc/pure/IndexSet.hpp"
#include "systemc/pure/LinkFault.hpp"
#include "systemc/pure/MessageTrace.hpp"

namespace wormcast {

/// What one input VC is doing, for the deadlock watchdog's wait-for chain.
struct VcWait {
    PortId in_port = 0;
    VcId vc = 0;
    VcState state = VcState::Idle;
    MessageId message = 0;
    std::size_t buffered = 0;
    struct Want {
        PortId port = 0;
        int out_vc = -1;                          ///< granted VC, or -1 while waiting for one
        std::uint32_t vc_mask = 0;                ///< VCs it may take
        bool credit_blocked = false;              ///< granted VC has no credit
        std::vector<std::pair<int, int>> owners;  ///< (in_port, in_vc) holding the wanted VCs
    };
    std::vector<Want> wants;
};

class Router : public RouterModule, private Clocked {
  public:
    Router(sc_core::sc_module_name name, RouterConfig config,
           std::unique_ptr<RoutingFunction> routing, sc_core::sc_time period,
           ActivityMonitor* monitor, Ticker* ticker = nullptr);

    const OutputUnit& output(PortId q) const { return outputs_[q]; }
    const InputUnit& input(PortId p) const { return inputs_[p]; }
    std::vector<VcWait> waits() const;
    /// Arms a fault on this router's links (ConfigError for a port it does not have); returns
    /// its index in faults().
    std::size_t add_fault(const LinkFault& fault);
    const std::vector<LinkFault>& faults() const { return faults_; }
    /// Outputs whose credits are not all back: "output q VC v: c of d credits". Empty for a drained
    /// network whose credits have all been returned.
    std::vector<std::string> missing_credits() const;
    void bind_input(PortId p, const ChannelIn& channel) override;
    void bind_output(PortId q, const ChannelOut& channel) override;
    const OutputStats& output_stats(PortId q) const override { return outputs_[q].stats; }
    std::uint64_t active_cycles() const override { return active_cycles_; }
    /// Notified when a sleep decided on the ticker's edge is armed (CycleTimer::arm_event), for
    /// observers that follow the router's activity from outside (the kernel-floor benchmark).
    const sc_core::sc_event& sleep_armed_event() const { return timer_.arm_event(); }
    std::optional<std::uint64_t> blocked_cycles(Cycle cycles) const override;
    /// Record the hops of chosen messages' heads (null: off, the default; one test per event).
    void set_message_trace(MessageTraceLog* log) {
        trace_log_ = log;
        last_sent_.assign(config_.outputs, std::vector<MessageId>(config_.vcs, 0));
    }

  private:
    SC_HAS_PROCESS(Router);
    void end_of_elaboration() override;
    void cycle();                      ///< the process: a cycle of its own, or a wake-up
    void on_edge(Cycle now) override;  ///< a cycle run on the ticker's edge
    void evaluate();

    // Pipeline stages, in the order one cycle runs them.
    void receive_credits();
    void receive_flits();
    void gather_and_route(Cycle now);
    // gather_and_route's steps: route a whole header; route a destination list on its first
    // destinations (route_timing fixed); one more address flit of a worm routed that way.
    void route_header(PortId p, VcId v, Cycle now);
    void route_early(PortId p, VcId v, Cycle now);
    void latch_routed(PortId p, VcId v);
    void trace_routed(PortId p, VcId v, Cycle now);
    /// The outgoing header words an early-routed worm's latched flits determine, per branch.
    void extend_out_header(InputVc& ivc);
    void allocate_outputs(Cycle now);
    void traverse(Cycle now);
    void drive_outputs(Cycle now);
    /// The next cycle this router has work in without a new flit or credit arriving: the next one
    /// while anything moved or changed state in `now`, the cycle a route being computed becomes
    /// known, or kNever: the worms it holds wait on credits, flits or outputs that only an input
    /// event can bring, so it sleeps until one fires (evaluating it meanwhile would change
    /// nothing).
    Cycle next_work(Cycle now) const;
    static constexpr Cycle kNever = ~Cycle{0};
    void reset();
    /// A flit fault due on output q hits `flit`: true if the flit is dropped.
    bool flit_fault(Cycle now, PortId q, Flit& flit);
    bool dropped_by_fault(Cycle now, PortId q, Flit& flit) {
        return !faults_.empty() && flit_fault(now, q, flit);
    }
    /// A credit fault due on input p takes one credit out of `credits`.
    void credit_fault(Cycle now, PortId p, std::uint32_t& credits);

    Flit next_flit(PortId p, VcId v, Cycle now);
    /// Pops the front flit of input VC (p, v), keeping `buffered_` up to date.
    Flit pop_flit(PortId p, VcId v, Cycle now);
    /// Moves input VC (p, v) to `state`, keeping `in_state_` up to date.
    void set_state(PortId p, VcId v, VcState state);
    std::size_t flat(PortId p, VcId v) const { return std::size_t{p} * config_.vcs + v; }
    /// Calls f(p, v) for the input VCs whose flat index is set in word_of(w), in (p, v) order.
    template <typename WordOf, typename F>
    void for_each_vc(WordOf&& word_of, F&& f) {
        for_each_index(buffered_.words(), word_of,
                       [&](std::size_t i) { f(vc_at_[i].first, vc_at_[i].second); });
    }
    /// The same for the input VCs in `set`.
    template <typename F>
    void for_each_vc(const IndexSet& set, F&& f) {
        set.for_each([&](std::size_t i) { f(vc_at_[i].first, vc_at_[i].second); });
    }
    /// Word w of the input VCs with a header flit to latch (buffered, and Idle, Gathering or
    /// routed before their header was complete).
    std::uint64_t header_work(std::size_t w) const {
        return buffered_.word(w) & (in_state(VcState::Idle).word(w) |
                                    in_state(VcState::Gathering).word(w) | latching_.word(w));
    }
    const IndexSet& in_state(VcState state) const {
        return in_state_[static_cast<std::size_t>(state)];
    }
    void enqueue_requests(PortId p, VcId v);
    /// The output an adaptive branch would take now (its port, else the lowest available
    /// alternative), or -1; for a fixed branch its port if available.
    int available_output(const RouteBranch& branch) const;
    bool branch_ready(PortId p, VcId v, const RouteBranch& branch) const;
    void acquire(PortId p, VcId v, std::size_t branch);
    /// A waiting worm takes the outputs it can (all at once with atomic OCRQs); true once it has
    /// every output and streams.
    bool take_outputs(PortId p, VcId v, Cycle now);
    void start_worm(InputVc& ivc);
    // Message tracing (MessageTrace.hpp), only for traced messages: on whom a head waits, recorded
    // when the wait begins and whenever its holder changes.
    void trace_output_wait(PortId p, VcId v, Cycle now);
    void trace_credit_wait(PortId p, VcId v, PortSet blocked, Cycle now);
    void trace_wait(InputVc& ivc, const char* event, nlohmann::ordered_json waits, Cycle now);

    CycleTimer timer_;
    ActivityMonitor* monitor_;
    MessageTraceLog* trace_log_ = nullptr;
    RouteUnit route_unit_;
    std::vector<InputUnit> inputs_;
    std::vector<OutputUnit> outputs_;
    std::vector<Ocrq> ocrqs_;
    SwitchAllocator allocator_;
    Crossbar crossbar_;

    // Input VCs by flat index p * vcs + v: those in each state, and those with a flit in their
    // FIFO, kept as they change, so each stage visits only the VCs that may have work for it (in
    // the (p, v) order of a scan; a stage changes only the VC it visits).
    std::array<IndexSet, kVcStates> in_state_;
    IndexSet buffered_;
    /// route_timing fixed: worms routed while address flits of their header are still to come.
    IndexSet latching_;
    std::vector<std::pair<PortId, VcId>> vc_at_;  ///< flat index -> (input port, VC)

    /// Outputs whose link register or pipeline holds a flit, inputs whose credit wire or pipeline
    /// holds a credit: the ports drive_outputs has work on.
    IndexSet driving_outputs_;
    IndexSet owed_outputs_;  ///< outputs with credits out (the only ones a credit can come back to)
    IndexSet driving_inputs_;
    /// Inputs whose valid wire is high and outputs whose credit wire is not zero, kept by the
    /// link wires themselves (LinkWire::mirror_into); the wires that are not a link's (a unit
    /// bench's sc_signals) are read every cycle instead (polled_*).
    IndexSet valid_inputs_;
    IndexSet polled_inputs_;
    IndexSet credited_outputs_;
    IndexSet polled_outputs_;
    std::vector<std::uint8_t> driven_valid_;
    std::vector<std::uint32_t> driven_credit_;
    std::vector<std::uint32_t> ready_;
    std::vector<PortSet> request_;  ///< [flat(input, vc)]: outputs asked for this cycle
    TokenStop token_;               ///< ATBM: the switch's stop on its group's token ring
    /// Waiting worms with an adaptive branch, oldest first: the order they choose outputs in.
    std::vector<std::pair<PortId, VcId>> adaptive_waiting_;
    std::vector<SwitchGrant> grants_;
    sc_core::sc_event_or_list wake_;  ///< what a sleep waits on (wake_events)
    const sc_core::sc_event_or_list& wake_events();
    std::vector<ChannelIn> in_channels_;    ///< per input, as bound (bind_input)
    std::vector<ChannelOut> out_channels_;  ///< per output
    // The wires the router writes every active cycle, and the current values of those it reads
    // (end_of_elaboration).
    std::vector<WireWriter<Flit>> out_flit_writer_;
    std::vector<WireWriter<std::uint32_t>> in_credit_writer_;
    std::vector<const bool*> in_valid_value_;
    std::vector<const Flit*> in_flit_value_;
    std::vector<const std::uint32_t*> out_credit_value_;
    std::uint64_t active_cycles_ = 0;
    // Blocked cycles: counted per evaluated cycle, and for the cycles slept through after one,
    // which repeat it (a router sleeps only after a cycle in which nothing changed).
    std::uint64_t blocked_cycles_ = 0;  ///< up to and including last_evaluated_
    Cycle last_evaluated_ = 0;
    bool blocked_ = false;           ///< a worm was blocked in the cycle being (last) evaluated
    std::vector<LinkFault> faults_;  ///< armed faults (none in a healthy run)
    /// [output][vc]: the last message sent there (kept only while tracing messages): whose flits
    /// fill the next buffer when a head waits for a credit.
    std::vector<std::vector<MessageId>> last_sent_;
    bool saw_input_ = false;  ///< a valid flit or a credit was read this cycle
    bool changed_ = false;    ///< a worm changed state this cycle (popped, routed, queued, granted)
};

}  // namespace wormcast
