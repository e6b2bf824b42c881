// Multicast plans on irregular networks (pure C++): a worm followed through the routing steps
// the switches take (first choice of every branch), the SPAM tree, and the software baseline
// (binomial unicasts over up*/down* routes). Libeskind-Hadas, Mazzoni & Rajagopalan §3.2, §4.
#pragma once

#include <cstdint>
#include <vector>

#include "systemc/pure/ChainHalving.hpp"
#include "topologies/irregular/SpamRouting.hpp"

namespace wormcast::irregular {

/// One channel a worm occupies in a walk.
struct WormChannel {
    Vertex from;
    Vertex to;
    ChannelClass channel = ChannelClass::Up;
    std::vector<ProcessorId> carried;  ///< destinations named by the header on this channel
    /// The channel this one continues (index in WormWalk::channels); none for the injection.
    std::int64_t previous = -1;
};

/// Every channel of one worm, injection first, each channel after the one it continues.
struct WormWalk {
    std::vector<WormChannel> channels;
    std::vector<ProcessorId> delivered;  ///< in the order the walk reached them
};

/// Follows a worm from `source` to `destinations` through SpamRouting::route, taking the first
/// choice of every branch (the static selection, what an idle network does with the adaptive
/// one). Throws ModelError if a step names no branch or the worm does not terminate; ConfigError
/// for bad input (see check_multicast).
WormWalk walk_worm(const SpamRouting& routing, ProcessorId source,
                   const std::vector<ProcessorId>& destinations, TreeSplit split);

/// Throws ConfigError unless `source` and every destination are processors of the network, there
/// is at least one destination, none repeats and none is the source.
void check_multicast(const SwitchGraph& graph, ProcessorId source,
                     const std::vector<ProcessorId>& destinations);

/// The SPAM tree of one multicast (the plan JSON of docs/irregular.md).
struct SpamPlan {
    ProcessorId source = 0;
    std::vector<ProcessorId> destinations;  ///< ascending
    /// LCA switch of the destinations (for one destination: its switch; §3.2's LCA is then the
    /// processor, reached by that switch's down-tree step).
    SwitchId lca = 0;
    std::vector<SwitchId> route_to_lca;  ///< switches from the source's switch to the LCA
    struct DownStep {
        SwitchId at = 0;
        std::vector<Vertex> outputs;  ///< child switches ascending, then processors ascending
    };
    /// The switches from the LCA down, in preorder (children in ascending id), with the outputs
    /// each replicates to.
    std::vector<DownStep> down_tree;
    /// Channels the worm occupies: injection, switch-to-switch and delivery channels.
    std::uint32_t channels_used = 0;
};

/// Throws ConfigError for bad input (check_multicast).
SpamPlan plan_spam(const SpamRouting& routing, ProcessorId source,
                   std::vector<ProcessorId> destinations);

/// Switches a unicast from `from` to `to` passes, from `from`'s switch to `to`'s, with the first
/// choice at every switch.
std::vector<SwitchId> unicast_route(const SpamRouting& routing, ProcessorId from, ProcessorId to);

/// Processors in the order of their switches in the spanning tree's preorder
/// (UpDownPartition::preorder), processors of one switch ascending: the chain order of the
/// software baseline, which keeps the processors of a subtree contiguous.
std::vector<ProcessorId> tree_order(const UpDownPartition& partition);

/// The software baseline's chain: the source, then the destinations in tree_order() starting
/// after the source (cyclically). ConfigError for bad input (check_multicast).
std::vector<ProcessorId> binomial_chain(const UpDownPartition& partition, ProcessorId source,
                                        const std::vector<ProcessorId>& destinations);

/// The unicast-based (software) multicast: recursive halving over binomial_chain(), each send a
/// unicast routed by SPAM's unicast rules. ceil(log2(d+1)) phases.
struct BinomialPlan {
    std::vector<ProcessorId> chain;
    std::vector<ChainSend> sends;               ///< by phase (ChainSend::step), then sender
    std::vector<std::vector<SwitchId>> routes;  ///< switches of each send (unicast_route)
    std::uint32_t phases = 0;
};

BinomialPlan plan_binomial(const SpamRouting& routing, ProcessorId source,
                           const std::vector<ProcessorId>& destinations);

}  // namespace wormcast::irregular
