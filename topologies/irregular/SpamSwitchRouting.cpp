// SPAM routing function of one switch (see SpamSwitchRouting.hpp).
// Libeskind-Hadas, Mazzoni & Rajagopalan §3.1 (adaptive unicast), §3.2 (tree worms).
#include "topologies/irregular/SpamSwitchRouting.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace wormcast::irregular {

SpamSwitchRouting::SpamSwitchRouting(std::shared_ptr<const SpamRouting> routing, SwitchId id,
                                     SpamSwitchOptions options)
    : routing_(std::move(routing)),
      id_(id),
      options_(options),
      all_vcs_(options.vcs >= 32 ? ~0u : (1u << options.vcs) - 1) {
    if (!routing_) throw ModelError("SpamSwitchRouting: no routing");
    if (id_ >= routing_->graph().switches())
        throw ModelError(fmt::format("SpamSwitchRouting: no switch {}", id_));
    if (options_.vcs == 0) throw ConfigError("vcs must be at least 1");
}

std::uint32_t SpamSwitchRouting::vc_mask(ChannelClass channel) const {
    return channel == ChannelClass::DownTree ? 1u : all_vcs_;
}

RouteDecision SpamSwitchRouting::route(const RouteQuery& query) const {
    if (query.header == nullptr)
        throw ModelError(fmt::format("switch {}: routing query without a header", id_));
    const Header& header = *query.header;
    const std::uint32_t processors = routing_->graph().processors();
    std::vector<ProcessorId> destinations;
    switch (header.kind) {
        case HeaderKind::Unicast:
            if (header.destinations.size() != 1 || header.destinations.front() >= processors)
                throw ModelError(
                    fmt::format("switch {}: a unicast header must name one of the {} processors",
                                id_, processors));
            destinations = header.destinations;
            break;
        case HeaderKind::BitString:
            for (std::size_t w = 0; w < header.bits.size(); ++w) {
                const std::uint64_t first = w * 64;
                const std::uint64_t inside = first >= processors ? 0
                                             : processors - first >= 64
                                                 ? ~std::uint64_t{0}
                                                 : (std::uint64_t{1} << (processors - first)) - 1;
                if ((header.bits[w] & ~inside) != 0)
                    throw ModelError(fmt::format(
                        "switch {}: bit-string header names a node outside the {} processors", id_,
                        processors));
            }
            destinations = header.bit_members(processors);
            if (destinations.empty())
                throw ModelError(
                    fmt::format("switch {}: bit-string header names no destination", id_));
            break;
        case HeaderKind::DestList:
            throw ModelError(fmt::format(
                "switch {}: destination-list (path worm) headers are not routed on irregular "
                "networks",
                id_));
    }
    const ChannelClass arrived = routing_->arrival_class(id_, query.in_port);
    const auto branches = routing_->route(id_, arrived, destinations, options_.split);
    RouteDecision decision;
    for (const WormBranch& b : branches) {
        const Hop& first = b.choices.front();
        RouteBranch out;
        out.port = first.port;
        out.vc_mask = vc_mask(first.channel);
        out.consume = first.to.is_processor();
        if (header.kind == HeaderKind::BitString && b.destinations.size() != destinations.size())
            out.rewritten = Header::bit_string(processors, b.destinations);
        if (options_.selection == Selection::Adaptive && branches.size() == 1)
            for (std::size_t i = 1; i < b.choices.size(); ++i) {
                const Hop& other = b.choices[i];
                if (other.to.is_processor() || vc_mask(other.channel) != out.vc_mask) continue;
                out.alternatives.set(other.port);
                out.alternative_order.push_back(other.port);
            }
        decision.branches.push_back(std::move(out));
    }
    return decision;
}

std::vector<std::vector<ProcessorId>> spam_table_groups(const SpamRouting& routing) {
    const SwitchGraph& graph = routing.graph();
    const UpDownPartition& partition = routing.partition();
    std::vector<std::vector<ProcessorId>> groups;
    for (ProcessorId p = 0; p < graph.processors(); ++p) groups.push_back({p});
    std::vector<SwitchId> order(graph.switches());
    for (SwitchId s = 0; s < graph.switches(); ++s) order[s] = s;
    std::sort(order.begin(), order.end(), [&partition](SwitchId a, SwitchId b) {
        return partition.level(a) != partition.level(b) ? partition.level(a) > partition.level(b)
                                                        : a < b;
    });
    // Deepest first: a switch's children have their subtrees by the time it is reached.
    std::vector<std::vector<ProcessorId>> subtree(graph.switches());
    for (SwitchId s : order) {
        std::vector<ProcessorId> members = graph.processors_on(s);
        for (SwitchId c : partition.children(s))
            members.insert(members.end(), subtree[c].begin(), subtree[c].end());
        std::sort(members.begin(), members.end());
        subtree[s] = members;
        if (!members.empty()) groups.push_back(std::move(members));
    }
    return groups;
}

}  // namespace wormcast::irregular
