// Router pipeline (see Router.hpp). Per cycle: credits in, flits in, header latch and route
// computation, OCRQ/output-VC allocation, switch allocation and crossbar, link registers out.
// A head arriving in cycle a with an h-flit header is routed by cycle a+h-1, may take its output
// in cycle a+h-1+t_node and is seen downstream t_sw + t_link cycles later (docs/pipeline.md).
#include "systemc/Router.hpp"

#include <fmt/format.h>

namespace wormcast {

using namespace sc_core;

namespace {
std::vector<OutputUnit> make_outputs(const RouterConfig& c) {
    c.validate();
    std::vector<OutputUnit> outs;
    outs.reserve(c.outputs);
    for (PortId q = 0; q < c.outputs; ++q) outs.emplace_back(c.vcs, c.buffer_depth, c.t_sw + c.output_link_latency[q]);
    return outs;
}
}  // namespace

Router::Router(sc_module_name name, RouterConfig config, std::unique_ptr<RoutingFunction> routing, sc_time period,
               ActivityMonitor* monitor)
    : sc_module(name),
      in_valid("in_valid", config.inputs),
      in_flit("in_flit", config.inputs),
      in_credit("in_credit", config.inputs),
      out_valid("out_valid", config.outputs),
      out_flit("out_flit", config.outputs),
      out_credit("out_credit", config.outputs),
      config_(std::move(config)),
      timer_(period, config_.always_clocked),
      monitor_(monitor),
      route_unit_(config_, std::move(routing)),
      outputs_(make_outputs(config_)),
      ocrqs_(config_.outputs),
      allocator_(config_.inputs, config_.outputs, config_.vcs),
      crossbar_(config_.outputs),
      driven_valid_(config_.outputs, false),
      driven_credit_(config_.inputs, 0),
      ready_(config_.inputs, 0) {
    inputs_.reserve(config_.inputs);
    for (PortId p = 0; p < config_.inputs; ++p)
        inputs_.emplace_back(config_.vcs, config_.buffer_depth, config_.input_credit_latency[p]);
    SC_METHOD(cycle);
}

void Router::end_of_elaboration() {
    for (auto& v : in_valid) wake_ |= v.value_changed_event();
    for (auto& c : out_credit) wake_ |= c.value_changed_event();
    for (PortId p = 0; p < config_.inputs; ++p) {
        in_valid_if_.push_back(in_valid[p].operator->());
        in_flit_if_.push_back(in_flit[p].operator->());
        in_credit_if_.push_back(in_credit[p].operator->());
    }
    for (PortId q = 0; q < config_.outputs; ++q) {
        out_valid_if_.push_back(out_valid[q].operator->());
        out_flit_if_.push_back(out_flit[q].operator->());
        out_credit_if_.push_back(out_credit[q].operator->());
    }
}

void Router::reset() {
    for (auto& o : out_valid) o.write(false);
    for (auto& c : in_credit) c.write(0);
}

void Router::cycle() {
    if (!timer_.begin()) return;
    const Cycle now = timer_.now();
    if (now == 0 && active_cycles_ == 0) reset();
    ++active_cycles_;
    receive_credits();
    receive_flits();
    gather_and_route(now);
    allocate_outputs(now);
    traverse(now);
    drive_outputs(now);
    if (has_work()) timer_.next_cycle();
    else timer_.sleep(wake_);
}

void Router::receive_credits() {
    saw_input_ = false;
    for (PortId q = 0; q < config_.outputs; ++q) {
        std::uint32_t mask = out_credit_if_[q]->read();
        saw_input_ = saw_input_ || mask;
        for (; mask; mask &= mask - 1) {
            const auto v = static_cast<VcId>(__builtin_ctz(mask));
            if (v >= config_.vcs)
                throw ModelError(fmt::format("{}: credit for VC {} on output {} which has {} VCs", name(), v, q, config_.vcs));
            try {
                outputs_[q].credits(v).release();
            } catch (const ModelError& e) {
                throw ModelError(fmt::format("{} output {} VC {} cycle {}: {}", name(), q, v, timer_.now(), e.what()));
            }
        }
    }
}

void Router::receive_flits() {
    for (PortId p = 0; p < config_.inputs; ++p) {
        if (!in_valid_if_[p]->read()) continue;
        saw_input_ = true;
        const Flit flit = in_flit_if_[p]->read();
        try {
            inputs_[p].receive(flit);
        } catch (const ModelError& e) {
            throw ModelError(fmt::format("{} input {} cycle {}: {}", name(), p, timer_.now(), e.what()));
        }
    }
}

void Router::gather_and_route(Cycle now) {
    for (PortId p = 0; p < config_.inputs; ++p) {
        InputUnit& in = inputs_[p];
        for (VcId v = 0; v < config_.vcs; ++v) {
            InputVc& ivc = in.vc(v);
            if (ivc.buffer.empty()) continue;
            if (ivc.state == VcState::Idle) {
                const Flit& front = ivc.buffer.front();
                if (!front.is_head())
                    throw ModelError(fmt::format("{} input {} VC {} cycle {}: {} where a head flit was expected", name(),
                                                 p, v, now, to_string(front)));
                const Flit head = in.pop(v, now);
                ivc.message = head.message;
                ivc.header_words.assign(1, head.data);
                ivc.header_flits = header_flits_from_first(head.data, config_.header_format);
                ivc.state = VcState::Gathering;
                if (head.is_tail()) throw ModelError(fmt::format("{}: message {} has no payload flit", name(), head.message));
            } else if (ivc.state == VcState::Gathering) {
                const Flit flit = in.pop(v, now);
                if (flit.message != ivc.message || flit.is_head() || flit.is_tail())
                    throw ModelError(fmt::format("{} input {} VC {} cycle {}: {} inside the header of message {}",
                                                 name(), p, v, now, to_string(flit), ivc.message));
                ivc.header_words.push_back(flit.data);
            } else {
                continue;
            }
            if (ivc.header_words.size() == ivc.header_flits) {
                ivc.header = decode_header(ivc.header_words, config_.header_format);
                ivc.route = route_unit_.route(p, v, ivc.header);
                ivc.ready_at = now + route_unit_.delay(ivc.header);
                ivc.state = VcState::Routing;
            }
        }
    }
}

void Router::allocate_outputs(Cycle now) {
    // Worms whose route is known enter the OCRQs of all their outputs in one step.
    for (PortId p = 0; p < config_.inputs; ++p)
        for (VcId v = 0; v < config_.vcs; ++v) {
            InputVc& ivc = inputs_[p].vc(v);
            if (ivc.state != VcState::Routing || now < ivc.ready_at) continue;
            for (const auto& b : ivc.route.branches) ocrqs_[b.port].enqueue({p, v, b.vc_mask});
            ivc.state = VcState::Waiting;
        }
    // A waiting worm takes its outputs when it heads every OCRQ it is in and a VC is free on each.
    for (PortId p = 0; p < config_.inputs; ++p)
        for (VcId v = 0; v < config_.vcs; ++v) {
            InputVc& ivc = inputs_[p].vc(v);
            if (ivc.state != VcState::Waiting) continue;
            bool all = true;
            for (const auto& b : ivc.route.branches)
                if (!ocrqs_[b.port].at_head(p, v) || outputs_[b.port].free_vc(b.vc_mask) < 0) {
                    all = false;
                    break;
                }
            if (!all) continue;
            ivc.out_vc.clear();
            ivc.out_header.clear();
            for (const auto& b : ivc.route.branches) {
                const int ov = outputs_[b.port].free_vc(b.vc_mask);
                outputs_[b.port].owner(static_cast<VcId>(ov)) = {static_cast<int>(p), static_cast<int>(v)};
                ocrqs_[b.port].remove(p, v);
                ivc.out_vc.push_back(static_cast<VcId>(ov));
                ivc.out_header.push_back(b.rewritten ? encode_header(*b.rewritten, config_.header_format)
                                                     : ivc.header_words);
            }
            ivc.header_sent = 0;
            ivc.state = VcState::Active;
        }
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
    return inputs_[p].pop(v, now);
}

void Router::traverse(Cycle now) {
    // Which VCs have a flit ready whose every branch has a credit.
    bool any = false;
    for (PortId p = 0; p < config_.inputs; ++p) {
        std::uint32_t mask = 0;
        for (VcId v = 0; v < config_.vcs; ++v) {
            const InputVc& ivc = inputs_[p].vc(v);
            if (ivc.state != VcState::Active || (!ivc.header_pending() && ivc.buffer.empty())) continue;
            bool credits = true;
            for (std::size_t b = 0; b < ivc.route.branches.size(); ++b)
                credits = credits && outputs_[ivc.route.branches[b].port].credits(ivc.out_vc[b]).available();
            if (credits) mask |= 1u << v;
        }
        ready_[p] = mask;
        any = any || mask;
    }
    if (!any) return;
    allocator_.allocate(
        ready_,
        [this](PortId p, VcId v) {
            std::uint64_t outs = 0;
            for (const auto& b : inputs_[p].vc(v).route.branches) outs |= std::uint64_t{1} << b.port;
            return outs;
        },
        grants_);
    crossbar_.begin_cycle();
    for (const auto& g : grants_) {
        InputVc& ivc = inputs_[g.in_port].vc(g.in_vc);
        const Flit flit = next_flit(g.in_port, g.in_vc, now);
        for (std::size_t b = 0; b < ivc.route.branches.size(); ++b) {
            const PortId q = ivc.route.branches[b].port;
            Flit copy = flit;
            copy.vc = ivc.out_vc[b];
            outputs_[q].credits(copy.vc).consume();
            crossbar_.transfer(copy, q, outputs_[q], now);
            if (flit.is_tail()) outputs_[q].owner(copy.vc) = OutputVcOwner{};
        }
        if (monitor_) monitor_->moved(now);
        if (flit.is_tail()) ivc.reset_worm();
    }
}

void Router::drive_outputs(Cycle now) {
    for (PortId q = 0; q < config_.outputs; ++q) {
        Flit flit;
        if (outputs_[q].due(now, flit)) {
            out_flit_if_[q]->write(flit);
            if (!driven_valid_[q]) out_valid_if_[q]->write(true);
            driven_valid_[q] = true;
        } else if (driven_valid_[q]) {
            out_valid_if_[q]->write(false);
            driven_valid_[q] = false;
        }
    }
    for (PortId p = 0; p < config_.inputs; ++p) {
        const std::uint32_t credits = inputs_[p].credits_due(now);
        if (credits != driven_credit_[p]) {
            in_credit_if_[p]->write(credits);
            driven_credit_[p] = credits;
        }
    }
}

bool Router::has_work() const {
    // A wire that was active may hold the same value next cycle, which raises no event.
    if (saw_input_) return true;
    for (PortId q = 0; q < config_.outputs; ++q)
        if (driven_valid_[q] || outputs_[q].flits_in_flight()) return true;
    for (PortId p = 0; p < config_.inputs; ++p)
        if (driven_credit_[p] || inputs_[p].credits_in_flight() || inputs_[p].any_buffered()) return true;
    return false;
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
                    if (ivc.state == VcState::Active) {
                        want.out_vc = ivc.out_vc[b];
                        want.credit_blocked = !outputs_[br.port].credits(ivc.out_vc[b]).available();
                    } else {
                        for (VcId ov = 0; ov < config_.vcs; ++ov)
                            if ((br.vc_mask >> ov) & 1U) {
                                const auto& o = outputs_[br.port].owner(ov);
                                if (!o.free()) want.owners.emplace_back(o.in_port, o.in_vc);
                            }
                        // Queued behind earlier requests: they are what it waits for.
                        for (const auto& r : ocrqs_[br.port].requests()) {
                            if (r.in_port == p && r.in_vc == v) break;
                            if (r.vc_mask & br.vc_mask) want.owners.emplace_back(r.in_port, r.in_vc);
                        }
                    }
                    w.wants.push_back(std::move(want));
                }
            out.push_back(std::move(w));
        }
    return out;
}

}  // namespace wormcast
