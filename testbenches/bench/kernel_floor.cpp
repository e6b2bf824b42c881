// The SystemC kernel's floor for this design (docs/performance.md): a real run's kernel-visible
// activity replayed by modules that do nothing else, timed the way wormcast_bench times a run.
//
//   wormcast_kernel_floor [CYCLES] [SEED] [--workload NAME ...] [--list]
//
// Each workload takes two processes. The first runs it as wormcast_bench does (the same network,
// parameters, traffic and seed) and records, from outside the routers and NICs, what the kernel
// sees of the run: each cycle's wire changes (read half a cycle after the edge, when every delta
// of the cycle is over), the cycles each router is evaluated in (its active_cycles count), each
// sleep decided on the ticker's edge (the module's CycleTimer arm event, watched by a probe
// process), each host's submissions (the NIC's submit event). The second builds the same
// scaffolding: the real Ticker, the real LinkWires of the same links and tie-offs, one module per
// router and per NIC with its own SC_METHOD and CycleTimer waking on the same wires, one host
// process per node and the watchdog. A module's cycle writes the changes recorded for its wires,
// then books the next cycle or sleeps as the module it stands for did; it wakes when one of its
// wires changes or its timed sleep ends, exactly as a router does, so the replay checks itself:
// every router must be evaluated in exactly the cycles it was in the real run.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <systemc>

#include "systemc/ActivityMonitor.hpp"
#include "systemc/ChannelWires.hpp"
#include "systemc/CycleTimer.hpp"
#include "systemc/Kernel.hpp"
#include "systemc/LinkWires.hpp"
#include "systemc/Network.hpp"
#include "systemc/Ticker.hpp"
#include "systemc/Watchdog.hpp"
#include "testbenches/bench/MeshRows.hpp"
#include "testbenches/sim/Simulation.hpp"

using namespace wormcast;

namespace {

// ---------------------------------------------------------------------------------------------
// Workloads: wormcast_bench's unicast mesh rows (MeshRows.hpp) without a start-up time. A NIC
// sleeping through a start-up wakes by a timeout in its own process, which nothing outside the NIC
// sees, so the rows with t_s are not offered.

using Workload = bench::MeshRow;

const std::vector<Workload>& workloads() {
    static const std::vector<Workload> all = [] {
        std::vector<Workload> rows;
        for (const Workload& row : bench::mesh_rows())
            if (row.t_startup == 0) rows.push_back(row);
        return rows;
    }();
    return all;
}

// ---------------------------------------------------------------------------------------------
// Layout: the channels of a network in the order Network builds them, who writes each wire and
// who wakes on it. Modules are numbered routers first, then NICs (router count + node).

/// What a bit of a cycle's row of the trace stands for: a wire a module writes (the valid or flit
/// wire of a link it sends on, the credit wire of a link it receives from) changed, or the module
/// went to sleep.
enum class SlotKind : std::uint8_t { valid, flit, credit, sleep };

struct Slot {
    std::uint32_t link;  ///< kNone for a sleep
    SlotKind kind;
};

constexpr std::uint32_t kNone = ~std::uint32_t{0};

struct Layout {
    std::uint32_t routers = 0;
    std::uint32_t nics = 0;
    std::uint32_t modules() const { return routers + nics; }
    /// Per link, the base name Network gives its channel ("r0_0_o1__r1_0_i3", "nic4_inj0",
    /// "r0_0_tie_i2").
    std::vector<std::string> link_names;
    std::vector<std::uint32_t> sender;    ///< module at the link's sending end, kNone: tie-off
    std::vector<std::uint32_t> receiver;  ///< module at its receiving end, kNone: tie-off
    /// Per module, in port order: the links into it (a NIC's consumption channels) and out of it
    /// (a NIC's injection channels).
    std::vector<std::vector<std::uint32_t>> inputs;
    std::vector<std::vector<std::uint32_t>> outputs;
    /// Module m's slots are slots[first_slot[m] .. first_slot[m + 1]): valid and flit of each
    /// output, the credit of each input (the order a router drives them in), then its sleep.
    std::vector<Slot> slots;
    std::vector<std::uint32_t> first_slot;
    /// Per link, the slot of its valid, flit and credit wire (kNone on a tie-off's missing end).
    std::vector<std::uint32_t> valid_slot, flit_slot, credit_slot;
    std::uint32_t row_words() const { return static_cast<std::uint32_t>((slots.size() + 63) / 64); }
};

/// The layout Network (systemc/Network.cpp) builds for `spec`: the spec's links, each node's
/// injection then consumption channels, then each router's unused inputs and outputs tied off.
Layout layout_of(const NetworkSpec& spec) {
    Layout l;
    l.routers = static_cast<std::uint32_t>(spec.routers.size());
    l.nics = static_cast<std::uint32_t>(spec.nodes.size());
    l.inputs.resize(l.modules());
    l.outputs.resize(l.modules());
    for (std::uint32_t r = 0; r < l.routers; ++r) {
        l.inputs[r].assign(spec.routers[r].inputs, kNone);
        l.outputs[r].assign(spec.routers[r].outputs, kNone);
    }
    for (std::uint32_t n = 0; n < l.nics; ++n) {
        l.inputs[l.routers + n].assign(spec.nodes[n].consumption_ports.size(), kNone);
        l.outputs[l.routers + n].assign(spec.nodes[n].injection_ports.size(), kNone);
    }
    auto add = [&](std::string name, std::uint32_t from, std::size_t from_port, std::uint32_t to,
                   std::size_t to_port) {
        const auto link = static_cast<std::uint32_t>(l.link_names.size());
        l.link_names.push_back(std::move(name));
        l.sender.push_back(from);
        l.receiver.push_back(to);
        if (from != kNone) l.outputs[from].at(from_port) = link;
        if (to != kNone) l.inputs[to].at(to_port) = link;
    };
    const auto& routers = spec.routers;
    for (const LinkSpec& s : spec.links)
        add(fmt::format("{}_o{}__{}_i{}", routers[s.from_router].name, s.from_port,
                        routers[s.to_router].name, s.to_port),
            s.from_router, s.from_port, s.to_router, s.to_port);
    for (std::uint32_t n = 0; n < l.nics; ++n) {
        const NodeSpec& ns = spec.nodes[n];
        for (std::size_t i = 0; i < ns.injection_ports.size(); ++i)
            add(fmt::format("nic{}_inj{}", n, i), l.routers + n, i, ns.router,
                ns.injection_ports[i]);
        const auto exit =
            ns.exit_router >= 0 ? static_cast<std::uint32_t>(ns.exit_router) : ns.router;
        for (std::size_t c = 0; c < ns.consumption_ports.size(); ++c)
            add(fmt::format("nic{}_cons{}", n, c), exit, ns.consumption_ports[c], l.routers + n, c);
    }
    for (std::uint32_t r = 0; r < l.routers; ++r) {
        for (std::size_t p = 0; p < l.inputs[r].size(); ++p)
            if (l.inputs[r][p] == kNone)
                add(fmt::format("{}_tie_i{}", routers[r].name, p), kNone, 0, r, p);
        for (std::size_t q = 0; q < l.outputs[r].size(); ++q)
            if (l.outputs[r][q] == kNone)
                add(fmt::format("{}_tie_o{}", routers[r].name, q), r, q, kNone, 0);
    }
    const std::size_t links = l.link_names.size();
    l.valid_slot.assign(links, kNone);
    l.flit_slot.assign(links, kNone);
    l.credit_slot.assign(links, kNone);
    auto slot = [&](std::uint32_t link, SlotKind kind, std::vector<std::uint32_t>& of) {
        of[link] = static_cast<std::uint32_t>(l.slots.size());
        l.slots.push_back({link, kind});
    };
    for (std::uint32_t m = 0; m < l.modules(); ++m) {
        l.first_slot.push_back(static_cast<std::uint32_t>(l.slots.size()));
        for (std::uint32_t link : l.outputs[m]) {
            slot(link, SlotKind::valid, l.valid_slot);
            slot(link, SlotKind::flit, l.flit_slot);
        }
        for (std::uint32_t link : l.inputs[m]) slot(link, SlotKind::credit, l.credit_slot);
        l.slots.push_back({kNone, SlotKind::sleep});
        if (l.slots.size() - l.first_slot.back() > 64)
            throw ConfigError("kernel floor: a module writes more than 63 wires");
    }
    l.first_slot.push_back(static_cast<std::uint32_t>(l.slots.size()));
    return l;
}

// ---------------------------------------------------------------------------------------------
// The trace of a run: what the replay needs, and what it is checked against.

/// A sleep: the cycle it was decided in and its length (0: until a wire or a submission wakes
/// the module).
struct Sleep {
    std::uint32_t cycle;
    std::uint32_t cycles;
};

struct Trace {
    std::uint64_t cycles = 0;  ///< simulated cycles of the run (RunResult::cycles)
    std::uint64_t row_words = 0;
    /// One row per cycle, one bit per slot: the wire changed in that cycle, the module went to
    /// sleep in it.
    std::vector<std::uint64_t> changes;
    /// Every module's sleeps in cycle order, module m's from sleep_begin[m] to sleep_begin[m + 1]
    /// (the row's bit says when; this, for how long).
    std::vector<Sleep> sleeps;
    std::vector<std::uint64_t> sleep_begin;
    /// Every node's submission cycles (a cycle its host handed the NIC at least one send), node
    /// n's from submit_begin[n].
    std::vector<std::uint32_t> submits;
    std::vector<std::uint64_t> submit_begin;
    /// Per router: cycles evaluated, and a digest of which.
    std::vector<std::uint64_t> router_evaluations;
    std::vector<std::uint64_t> router_digest;
    /// Recorded facts the timer's rules do not explain (a router evaluated without being booked
    /// or woken, a wire without a writer that changed, ...): 0 in a faithful recording.
    std::uint64_t unexplained = 0;
};

std::uint64_t digest_step(std::uint64_t digest, Cycle cycle) {
    return (digest ^ cycle) * 0x100000001b3ULL;
}

std::uint32_t cycle32(Cycle c) {
    if (c > 0xffffffffULL) throw ConfigError("kernel floor: runs of at most 2^32 cycles");
    return static_cast<std::uint32_t>(c);
}

template <typename T>
void write_vector(std::FILE* f, const std::vector<T>& v) {
    const std::uint64_t n = v.size();
    if (std::fwrite(&n, sizeof n, 1, f) != 1 ||
        (n && std::fwrite(v.data(), sizeof(T), v.size(), f) != v.size()))
        throw std::runtime_error("kernel floor: cannot write the trace");
}

template <typename T>
void read_vector(std::FILE* f, std::vector<T>& v) {
    std::uint64_t n = 0;
    if (std::fread(&n, sizeof n, 1, f) != 1) throw std::runtime_error("kernel floor: short trace");
    v.resize(n);
    if (n && std::fread(v.data(), sizeof(T), v.size(), f) != v.size())
        throw std::runtime_error("kernel floor: short trace");
}

void write_trace(std::FILE* f, const Trace& t) {
    write_vector(f, std::vector<std::uint64_t>{t.cycles, t.row_words, t.unexplained});
    write_vector(f, t.changes);
    write_vector(f, t.sleeps);
    write_vector(f, t.sleep_begin);
    write_vector(f, t.submits);
    write_vector(f, t.submit_begin);
    write_vector(f, t.router_evaluations);
    write_vector(f, t.router_digest);
    if (std::fflush(f) != 0) throw std::runtime_error("kernel floor: cannot write the trace");
}

Trace read_trace(std::FILE* f) {
    Trace t;
    std::vector<std::uint64_t> head;
    read_vector(f, head);
    if (head.size() != 3) throw std::runtime_error("kernel floor: bad trace");
    t.cycles = head[0];
    t.row_words = head[1];
    t.unexplained = head[2];
    read_vector(f, t.changes);
    read_vector(f, t.sleeps);
    read_vector(f, t.sleep_begin);
    read_vector(f, t.submits);
    read_vector(f, t.submit_begin);
    read_vector(f, t.router_evaluations);
    read_vector(f, t.router_digest);
    return t;
}

/// Bits [first, first + count) of a row (count <= 64), bit 0 the first.
std::uint64_t row_bits(const std::uint64_t* row, std::uint32_t first, std::uint32_t count) {
    const std::uint32_t word = first >> 6, offset = first & 63;
    std::uint64_t bits = row[word] >> offset;
    if (offset && offset + count > 64) bits |= row[word + 1] << (64 - offset);
    return count == 64 ? bits : bits & ((std::uint64_t{1} << count) - 1);
}

// ---------------------------------------------------------------------------------------------
// Recording a real run.

/// Notes the cycle of each notification of one event (a module's sleep, a node's submission).
class EventProbe : public sc_core::sc_module {
  public:
    EventProbe(sc_core::sc_module_name name, const sc_core::sc_event& event,
               sc_core::sc_time period, std::vector<std::uint32_t>& cycles)
        : sc_module(name), period_(period), cycles_(cycles) {
        SC_METHOD(seen);
        sensitive << event;
        dont_initialize();
    }

  private:
    SC_HAS_PROCESS(EventProbe);
    void seen() {
        const std::uint32_t now = cycle32(sc_core::sc_time_stamp().value() / period_.value());
        if (cycles_.empty() || cycles_.back() != now) cycles_.push_back(now);
    }
    sc_core::sc_time period_;
    std::vector<std::uint32_t>& cycles_;
};

/// Watches a network run and turns what it saw into a Trace.
class Recorder : public sc_core::sc_module {
  public:
    Recorder(sc_core::sc_module_name name, Network& network, const Layout& layout)
        : sc_module(name),
          network_(network),
          layout_(layout),
          period_(network.clock()),
          edge_sleeps_(layout.modules()),
          submits_(layout.nics),
          evaluations_(layout.routers),
          last_active_(layout.routers, 0),
          valid_(layout.link_names.size(), false),
          flit_(layout.link_names.size()),
          credit_(layout.link_names.size(), 0) {
        const auto& links = network.links();
        if (links.size() != layout.link_names.size())
            throw ModelError("kernel floor: the network's links are not the layout's");
        for (std::size_t i = 0; i < links.size(); ++i)
            if (links[i]->valid.basename() != layout.link_names[i] + "_valid")
                throw ModelError(fmt::format("kernel floor: link {} is {}, the layout has {}", i,
                                             links[i]->valid.basename(), layout.link_names[i]));
        // A sleep decided on the ticker's edge notifies the module's CycleTimer arm event.
        for (std::uint32_t r = 0; r < layout.routers; ++r)
            probes_.push_back(std::make_unique<EventProbe>(fmt::format("sleep_r{}", r).c_str(),
                                                           network.router(r).sleep_armed_event(),
                                                           period_, edge_sleeps_[r]));
        for (std::uint32_t n = 0; n < layout.nics; ++n) {
            const Nic& nic = network.nic(n);
            probes_.push_back(std::make_unique<EventProbe>(fmt::format("sleep_n{}", n).c_str(),
                                                           nic.sleep_armed_event(), period_,
                                                           edge_sleeps_[layout.routers + n]));
            probes_.push_back(std::make_unique<EventProbe>(
                fmt::format("submit_n{}", n).c_str(), nic.submit_event(), period_, submits_[n]));
        }
        SC_METHOD(poll);
    }

    /// The trace of the run's first `cycles` cycles.
    Trace trace(Cycle cycles);

  private:
    SC_HAS_PROCESS(Recorder);
    /// Half a cycle after each edge: which wires changed in the cycle, which routers ran.
    void poll();
    void changed(std::uint32_t slot, std::uint64_t* row) {
        if (slot == kNone) {
            ++unexplained_;
            return;
        }
        row[slot >> 6] |= std::uint64_t{1} << (slot & 63);
    }
    /// Router r's sleeps, from its evaluations, its sleeps seen on the edge and its wake-ups.
    void router_sleeps(std::uint32_t r, Cycle cycles, const std::vector<std::uint32_t>& woken,
                       std::vector<Sleep>& out);

    Network& network_;
    const Layout& layout_;
    sc_core::sc_time period_;
    std::vector<std::unique_ptr<EventProbe>> probes_;
    std::vector<std::vector<std::uint32_t>> edge_sleeps_;  ///< per module
    std::vector<std::vector<std::uint32_t>> submits_;      ///< per node
    std::vector<std::vector<std::uint32_t>> evaluations_;  ///< per router
    std::vector<std::uint64_t> last_active_;
    std::vector<bool> valid_;  ///< every wire's value at the last poll
    std::vector<Flit> flit_;
    std::vector<std::uint32_t> credit_;
    std::vector<std::uint64_t> changes_;
    bool started_ = false;
    std::uint64_t unexplained_ = 0;
};

void Recorder::poll() {
    if (!started_) {  // time 0, before the first edge has settled
        started_ = true;
        next_trigger(period_ / 2.0);
        return;
    }
    const Cycle now = sc_core::sc_time_stamp().value() / period_.value();
    const std::uint64_t words = layout_.row_words();
    changes_.resize((now + 1) * words, 0);
    std::uint64_t* row = changes_.data() + now * words;
    const auto& links = network_.links();
    for (std::size_t i = 0; i < links.size(); ++i) {
        const LinkWires& w = *links[i];
        if (w.valid.read() != valid_[i]) {
            valid_[i] = w.valid.read();
            changed(layout_.valid_slot[i], row);
        }
        if (!(w.flit.read() == flit_[i])) {
            flit_[i] = w.flit.read();
            changed(layout_.flit_slot[i], row);
        }
        if (w.credit.read() != credit_[i]) {
            credit_[i] = w.credit.read();
            changed(layout_.credit_slot[i], row);
        }
    }
    for (std::uint32_t r = 0; r < layout_.routers; ++r) {
        const std::uint64_t active = network_.router(r).active_cycles();
        if (active == last_active_[r]) continue;
        if (active != last_active_[r] + 1) ++unexplained_;  // at most one evaluation a cycle
        last_active_[r] = active;
        evaluations_[r].push_back(cycle32(now));
    }
    next_trigger(period_);
}

void Recorder::router_sleeps(std::uint32_t r, Cycle cycles, const std::vector<std::uint32_t>& woken,
                             std::vector<Sleep>& out) {
    // A router evaluated in cycle c on the ticker's edge either booked c+1 or slept, and a sleep
    // decided there notified its arm event (seen). An evaluation in its own process (cycle 0, or
    // a timed wake-up) arms a sleep without the event: it slept if it was not evaluated in c+1.
    // After a sleep in c, one of its wires changing in cycle w >= c wakes it for w+1; evaluated
    // in c' before that, it was a timed sleep of c'-c cycles, and c' runs in its own process.
    const std::vector<std::uint32_t>& evaluated = evaluations_[r];
    const std::vector<std::uint32_t>& seen = edge_sleeps_[r];
    std::size_t next_seen = 0;
    bool in_process = true;  // the first evaluation, cycle 0, runs in the module's process
    for (std::size_t i = 0; i < evaluated.size(); ++i) {
        const std::uint32_t c = evaluated[i];
        const bool last = i + 1 == evaluated.size();
        const Cycle next = last ? cycles : evaluated[i + 1];
        while (next_seen < seen.size() && seen[next_seen] < c) {  // a sleep without evaluation
            ++unexplained_;
            ++next_seen;
        }
        const bool seen_here = next_seen < seen.size() && seen[next_seen] == c;
        if (seen_here) ++next_seen;
        if (in_process && seen_here) ++unexplained_;
        const bool slept = in_process ? next != Cycle{c} + 1 : seen_here;
        if (!slept) {
            if (next != Cycle{c} + 1 && Cycle{c} + 1 < cycles) ++unexplained_;  // booked, not run
            in_process = false;
            continue;
        }
        const auto w = std::lower_bound(woken.begin(), woken.end(), c);
        const Cycle wake = w == woken.end() ? ~Cycle{0} : Cycle{*w} + 1;
        if (!last && next < Cycle{c} + 2 && next < wake) ++unexplained_;  // a 1-cycle sleep
        if (last || next == wake || next >= cycles) {
            out.push_back({c, 0});
            in_process = false;
        } else if (next < wake) {
            out.push_back({c, cycle32(next - c)});
            in_process = true;
        } else {
            ++unexplained_;  // a wire it waits on changed and it did not wake
            out.push_back({c, 0});
            in_process = false;
        }
    }
    unexplained_ += seen.size() - next_seen;
}

Trace Recorder::trace(Cycle cycles) {
    Trace t;
    t.cycles = cycles;
    t.row_words = layout_.row_words();
    changes_.resize(cycles * t.row_words, 0);  // the cycles run after the result are not kept
    t.changes = std::move(changes_);
    // Which modules each cycle's changes wake: the receiver of a valid wire, the sender of a
    // credit wire (nobody waits on a flit wire).
    std::vector<std::vector<std::uint32_t>> woken(layout_.modules());
    for (Cycle c = 0; c < cycles; ++c) {
        const std::uint64_t* row = t.changes.data() + c * t.row_words;
        for (std::uint64_t word = 0; word < t.row_words; ++word)
            for (std::uint64_t bits = row[word]; bits; bits &= bits - 1) {
                const Slot& s = layout_.slots[word * 64 + std::uint64_t(__builtin_ctzll(bits))];
                const std::uint32_t m = s.kind == SlotKind::valid    ? layout_.receiver[s.link]
                                        : s.kind == SlotKind::credit ? layout_.sender[s.link]
                                                                     : kNone;
                if (m == kNone) continue;
                if (woken[m].empty() || woken[m].back() != c) woken[m].push_back(cycle32(c));
            }
    }
    for (std::uint32_t r = 0; r < layout_.routers; ++r) {
        std::uint64_t digest = 0, count = 0;
        for (std::uint32_t c : evaluations_[r])
            if (c < cycles) {
                digest = digest_step(digest, c);
                ++count;
            }
        t.router_evaluations.push_back(count);
        t.router_digest.push_back(digest);
    }
    for (std::uint32_t m = 0; m < layout_.modules(); ++m) {
        t.sleep_begin.push_back(t.sleeps.size());
        std::vector<Sleep> sleeps;
        if (m < layout_.routers) {
            router_sleeps(m, cycles, woken[m], sleeps);
        } else {
            // A NIC's cycle 0 runs in its process and sleeps there (a host's submission in
            // cycle 0 wakes it for cycle 1, as a booking would); every later sleep is decided
            // on the edge (no start-up or receive time: no timed sleep) and seen.
            sleeps.push_back({0, 0});
            for (std::uint32_t c : edge_sleeps_[m])
                if (c > 0) sleeps.push_back({c, 0});
        }
        const std::uint32_t bit = layout_.first_slot[m + 1] - 1;
        for (const Sleep& s : sleeps) {
            if (s.cycle >= cycles) continue;
            t.sleeps.push_back(s);
            t.changes[s.cycle * t.row_words + (bit >> 6)] |= std::uint64_t{1} << (bit & 63);
        }
    }
    t.sleep_begin.push_back(t.sleeps.size());
    for (std::uint32_t n = 0; n < layout_.nics; ++n) {
        t.submit_begin.push_back(t.submits.size());
        for (std::uint32_t c : submits_[n])
            if (c < cycles) t.submits.push_back(c);
    }
    t.submit_begin.push_back(t.submits.size());
    t.unexplained = unexplained_;
    return t;
}

/// Runs `w` as wormcast_bench does, recording it.
Trace record(const Workload& w, Cycle cycles, std::uint64_t seed, const Layout& layout) {
    const NetworkParams p = bench::params(w);
    sim::RunOptions o;
    o.seed = seed;
    o.measure = cycles;
    sim::Simulation simulation(bench::network(w), p, o);
    simulation.attach_traffic(bench::send_plan(w, cycles, seed));
    // Leaked with the kernel context, as the network is (Simulation.cpp).
    auto* recorder = new Recorder("floor_recorder", simulation.network(), layout);
    simulation.run_traffic();
    const sim::RunResult r = simulation.finish();
    if (!r.ok()) throw ModelError(fmt::format("kernel floor: {}: the recorded run failed", w.name));
    return recorder->trace(r.cycles);
}

// ---------------------------------------------------------------------------------------------
// The replay: the same scaffolding, with modules that only do what the kernel sees.

/// What the replay's modules did, summed.
struct ReplayCounts {
    std::uint64_t router_evaluations = 0;
    std::uint64_t nic_evaluations = 0;
    std::uint64_t writes = 0;  ///< wire changes written
    std::uint64_t sleeps = 0;
    std::uint64_t event_wakes = 0;
    std::uint64_t timed_wakes = 0;
    std::uint64_t submissions = 0;    ///< host activations that submitted
    std::uint64_t missed_sleeps = 0;  ///< recorded sleeps not taken in their cycle
};

/// A router or NIC reduced to its kernel-visible actions: its cycle writes the wires that
/// changed in the recorded cycle, then books the next cycle or sleeps as recorded.
class FloorModule : public sc_core::sc_module, private Clocked {
  public:
    FloorModule(sc_core::sc_module_name name, sc_core::sc_time period, Ticker& ticker,
                const Trace& trace, const Layout& layout, std::uint32_t index, bool is_nic)
        : sc_module(name),
          timer_(period, false, &ticker, this),
          trace_(trace),
          index_(index),
          first_slot_(layout.first_slot[index]),
          wire_count_(layout.first_slot[index + 1] - layout.first_slot[index] - 1),
          sleep_(trace.sleeps.data() + trace.sleep_begin[index]),
          sleep_end_(trace.sleeps.data() + trace.sleep_begin[index + 1]) {
        if (is_nic) submit_ = std::make_unique<sc_core::sc_event>();
        SC_METHOD(cycle);
        sensitive << timer_.arm_event();
    }
    /// Connects the module to its links, once they are all built (as Network binds its routers).
    void bind(const Layout& layout, const std::vector<std::unique_ptr<LinkWires>>& wires) {
        for (std::uint32_t s = first_slot_; s < first_slot_ + wire_count_; ++s) {
            const Slot& slot = layout.slots[s];
            LinkWires& w = *wires[slot.link];
            Write write;
            write.kind = slot.kind;
            if (slot.kind == SlotKind::valid) write.valid_wire = w.sending_end().valid;
            if (slot.kind == SlotKind::flit) write.flit_wire = w.sending_end().flit;
            if (slot.kind == SlotKind::credit) write.credit_wire = w.receiving_end().credit;
            writes_.push_back(write);
        }
        for (std::uint32_t link : layout.inputs[index_])
            inputs_.push_back(wires[link]->receiving_end());
        for (std::uint32_t link : layout.outputs[index_])
            outputs_.push_back(wires[link]->sending_end());
    }

    /// The event a host's submission notifies (a NIC's submit event); null for a router.
    sc_core::sc_event* submit_event() { return submit_.get(); }
    std::uint64_t evaluations() const { return evaluations_; }
    std::uint64_t digest() const { return digest_; }
    void add_counts(ReplayCounts& c) const {
        (submit_ ? c.nic_evaluations : c.router_evaluations) += evaluations_;
        c.writes += writes_done_;
        c.sleeps += sleeps_;
        c.event_wakes += event_wakes_;
        c.timed_wakes += timed_wakes_;
        c.missed_sleeps += missed_sleeps_ + static_cast<std::uint64_t>(sleep_end_ - sleep_);
    }

  private:
    SC_HAS_PROCESS(FloorModule);
    /// A wire it writes, and the value it last wrote there (16 bytes: a router's write table
    /// is about as small as its table of channels).
    struct Write {
        SlotKind kind = SlotKind::valid;
        bool valid = false;
        std::uint32_t credit = 0;
        union {
            sc_core::sc_signal_inout_if<bool>* valid_wire;
            sc_core::sc_signal_inout_if<Flit>* flit_wire;
            sc_core::sc_signal_inout_if<std::uint32_t>* credit_wire;
        };
    };

    void cycle() {
        if (arming_) {  // the arming of a sleep decided on the edge
            arming_ = false;
            timer_.begin();
            return;
        }
        const bool was_asleep = asleep_;
        asleep_ = false;
        if (timer_.begin()) {
            if (was_asleep) ++timed_wakes_;
            evaluate(timer_.now(), false);
        } else if (was_asleep) {
            ++event_wakes_;
        }
    }
    void on_edge(Cycle now) override {
        timer_.begin_edge(now);
        evaluate(now, true);
        timer_.end_edge();
    }
    void evaluate(Cycle now, bool on_edge) {
        ++evaluations_;
        digest_ = digest_step(digest_, now);
        // One load of the cycle's row (shared by every module, in cache) says which of its wires
        // changed and whether it sleeps.
        std::uint64_t bits = 0;
        if (now < trace_.cycles)
            bits = row_bits(trace_.changes.data() + now * trace_.row_words, first_slot_,
                            wire_count_ + 1);
        const std::uint64_t sleep_bit = std::uint64_t{1} << wire_count_;
        for (std::uint64_t wires = bits & ~sleep_bit; wires; wires &= wires - 1)
            write(writes_[static_cast<std::size_t>(__builtin_ctzll(wires))]);
        if (!(bits & sleep_bit)) return timer_.next_cycle();
        std::uint32_t cycles = 0;
        if (sleep_ != sleep_end_ && sleep_->cycle == now)
            cycles = (sleep_++)->cycles;
        else
            ++missed_sleeps_;
        ++sleeps_;
        asleep_ = true;
        arming_ = on_edge;
        if (cycles)
            timer_.sleep_for(cycles, wake_events());
        else
            timer_.sleep(wake_events());
    }
    void write(Write& w) {
        ++writes_done_;
        switch (w.kind) {
            case SlotKind::valid:
                w.valid = !w.valid;
                w.valid_wire->write(w.valid);
                break;
            case SlotKind::flit: {
                Flit f;
                f.data = ++flits_;  // a value the wire has not held
                w.flit_wire->write(f);
                break;
            }
            case SlotKind::credit:
                w.credit = w.credit ? 0 : 1;
                w.credit_wire->write(w.credit);
                break;
            case SlotKind::sleep:  // not a wire: never in the write table
                break;
        }
    }
    /// The router's and the NIC's: their inputs' valid and outputs' credit wires (and a NIC's
    /// submissions), gathered at the first sleep.
    const sc_core::sc_event_or_list& wake_events() {
        if (wake_.size() == 0) {
            for (const auto& c : inputs_) wake_ |= c.valid->value_changed_event();
            for (const auto& c : outputs_) wake_ |= c.credit->value_changed_event();
            if (submit_) wake_ |= *submit_;
        }
        return wake_;
    }

    CycleTimer timer_;
    const Trace& trace_;
    std::uint32_t index_;
    std::uint32_t first_slot_;
    std::uint32_t wire_count_;  ///< its slots: these wires, then its sleep
    const Sleep* sleep_;
    const Sleep* sleep_end_;
    std::vector<Write> writes_;
    std::vector<ChannelIn> inputs_;
    std::vector<ChannelOut> outputs_;
    std::unique_ptr<sc_core::sc_event> submit_;
    sc_core::sc_event_or_list wake_;
    bool asleep_ = false;
    bool arming_ = false;
    FlitWord flits_ = 0;
    std::uint64_t evaluations_ = 0, digest_ = 0, writes_done_ = 0, sleeps_ = 0;
    std::uint64_t event_wakes_ = 0, timed_wakes_ = 0, missed_sleeps_ = 0;
};

/// A traffic host reduced to its process: woken at each recorded submission cycle, it notifies
/// its NIC's submit event, as the NIC's b_transport does.
class FloorHost : public sc_core::sc_module {
  public:
    FloorHost(sc_core::sc_module_name name, sc_core::sc_time period, const std::uint32_t* begin,
              const std::uint32_t* end, sc_core::sc_event& submit)
        : sc_module(name), period_(period), next_(begin), end_(end), submit_(submit) {
        if (next_ != end_) SC_METHOD(run);
    }
    std::uint64_t submissions() const { return submissions_; }

  private:
    SC_HAS_PROCESS(FloorHost);
    void run() {
        while (next_ != end_) {
            const sc_core::sc_time at = period_ * static_cast<double>(*next_);
            if (at > sc_core::sc_time_stamp()) return next_trigger(at - sc_core::sc_time_stamp());
            submit_.notify(sc_core::SC_ZERO_TIME);
            ++submissions_;
            ++next_;
        }
    }
    sc_core::sc_time period_;
    const std::uint32_t* next_;
    const std::uint32_t* end_;
    sc_core::sc_event& submit_;
    std::uint64_t submissions_ = 0;
};

/// The replay's network: the ticker, the links and the modules, named as Network names them.
class FloorNetwork : public sc_core::sc_module {
  public:
    FloorNetwork(sc_core::sc_module_name name, const NetworkSpec& spec, const Layout& layout,
                 const Trace& trace, const NetworkParams& params)
        : sc_module(name),
          clock_(params.clock_ns, sc_core::SC_NS),
          ticker_(std::make_unique<Ticker>("ticker", clock_)) {
        // Built in Network's order: the routers, the links between them, each NIC followed by
        // its channels, the tie-offs.
        modules_.resize(layout.modules());
        for (std::uint32_t r = 0; r < layout.routers; ++r)
            modules_[r] = std::make_unique<FloorModule>(spec.routers[r].name.c_str(), clock_,
                                                        *ticker_, trace, layout, r, false);
        for (std::size_t link = 0; link < layout.link_names.size(); ++link) {
            for (std::uint32_t m : {layout.sender[link], layout.receiver[link]})
                if (m != kNone && m >= layout.routers && !modules_[m])
                    modules_[m] = std::make_unique<FloorModule>(
                        fmt::format("nic{}", m - layout.routers).c_str(), clock_, *ticker_, trace,
                        layout, m, true);
            wires_.push_back(std::make_unique<LinkWires>(layout.link_names[link]));
        }
        for (std::uint32_t m = 0; m < layout.modules(); ++m) {
            if (!modules_[m])
                throw ModelError(fmt::format("kernel floor: module {} has no link", m));
            modules_[m]->bind(layout, wires_);
        }
        watchdog_ = std::make_unique<Watchdog>("watchdog", &monitor_, params.watchdog_cycles,
                                               clock_, [] { return std::string(); });
    }
    sc_core::sc_time clock() const { return clock_; }
    FloorModule& module(std::uint32_t m) { return *modules_[m]; }

  private:
    sc_core::sc_time clock_;
    ActivityMonitor monitor_;  ///< holds no flits: the watchdog only wakes and looks
    std::unique_ptr<Ticker> ticker_;
    std::vector<std::unique_ptr<LinkWires>> wires_;
    std::vector<std::unique_ptr<FloorModule>> modules_;
    std::unique_ptr<Watchdog> watchdog_;
};

double seconds_now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

/// Replays `trace` and prints the workload's row; true if the replay ran every router in exactly
/// its recorded cycles, wrote every recorded change and took every recorded sleep.
bool replay(const Workload& w, const Layout& layout, const Trace& trace) {
    fresh_kernel();
    const NetworkSpec spec = bench::network(w);
    const NetworkParams params = bench::params(w);
    // Leaked with the kernel context, as Simulation leaks its network.
    auto* net = new FloorNetwork("net", spec, layout, trace, params);
    std::vector<FloorHost*> hosts;
    for (std::uint32_t n = 0; n < layout.nics; ++n)
        hosts.push_back(new FloorHost(fmt::format("host{}", n).c_str(), net->clock(),
                                      trace.submits.data() + trace.submit_begin[n],
                                      trace.submits.data() + trace.submit_begin[n + 1],
                                      *net->module(layout.routers + n).submit_event()));
    const double start = seconds_now();
    sc_core::sc_start(net->clock() * static_cast<double>(trace.cycles));
    const double wall = seconds_now() - start;

    ReplayCounts counts;
    std::uint64_t wrong_routers = 0;
    for (std::uint32_t m = 0; m < layout.modules(); ++m) {
        FloorModule& module = net->module(m);
        module.add_counts(counts);
        if (m < layout.routers && (module.evaluations() != trace.router_evaluations[m] ||
                                   module.digest() != trace.router_digest[m]))
            ++wrong_routers;
    }
    for (const FloorHost* host : hosts) counts.submissions += host->submissions();
    std::uint64_t recorded_writes = 0;  // every bit of a row is a change, or one of the sleeps
    for (std::uint64_t word : trace.changes)
        recorded_writes += static_cast<std::uint64_t>(__builtin_popcountll(word));
    recorded_writes -= trace.sleeps.size();
    const bool faithful = trace.unexplained == 0 && wrong_routers == 0 &&
                          counts.writes == recorded_writes && counts.missed_sleeps == 0 &&
                          counts.submissions == trace.submits.size();

    const double cycles = static_cast<double>(trace.cycles);
    const auto per_cycle = [&](std::uint64_t n) { return static_cast<double>(n) / cycles; };
    fmt::print(
        "{:<12} {:>7} {:>7.3f} {:>7.2f} {:>8.1f} {:>8.2f} {:>8.2f} {:>8.2f} {:>8.2f} {:>8.2f} "
        "{:>8.3f} {:>8.3f}  {}\n",
        w.name, trace.cycles, wall, cycles * layout.routers / wall / 1e6,
        per_cycle(counts.router_evaluations) / layout.routers * 100,
        per_cycle(counts.router_evaluations), per_cycle(counts.nic_evaluations),
        per_cycle(counts.writes), per_cycle(counts.sleeps), per_cycle(counts.event_wakes),
        per_cycle(counts.timed_wakes), per_cycle(counts.submissions),
        faithful ? "ok"
                 : fmt::format("FAIL (unexplained {}, routers off {}, writes {} of {}, sleeps "
                               "missed {}, submissions {} of {})",
                               trace.unexplained, wrong_routers, counts.writes, recorded_writes,
                               counts.missed_sleeps, counts.submissions, trace.submits.size()));
    std::fflush(stdout);
    return faithful;
}

// ---------------------------------------------------------------------------------------------

/// Runs `body` in a child process; true if it returned true and exited cleanly.
template <typename Body>
bool in_child(const std::string& what, Body&& body) {
    std::fflush(stdout);
    std::fflush(stderr);
    const pid_t pid = fork();
    if (pid == 0) {
        int code = 1;
        try {
            code = body() ? 0 : 1;
        } catch (const std::exception& e) {
            std::fprintf(stderr, "wormcast_kernel_floor: %s: %s\n", what.c_str(), e.what());
        }
        std::fflush(stdout);
        std::fflush(stderr);
        _exit(code);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/// Records `w` in one process and replays it in another (each SystemC kernel starts clean and
/// the replay's memory is its own).
bool run_workload(const Workload& w, Cycle cycles, std::uint64_t seed) {
    const Layout layout = layout_of(bench::network(w));
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::tmpfile(), &std::fclose);
    if (!file) throw std::runtime_error("kernel floor: no temporary file for the trace");
    if (!in_child(w.name + " (recording)", [&] {
            write_trace(file.get(), record(w, cycles, seed, layout));
            return true;
        }))
        return false;
    return in_child(w.name + " (replay)", [&] {
        std::rewind(file.get());
        const Trace trace = read_trace(file.get());
        return replay(w, layout, trace);
    });
}

}  // namespace

int main(int argc, char** argv) {
    bench::Arguments args;
    if (const auto exit = bench::parse_arguments(
            argc, argv, "wormcast_kernel_floor",
            "wormcast_kernel_floor: the SystemC kernel's share of wormcast_bench's workloads "
            "(docs/performance.md)",
            100000000, args))
        return *exit;
    const auto& all = workloads();
    if (args.list) {
        for (const auto& w : all)
            fmt::print("{:<12} {:>6} cycles  {}\n", w.name, w.default_cycles, bench::describe(w));
        return 0;
    }
    const auto chosen = bench::choose(all, args.names, false, "wormcast_kernel_floor");
    if (!chosen) return 2;
    fmt::print(
        "wormcast_kernel_floor: seed {}, {}; each workload recorded in one process, replayed "
        "in another\n",
        args.seed,
        args.cycles ? fmt::format("{} measured cycles each", *args.cycles)
                    : std::string("each workload's default cycles (--list)"));
    fmt::print("{:<12} {:>7} {:>7} {:>7} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8}  {}\n",
               "workload", "cycles", "wall_s", "Mrc/s", "active_%", "rtr_ev/c", "nic_ev/c",
               "writes/c", "sleeps/c", "wakes/c", "timed/c", "sends/c", "replay");
    int failures = 0;
    for (const auto& w : *chosen) {
        try {
            if (!run_workload(w, args.cycles.value_or(w.default_cycles), args.seed)) ++failures;
        } catch (const std::exception& e) {
            std::cerr << "wormcast_kernel_floor: " << w.name << ": " << e.what() << "\n";
            ++failures;
        }
    }
    return failures ? 1 : 0;
}
