// SPAM unicast rules, selection and tree-worm routing steps (see SpamRouting.hpp).
// Libeskind-Hadas, Mazzoni & Rajagopalan §3.1 (rules 1-3, Definition 1) and §3.2 (LCA, down-tree).
#include "topologies/irregular/SpamRouting.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

namespace wormcast::irregular {

std::string to_string(const Vertex& v) {
    return fmt::format("{}{}", v.is_processor() ? "P" : "s", v.id);
}

const char* to_string(Selection s) {
    return s == Selection::Static ? "static" : "adaptive";
}

Selection parse_selection(const std::string& text, const std::string& what) {
    if (text == "adaptive") return Selection::Adaptive;
    if (text == "static") return Selection::Static;
    throw ConfigError(
        fmt::format("{}: selection = '{}' is neither 'adaptive' nor 'static'", what, text));
}

SpamRouting::SpamRouting(std::shared_ptr<const UpDownPartition> partition)
    : partition_(std::move(partition)) {
    if (!partition_) throw ModelError("SpamRouting: no partition");
}

ChannelClass SpamRouting::arrival_class(SwitchId at, PortId in_port) const {
    const PortEnd& end = graph().port(at, in_port);
    switch (end.kind) {
        case PortEnd::Kind::Processor:
            return ChannelClass::Up;
        case PortEnd::Kind::Switch:
            return partition_->channel_class(end.id, at);
        case PortEnd::Kind::Free:
            break;
    }
    throw ModelError(fmt::format("switch {}: a worm arrived on unused port {}", at, in_port));
}

unsigned SpamRouting::remaining(SwitchId at, ChannelClass arrived, Vertex target) const {
    if (!target.is_processor()) return partition_->hops(at, arrived, target.id);
    const unsigned to_switch =
        partition_->hops(at, arrived, graph().processor(target.id).switch_id);
    return to_switch == UpDownPartition::kUnreachable ? to_switch : to_switch + 1;
}

Hop SpamRouting::hop(SwitchId at, PortId port, Vertex target) const {
    const PortEnd& end = graph().port(at, port);
    Hop h;
    h.port = port;
    if (end.kind == PortEnd::Kind::Processor) {
        h.to = Vertex::of_processor(end.id);
        h.channel = ChannelClass::DownTree;
        h.remaining = h.to == target ? 0 : UpDownPartition::kUnreachable;
    } else {
        h.to = Vertex::of_switch(end.id);
        h.channel = partition_->channel_class(at, end.id);
        h.remaining = remaining(end.id, h.channel, target);
    }
    return h;
}

std::vector<Hop> SpamRouting::allowed(SwitchId at, ChannelClass arrived, Vertex target) const {
    if (!target.is_processor() && target.id == at) return {};
    std::vector<Hop> hops;
    for (PortId port = 0; port < graph().ports(); ++port) {
        if (graph().port(at, port).kind == PortEnd::Kind::Free) continue;
        const Hop h = hop(at, port, target);
        // The order of the classes: up*, down-cross*, down-tree*.
        if (h.channel == ChannelClass::Up && arrived != ChannelClass::Up) continue;
        if (h.channel == ChannelClass::DownCross && arrived == ChannelClass::DownTree) continue;
        bool ok = false;
        switch (h.channel) {
            case ChannelClass::Up:
                ok = true;
                break;                     // rule 1
            case ChannelClass::DownCross:  // rule 2: an extended ancestor
                ok = partition_->is_extended_ancestor(
                    h.to.id,
                    target.is_processor() ? graph().processor(target.id).switch_id : target.id);
                break;
            case ChannelClass::DownTree:  // rule 3: an ancestor (a processor: itself only)
                ok = h.to.is_processor() ? h.to == target
                                         : partition_->is_ancestor(
                                               h.to.id, target.is_processor()
                                                            ? graph().processor(target.id).switch_id
                                                            : target.id);
                break;
        }
        if (ok) hops.push_back(h);
    }
    std::sort(hops.begin(), hops.end(), [](const Hop& a, const Hop& b) {
        if (a.remaining != b.remaining) return a.remaining < b.remaining;
        return a.to < b.to;
    });
    return hops;
}

Vertex SpamRouting::lca(const std::vector<ProcessorId>& destinations) const {
    if (destinations.empty()) throw ModelError("SPAM: a worm without destinations");
    if (destinations.size() == 1) {
        if (destinations.front() >= graph().processors())
            throw ModelError(fmt::format("SPAM: no processor {}", destinations.front()));
        return Vertex::of_processor(destinations.front());
    }
    return Vertex::of_switch(lca_switch(destinations));
}

SwitchId SpamRouting::lca_switch(const std::vector<ProcessorId>& destinations) const {
    if (destinations.empty()) throw ModelError("SPAM: a worm without destinations");
    // The LCA of a set is the LCA of its first and last members in preorder.
    SwitchId first = 0, last = 0;
    std::uint32_t lo = ~0u, hi = 0;
    for (ProcessorId d : destinations) {
        if (d >= graph().processors())
            throw ModelError(
                fmt::format("SPAM: no processor {} (the network has {})", d, graph().processors()));
        const SwitchId s = graph().processor(d).switch_id;
        const std::uint32_t index = partition_->preorder_index(s);
        if (index < lo) lo = index, first = s;
        if (index >= hi) hi = index, last = s;
    }
    return partition_->lca(first, last);
}

std::vector<WormBranch> SpamRouting::route(SwitchId at, ChannelClass arrived,
                                           const std::vector<ProcessorId>& destinations,
                                           TreeSplit split) const {
    const Vertex target = lca(destinations);
    std::vector<WormBranch> branches;
    auto delivery = [&](ProcessorId d) {
        return WormBranch{{hop(at, graph().processor(d).port, Vertex::of_processor(d))}, {d}};
    };
    if (split == TreeSplit::AtLca) {
        if (!target.is_processor() && target.id == at) {
            // At the LCA: down-tree only, into every child whose subtree holds a destination.
            for (SwitchId child : partition_->children(at)) {
                WormBranch b;
                for (ProcessorId d : destinations)
                    if (partition_->is_ancestor(child, graph().processor(d).switch_id))
                        b.destinations.push_back(d);
                if (b.destinations.empty()) continue;
                b.choices.push_back(hop(at, graph().port_towards(at, child), lca(b.destinations)));
                branches.push_back(std::move(b));
            }
            for (ProcessorId d : destinations)
                if (graph().processor(d).switch_id == at) branches.push_back(delivery(d));
            return branches;
        }
        if (target.is_processor() && graph().processor(target.id).switch_id == at)
            return {delivery(target.id)};
        WormBranch b{allowed(at, arrived, target), destinations};
        if (b.choices.empty())
            throw ModelError(
                fmt::format("SPAM: no legal output at switch {} towards {} for a "
                            "worm that entered on a {} channel",
                            at, to_string(target), to_string(arrived)));
        return {std::move(b)};
    }
    // BeforeLca: each destination's own first choice; those sharing an output share a branch.
    std::map<PortId, WormBranch> by_port;
    for (ProcessorId d : destinations) {
        const Vertex to = Vertex::of_processor(d);
        WormBranch one;
        if (graph().processor(d).switch_id == at) {
            one = delivery(d);
        } else {
            const std::vector<Hop> hops = allowed(at, arrived, to);
            if (hops.empty())
                throw ModelError(
                    fmt::format("naive tree: no legal output at switch {} towards {} "
                                "for a worm that entered on a {} channel",
                                at, to_string(to), to_string(arrived)));
            one.choices = {hops.front()};
        }
        WormBranch& b = by_port[one.choices.front().port];
        if (b.choices.empty()) b.choices = one.choices;
        b.destinations.push_back(d);
    }
    for (auto& [port, b] : by_port) branches.push_back(std::move(b));
    return branches;
}

std::shared_ptr<const SpamRouting> make_spam_routing(SwitchGraph graph) {
    return std::make_shared<const SpamRouting>(std::make_shared<const UpDownPartition>(
        std::make_shared<const SwitchGraph>(std::move(graph))));
}

}  // namespace wormcast::irregular
