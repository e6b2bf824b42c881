// The example virtual platform (docs/library.md): initiators replaying memory-access traces
// (reads, writes, a broadcast invalidation every N accesses) to memories across a wormcast
// network, through its memory-mapped TLM-2.0 interconnect; reports per-initiator latency and
// throughput and the network's results.
//
//   wormcast_platform SCENARIO.yaml [--set section.key=value ...] [--initiators 16] [--memories 4]
//                     [--accesses 200] [--invalidate-every 50] [--style lt|at] [--seed N]
//                     [--trace FILE] [--json FILE]
#include <algorithm>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <wormcast/wormcast.hpp>

#include "Memory.hpp"
#include "MemoryTrace.hpp"
#include "TraceInitiator.hpp"

namespace {

using namespace wormcast;

struct Options {
    std::string scenario;
    std::vector<std::string> sets;
    std::uint32_t initiators = 16;
    platform::TraceOptions trace;
    platform::CodingStyle style = platform::CodingStyle::LooselyTimed;
    std::string trace_file;
    std::string json;
    std::uint64_t seed = 0;  ///< 0: the scenario's run.seed
};

std::uint64_t number(const std::string& option, const std::string& text) {
    std::size_t used = 0;
    std::uint64_t value = 0;
    try {
        value = std::stoull(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != text.size())
        throw ConfigError(fmt::format("{}: '{}' is not a whole number", option, text));
    return value;
}

Options parse(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) throw ConfigError(fmt::format("{}: needs a value", arg));
            return argv[++i];
        };
        if (arg == "--set")
            o.sets.push_back(value());
        else if (arg == "--initiators")
            o.initiators = static_cast<std::uint32_t>(number(arg, value()));
        else if (arg == "--memories")
            o.trace.memories = static_cast<std::uint32_t>(number(arg, value()));
        else if (arg == "--accesses")
            o.trace.accesses = static_cast<std::uint32_t>(number(arg, value()));
        else if (arg == "--invalidate-every")
            o.trace.invalidate_every = static_cast<std::uint32_t>(number(arg, value()));
        else if (arg == "--seed")
            o.seed = number(arg, value());
        else if (arg == "--trace")
            o.trace_file = value();
        else if (arg == "--json")
            o.json = value();
        else if (arg == "--style") {
            const std::string style = value();
            if (style != "lt" && style != "at")
                throw ConfigError(fmt::format("--style: '{}' is not lt or at", style));
            o.style = style == "lt" ? platform::CodingStyle::LooselyTimed
                                    : platform::CodingStyle::ApproximatelyTimed;
        } else if (!arg.empty() && arg[0] != '-' && o.scenario.empty())
            o.scenario = arg;
        else
            throw ConfigError(fmt::format("unknown argument '{}'", arg));
    }
    if (o.scenario.empty()) throw ConfigError("a scenario file is needed (e.g. platform.yaml)");
    return o;
}

int run(const Options& o) {
    std::vector<std::string> sets = o.sets;
    if (o.seed != 0) sets.push_back(fmt::format("run.seed={}", o.seed));
    sim::Scenario scenario = sim::load_scenario(o.scenario, sets);
    // The initiators are the traffic: the results cover the whole run, not the window of the
    // scenario's (unused) traffic section.
    scenario.run.warmup = scenario.run.measure = 0;
    sim::Simulation simulation(scenario);
    const std::uint32_t nodes = simulation.nodes();
    if (o.trace.memories == 0 || o.trace.memories > nodes)
        throw ConfigError(
            fmt::format("--memories: {} does not fit {} nodes", o.trace.memories, nodes));
    if (o.initiators == 0 || o.initiators > nodes)
        throw ConfigError(
            fmt::format("--initiators: {} does not fit {} nodes", o.initiators, nodes));

    // Memories spread over the nodes; initiators at the first nodes. Memory k serves
    // [k * size, (k + 1) * size).
    tlm_net::AddressMap map;
    std::vector<NodeId> memory_nodes;
    for (std::uint32_t k = 0; k < o.trace.memories; ++k) {
        memory_nodes.push_back(k * nodes / o.trace.memories + nodes / (2 * o.trace.memories));
        map.add({k * o.trace.memory_size, o.trace.memory_size, memory_nodes.back(), 0});
    }
    auto* interconnect = new tlm_net::TlmInterconnect("tlm", simulation.network(), map);
    const sc_core::sc_time clock = simulation.clock();
    std::vector<platform::Memory*> memories;
    for (std::uint32_t k = 0; k < o.trace.memories; ++k) {
        memories.push_back(new platform::Memory(fmt::format("memory{}", k).c_str(),
                                                o.trace.memory_size, clock * 4.0));
        interconnect->initiator_socket(memory_nodes[k]).bind(memories.back()->socket);
    }
    const std::uint64_t seed = scenario.run.seed;
    std::vector<platform::TraceInitiator*> initiators;
    for (std::uint32_t i = 0; i < o.initiators; ++i) {
        auto trace = o.trace_file.empty() ? platform::memory_trace(o.trace, i, seed)
                                          : platform::read_trace(o.trace_file);
        initiators.push_back(new platform::TraceInitiator(fmt::format("cpu{}", i).c_str(),
                                                          std::move(trace), o.style, clock,
                                                          memory_nodes, seed + i));
        initiators.back()->socket.bind(interconnect->target_socket(i));
    }

    // Run until every initiator has replayed its trace (at most run.drain_limit cycles).
    const Cycle chunk = 200;
    auto all_done = [&] {
        return std::all_of(initiators.begin(), initiators.end(),
                           [](const platform::TraceInitiator* i) { return i->done(); });
    };
    while (!all_done() && !simulation.network().watchdog().fired() &&
           simulation.now() < scenario.run.drain_limit)
        simulation.run_for(chunk);
    Cycle end = 0;  // the last access's response
    for (const auto* initiator : initiators)
        for (const auto& c : initiator->completions()) end = std::max(end, c.completed);
    simulation.drain(scenario.run.drain_limit);
    const sim::RunResult result = simulation.finish();

    std::cout << fmt::format(
        "platform     {} initiators, {} memories at nodes {}, {} coding style\n", o.initiators,
        o.trace.memories, fmt::join(memory_nodes, ","),
        o.style == platform::CodingStyle::LooselyTimed ? "loosely-timed (b_transport)"
                                                       : "approximately-timed (nb_transport)");
    std::cout
        << "initiator  node  accesses  broadcasts  errors  latency mean  p-max  bytes/cycle\n";
    nlohmann::ordered_json per_initiator = nlohmann::ordered_json::array();
    bool failed = !result.ok() || !all_done();
    for (std::uint32_t i = 0; i < o.initiators; ++i) {
        const auto& done = initiators[i]->completions();
        std::uint64_t latency_sum = 0, latency_max = 0, bytes = 0, broadcasts = 0, errors = 0;
        for (const auto& c : done) {
            latency_sum += c.completed - c.issued;
            latency_max = std::max<std::uint64_t>(latency_max, c.completed - c.issued);
            bytes += c.data.size();
            broadcasts += initiators[i]->trace()[c.index].broadcast;
            errors += c.status != tlm::TLM_OK_RESPONSE;
        }
        const double mean = done.empty() ? 0.0 : static_cast<double>(latency_sum) / done.size();
        const double throughput = end == 0 ? 0.0 : static_cast<double>(bytes) / end;
        std::cout << fmt::format(
            "cpu{:<7} {:>4}  {:>8}  {:>10}  {:>6}  {:>12.1f}  {:>5}  {:>11.3f}\n", i, i,
            done.size(), broadcasts, errors, mean, latency_max, throughput);
        for (const auto& v : initiators[i]->violations()) {
            std::cout << fmt::format("cpu{}: protocol: {}\n", i, v);
            failed = true;
        }
        failed = failed || errors > 0;
        per_initiator.push_back({{"initiator", i},
                                 {"node", i},
                                 {"accesses", done.size()},
                                 {"broadcasts", broadcasts},
                                 {"errors", errors},
                                 {"latency_mean_cycles", mean},
                                 {"latency_max_cycles", latency_max},
                                 {"bytes_per_cycle", throughput}});
    }
    std::cout << fmt::format("replayed     in {} cycles\n", end);
    sim::print_summary(std::cout, result, scenario.params);
    if (!o.json.empty()) {
        nlohmann::ordered_json out;
        out["initiators"] = per_initiator;
        out["replay_cycles"] = end;
        out["network"] = sim::to_json(result, scenario.params);
        std::ofstream(o.json) << out.dump(2) << "\n";
    }
    return failed ? 3 : 0;
}

}  // namespace

int sc_main(int argc, char** argv) {
    try {
        return run(parse(argc, argv));
    } catch (const ConfigError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 2;
    }
}
