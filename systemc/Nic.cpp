// Network interface (see Nic.hpp). A send request is turned into worms by the firmware; a send
// engine performs start-ups one at a time (t_s each, round robin across multicasts); a worm whose
// start-up is done takes a free injection channel and streams header then payload flits. One-port:
// one engine for all channels; all-port: one engine per channel, each send on its first hop's.
#include "systemc/Nic.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "systemc/pure/Payload.hpp"

namespace wormcast {

using namespace sc_core;

namespace {
std::vector<NodeId> receivers_of(const Header& h, std::uint32_t nodes) {
    switch (h.kind) {
        case HeaderKind::Unicast:
        case HeaderKind::DestList:
            return h.destinations;
        case HeaderKind::BitString:
            return h.bit_members(nodes);
    }
    return {};
}
}  // namespace

Nic::Nic(sc_module_name name, NicConfig config, std::unique_ptr<Firmware> firmware, sc_time period,
         DeliveryLedger* ledger, ActivityMonitor* monitor, Ticker* ticker)
    : sc_module(name),
      host_in("host_in", this, &Nic::b_transport),
      host_out("host_out"),
      config_(std::move(config)),
      firmware_(std::move(firmware)),
      timer_(period, config_.always_clocked, ticker, this),
      ledger_(ledger),
      monitor_(monitor) {
    if (config_.injection_channels == 0) throw ConfigError("injection_channels must be at least 1");
    if (config_.consumption_channels == 0)
        throw ConfigError("consumption_channels must be at least 1");
    if (config_.t_inj == 0 || config_.t_cons == 0)
        throw ConfigError("t_inj and t_cons must be at least 1 cycle");
    if (!firmware_) throw ConfigError("a NIC needs firmware");
    lanes_.resize(config_.injection_channel ? config_.injection_channels : 1);
    outgoing_.resize(config_.injection_channels);
    inj_credits_.assign(
        config_.injection_channels,
        std::vector<CreditCounter>(config_.vcs, CreditCounter(config_.buffer_depth)));
    incoming_.assign(config_.consumption_channels, std::vector<Incoming>(config_.vcs));
    inj_pipeline_.assign(config_.injection_channels,
                         std::vector<std::pair<bool, Flit>>(config_.t_inj));
    credit_pipeline_.assign(config_.consumption_channels,
                            std::vector<std::uint32_t>(config_.t_cons, 0));
    inj_.resize(config_.injection_channels);
    cons_.resize(config_.consumption_channels);
    driven_valid_.assign(config_.injection_channels, false);
    driven_credit_.assign(config_.consumption_channels, 0);
    SC_METHOD(cycle);
    sensitive << timer_.arm_event();
}

void Nic::bind_injection(unsigned i, const ChannelOut& channel) {
    if (i >= inj_.size() || inj_[i].valid)
        throw ConfigError(
            fmt::format("{}: injection channel {} bound twice or missing", name(), i));
    inj_[i] = channel;
}

void Nic::bind_consumption(unsigned c, const ChannelIn& channel) {
    if (c >= cons_.size() || cons_[c].valid)
        throw ConfigError(
            fmt::format("{}: consumption channel {} bound twice or missing", name(), c));
    cons_[c] = channel;
}

void Nic::end_of_elaboration() {
    for (unsigned i = 0; i < inj_.size(); ++i)
        if (!inj_[i].valid)
            throw ConfigError(fmt::format("{}: injection channel {} is not connected", name(), i));
    for (unsigned c = 0; c < cons_.size(); ++c)
        if (!cons_[c].valid)
            throw ConfigError(
                fmt::format("{}: consumption channel {} is not connected", name(), c));
    for (const ChannelOut& i : inj_) {
        inj_credit_value_.push_back(&i.credit->read());
        inj_flit_writer_.emplace_back(i.flit);
    }
    for (const ChannelIn& c : cons_) {
        cons_valid_value_.push_back(&c.valid->read());
        cons_flit_value_.push_back(&c.flit->read());
        cons_credit_writer_.emplace_back(c.credit);
    }
}

void Nic::b_transport(tlm::tlm_generic_payload& gp, sc_time&) {
    SendDescriptor* d = tlm_object<SendDescriptor>(gp);
    if (!d) return;
    std::vector<NodeId> dests = d->destinations;
    std::sort(dests.begin(), dests.end());
    if (dests.empty())
        throw ConfigError(
            fmt::format("node {}: a send needs at least one destination", config_.node));
    if (std::adjacent_find(dests.begin(), dests.end()) != dests.end())
        throw ConfigError(fmt::format("node {}: a destination is named twice", config_.node));
    for (NodeId n : dests) {
        if (n == config_.node)
            throw ConfigError(fmt::format("node {}: a message to itself", config_.node));
        if (n >= config_.nodes)
            throw ConfigError(
                fmt::format("node {}: destination {} is not in the network", config_.node, n));
    }
    if (d->length == 0) throw ConfigError("message length must be at least 1 flit");
    const std::uint32_t id = next_multicast_++ * config_.nodes + config_.node;
    d->multicast = id;
    MulticastRequest request{id, config_.node, d->destinations, d->length};
    submitted_.push_back({timer_.now(), std::move(request), d->measured});
    submit_event_.notify(SC_ZERO_TIME);
}

const sc_core::sc_event_or_list& Nic::wake_events() {
    // Gathered at the first sleep rather than at elaboration: a link's events are made on first
    // use, and once the simulation runs they need no name in SystemC's object table.
    if (wake_.size() == 0) {
        for (const auto& c : cons_) wake_ |= c.valid->value_changed_event();
        for (const auto& c : inj_) wake_ |= c.credit->value_changed_event();
        wake_ |= submit_event_;
    }
    return wake_;
}

void Nic::reset() {
    for (const auto& c : inj_) c.valid->write(false);
    for (const auto& c : cons_) c.credit->write(0);
}

void Nic::cycle() {
    if (timer_.begin()) run_guarded(monitor_, [this] { evaluate(); });
}

void Nic::on_edge(Cycle now) {
    timer_.begin_edge(now);
    run_guarded(monitor_, [this] { evaluate(); });
    timer_.end_edge();
}

void Nic::evaluate() {
    const Cycle now = timer_.now();
    if (now == 0) {
        reset();
        boot(now);
    }
    consume(now);
    deliver(now);
    accept_requests(now);
    for (Lane& lane : lanes_) run_startup(lane, now);
    inject(now);
    drive(now);
    if (busy_next_cycle()) return timer_.next_cycle();
    const Cycle next = next_timed_event(now);
    if (next == ~Cycle{0})
        timer_.sleep(wake_events());
    else
        timer_.sleep_for(next - now, wake_events());
}

void Nic::consume(Cycle now) {
    saw_input_ = false;
    for (unsigned c = 0; c < config_.consumption_channels; ++c) {
        if (!*cons_valid_value_[c]) continue;
        saw_input_ = true;
        const Flit flit = *cons_flit_value_[c];
        if (flit.vc >= config_.vcs)
            throw ModelError(
                fmt::format("node {}: flit on VC {} of {}", config_.node, flit.vc, config_.vcs));
        auto& pipe = credit_pipeline_[c];
        pipe[(now + pipe.size() - 1) % pipe.size()] |= 1u << flit.vc;
        ++in_flight_;
        if (flit.is_bubble()) {
            ++stats_.bubbles_dropped;
            continue;
        }
        ++stats_.flits_consumed;
        if (monitor_) {
            --monitor_->flits_in_network;
            monitor_->moved(now);
        }
        Incoming& in = incoming_[c][flit.vc];
        auto broken = [&](const std::string& why) {
            ledger_->corruption(fmt::format("node {} channel {} VC {} cycle {}: {} ({})",
                                            config_.node, c, flit.vc, now, why, to_string(flit)));
        };
        if (!in.active) {
            if (!flit.is_head()) {
                broken("a worm started without a head flit");
                continue;
            }
            in = Incoming{true,
                          flit.message,
                          {flit.data},
                          header_flits_from_first(flit.data, config_.header_format),
                          0};
        } else if (flit.message != in.id || flit.is_head()) {
            broken(fmt::format("flit interleaved into message {}", in.id));
            continue;
        } else if (in.header.size() < in.header_flits) {
            in.header.push_back(flit.data);
        } else {
            if (flit.data != payload_word(in.id, in.payload, config_.header_format.flit_width))
                broken(fmt::format("payload flit {} corrupted", in.payload));
            ++in.payload;
        }
        if (!flit.is_tail()) continue;
        in.active = false;
        const MessageRecord* m = ledger_->find_message(in.id);
        if (!m) {
            broken("unknown message");
            continue;
        }
        if (in.payload != m->length || in.header.size() != in.header_flits)
            broken(fmt::format("message {} arrived with {} payload flits, {} were sent", in.id,
                               in.payload, m->length));
        // A path worm's local copy carries the destinations still ahead of it, so only unicast and
        // bit-string headers must name this node; the ledger checks every receiver in any case.
        const Header header = decode_header(in.header, config_.header_format);
        const auto r = receivers_of(header, config_.nodes);
        if (header.kind != HeaderKind::DestList &&
            std::find(r.begin(), r.end(), config_.node) == r.end())
            broken(fmt::format("header {} does not name this node", fmt::streamed(header)));
        ++stats_.messages_received;
        ledger_->tail_arrived(in.id, config_.node, now);
        deliveries_.push_back({now + config_.t_receive, in.id});
    }
}

void Nic::deliver(Cycle now) {
    while (!deliveries_.empty() && deliveries_.front().at <= now) {
        const MessageId id = deliveries_.front().message;
        deliveries_.pop_front();
        // A copy that arrived twice (a problem already recorded) may find its record retired.
        const MessageRecord* m = ledger_->find_message(id);
        if (!m) {
            ledger_->delivered(id);
            continue;
        }
        auto more = firmware_->received(config_.node, m->multicast, m->note.get());
        if (!more.empty()) enqueue_work(m->multicast, std::move(more));
        const auto arrived = m->arrived.find(config_.node);
        const Cycle tail = arrived == m->arrived.end() ? now : arrived->second;
        DeliveryRecord record{m->multicast, id, m->sender, config_.node, tail, now};
        tlm::tlm_generic_payload gp;
        tlm_write(gp, record);
        sc_time zero = SC_ZERO_TIME;
        host_out->b_transport(gp, zero);
        ledger_->delivered(id);  // last: it may retire the record
    }
}

void Nic::boot(Cycle now) {
    auto orders = firmware_->boot(config_.node);
    if (orders.empty()) return;
    // The node's own sends belong to a multicast of no destinations, left out of statistics.
    MulticastRecord record;
    record.id = next_multicast_++ * config_.nodes + config_.node;
    record.source = config_.node;
    record.submitted = now;
    record.measured = false;
    ledger_->add_multicast(record);
    enqueue_work(record.id, std::move(orders));
}

void Nic::accept_requests(Cycle now) {
    // A request written in cycle t is seen in cycle t+1, whatever the process order in cycle t.
    auto first_later =
        std::stable_partition(submitted_.begin(), submitted_.end(),
                              [now](const PendingRequest& r) { return r.submitted < now; });
    for (auto it = submitted_.begin(); it != first_later; ++it) {
        MulticastRecord record;
        record.id = it->request.multicast;
        record.source = config_.node;
        record.destinations = it->request.destinations;
        record.length = it->request.length;
        record.submitted = it->submitted;
        record.measured = it->measured;
        ledger_->add_multicast(record);
        enqueue_work(it->request.multicast, firmware_->start(it->request));
    }
    submitted_.erase(submitted_.begin(), first_later);
}

void Nic::enqueue_work(std::uint32_t multicast, std::vector<SendOrder> orders) {
    ledger_->orders_queued(multicast, orders.size());
    if (lanes_.size() == 1) {
        Work w{multicast, {}};
        for (auto& o : orders) w.orders.push_back(std::move(o));
        lanes_[0].work.push_back(std::move(w));
        return;
    }
    // All-port: each send queues at the engine of the channel its first hop leaves on.
    std::vector<Work> per_lane(lanes_.size(), Work{multicast, {}});
    for (auto& o : orders) {
        const unsigned channel = config_.injection_channel(o.header);
        if (channel >= lanes_.size())
            throw ModelError(fmt::format("node {}: injection channel {} of {}", config_.node,
                                         channel, lanes_.size()));
        per_lane[channel].orders.push_back(std::move(o));
    }
    for (std::size_t l = 0; l < lanes_.size(); ++l)
        if (!per_lane[l].orders.empty()) lanes_[l].work.push_back(std::move(per_lane[l]));
}

void Nic::run_startup(Lane& lane, Cycle now) {
    // With t_startup == 0 a start-up ends in the cycle it begins, so the next send starts at once:
    // a loop, not a recursion (a node may have tens of thousands of sends queued).
    while (start_next_send(lane, now) && config_.t_startup == 0) {
    }
}

bool Nic::start_next_send(Lane& lane, Cycle now) {
    if (lane.starting && lane.startup_done <= now) {
        lane.starting = false;
        lane.ready.push_back(lane.starting_message.id);
        ledger_->add_message(std::move(lane.starting_message));
        lane.starting_message = MessageRecord{};
    }
    if (lane.starting || lane.work.empty()) return false;
    Work w = std::move(lane.work.front());
    lane.work.pop_front();
    const std::uint32_t multicast = w.multicast;
    SendOrder order = std::move(w.orders.front());
    w.orders.pop_front();
    // One-port: round robin across multicasts. All-port: each channel's engine serves its sends
    // in the order the firmware issued them (a schedule's steps stay in order per direction).
    if (!w.orders.empty()) {
        if (lanes_.size() == 1)
            lane.work.push_back(std::move(w));
        else
            lane.work.push_front(std::move(w));
    }

    MessageRecord m;
    m.id = next_message_++ * config_.nodes + config_.node;
    m.multicast = multicast;
    m.sender = config_.node;
    m.receivers = receivers_of(order.header, config_.nodes);
    m.header = std::move(order.header);
    m.length = order.length;
    m.header_flits = header_flits(m.header, config_.header_format);
    m.note = std::move(order.note);
    m.level = order.level;
    m.carries = std::move(order.carries);
    m.startup_begin = now;
    MulticastRecord& mc = ledger_->multicast(multicast);
    if (mc.source == config_.node) mc.first_startup = std::min(mc.first_startup, now);
    ++stats_.startups;
    lane.starting_message = std::move(m);
    lane.starting = true;
    lane.startup_done = now + config_.t_startup;
    return true;
}

void Nic::inject(Cycle now) {
    for (unsigned i = 0; i < config_.injection_channels; ++i) {
        // Credits returned by the router.
        const std::uint32_t credits = *inj_credit_value_[i];
        saw_input_ = saw_input_ || credits;
        for (std::uint32_t mask = credits; mask; mask &= mask - 1)
            inj_credits_[i][static_cast<unsigned>(__builtin_ctz(mask))].release();
        Outgoing& out = outgoing_[i];
        Lane& lane = lane_of_channel(i);
        if (!out.active && !lane.ready.empty()) {
            MessageRecord& m = ledger_->message(lane.ready.front());
            lane.ready.pop_front();
            out = Outgoing{m.id,
                           encode_header(m.header, config_.header_format),
                           m.length,
                           0,
                           static_cast<VcId>(next_vc_),
                           true};
            next_vc_ = (next_vc_ + 1) % config_.vcs;
            ledger_->injected(m, now);
        }
        if (!out.active || !inj_credits_[i][out.vc].available()) continue;
        const std::uint32_t total = static_cast<std::uint32_t>(out.header.size()) + out.length;
        Flit f;
        f.vc = out.vc;
        f.message = out.id;
        if (out.sent < out.header.size()) {
            f.data = out.header[out.sent];
            f.kind = out.sent == 0 ? FlitKind::Head : FlitKind::Body;
        } else {
            f.data = payload_word(out.id, out.sent - static_cast<std::uint32_t>(out.header.size()),
                                  config_.header_format.flit_width);
            f.kind = out.sent + 1 == total ? FlitKind::Tail : FlitKind::Body;
        }
        ++out.sent;
        inj_credits_[i][out.vc].consume();
        auto& pipe = inj_pipeline_[i];
        pipe[(now + pipe.size() - 1) % pipe.size()] = {true, f};
        ++in_flight_;
        ++stats_.flits_injected;
        if (monitor_) {
            ++monitor_->flits_in_network;
            monitor_->moved(now);
        }
        if (out.sent == total) out.active = false;
    }
}

void Nic::drive(Cycle now) {
    for (unsigned i = 0; i < config_.injection_channels; ++i) {
        auto& slot = inj_pipeline_[i][now % inj_pipeline_[i].size()];
        if (slot.first) {
            inj_flit_writer_[i].write(slot.second);
            if (!driven_valid_[i]) inj_[i].valid->write(true);
            driven_valid_[i] = true;
            slot.first = false;
            --in_flight_;
        } else if (driven_valid_[i]) {
            inj_[i].valid->write(false);
            driven_valid_[i] = false;
        }
    }
    for (unsigned c = 0; c < config_.consumption_channels; ++c) {
        auto& slot = credit_pipeline_[c][now % credit_pipeline_[c].size()];
        const std::uint32_t credits = slot;
        in_flight_ -= static_cast<unsigned>(__builtin_popcount(credits));
        slot = 0;
        if (credits != driven_credit_[c]) {
            cons_credit_writer_[c].write(credits);
            driven_credit_[c] = credits;
        }
    }
}

bool Nic::busy_next_cycle() const {
    // A wire that was active may hold the same value next cycle, which raises no event.
    if (saw_input_ || in_flight_ > 0 || !submitted_.empty()) return true;
    for (unsigned i = 0; i < config_.injection_channels; ++i) {
        if (driven_valid_[i]) return true;
        if (outgoing_[i].active && inj_credits_[i][outgoing_[i].vc].available()) return true;
        if (!outgoing_[i].active && !lane_of_channel(i).ready.empty()) return true;
    }
    for (auto c : driven_credit_)
        if (c) return true;
    for (const Lane& lane : lanes_)
        if (!lane.starting && !lane.work.empty()) return true;
    return false;
}

Cycle Nic::next_timed_event(Cycle) const {
    Cycle next = ~Cycle{0};
    for (const Lane& lane : lanes_)
        if (lane.starting) next = std::min(next, lane.startup_done);
    if (!deliveries_.empty()) next = std::min(next, deliveries_.front().at);
    return next;
}

bool Nic::quiescent() const {
    if (!submitted_.empty() || !deliveries_.empty()) return false;
    for (const Lane& lane : lanes_)
        if (!lane.work.empty() || lane.starting || !lane.ready.empty()) return false;
    for (const auto& o : outgoing_)
        if (o.active) return false;
    return in_flight_ == 0;
}

}  // namespace wormcast
