// Worm walks, SPAM trees and binomial software plans (see IrregularPlan.hpp).
// Libeskind-Hadas, Mazzoni & Rajagopalan §3.2 (the tree), §4 (the software lower bound).
#include "topologies/irregular/IrregularPlan.hpp"

#include <algorithm>
#include <deque>
#include <functional>
#include <set>

#include <fmt/format.h>

namespace wormcast::irregular {

void check_multicast(const SwitchGraph& graph, ProcessorId source,
                     const std::vector<ProcessorId>& destinations) {
    const std::uint32_t n = graph.processors();
    if (source >= n)
        throw ConfigError(
            fmt::format("source {} is not a processor (processors are 0..{})", source, n - 1));
    if (destinations.empty()) throw ConfigError("a multicast needs at least one destination");
    std::set<ProcessorId> seen;
    for (ProcessorId d : destinations) {
        if (d >= n)
            throw ConfigError(
                fmt::format("destination {} is not a processor (processors are 0..{})", d, n - 1));
        if (d == source)
            throw ConfigError(fmt::format("the source {} is also a destination", source));
        if (!seen.insert(d).second)
            throw ConfigError(fmt::format("destination {} is listed twice", d));
    }
}

WormWalk walk_worm(const SpamRouting& routing, ProcessorId source,
                   const std::vector<ProcessorId>& destinations, TreeSplit split) {
    const SwitchGraph& graph = routing.graph();
    check_multicast(graph, source, destinations);
    std::vector<ProcessorId> sorted = destinations;
    std::sort(sorted.begin(), sorted.end());
    WormWalk walk;
    walk.channels.push_back(WormChannel{Vertex::of_processor(source),
                                        Vertex::of_switch(graph.processor(source).switch_id),
                                        ChannelClass::Up, sorted, -1});
    // A legal route has at most 3N - 1 switch hops (up, down-cross and down-tree parts each
    // visit a switch at most once) and every destination ends one branch.
    const std::size_t limit = sorted.size() * (3 * std::size_t{graph.switches()} + 2);
    std::deque<std::size_t> open{0};
    while (!open.empty()) {
        const std::size_t index = open.front();
        open.pop_front();
        const WormChannel here = walk.channels[index];
        if (here.to.is_processor()) {
            if (here.carried != std::vector<ProcessorId>{here.to.id})
                throw ModelError(fmt::format("a branch reached {} carrying {} destinations",
                                             to_string(here.to), here.carried.size()));
            walk.delivered.push_back(here.to.id);
            continue;
        }
        const auto branches = routing.route(here.to.id, here.channel, here.carried, split);
        if (branches.empty())
            throw ModelError(fmt::format("switch {} routed a worm nowhere", here.to.id));
        for (const WormBranch& b : branches) {
            walk.channels.push_back(WormChannel{here.to, b.choices.front().to,
                                                b.choices.front().channel, b.destinations,
                                                static_cast<std::int64_t>(index)});
            open.push_back(walk.channels.size() - 1);
        }
        if (walk.channels.size() > limit)
            throw ModelError(fmt::format("the worm from {} does not terminate within {} channels",
                                         source, limit));
    }
    return walk;
}

SpamPlan plan_spam(const SpamRouting& routing, ProcessorId source,
                   std::vector<ProcessorId> destinations) {
    const WormWalk walk = walk_worm(routing, source, destinations, TreeSplit::AtLca);
    std::sort(destinations.begin(), destinations.end());
    SpamPlan plan;
    plan.source = source;
    plan.destinations = destinations;
    plan.lca = routing.lca_switch(destinations);
    plan.channels_used = static_cast<std::uint32_t>(walk.channels.size());
    std::vector<std::vector<std::size_t>> next(walk.channels.size());
    for (std::size_t i = 1; i < walk.channels.size(); ++i)
        next[static_cast<std::size_t>(walk.channels[i].previous)].push_back(i);

    std::size_t at = 0;  // the channel entering the switch the worm stands at
    plan.route_to_lca.push_back(walk.channels[0].to.id);
    while (walk.channels[at].to.id != plan.lca) {
        if (next[at].size() != 1 || walk.channels[next[at].front()].to.is_processor())
            throw ModelError(
                fmt::format("the worm from {} split or ended before its LCA {}", source, plan.lca));
        at = next[at].front();
        plan.route_to_lca.push_back(walk.channels[at].to.id);
    }
    std::function<void(std::size_t)> descend = [&](std::size_t channel) {
        SpamPlan::DownStep step;
        step.at = walk.channels[channel].to.id;
        for (std::size_t out : next[channel]) step.outputs.push_back(walk.channels[out].to);
        plan.down_tree.push_back(std::move(step));
        for (std::size_t out : next[channel])
            if (!walk.channels[out].to.is_processor()) descend(out);
    };
    descend(at);
    return plan;
}

std::vector<SwitchId> unicast_route(const SpamRouting& routing, ProcessorId from, ProcessorId to) {
    const WormWalk walk = walk_worm(routing, from, {to}, TreeSplit::AtLca);
    std::vector<SwitchId> switches;
    for (const WormChannel& c : walk.channels)
        if (!c.to.is_processor()) switches.push_back(c.to.id);
    return switches;
}

std::vector<ProcessorId> tree_order(const UpDownPartition& partition) {
    std::vector<ProcessorId> order;
    for (SwitchId s : partition.preorder())
        for (ProcessorId p : partition.graph().processors_on(s)) order.push_back(p);
    return order;
}

std::vector<ProcessorId> binomial_chain(const UpDownPartition& partition, ProcessorId source,
                                        const std::vector<ProcessorId>& destinations) {
    check_multicast(partition.graph(), source, destinations);
    const std::vector<ProcessorId> order = tree_order(partition);
    const auto n = static_cast<std::uint32_t>(order.size());
    std::vector<std::uint32_t> rank(n);
    for (std::uint32_t i = 0; i < n; ++i) rank[order[i]] = i;
    std::vector<ProcessorId> chain = destinations;
    std::sort(chain.begin(), chain.end(), [&](ProcessorId a, ProcessorId b) {
        return (rank[a] + n - rank[source]) % n < (rank[b] + n - rank[source]) % n;
    });
    chain.insert(chain.begin(), source);
    return chain;
}

BinomialPlan plan_binomial(const SpamRouting& routing, ProcessorId source,
                           const std::vector<ProcessorId>& destinations) {
    BinomialPlan plan;
    plan.chain = binomial_chain(routing.partition(), source, destinations);
    plan.sends = halving_schedule(plan.chain);
    for (const ChainSend& s : plan.sends) {
        plan.routes.push_back(unicast_route(routing, s.from, s.to));
        plan.phases = std::max(plan.phases, s.step);
    }
    return plan;
}

}  // namespace wormcast::irregular
