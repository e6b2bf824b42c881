// Token rule and contention-free latency of ATBM (see AtbmLatency.hpp).
// Varavithya & Mohapatra §5.2: 0.5 us + 3*60 ns + 4*20 ns + (4+64)*20 ns = 2.12 us.
#include "topologies/min/AtbmLatency.hpp"

#include <fmt/format.h>

namespace wormcast::min {

std::uint64_t token_release_flits(std::uint32_t buffer_flits, std::uint32_t effective_stages,
                                  std::uint32_t kstage) {
    if (kstage >= effective_stages)
        throw ModelError(fmt::format("token release: stage label {} is not below n_eff = {}",
                                     kstage, effective_stages));
    return std::uint64_t{buffer_flits} * (effective_stages - kstage);
}

double average_token_wait_ns(double token_passing_ns, std::uint32_t group_size) {
    return group_size > 1 ? token_passing_ns * group_size / 2.0 : 0.0;
}

double contention_free_latency_ns(const AtbmTiming& timing, std::uint32_t path_switches,
                                  double token_wait_ns) {
    if (timing.header_flits == 0 || timing.header_flits > timing.message_flits)
        throw ConfigError(fmt::format("latency: {} header flits in a {}-flit message",
                                      timing.header_flits, timing.message_flits));
    return timing.startup_ns + timing.routing_ns * path_switches + token_wait_ns +
           (path_switches + 1.0 + timing.message_flits) * timing.flit_ns +
           path_switches * (timing.header_flits - 1.0) * timing.flit_ns;
}

AtbmLatencyBreakdown atbm_contention_free_latency(const AtbmPlan& plan,
                                                  const SwitchGrouping& grouping,
                                                  const AtbmTiming& timing) {
    AtbmLatencyBreakdown result;
    bool first = true;
    for (const AtbmDelivery& delivery : plan.deliveries) {
        const std::vector<std::size_t> path = plan.path_to(delivery.node);
        double wait = 0;
        for (std::size_t hop : path) {
            if (!plan.hops[hop].tree_op) continue;
            const GroupedSwitch& holder =
                grouping.at(plan.hops[hop].kstage, plan.hops[hop].switch_id.row);
            wait += average_token_wait_ns(timing.token_passing_ns,
                                          holder.group ? holder.group_size : 0);
        }
        const auto switches = static_cast<std::uint32_t>(path.size());
        if (first) {
            result.path_switches = switches;
        } else if (switches != result.path_switches) {
            throw ModelError(fmt::format("latency: node {} is {} switches away, node {} is {}",
                                         delivery.node, switches, result.critical_destination,
                                         result.path_switches));
        }
        if (first || wait > result.token_wait_ns) {
            result.token_wait_ns = wait;
            result.critical_destination = delivery.node;
        }
        first = false;
    }
    result.header_store_ns = result.path_switches * (timing.header_flits - 1.0) * timing.flit_ns;
    result.latency_ns =
        contention_free_latency_ns(timing, result.path_switches, result.token_wait_ns);
    return result;
}

}  // namespace wormcast::min
