// The memory-mapped TLM-2.0 interconnect over the cycle-accurate network
// (systemc/tlm/TlmInterconnect.hpp): base-protocol rules in both coding styles, data written then
// read back, multicast writes reaching exactly their targets, address errors, byte enables and
// streaming width, debug transport, DMI refused, worm lengths in the network's flit counts, and
// the loosely- and approximately-timed paths agreeing on every delivery for a fixed seed.
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <map>
#include <random>
#include <set>

#include <fmt/format.h>
#include <tlm_utils/simple_initiator_socket.h>

#include "systemc/pure/Header.hpp"
#include "systemc/tlm/TlmInterconnect.hpp"
#include "systemc/tlm/WormLength.hpp"
#include "testbenches/platform/Memory.hpp"
#include "testbenches/platform/TraceInitiator.hpp"
#include "testbenches/sim/Scenario.hpp"
#include "testbenches/sim/Simulation.hpp"

using namespace wormcast;
using namespace wormcast::tlm_net;
using platform::Access;
using platform::CodingStyle;

namespace {

constexpr std::uint64_t kMemorySize = 0x4000;

const char* const kMesh = R"(
clock_ns: 5
flit_width: 32
network: {topology: mesh, size: 4x4}
router: {vcs: 1, buffer_depth: 4, t_node: 20ns, t_node_multidest: 20ns, t_sw: 5ns, t_phy: 5ns,
         path_worms: true}
nic: {consumption_channels: 4, t_startup: 0, t_inj: 5ns, t_cons: 5ns, multicast: schl}
run: {seed: 1}
)";

/// An initiator that runs a script in its thread (blocking calls, debug, DMI).
class ScriptInitiator : public sc_core::sc_module {
  public:
    tlm_utils::simple_initiator_socket<ScriptInitiator> socket;
    std::function<void(ScriptInitiator&)> script;
    bool done = false;
    SC_HAS_PROCESS(ScriptInitiator);
    explicit ScriptInitiator(sc_core::sc_module_name name) : sc_module(name), socket("socket") {
        SC_THREAD(run);
    }
    /// A blocking access; returns the response status.
    tlm::tlm_response_status access(tlm::tlm_command command, std::uint64_t address,
                                    std::vector<std::uint8_t>& data,
                                    const std::vector<NodeId>* multicast = nullptr,
                                    std::vector<std::uint8_t>* enables = nullptr,
                                    unsigned streaming = 0) {
        tlm::tlm_generic_payload gp;
        gp.set_command(command);
        gp.set_address(address);
        gp.set_data_ptr(data.data());
        gp.set_data_length(static_cast<unsigned>(data.size()));
        gp.set_streaming_width(streaming ? streaming : static_cast<unsigned>(data.size()));
        gp.set_byte_enable_ptr(enables ? enables->data() : nullptr);
        gp.set_byte_enable_length(enables ? static_cast<unsigned>(enables->size()) : 0);
        gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        MulticastExtension extension;
        if (multicast) {
            extension.nodes = *multicast;
            gp.set_extension(&extension);
        }
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        socket->b_transport(gp, delay);
        wait(delay);
        if (multicast) gp.clear_extension(&extension);
        return gp.get_response_status();
    }

  private:
    void run() {
        if (script) script(*this);
        done = true;
    }
};

/// An approximately-timed initiator with several requests in flight: the next BEGIN_REQ once the
/// last END_REQ's annotated time has come; END_RESP a seeded random number of cycles after each
/// BEGIN_RESP. Checks the base protocol's exclusion rules and that each request is answered once.
class PipelinedInitiator : public sc_core::sc_module, private tlm::tlm_mm_interface {
  public:
    tlm_utils::simple_initiator_socket<PipelinedInitiator> socket;
    std::vector<std::string> violations;
    std::vector<int> responses;  ///< per request: BEGIN_RESPs seen
    std::size_t requests;
    std::size_t freed = 0;
    SC_HAS_PROCESS(PipelinedInitiator);
    PipelinedInitiator(sc_core::sc_module_name name, std::size_t count, sc_core::sc_time clock,
                       std::uint64_t seed)
        : sc_module(name), socket("socket"), requests(count), clock_(clock), random_(seed) {
        socket.register_nb_transport_bw(this, &PipelinedInitiator::nb_transport_bw);
        SC_THREAD(run);
    }
    bool done() const {
        return std::count(responses.begin(), responses.end(), 1) ==
                   static_cast<std::ptrdiff_t>(requests) &&
               !open_;
    }

  private:
    void free(tlm::tlm_generic_payload*) override { ++freed; }
    void run() {
        payloads_ = std::make_unique<tlm::tlm_generic_payload[]>(requests);
        data_.assign(requests, std::vector<std::uint8_t>(16));
        responses.assign(requests, 0);
        for (std::size_t i = 0; i < requests; ++i) {
            tlm::tlm_generic_payload& gp = payloads_[i];
            gp.set_mm(this);
            gp.acquire();
            gp.set_command(i % 3 ? tlm::TLM_READ_COMMAND : tlm::TLM_WRITE_COMMAND);
            gp.set_address((random_() % 4) * kMemorySize + 16 * (random_() % 64));
            gp.set_data_ptr(data_[i].data());
            gp.set_data_length(16);
            gp.set_streaming_width(16);
            gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
            tlm::tlm_phase phase = tlm::BEGIN_REQ;
            sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
            const auto reply = socket->nb_transport_fw(gp, phase, delay);
            if (reply != tlm::TLM_UPDATED || phase != tlm::END_REQ)
                violations.push_back("BEGIN_REQ not answered with END_REQ");
            wait(delay);  // the request channel is free again: the next BEGIN_REQ may go
        }
        // Answer each BEGIN_RESP after a random think, one at a time.
        for (;;) {
            while (!open_) wait(begin_resp_);
            wait(clock_ * static_cast<double>(random_() % 4));
            tlm::tlm_generic_payload* gp = open_;
            open_ = nullptr;
            tlm::tlm_phase phase = tlm::END_RESP;
            sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
            if (socket->nb_transport_fw(*gp, phase, delay) != tlm::TLM_COMPLETED)
                violations.push_back("END_RESP not completed");
            gp->release();
        }
    }
    tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                       sc_core::sc_time&) {
        if (phase != tlm::BEGIN_RESP) {
            violations.push_back(std::string(phase.get_name()) + " on the backward path");
            return tlm::TLM_ACCEPTED;
        }
        if (open_) violations.push_back("BEGIN_RESP while another response awaits END_RESP");
        const std::size_t i = static_cast<std::size_t>(&gp - payloads_.get());
        if (i >= requests)
            violations.push_back("BEGIN_RESP for a payload never sent");
        else if (++responses[i] > 1)
            violations.push_back("a request answered twice");
        if (gp.get_response_status() != tlm::TLM_OK_RESPONSE)
            violations.push_back("a response that is not TLM_OK_RESPONSE");
        open_ = &gp;
        begin_resp_.notify(sc_core::SC_ZERO_TIME);
        return tlm::TLM_ACCEPTED;
    }

    sc_core::sc_time clock_;
    std::mt19937_64 random_;
    std::unique_ptr<tlm::tlm_generic_payload[]> payloads_;
    std::vector<std::vector<std::uint8_t>> data_;
    tlm::tlm_generic_payload* open_ = nullptr;
    sc_core::sc_event begin_resp_;
};

/// A network of the scenario text with memories at `memory_nodes` (memory k at k * kMemorySize)
/// behind the interconnect.
struct Bench {
    sim::Scenario scenario;
    std::unique_ptr<sim::Simulation> simulation;
    TlmInterconnect* interconnect = nullptr;
    std::vector<NodeId> memory_nodes;
    std::vector<platform::Memory*> memories;

    Bench(const std::string& yaml, std::vector<NodeId> nodes, bool record_arrivals = false)
        : scenario(sim::parse_scenario_text(yaml, {})), memory_nodes(std::move(nodes)) {
        scenario.run.record_arrivals = record_arrivals;
        simulation = std::make_unique<sim::Simulation>(scenario);
        AddressMap map;
        for (std::size_t k = 0; k < memory_nodes.size(); ++k)
            map.add({k * kMemorySize, kMemorySize, memory_nodes[k], 0});
        interconnect = new TlmInterconnect("tlm", simulation->network(), map);
        for (std::size_t k = 0; k < memory_nodes.size(); ++k) {
            memories.push_back(new platform::Memory(fmt::format("memory{}", k).c_str(), kMemorySize,
                                                    simulation->clock() * 3.0));
            interconnect->initiator_socket(memory_nodes[k]).bind(memories.back()->socket);
        }
    }
    /// Runs until `done` or a limit; then drains and collects.
    sim::RunResult run(const std::function<bool()>& done, Cycle limit = 200000) {
        while (!done() && simulation->now() < limit) simulation->run_for(500);
        REQUIRE(done());
        REQUIRE(interconnect->outstanding() == 0);
        simulation->drain(100000);
        return simulation->finish();
    }
};

/// Seeded random traces, one per initiator, each access to a memory's range (a broadcast to all).
std::vector<std::vector<Access>> random_traces(std::uint32_t initiators, std::uint32_t memories,
                                               std::uint32_t accesses, std::uint64_t seed,
                                               std::uint32_t invalidate_every = 7) {
    platform::TraceOptions options;
    options.accesses = accesses;
    options.invalidate_every = invalidate_every;
    options.memories = memories;
    options.memory_size = kMemorySize;
    options.max_think = 6;
    std::vector<std::vector<Access>> traces;
    for (std::uint32_t i = 0; i < initiators; ++i)
        traces.push_back(platform::memory_trace(options, i, seed));
    return traces;
}

struct TraceRun {
    sim::RunResult result;
    std::vector<std::vector<platform::Completion>> completions;
    std::vector<std::vector<std::uint64_t>> write_logs;
    std::vector<std::string> violations;
    std::vector<std::vector<std::uint8_t>> memory_bytes;
};

TraceRun run_traces(const std::vector<std::vector<Access>>& traces, CodingStyle style,
                    std::vector<NodeId> memory_nodes, std::uint64_t seed,
                    const std::string& yaml = kMesh) {
    Bench bench(yaml, memory_nodes, /*record_arrivals=*/true);
    std::vector<platform::TraceInitiator*> initiators;
    for (std::size_t i = 0; i < traces.size(); ++i) {
        initiators.push_back(
            new platform::TraceInitiator(fmt::format("cpu{}", i).c_str(), traces[i], style,
                                         bench.simulation->clock(), memory_nodes, seed + i));
        initiators.back()->socket.bind(bench.interconnect->target_socket(static_cast<NodeId>(i)));
    }
    TraceRun out;
    out.result = bench.run([&] {
        return std::all_of(initiators.begin(), initiators.end(),
                           [](const platform::TraceInitiator* i) { return i->done(); });
    });
    for (auto* i : initiators) {
        out.completions.push_back(i->completions());
        for (const auto& v : i->violations()) out.violations.push_back(v);
    }
    for (auto* m : bench.memories) {
        out.write_logs.push_back(m->write_log());
        out.memory_bytes.push_back(m->bytes());
    }
    return out;
}

}  // namespace

TEST_CASE(
    "TLM interconnect: seeded random traces are each answered once, OK, by the protocol's "
    "rules, in both coding styles",
    "[tlm][threads]") {
    const std::vector<NodeId> memory_nodes{2, 6, 9, 13};
    for (std::uint64_t seed : {1, 2}) {
        const auto traces = random_traces(16, 4, 24, seed);
        for (CodingStyle style : {CodingStyle::LooselyTimed, CodingStyle::ApproximatelyTimed}) {
            INFO("seed " << seed << (style == CodingStyle::LooselyTimed ? " LT" : " AT"));
            const TraceRun run = run_traces(traces, style, memory_nodes, seed);
            REQUIRE(run.violations.empty());
            REQUIRE(run.result.ok());
            std::uint64_t served = 0;
            for (std::size_t i = 0; i < traces.size(); ++i) {
                REQUIRE(run.completions[i].size() == traces[i].size());
                for (std::size_t a = 0; a < traces[i].size(); ++a) {
                    const platform::Completion& c = run.completions[i][a];
                    REQUIRE(c.index == a);
                    REQUIRE(c.status == tlm::TLM_OK_RESPONSE);
                    REQUIRE(c.completed >
                            c.issued);  // every access crossed the network or a NIC cycle
                    served += traces[i][a].broadcast ? memory_nodes.size() : 1;
                }
            }
            std::uint64_t memory_accesses = 0;
            for (const auto& log : run.write_logs) memory_accesses += log.size();
            std::uint64_t reads = 0;
            for (const auto& trace : traces)
                for (const Access& a : trace) reads += !a.write;
            REQUIRE(memory_accesses + reads == served);
        }
    }
}

TEST_CASE(
    "TLM interconnect: the loosely- and approximately-timed paths agree on every delivery "
    "for a fixed seed",
    "[tlm][threads]") {
    const std::vector<NodeId> memory_nodes{1, 7, 8, 14};
    const auto traces = random_traces(16, 4, 20, 9);
    const TraceRun lt = run_traces(traces, CodingStyle::LooselyTimed, memory_nodes, 9);
    const TraceRun at = run_traces(traces, CodingStyle::ApproximatelyTimed, memory_nodes, 9);
    REQUIRE(lt.result.arrival_digest.size() > 0);
    REQUIRE(lt.result.arrival_digest == at.result.arrival_digest);  // every worm, node, cycle
    REQUIRE(lt.write_logs == at.write_logs);                        // order at each memory
    REQUIRE(lt.memory_bytes == at.memory_bytes);
    for (std::size_t i = 0; i < traces.size(); ++i)
        for (std::size_t a = 0; a < traces[i].size(); ++a) {
            REQUIRE(lt.completions[i][a].issued == at.completions[i][a].issued);
            REQUIRE(lt.completions[i][a].completed == at.completions[i][a].completed);
            REQUIRE(lt.completions[i][a].data == at.completions[i][a].data);
        }
}

TEST_CASE(
    "TLM interconnect: approximately-timed initiators with many requests in flight get each "
    "answered once, one BEGIN_RESP at a time",
    "[tlm][threads]") {
    for (std::uint64_t seed : {4, 5}) {
        Bench bench(kMesh, {1, 6, 11, 12});
        std::vector<PipelinedInitiator*> cpus;
        for (NodeId n : {0, 5, 6, 15}) {  // node 6 has a memory of its own
            cpus.push_back(new PipelinedInitiator(fmt::format("cpu{}", n).c_str(), 30,
                                                  bench.simulation->clock(), seed * 100 + n));
            cpus.back()->socket.bind(bench.interconnect->target_socket(n));
        }
        REQUIRE(bench
                    .run([&] {
                        return std::all_of(cpus.begin(), cpus.end(),
                                           [](const PipelinedInitiator* c) { return c->done(); });
                    })
                    .ok());
        for (const PipelinedInitiator* cpu : cpus) {
            REQUIRE(cpu->violations.empty());
            REQUIRE(cpu->freed == cpu->requests);  // every payload released by the interconnect
        }
    }
}

TEST_CASE("TLM interconnect: a write followed by a read of the same address returns the data",
          "[tlm][threads]") {
    // Each initiator writes and reads back lines of its own part of every memory, so no other
    // initiator can write between its write and its read.
    std::mt19937_64 random(3);
    std::vector<std::vector<Access>> traces(12);
    for (std::uint32_t i = 0; i < traces.size(); ++i)
        for (int n = 0; n < 10; ++n) {
            const std::uint32_t bytes = 1u << (random() % 7);  // 1..64
            const std::uint64_t memory = random() % 4;
            const std::uint64_t address =
                memory * kMemorySize + i * 0x400 + (random() % (0x400 / bytes)) * bytes;
            traces[i].push_back({random() % 5, true, false, address, bytes});
            traces[i].push_back({random() % 5, false, false, address, bytes});
        }
    for (CodingStyle style : {CodingStyle::LooselyTimed, CodingStyle::ApproximatelyTimed}) {
        const TraceRun run = run_traces(traces, style, {0, 5, 10, 15}, 3);
        REQUIRE(run.violations.empty());
        for (std::size_t i = 0; i < traces.size(); ++i)
            for (std::size_t a = 0; a < traces[i].size(); a += 2) {
                const auto& written = run.completions[i][a].data;
                REQUIRE(written.size() == traces[i][a].bytes);
                REQUIRE(run.completions[i][a + 1].data == written);
            }
    }
}

TEST_CASE(
    "TLM interconnect: multicast writes reach exactly the listed targets, sent as one "
    "multicast of the network's scheme",
    "[tlm][threads]") {
    const std::vector<NodeId> memory_nodes{0, 3, 5, 6, 9, 10, 12, 15};
    Bench bench(kMesh, memory_nodes);
    auto* cpu = new ScriptInitiator("cpu");
    cpu->socket.bind(bench.interconnect->target_socket(5));  // node 5 holds a memory too
    std::mt19937_64 random(17);
    std::vector<std::set<NodeId>> sent;
    std::vector<std::vector<std::uint8_t>> data;
    cpu->script = [&](ScriptInitiator& self) {
        for (int n = 0; n < 40; ++n) {
            std::vector<NodeId> nodes;
            for (NodeId node : memory_nodes)
                if (random() % 2) nodes.push_back(node);
            if (nodes.empty()) nodes.push_back(memory_nodes[random() % memory_nodes.size()]);
            std::shuffle(nodes.begin(), nodes.end(), random);
            std::vector<std::uint8_t> bytes(8);
            for (auto& b : bytes) b = static_cast<std::uint8_t>(random());
            // Offset 8n into the range of memory 1 (decoding gives the offset).
            REQUIRE(self.access(tlm::TLM_WRITE_COMMAND, kMemorySize + 8 * n, bytes, &nodes) ==
                    tlm::TLM_OK_RESPONSE);
            sent.emplace_back(nodes.begin(), nodes.end());
            data.push_back(bytes);
        }
    };
    const auto result = bench.run([&] { return cpu->done; });
    REQUIRE(result.ok());
    for (std::size_t k = 0; k < memory_nodes.size(); ++k) {
        std::vector<std::uint64_t> expected;
        for (std::size_t n = 0; n < sent.size(); ++n)
            if (sent[n].count(memory_nodes[k])) {
                expected.push_back(8 * n);
                const auto& bytes = bench.memories[k]->bytes();
                REQUIRE(std::equal(data[n].begin(), data[n].end(), bytes.begin() + 8 * n));
            }
        INFO("memory at node " << memory_nodes[k]);
        REQUIRE(bench.memories[k]->write_log() == expected);
    }
    // One request worm per multicast (less the local target alone), not one per target.
    std::uint64_t remote_multicasts = 0, responses = 0;
    for (const auto& nodes : sent) {
        remote_multicasts += !(nodes.size() == 1 && nodes.count(5));
        responses += nodes.size() - nodes.count(5);
    }
    REQUIRE(bench.interconnect->port(5).stats().request_worms == remote_multicasts);
    std::uint64_t response_worms = 0;
    for (NodeId node : memory_nodes)
        response_worms += bench.interconnect->port(node).stats().response_worms;
    REQUIRE(response_worms == responses);
}

TEST_CASE(
    "TLM interconnect: unmapped addresses and impossible multicasts get error responses at "
    "once",
    "[tlm][threads]") {
    for (CodingStyle style : {CodingStyle::LooselyTimed, CodingStyle::ApproximatelyTimed}) {
        // Memories 0..1 at 0x0000..0x7fff; 0x8000 onwards is unmapped; a read straddles the end.
        const std::vector<Access> trace{
            {0, false, false, 0x8000, 4},              // unmapped
            {0, true, false, 2 * kMemorySize - 2, 4},  // straddles the end of memory 1
            {0, false, false, 0x10, 4},                // fine
            {0, false, false, ~0ull - 8, 4},           // far away
        };
        Bench bench(kMesh, {4, 11});
        auto* cpu = new platform::TraceInitiator("cpu", trace, style, bench.simulation->clock(),
                                                 {4, 11}, 1);
        cpu->socket.bind(bench.interconnect->target_socket(0));
        const auto result = bench.run([&] { return cpu->done(); });
        REQUIRE(cpu->violations().empty());
        REQUIRE(cpu->completions()[0].status == tlm::TLM_ADDRESS_ERROR_RESPONSE);
        REQUIRE(cpu->completions()[0].completed == cpu->completions()[0].issued);  // no network
        REQUIRE(cpu->completions()[1].status == tlm::TLM_ADDRESS_ERROR_RESPONSE);
        REQUIRE(cpu->completions()[2].status == tlm::TLM_OK_RESPONSE);
        REQUIRE(cpu->completions()[3].status == tlm::TLM_ADDRESS_ERROR_RESPONSE);
        REQUIRE(bench.interconnect->port(0).stats().address_errors == 3);
        REQUIRE(result.messages_sent == 2);  // the one good read's request and response
    }
    Bench bench(kMesh, {4, 11});
    auto* cpu = new ScriptInitiator("cpu");
    cpu->socket.bind(bench.interconnect->target_socket(0));
    cpu->script = [&](ScriptInitiator& self) {
        std::vector<std::uint8_t> bytes(4, 1);
        const std::vector<NodeId> without_target{4, 7};  // node 7 has no memory
        REQUIRE(self.access(tlm::TLM_WRITE_COMMAND, 0x0, bytes, &without_target) ==
                tlm::TLM_ADDRESS_ERROR_RESPONSE);
        const std::vector<NodeId> both{4, 11};
        REQUIRE(self.access(tlm::TLM_READ_COMMAND, 0x0, bytes, &both) ==
                tlm::TLM_COMMAND_ERROR_RESPONSE);  // a multicast is a write
        const std::vector<NodeId> twice{4, 4};
        REQUIRE(self.access(tlm::TLM_WRITE_COMMAND, 0x0, bytes, &twice) ==
                tlm::TLM_GENERIC_ERROR_RESPONSE);
        REQUIRE(self.access(tlm::TLM_WRITE_COMMAND, 0x0, bytes, &both) == tlm::TLM_OK_RESPONSE);
    };
    REQUIRE(bench.run([&] { return cpu->done; }).ok());
    REQUIRE(bench.memories[0]->stats().writes == 1);
    REQUIRE(bench.memories[1]->stats().writes == 1);
}

TEST_CASE(
    "TLM interconnect: byte enables and streaming width reach the target, debug transport "
    "takes no time, DMI is refused",
    "[tlm][threads]") {
    Bench bench(kMesh, {6, 9});
    auto* cpu = new ScriptInitiator("cpu");
    cpu->socket.bind(bench.interconnect->target_socket(0));
    cpu->script = [&](ScriptInitiator& self) {
        std::vector<std::uint8_t> ones(8, 0x11);
        REQUIRE(self.access(tlm::TLM_WRITE_COMMAND, 0x100, ones) == tlm::TLM_OK_RESPONSE);
        // Every other byte enabled: bytes 0, 2, 4, 6 become 0x22.
        std::vector<std::uint8_t> twos(8, 0x22);
        std::vector<std::uint8_t> enables{TLM_BYTE_ENABLED, TLM_BYTE_DISABLED};
        REQUIRE(self.access(tlm::TLM_WRITE_COMMAND, 0x100, twos, nullptr, &enables) ==
                tlm::TLM_OK_RESPONSE);
        // Streaming width 2: eight bytes through the same two addresses 0x200, 0x201.
        std::vector<std::uint8_t> stream{1, 2, 3, 4, 5, 6, 7, 8};
        REQUIRE(self.access(tlm::TLM_WRITE_COMMAND, kMemorySize + 0x200, stream, nullptr, nullptr,
                            2) == tlm::TLM_OK_RESPONSE);
        std::vector<std::uint8_t> back(8);
        REQUIRE(self.access(tlm::TLM_READ_COMMAND, 0x100, back) == tlm::TLM_OK_RESPONSE);
        REQUIRE(back == std::vector<std::uint8_t>{0x22, 0x11, 0x22, 0x11, 0x22, 0x11, 0x22, 0x11});

        // Debug transport: through the map, no time, no worm.
        const sc_core::sc_time before = sc_core::sc_time_stamp();
        const std::uint64_t worms = bench.interconnect->port(0).stats().request_worms;
        tlm::tlm_generic_payload gp;
        std::vector<std::uint8_t> two(2);
        gp.set_command(tlm::TLM_READ_COMMAND);
        gp.set_address(kMemorySize + 0x200);
        gp.set_data_ptr(two.data());
        gp.set_data_length(2);
        gp.set_streaming_width(2);
        REQUIRE(self.socket->transport_dbg(gp) == 2);
        REQUIRE(two == std::vector<std::uint8_t>{7, 8});
        gp.set_address(0x9000);  // unmapped
        REQUIRE(self.socket->transport_dbg(gp) == 0);
        REQUIRE(sc_core::sc_time_stamp() == before);
        REQUIRE(bench.interconnect->port(0).stats().request_worms == worms);

        tlm::tlm_dmi dmi;
        gp.set_address(0x100);
        REQUIRE_FALSE(self.socket->get_direct_mem_ptr(gp, dmi));
        REQUIRE(dmi.get_granted_access() == tlm::tlm_dmi::DMI_ACCESS_NONE);
    };
    REQUIRE(bench.run([&] { return cpu->done; }).ok());
}

TEST_CASE("TLM interconnect: requests and responses are worms as long as their payload in flits",
          "[tlm][threads]") {
    // Unicast reads and writes only: every flit the NICs inject is a request's or a response's,
    // header flits included.
    std::mt19937_64 random(21);
    std::vector<std::vector<Access>> traces(16);
    std::uint64_t expected_flits = 0;
    const auto header = [&](std::uint32_t nodes) {
        NetworkParams p;
        p.flit_width = 32;
        return header_flits(Header::unicast(0), p.header_format(nodes));
    };
    const std::vector<NodeId> memory_nodes{3, 12};
    for (std::uint32_t i = 0; i < traces.size(); ++i)
        for (int n = 0; n < 8; ++n) {
            const bool write = random() % 2;
            const std::uint32_t bytes = 1u << (random() % 7);
            const std::uint64_t memory = random() % 2;
            traces[i].push_back({random() % 3, write, false, memory * kMemorySize + 64 * n, bytes});
            if (i == memory_nodes[memory]) continue;  // local: no worm
            expected_flits += header(16) + request_flits(write, bytes, false, 32);
            expected_flits += header(16) + response_flits(!write, bytes, 32);
        }
    const TraceRun run = run_traces(traces, CodingStyle::LooselyTimed, memory_nodes, 21);
    REQUIRE(run.result.ok());
    REQUIRE(run.result.flits_injected == expected_flits);
    REQUIRE(run.result.flits_consumed == expected_flits);
}

TEST_CASE("TLM interconnect: a mapped node without a target is refused at elaboration, naming it",
          "[tlm][threads]") {
    const sim::Scenario scenario = sim::parse_scenario_text(kMesh, {});
    sim::Simulation simulation(scenario);
    AddressMap map;
    map.add({0, 0x100, 3, 0});
    new TlmInterconnect("tlm", simulation.network(), map);
    REQUIRE_THROWS_WITH(simulation.run_for(1),
                        Catch::Contains("node 3 has no target bound to its initiator socket"));
}
