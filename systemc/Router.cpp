// Router pipeline (see Router.hpp). Per cycle: credits in, flits in, header latch and route
// computation, OCRQ/output-VC allocation, switch allocation and crossbar, link registers out.
// A head arriving in cycle a with an h-flit header is routed by cycle a+h-1, may take its output
// in cycle a+h-1+t_node and is seen downstream t_sw + t_link cycles later (docs/pipeline.md);
// with router.route_timing fixed a destination list may take it in cycle a+t_node_multidest.
#include "systemc/Router.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "systemc/pure/DestListPrefix.hpp"

namespace wormcast {

using namespace sc_core;

namespace {
std::vector<OutputUnit> make_outputs(const RouterConfig& c) {
    c.validate();
    std::vector<OutputUnit> outs;
    outs.reserve(c.outputs);
    for (PortId q = 0; q < c.outputs; ++q)
        outs.emplace_back(c.vcs, c.buffer_depth, c.t_sw + c.output_link_latency[q]);
    return outs;
}
}  // namespace

Router::Router(sc_module_name name, RouterConfig config, std::unique_ptr<RoutingFunction> routing,
               sc_time period, ActivityMonitor* monitor, Ticker* ticker)
    : RouterModule(name, std::move(config)),
      timer_(period, config_.always_clocked, ticker, this),
      monitor_(monitor),
      route_unit_(config_, std::move(routing)),
      outputs_(make_outputs(config_)),
      ocrqs_(config_.outputs),
      allocator_(config_.inputs, config_.outputs, config_.vcs),
      crossbar_(config_.outputs),
      buffered_(std::size_t{config_.inputs} * config_.vcs),
      latching_(std::size_t{config_.inputs} * config_.vcs),
      driving_outputs_(config_.outputs),
      owed_outputs_(config_.outputs),
      driving_inputs_(config_.inputs),
      valid_inputs_(config_.inputs),
      polled_inputs_(config_.inputs),
      credited_outputs_(config_.outputs),
      polled_outputs_(config_.outputs),
      driven_valid_(config_.outputs, 0),
      driven_credit_(config_.inputs, 0),
      ready_(config_.inputs, 0),
      request_(std::size_t{config_.inputs} * config_.vcs),
      token_(config_.token_ring, config_.token_stop, config_.token_release_flits),
      in_channels_(config_.inputs),
      out_channels_(config_.outputs) {
    if (config_.token_ring && config_.token_stop >= config_.token_ring->stops())
        throw ConfigError(
            fmt::format("{}: token stop {} is not on its ring", config_.name, config_.token_stop));
    inputs_.reserve(config_.inputs);
    for (PortId p = 0; p < config_.inputs; ++p)
        inputs_.emplace_back(config_.vcs, config_.buffer_depth, config_.input_credit_latency[p]);
    const std::size_t vcs = std::size_t{config_.inputs} * config_.vcs;
    for (auto& set : in_state_) set = IndexSet(vcs);
    for (PortId p = 0; p < config_.inputs; ++p)
        for (VcId v = 0; v < config_.vcs; ++v) {
            vc_at_.emplace_back(p, v);
            in_state_[static_cast<std::size_t>(VcState::Idle)].set(flat(p, v));
        }
    SC_METHOD(cycle);
    sensitive << timer_.arm_event();
}

void Router::bind_input(PortId p, const ChannelIn& channel) {
    if (p >= in_channels_.size() || in_channels_[p].valid)
        throw ConfigError(fmt::format("{}: input {} bound twice or missing", name(), p));
    in_channels_[p] = channel;
}

void Router::bind_output(PortId q, const ChannelOut& channel) {
    if (q >= out_channels_.size() || out_channels_[q].valid)
        throw ConfigError(fmt::format("{}: output {} bound twice or missing", name(), q));
    out_channels_[q] = channel;
}

void Router::end_of_elaboration() {
    for (PortId p = 0; p < config_.inputs; ++p)
        if (!in_channels_[p].valid)
            throw ConfigError(fmt::format("{}: input {} is not connected", name(), p));
    for (PortId q = 0; q < config_.outputs; ++q)
        if (!out_channels_[q].valid)
            throw ConfigError(fmt::format("{}: output {} is not connected", name(), q));
    // The values the incoming wires hold, read in place every active cycle: a wire's read()
    // returns its current value by reference, valid for the link's lifetime, so the per-cycle
    // reads need no virtual call; nor do the writes of flits and credits to a link's wires.
    // A link's valid and credit wires also keep this router's sets of the inputs with a flit and
    // the outputs with a credit, so that an evaluation reads only the wires carrying something.
    for (PortId p = 0; p < config_.inputs; ++p) {
        in_valid_value_.push_back(&in_channels_[p].valid->read());
        in_flit_value_.push_back(&in_channels_[p].flit->read());
        in_credit_writer_.emplace_back(in_channels_[p].credit);
        auto* link = dynamic_cast<LinkWire<bool>*>(in_channels_[p].valid);
        if (!link || !link->mirror_into(valid_inputs_.word_of(p), IndexSet::bit_of(p)))
            polled_inputs_.set(p);
    }
    for (PortId q = 0; q < config_.outputs; ++q) {
        out_credit_value_.push_back(&out_channels_[q].credit->read());
        out_flit_writer_.emplace_back(out_channels_[q].flit);
        auto* link = dynamic_cast<LinkWire<std::uint32_t>*>(out_channels_[q].credit);
        if (!link || !link->mirror_into(credited_outputs_.word_of(q), IndexSet::bit_of(q)))
            polled_outputs_.set(q);
    }
}

const sc_core::sc_event_or_list& Router::wake_events() {
    // Gathered at the first sleep rather than at elaboration: a link's events are made on first
    // use, and once the simulation runs they need no name in SystemC's object table.
    if (wake_.size() == 0) {
        for (const auto& c : in_channels_) wake_ |= c.valid->value_changed_event();
        for (const auto& c : out_channels_) wake_ |= c.credit->value_changed_event();
    }
    return wake_;
}

void Router::reset() {
    for (const auto& c : out_channels_) c.valid->write(false);
    for (const auto& c : in_channels_) c.credit->write(0);
}

void Router::cycle() {
    if (timer_.begin()) run_guarded(monitor_, [this] { evaluate(); });
}

void Router::on_edge(Cycle now) {
    timer_.begin_edge(now);
    run_guarded(monitor_, [this] { evaluate(); });
    timer_.end_edge();
}

void Router::evaluate() {
    const Cycle now = timer_.now();
    if (now == 0 && active_cycles_ == 0) reset();
    // The cycles slept through since the last evaluation were that cycle again, blocked or not.
    if (blocked_ && now > last_evaluated_) blocked_cycles_ += now - last_evaluated_ - 1;
    blocked_ = false;
    ++active_cycles_;
    changed_ = false;
    receive_credits();
    receive_flits();
    gather_and_route(now);
    allocate_outputs(now);
    traverse(now);
    drive_outputs(now);
    if (blocked_) ++blocked_cycles_;
    last_evaluated_ = now;
    const Cycle next = next_work(now);
    if (next == now + 1)
        timer_.next_cycle();
    else if (next == kNever)
        timer_.sleep(wake_events());
    else
        timer_.sleep_for(next - now, wake_events());
}

void Router::receive_credits() {
    // Only an output with credits out can be given one back, and only a wire that is not zero
    // gives one: the others are not read.
    bool saw = false;
    const auto with_credit = [this](std::size_t w) {
        return owed_outputs_.word(w) & (credited_outputs_.word(w) | polled_outputs_.word(w));
    };
    for_each_index(owed_outputs_.words(), with_credit, [&](std::size_t index) {
        const auto q = static_cast<PortId>(index);
        std::uint32_t mask = *out_credit_value_[q];
        if (!mask) return;
        saw = true;
        for (; mask; mask &= mask - 1) {
            const auto v = static_cast<VcId>(__builtin_ctz(mask));
            if (v >= config_.vcs)
                throw ModelError(fmt::format("{}: credit for VC {} on output {} which has {} VCs",
                                             name(), v, q, config_.vcs));
            try {
                outputs_[q].credits(v).release();
            } catch (const ModelError& e) {
                throw ModelError(fmt::format("{} output {} VC {} cycle {}: {}", name(), q, v,
                                             timer_.now(), e.what()));
            }
        }
        if (outputs_[q].credits_home()) owed_outputs_.reset(q);
    });
    saw_input_ = saw;
}

void Router::receive_flits() {
    const auto with_flit = [this](std::size_t w) {
        return valid_inputs_.word(w) | polled_inputs_.word(w);
    };
    for_each_index(valid_inputs_.words(), with_flit, [&](std::size_t index) {
        const auto p = static_cast<PortId>(index);
        // A mirrored input is in the set only while its valid wire is high.
        if (polled_inputs_.contains(p) && !*in_valid_value_[p]) return;
        saw_input_ = true;
        const Flit flit = *in_flit_value_[p];
        try {
            inputs_[p].receive(flit);
            buffered_.set(flat(p, flit.vc));
        } catch (const ModelError& e) {
            throw ModelError(
                fmt::format("{} input {} cycle {}: {}", name(), p, timer_.now(), e.what()));
        }
    });
}

void Router::gather_and_route(Cycle now) {
    for_each_vc([this](std::size_t w) { return header_work(w); },
                [&](PortId p, VcId v) {
                    InputVc& ivc = inputs_[p].vc(v);
                    if (ivc.state == VcState::Idle) {
                        const Flit& front = ivc.buffer.front();
                        if (!front.is_head())
                            throw ModelError(fmt::format(
                                "{} input {} VC {} cycle {}: {} where a head flit was expected",
                                name(), p, v, now, to_string(front)));
                        const Flit head = pop_flit(p, v, now);
                        ivc.message = head.message;
                        ivc.header_words.assign(1, head.data);
                        ivc.header_flits =
                            header_flits_from_first(head.data, config_.header_format);
                        ivc.head_at = now;
                        set_state(p, v, VcState::Gathering);
                        if (head.is_tail())
                            throw ModelError(fmt::format("{}: message {} has no payload flit",
                                                         name(), head.message));
                    } else {
                        const Flit flit = pop_flit(p, v, now);
                        if (flit.message != ivc.message || flit.is_head() || flit.is_tail())
                            throw ModelError(fmt::format(
                                "{} input {} VC {} cycle {}: {} inside the header of message {}",
                                name(), p, v, now, to_string(flit), ivc.message));
                        ivc.header_words.push_back(flit.data);
                    }
                    changed_ = true;
                    if (ivc.state != VcState::Gathering)
                        latch_routed(p, v);
                    else if (ivc.header_complete())
                        route_header(p, v, now);
                    else if (config_.route_timing == RouteTiming::Fixed)
                        route_early(p, v, now);
                });
}

void Router::route_header(PortId p, VcId v, Cycle now) {
    InputVc& ivc = inputs_[p].vc(v);
    ivc.header = decode_header(ivc.header_words, config_.header_format);
    ivc.route = route_unit_.route(p, v, ivc.header);
    const unsigned delay = route_unit_.delay(ivc.header);
    // fixed: the latency counts from the head flit (a one-flit header: the same cycle as gather).
    ivc.ready_at = config_.route_timing == RouteTiming::Fixed ? std::max(now, ivc.head_at + delay)
                                                              : now + delay;
    set_state(p, v, VcState::Routing);
    if (trace_log_ && trace_log_->wants(ivc.message)) trace_routed(p, v, now);
}

void Router::route_early(PortId p, VcId v, Cycle now) {
    // A path worm goes towards its first destination, or absorbs there and goes towards the
    // second: those two decide its outputs, and the route is checked against the whole header
    // when it is in (latch_routed). A bit-string waits for all its bits.
    InputVc& ivc = inputs_[p].vc(v);
    if (header_kind(ivc.header_words.front(), config_.header_format) != HeaderKind::DestList)
        return;
    DestListPrefix prefix = decode_dest_list_prefix(ivc.header_words, config_.header_format);
    if (prefix.known.size() < std::min<std::size_t>(prefix.count, 2)) return;
    ivc.header = Header::dest_list(std::move(prefix.known));
    ivc.route = route_unit_.route(p, v, ivc.header);
    ivc.ready_at = std::max(now, ivc.head_at + route_unit_.delay(ivc.header));
    set_state(p, v, VcState::Routing);
    latching_.set(flat(p, v));
    if (trace_log_ && trace_log_->wants(ivc.message)) trace_routed(p, v, now);
}

void Router::latch_routed(PortId p, VcId v) {
    InputVc& ivc = inputs_[p].vc(v);
    if (ivc.state == VcState::Active) extend_out_header(ivc);
    if (!ivc.header_complete()) return;
    latching_.reset(flat(p, v));
    const Header whole = decode_header(ivc.header_words, config_.header_format);
    const RouteDecision decision = route_unit_.route(p, v, whole);
    auto& branches = ivc.route.branches;
    bool same = decision.branches.size() == branches.size();
    for (std::size_t b = 0; same && b < branches.size(); ++b) {
        const RouteBranch& d = decision.branches[b];
        same = d.consume == branches[b].consume &&
               d.rewritten.has_value() == branches[b].rewritten.has_value() &&
               (d.port == branches[b].port || d.alternatives.any());
    }
    if (!same)
        throw ModelError(fmt::format(
            "{}: router.route_timing fixed routed message {} on the first destinations of its "
            "header, but the whole header {} routes elsewhere (this routing function needs "
            "router.route_timing gather)",
            name(), ivc.message, fmt::streamed(whole)));
    for (std::size_t b = 0; b < branches.size(); ++b)
        branches[b].rewritten = decision.branches[b].rewritten;
    ivc.header = whole;
    if (ivc.state != VcState::Active) return;
    // The words already sent were made from part of the header: they must be the whole one's.
    for (std::size_t b = 0; b < branches.size(); ++b) {
        const std::vector<FlitWord> words =
            branches[b].rewritten ? encode_header(*branches[b].rewritten, config_.header_format)
                                  : ivc.header_words;
        if (words != ivc.out_header[b])
            throw ModelError(fmt::format(
                "{}: message {} sent header words its header does not give", name(), ivc.message));
    }
}

void Router::extend_out_header(InputVc& ivc) {
    const bool popped = ivc.route.branches.front().rewritten.has_value();
    const std::vector<FlitWord> words =
        popped ? popped_dest_list_words(ivc.header_words, config_.header_format) : ivc.header_words;
    for (auto& h : ivc.out_header) h = words;
}

void Router::trace_routed(PortId p, VcId v, Cycle now) {
    InputVc& ivc = inputs_[p].vc(v);
    std::vector<unsigned> ports;
    for (const auto& b : ivc.route.branches) ports.push_back(b.port);
    trace_log_->add(ivc.message, "routed", now,
                    {{"router", name()},
                     {"in_port", p},
                     {"in_vc", v},
                     {"outputs", ports},
                     {"header_flits", ivc.header_flits},
                     {"ready", ivc.ready_at}});
}

void Router::enqueue_requests(PortId p, VcId v) {
    InputVc& ivc = inputs_[p].vc(v);
    const std::size_t n = ivc.route.branches.size();
    ivc.out_vc.assign(n, 0);
    ivc.acquired.assign(n, false);
    // An adaptive branch waits in no OCRQ: it takes whichever of its outputs is available.
    auto enqueue = [&](const RouteBranch& b) {
        if (b.alternatives.none()) ocrqs_[b.port].enqueue({p, v, b.vc_mask});
    };
    if (config_.atomic_ocrq) {
        for (const auto& b : ivc.route.branches) enqueue(b);
        ivc.enqueued = n;
    } else {
        enqueue(ivc.route.branches.front());
        ivc.enqueued = 1;
    }
    ivc.adaptive = std::any_of(ivc.route.branches.begin(), ivc.route.branches.end(),
                               [](const RouteBranch& b) { return b.alternatives.any(); });
    if (ivc.adaptive) adaptive_waiting_.push_back({p, v});
    set_state(p, v, VcState::Waiting);
    changed_ = true;
}

int Router::available_output(const RouteBranch& branch) const {
    auto available = [&](unsigned q) {
        return outputs_[q].free_vc(branch.vc_mask) >= 0 && ocrqs_[q].uncontested(branch.vc_mask);
    };
    if (available(branch.port)) return branch.port;
    for (PortId q : branch.alternative_order)
        if (available(q)) return q;
    if (!branch.alternative_order.empty()) return -1;
    for (unsigned q = branch.alternatives.first(); q != PortSet::kNone;
         q = branch.alternatives.first_from(q + 1))
        if (available(q)) return static_cast<int>(q);
    return -1;
}

bool Router::branch_ready(PortId p, VcId v, const RouteBranch& branch) const {
    if (branch.alternatives.any()) return available_output(branch) >= 0;
    return ocrqs_[branch.port].at_head(p, v) && outputs_[branch.port].free_vc(branch.vc_mask) >= 0;
}

void Router::acquire(PortId p, VcId v, std::size_t branch) {
    InputVc& ivc = inputs_[p].vc(v);
    RouteBranch& b = ivc.route.branches[branch];
    if (b.alternatives.any()) {
        // Adaptive: settle on the output chosen now; from here on it is an ordinary branch.
        const int q = available_output(b);
        if (q < 0)
            throw ModelError(fmt::format("{}: message {} has no output for its adaptive branch",
                                         name(), ivc.message));
        b.port = static_cast<PortId>(q);
        b.alternatives.clear();
    } else {
        ocrqs_[b.port].remove(p, v);
    }
    const int ov = outputs_[b.port].free_vc(b.vc_mask);
    outputs_[b.port].owner(static_cast<VcId>(ov)) = {static_cast<int>(p), static_cast<int>(v)};
    ivc.out_vc[branch] = static_cast<VcId>(ov);
    ivc.acquired[branch] = true;
    changed_ = true;
}

bool Router::take_outputs(PortId p, VcId v, Cycle now) {
    InputVc& ivc = inputs_[p].vc(v);
    auto& branches = ivc.route.branches;
    if (config_.atomic_ocrq) {
        for (const auto& b : branches)
            if (!branch_ready(p, v, b)) {
                blocked_ = true;
                if (trace_log_ && trace_log_->wants(ivc.message)) trace_output_wait(p, v, now);
                return false;
            }
        for (std::size_t b = 0; b < branches.size(); ++b) acquire(p, v, b);
    } else {
        // Blocked: a branch enqueued before this cycle is still without its output (one being
        // enqueued now, a branch a cycle, is not).
        for (std::size_t b = 0; b < ivc.enqueued; ++b)
            if (!ivc.acquired[b]) {
                if (branch_ready(p, v, branches[b]))
                    acquire(p, v, b);
                else
                    blocked_ = true;
            }
        if (ivc.enqueued < branches.size()) {
            changed_ = true;
            const auto& b = branches[ivc.enqueued++];
            if (b.alternatives.none()) ocrqs_[b.port].enqueue({p, v, b.vc_mask});
        }
        bool all = ivc.enqueued == branches.size();
        for (std::size_t b = 0; all && b < branches.size(); ++b) all = ivc.acquired[b];
        if (!all) {
            if (trace_log_ && trace_log_->wants(ivc.message)) trace_output_wait(p, v, now);
            return false;
        }
    }
    start_worm(ivc);
    set_state(p, v, VcState::Active);
    if (trace_log_ && trace_log_->wants(ivc.message)) {
        std::vector<unsigned> ports, vcs;
        for (std::size_t b = 0; b < branches.size(); ++b) {
            ports.push_back(branches[b].port);
            vcs.push_back(ivc.out_vc[b]);
        }
        trace_log_->add(ivc.message, "outputs", now,
                        {{"router", name()}, {"outputs", ports}, {"out_vcs", vcs}});
    }
    return true;
}

void Router::trace_wait(InputVc& ivc, const char* event, nlohmann::ordered_json waits, Cycle now) {
    std::string key = std::string(event) + waits.dump();
    if (key == ivc.traced_wait) return;
    ivc.traced_wait = std::move(key);
    trace_log_->add(ivc.message, event, now, {{"router", name()}, {"waits", std::move(waits)}});
}

void Router::trace_output_wait(PortId p, VcId v, Cycle now) {
    InputVc& ivc = inputs_[p].vc(v);
    nlohmann::ordered_json waits = nlohmann::ordered_json::array();
    auto message_at = [&](int in_port, int in_vc) {
        return inputs_[static_cast<PortId>(in_port)].vc(static_cast<VcId>(in_vc)).message;
    };
    auto explain_port = [&](PortId q, std::uint32_t vc_mask) {
        if (outputs_[q].free_vc(vc_mask) < 0) {
            // Every VC it may use is taken: by the worms that own them.
            for (VcId ov = 0; ov < config_.vcs; ++ov) {
                const OutputVcOwner& owner = outputs_[q].owner(ov);
                if ((vc_mask >> ov & 1u) && !owner.free())
                    waits.push_back({{"output", q},
                                     {"vc", ov},
                                     {"on", "taken"},
                                     {"message", message_at(owner.in_port, owner.in_vc)}});
            }
            return;
        }
        // A VC is free, but an older request for it is ahead in the OCRQ.
        for (const OcrqRequest& r : ocrqs_[q].requests()) {
            if (r.in_port == p && r.in_vc == v) break;
            if (r.vc_mask & vc_mask) {
                waits.push_back(
                    {{"output", q}, {"on", "queue"}, {"message", message_at(r.in_port, r.in_vc)}});
                return;
            }
        }
    };
    for (std::size_t b = 0; b < ivc.route.branches.size(); ++b) {
        const RouteBranch& branch = ivc.route.branches[b];
        if (!ivc.acquired.empty() && ivc.acquired[b]) continue;
        if (branch.alternatives.none()) {
            if (branch_ready(p, v, branch)) continue;
            explain_port(branch.port, branch.vc_mask);
        } else {
            explain_port(branch.port, branch.vc_mask);
            for (unsigned q = branch.alternatives.first(); q != PortSet::kNone;
                 q = branch.alternatives.first_from(q + 1))
                if (q != branch.port) explain_port(static_cast<PortId>(q), branch.vc_mask);
        }
    }
    trace_wait(ivc, "wait_output", std::move(waits), now);
}

void Router::trace_credit_wait(PortId p, VcId v, PortSet blocked, Cycle now) {
    InputVc& ivc = inputs_[p].vc(v);
    nlohmann::ordered_json waits = nlohmann::ordered_json::array();
    for (std::size_t b = 0; b < ivc.route.branches.size(); ++b) {
        const PortId q = ivc.route.branches[b].port;
        if (!blocked.test(q)) continue;
        const VcId ov = ivc.out_vc[b];
        // The next router's buffer for this VC is full of the flits sent before this head.
        waits.push_back(
            {{"output", q}, {"vc", ov}, {"on", "credit"}, {"message", last_sent_[q][ov]}});
    }
    trace_wait(ivc, "wait_credit", std::move(waits), now);
}

void Router::start_worm(InputVc& ivc) {
    ivc.out_header.clear();
    if (ivc.header_complete()) {
        for (const auto& b : ivc.route.branches)
            ivc.out_header.push_back(b.rewritten
                                         ? encode_header(*b.rewritten, config_.header_format)
                                         : ivc.header_words);
        for (const auto& h : ivc.out_header)
            if (h.size() != ivc.out_header.front().size())
                throw ModelError(
                    fmt::format("{}: branches of message {} carry headers of different lengths",
                                name(), ivc.message));
        ivc.out_header_flits = static_cast<std::uint32_t>(ivc.out_header.front().size());
    } else {
        // route_timing fixed, address flits still to come: every branch carries the list without
        // its first destination (absorbed here) or the list as it came.
        const bool popped = ivc.route.branches.front().rewritten.has_value();
        for (const auto& b : ivc.route.branches)
            if (b.rewritten.has_value() != popped)
                throw ModelError(
                    fmt::format("{}: branches of message {} carry different destination lists",
                                name(), ivc.message));
        const std::uint32_t count =
            decode_dest_list_prefix(ivc.header_words, config_.header_format).count;
        ivc.out_header_flits = popped
                                   ? header_flits(Header::dest_list(std::vector<NodeId>(count - 1)),
                                                  config_.header_format)
                                   : ivc.header_flits;
        ivc.out_header.assign(ivc.route.branches.size(), {});
        extend_out_header(ivc);
    }
    // A rewritten header may be shorter (a path worm popped a destination): the latched header
    // flits are replaced by the ones emitted.
    if (monitor_)
        monitor_->flits_in_network += static_cast<std::int64_t>(ivc.out_header_flits) -
                                      static_cast<std::int64_t>(ivc.header_flits);
    ivc.outputs.clear();
    for (const auto& b : ivc.route.branches) ivc.outputs.set(b.port);
    ivc.output_count = ivc.outputs.count();
    if (ivc.route.branches.size() == 1) {
        ivc.unicast_port = ivc.route.branches.front().port;
        ivc.unicast_vc = ivc.out_vc.front();
        ivc.unicast_credits = &outputs_[ivc.unicast_port].credits(ivc.unicast_vc);
    } else {
        ivc.unicast_credits = nullptr;
    }
    ivc.header_sent = 0;
    ivc.forwarded = 0;
}

void Router::allocate_outputs(Cycle now) {
    // Worms whose route is known: a tree operation first waits for the group's token (ATBM);
    // the others enter the OCRQs of their outputs.
    for_each_vc(in_state(VcState::Routing), [&](PortId p, VcId v) {
        InputVc& ivc = inputs_[p].vc(v);
        if (now < ivc.ready_at) return;
        if (token_.enabled() && ivc.route.branches.size() > 1) {
            set_state(p, v, VcState::WaitingToken);
            changed_ = true;
            token_.join(p, v);
            if (trace_log_ && trace_log_->wants(ivc.message)) {
                // Whoever holds the group's token now (a ring stop: a switch of the
                // group).
                const auto holder = token_.ring_holder();
                trace_log_->add(ivc.message, "wait_token", now,
                                {{"router", name()},
                                 {"stop", config_.token_stop},
                                 {"holder_stop", holder ? nlohmann::ordered_json(*holder)
                                                        : nlohmann::ordered_json()}});
            }
        } else {
            enqueue_requests(p, v);
        }
    });
    // Worms wait in the token stop's queue exactly while they are WaitingToken.
    if (in_state(VcState::WaitingToken).any())
        if (const auto granted = token_.grant(now)) {
            const auto [p, v] = *granted;
            inputs_[p].vc(v).holds_token = true;
            if (trace_log_ && trace_log_->wants(inputs_[p].vc(v).message))
                trace_log_->add(inputs_[p].vc(v).message, "token", now, {{"router", name()}});
            enqueue_requests(p, v);
        }
    // A waiting worm takes its outputs. Atomic: when it heads every OCRQ it is in and a VC is free
    // on each. Unsafe: each branch as soon as it heads its OCRQ, one more branch enqueued a cycle.
    // Worms with an adaptive branch choose after the others, oldest first. An adaptive branch
    // never takes an output a queued worm competes for, so with atomic OCRQs the order between
    // the two kinds does not change who gets what (unsafe mode: a branch enqueued this cycle
    // already counts).
    for_each_vc(in_state(VcState::Waiting), [&](PortId p, VcId v) {
        if (!inputs_[p].vc(v).adaptive) take_outputs(p, v, now);
    });
    std::size_t still_waiting = 0;
    for (const auto& [p, v] : adaptive_waiting_)
        if (!take_outputs(p, v, now)) adaptive_waiting_[still_waiting++] = {p, v};
    adaptive_waiting_.resize(still_waiting);
}

Flit Router::next_flit(PortId p, VcId v, Cycle now) {
    InputVc& ivc = inputs_[p].vc(v);
    if (ivc.header_pending()) {
        Flit f;
        f.kind = ivc.header_sent == 0 ? FlitKind::Head : FlitKind::Body;
        f.message = ivc.message;
        f.data = ivc.out_header.front()[ivc.header_sent++];
        return f;
    }
    return pop_flit(p, v, now);
}

Flit Router::pop_flit(PortId p, VcId v, Cycle now) {
    const Flit flit = inputs_[p].pop(v, now);
    driving_inputs_.set(p);  // its credit is on its way
    if (inputs_[p].vc(v).buffer.empty()) buffered_.reset(flat(p, v));
    return flit;
}

void Router::set_state(PortId p, VcId v, VcState state) {
    InputVc& ivc = inputs_[p].vc(v);
    const std::size_t i = flat(p, v);
    in_state_[static_cast<std::size_t>(ivc.state)].reset(i);
    in_state_[static_cast<std::size_t>(state)].set(i);
    ivc.state = state;
}

void Router::traverse(Cycle now) {
    // What each VC asks the switch allocator for: every branch for a real flit (all must have a
    // credit), or, once the header is through, the branches with a credit for bubbles while
    // another branch is blocked (asynchronous replication, Libeskind-Hadas et al. §3.2).
    // Blocked cycles: VCs with a flit ready to leave against those whose flit left (a bubble made
    // for the free branches does not move the worm).
    bool any = false;
    std::size_t ready_to_leave = 0, left = 0;
    for_each_vc(in_state(VcState::Active), [&](PortId p, VcId v) {
        InputVc& ivc = inputs_[p].vc(v);
        if (!ivc.header_pending() && ivc.buffer.empty()) return;
        // route_timing fixed: the next address flit has not come in yet.
        if (ivc.header_pending() && ivc.header_sent >= ivc.out_header.front().size()) return;
        ++ready_to_leave;
        const auto& branches = ivc.route.branches;
        if (ivc.unicast_credits) {  // a unicast worm: its one output's credit decides
            if (ivc.unicast_credits->available()) {
                request_[flat(p, v)] = ivc.outputs;
                ready_[p] |= 1u << v;
                any = true;
            } else if (trace_log_ && ivc.header_pending() && ivc.header_sent == 0 &&
                       trace_log_->wants(ivc.message)) {
                trace_credit_wait(p, v, ivc.outputs, now);
            }
            return;
        }
        PortSet credited;
        for (std::size_t b = 0; b < branches.size(); ++b)
            if (outputs_[branches[b].port].credits(ivc.out_vc[b]).available())
                credited.set(branches[b].port);
        const PortSet& all = ivc.outputs;
        if (trace_log_ && credited != all && ivc.header_pending() && ivc.header_sent == 0 &&
            trace_log_->wants(ivc.message))
            trace_credit_wait(p, v, all.without(credited), now);
        PortSet request;
        if (credited == all) {
            request = all;
        } else if (!ivc.header_pending()) {
            // A branch that has held the flit back gets no bubbles until the flit is
            // replicated: otherwise bubbles on alternating branches can keep their credits
            // out of phase and starve the real flit.
            ivc.bubble_blockers |= all.without(credited);
            request = credited.without(ivc.bubble_blockers);
        }
        if (request.any()) {
            request_[flat(p, v)] = request;
            ready_[p] |= 1u << v;
            any = true;
        }
    });
    if (!any) {
        if (ready_to_leave) blocked_ = true;
        return;
    }
    allocator_.allocate(
        ready_, [this](PortId p, VcId v) -> const PortSet& { return request_[flat(p, v)]; },
        grants_);
    std::fill(ready_.begin(), ready_.end(), 0);
    crossbar_.begin_cycle();
    if (!grants_.empty()) changed_ = true;
    for (const auto& g : grants_) {
        InputVc& ivc = inputs_[g.in_port].vc(g.in_vc);
        const PortSet& all = ivc.outputs;
        const bool bubble_front = !ivc.header_pending() && ivc.buffer.front().is_bubble();
        Flit flit;
        const bool header_flit = ivc.header_pending();
        const std::uint32_t header_index = ivc.header_sent;
        if (g.outputs == all || bubble_front) {
            flit = next_flit(g.in_port, g.in_vc, now);  // a real flit, or a bubble passing through
            ++left;
        } else {
            flit.kind = FlitKind::Bubble;  // fill the free branches while another is blocked
            flit.message = ivc.message;
        }
        // Branch b's copy of the flit to output q, VC out_vc, whose credits are `credits`.
        const auto send = [&](std::size_t b, PortId q, VcId out_vc, CreditCounter& credits) {
            Flit copy = flit;
            copy.vc = out_vc;
            if (header_flit && !flit.is_bubble())
                copy.data = ivc.out_header[b][header_index];  // per-branch header
            credits.consume();
            owed_outputs_.set(q);
            if (trace_log_) last_sent_[q][copy.vc] = copy.message;
            crossbar_.transfer(copy, q, outputs_[q], now);
            driving_outputs_.set(q);
            if (flit.is_tail()) outputs_[q].owner(copy.vc) = OutputVcOwner{};
        };
        if (ivc.unicast_credits) {  // one branch, kept in the VC: its route is not read
            if (g.outputs.test(ivc.unicast_port))
                send(0, ivc.unicast_port, ivc.unicast_vc, *ivc.unicast_credits);
        } else {
            for (std::size_t b = 0; b < ivc.route.branches.size(); ++b) {
                const PortId q = ivc.route.branches[b].port;
                if (g.outputs.test(q))
                    send(b, q, ivc.out_vc[b], outputs_[q].credits(ivc.out_vc[b]));
            }
        }
        if (trace_log_ && (flit.is_bubble() || (header_flit && header_index == 0)) &&
            trace_log_->wants(ivc.message)) {
            std::vector<unsigned> ports, vcs;
            for (std::size_t b = 0; b < ivc.route.branches.size(); ++b)
                if (g.outputs.test(ivc.route.branches[b].port)) {
                    ports.push_back(ivc.route.branches[b].port);
                    vcs.push_back(ivc.out_vc[b]);
                }
            trace_log_->add(
                ivc.message, flit.is_bubble() ? "bubble" : "head", now,
                {{"router", name()}, {"in_port", g.in_port}, {"outputs", ports}, {"out_vcs", vcs}});
        }
        if (flit.is_bubble()) continue;
        ivc.bubble_blockers.clear();
        if (monitor_) {
            monitor_->moved(now);
            // Replication makes copies: flits in the network = injected + copies - consumed.
            // A real flit goes to all its outputs (g.outputs == ivc.outputs).
            monitor_->flits_in_network += static_cast<std::int64_t>(ivc.output_count) - 1;
        }
        ++ivc.forwarded;
        if (ivc.holds_token && token_.sent(flit.is_tail(), ivc.forwarded, now))
            ivc.holds_token = false;
        if (flit.is_tail()) {
            set_state(g.in_port, g.in_vc, VcState::Idle);
            ivc.reset_worm();
        }
    }
    if (left < ready_to_leave) blocked_ = true;
}

void Router::drive_outputs(Cycle now) {
    driving_outputs_.for_each([&](std::size_t index) {
        const auto q = static_cast<PortId>(index);
        OutputUnit& out = outputs_[q];
        Flit flit;
        if (out.due(now, flit) && !dropped_by_fault(now, q, flit)) {
            out_flit_writer_[q].write(flit);
            if (!driven_valid_[q]) out_channels_[q].valid->write(true);
            driven_valid_[q] = 1;
        } else if (driven_valid_[q]) {
            out_channels_[q].valid->write(false);
            driven_valid_[q] = 0;
        }
        if (!driven_valid_[q] && !out.flits_in_flight()) driving_outputs_.reset(q);
    });
    driving_inputs_.for_each([&](std::size_t index) {
        const auto p = static_cast<PortId>(index);
        InputUnit& in = inputs_[p];
        std::uint32_t credits = in.credits_due(now);
        if (!faults_.empty() && credits) credit_fault(now, p, credits);
        if (credits != driven_credit_[p]) {
            in_credit_writer_[p].write(credits);
            driven_credit_[p] = credits;
        }
        if (!credits && !in.credits_in_flight()) driving_inputs_.reset(p);
    });
}

std::optional<std::uint64_t> Router::blocked_cycles(Cycle cycles) const {
    // The count runs to last_evaluated_. A run stopped inside a cycle (the watchdog) may have
    // evaluated `cycles` itself, which is left out; asleep after a blocked cycle, every cycle
    // since was blocked too, up to `cycles`.
    if (active_cycles_ == 0) return 0;
    if (last_evaluated_ >= cycles) return blocked_cycles_ - (blocked_ ? 1 : 0);
    return blocked_cycles_ + (blocked_ ? cycles - last_evaluated_ - 1 : 0);
}

std::size_t Router::add_fault(const LinkFault& fault) {
    const bool on_output = fault.kind != LinkFault::Kind::LoseCredit;
    const PortId ports = on_output ? config_.outputs : config_.inputs;
    if (fault.port >= ports)
        throw ConfigError(fmt::format("{}: no {} {} (it has {})", name(),
                                      on_output ? "output" : "input", fault.port, ports));
    faults_.push_back(fault);
    return faults_.size() - 1;
}

bool Router::flit_fault(Cycle now, PortId q, Flit& flit) {
    if (flit.kind != FlitKind::Tail) return false;
    for (LinkFault& f : faults_) {
        if (f.applied || f.kind == LinkFault::Kind::LoseCredit || f.port != q || now < f.cycle)
            continue;
        f.applied = true;
        f.applied_at = now;
        f.message = flit.message;
        f.vc = flit.vc;
        if (f.kind == LinkFault::Kind::DropFlit) return true;
        flit.data ^= 1U;
        return false;
    }
    return false;
}

void Router::credit_fault(Cycle now, PortId p, std::uint32_t& credits) {
    for (LinkFault& f : faults_) {
        if (f.applied || f.kind != LinkFault::Kind::LoseCredit || f.port != p || now < f.cycle)
            continue;
        f.applied = true;
        f.applied_at = now;
        f.vc = static_cast<VcId>(__builtin_ctz(credits));
        credits &= credits - 1;  // the lowest VC's credit never reaches upstream
        return;
    }
}

std::vector<std::string> Router::missing_credits() const {
    std::vector<std::string> out;
    for (PortId q = 0; q < config_.outputs; ++q)
        for (VcId v = 0; v < outputs_[q].vcs(); ++v) {
            const CreditCounter& c = outputs_[q].credits(v);
            if (!c.full())
                out.push_back(
                    fmt::format("output {} VC {}: {} of {} credits", q, v, c.credits(), c.depth()));
        }
    return out;
}

Cycle Router::next_work(Cycle now) const {
    // A wire that was active may hold the same value next cycle, which raises no event.
    if (saw_input_ || changed_ || driving_outputs_.any() || driving_inputs_.any()) return now + 1;
    // A header flit to latch; a worm waiting for its token (its stop asks the ring every cycle).
    for (std::size_t w = 0; w < buffered_.words(); ++w)
        if (header_work(w)) return now + 1;
    if (in_state(VcState::WaitingToken).any()) return now + 1;
    // Unsafe OCRQs: one more branch enqueued per cycle. (Active worms are blocked on a credit or
    // on flits yet to come.)
    Cycle next = kNever;
    const IndexSet& waiting = in_state(VcState::Waiting);
    const IndexSet& routing = in_state(VcState::Routing);
    for_each_index(
        waiting.words(), [&](std::size_t w) { return waiting.word(w) | routing.word(w); },
        [&](std::size_t i) {
            const InputVc& ivc = inputs_[vc_at_[i].first].vc(vc_at_[i].second);
            if (ivc.state == VcState::Routing)  // allocate_outputs took those ready by now
                next = std::min(next, std::max(ivc.ready_at, now + 1));
            else if (ivc.enqueued < ivc.route.branches.size())
                next = now + 1;
        });
    return next;
}

std::vector<VcWait> Router::waits() const {
    std::vector<VcWait> out;
    for (PortId p = 0; p < config_.inputs; ++p)
        for (VcId v = 0; v < config_.vcs; ++v) {
            const InputVc& ivc = inputs_[p].vc(v);
            if (ivc.state == VcState::Idle && ivc.buffer.empty()) continue;
            VcWait w;
            w.in_port = p;
            w.vc = v;
            w.state = ivc.state;
            w.message = ivc.state == VcState::Idle ? ivc.buffer.front().message : ivc.message;
            w.buffered = ivc.buffer.size();
            if (ivc.state == VcState::Waiting || ivc.state == VcState::Active)
                for (std::size_t b = 0; b < ivc.route.branches.size(); ++b) {
                    const auto& br = ivc.route.branches[b];
                    VcWait::Want want;
                    want.port = br.port;
                    want.vc_mask = br.vc_mask;
                    if (ivc.state == VcState::Waiting && ivc.acquired[b]) continue;  // already held
                    if (ivc.state == VcState::Active) {
                        want.out_vc = ivc.out_vc[b];
                        want.credit_blocked = !outputs_[br.port].credits(ivc.out_vc[b]).available();
                        w.wants.push_back(std::move(want));
                        continue;
                    }
                    // Waiting for an output: its VCs' owners and the competing requests queued
                    // ahead (all of them for an adaptive branch, which waits for any one of its
                    // outputs: one want per output).
                    const bool adaptive = br.alternatives.any();
                    PortSet ports = br.alternatives;
                    ports.set(br.port);
                    ports.for_each([&](unsigned q) {
                        VcWait::Want one = want;
                        one.port = static_cast<PortId>(q);
                        for (VcId ov = 0; ov < config_.vcs; ++ov)
                            if ((br.vc_mask >> ov) & 1U) {
                                const auto& o = outputs_[q].owner(ov);
                                if (!o.free()) one.owners.emplace_back(o.in_port, o.in_vc);
                            }
                        for (const auto& r : ocrqs_[q].requests()) {
                            if (!adaptive && r.in_port == p && r.in_vc == v) break;
                            if (r.vc_mask & br.vc_mask) one.owners.emplace_back(r.in_port, r.in_vc);
                        }
                        w.wants.push_back(std::move(one));
                    });
                }
            out.push_back(std::move(w));
        }
    return out;
}

}  // namespace wormcast
