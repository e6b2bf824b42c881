// Lock-step co-simulation runs (see LockStep.hpp). Like sim::run_network, each run starts a fresh
// SystemC kernel and leaks its modules with it.
#include "testbenches/cosim/LockStep.hpp"

#include <algorithm>
#include <cstdlib>
#include <exception>

#include <fmt/format.h>
#include <systemc>

#include "systemc/Kernel.hpp"
#include "systemc/Network.hpp"
#include "testbenches/traffic/TrafficHost.hpp"

namespace wormcast::cosim {

using namespace sc_core;

LockStepResult run_lockstep(NetworkSpec spec, const NetworkParams& params,
                            std::vector<ScheduledSend> sends, const LinkTrace* expected,
                            Cycle drain_limit, Cycle stop_at) {
    fresh_kernel();
    LockStepResult result;
    auto* network = new Network("net", std::move(spec), params);
    for (std::size_t r = 0; r < network->routers(); ++r)
        result.drop_in_routers += network->is_drop_in(r) ? 1 : 0;
    const sc_time clock = network->clock();
    SendPlan plan(std::move(sends));
    const Cycle last_send = plan.last_send();
    auto streams = plan.take_streams(network->nodes());
    std::vector<TrafficHost*> hosts;
    for (NodeId n = 0; n < network->nodes(); ++n) {
        auto* host =
            new TrafficHost(fmt::format("host{}", n).c_str(), std::move(streams[n]), clock);
        host->to_nic.bind(network->nic(n).host_in);
        network->nic(n).host_out.bind(host->from_nic);
        hosts.push_back(host);
    }
    auto* monitor =
        new LinkMonitor("lockstep", *network, expected, expected ? nullptr : &result.trace);

    auto quiet = [&] {
        if (!network->ledger().all_delivered() || network->monitor().flits_in_network != 0)
            return false;
        for (NodeId n = 0; n < network->nodes(); ++n)
            if (!network->nic(n).quiescent() || !hosts[n]->done()) return false;
        return true;
    };
    // Both runs of a comparison step through the same chunks, so an equal run stops equally.
    const Cycle chunk = 50;
    const auto now = [&] { return static_cast<Cycle>(sc_time_stamp().value() / clock.value()); };
    const auto until = [&](Cycle cycles) {  // at most `cycles`, not beyond stop_at
        return stop_at > 0 ? std::min(cycles, stop_at > now() ? stop_at - now() : 0) : cycles;
    };
    sc_start(clock * static_cast<double>(until(last_send + 1)));
    for (Cycle drained = 0; drained < drain_limit; drained += chunk) {
        // A process that hit an error stopped the kernel: starting it again would raise
        // SystemC's "sc_start after sc_stop" in place of that error, rethrown below.
        if (network->monitor().fault || sc_get_status() == SC_STOPPED) break;
        if (monitor->mismatched() || network->watchdog().fired() || quiet() || until(chunk) == 0)
            break;
        sc_start(clock * static_cast<double>(until(chunk)));
    }
    // A process that hit an error stopped the run; rethrow that error as it was raised.
    if (network->monitor().fault) std::rethrow_exception(network->monitor().fault);
    result.cycles = sc_time_stamp().value() / clock.value();
    result.quiet = quiet();
    result.tokens = network->token_stats();
    result.mismatch = monitor->mismatch();
    result.mismatch_cycle = monitor->mismatch_cycle();
    if (!result.mismatch.empty() || !expected) {
        // Nothing more to check.
    } else if (monitor->cycles_checked() != expected->cycles()) {
        result.mismatch = fmt::format("the run checked {} cycles, the recording has {}",
                                      monitor->cycles_checked(), expected->cycles());
    }
    if (network->watchdog().fired()) result.problems.push_back(network->watchdog().report());
    for (auto& p : network->ledger().problems(/*final=*/result.quiet))
        result.problems.push_back(std::move(p));
    result.messages = network->ledger().messages().size();
    for (const auto& [id, m] : network->ledger().messages())
        for (const auto& [node, cycle] : m.arrived) result.arrivals.push_back({id, node, cycle});
    std::sort(result.arrivals.begin(), result.arrivals.end());
    return result;
}

}  // namespace wormcast::cosim
