// Multicast scheme names, checks and firmware of irregular networks (see IrregularMulticast.hpp).
// Libeskind-Hadas, Mazzoni & Rajagopalan §3.2, §4.
#include "topologies/irregular/IrregularMulticast.hpp"

#include <fmt/format.h>

#include "systemc/pure/ChainHalving.hpp"
#include "systemc/pure/PathWormFirmware.hpp"
#include "systemc/pure/UnicastFirmware.hpp"
#include "topologies/irregular/IrregularPlan.hpp"

namespace wormcast::irregular {

const char* to_string(IrregularMulticast scheme) {
    switch (scheme) {
        case IrregularMulticast::Spam:
            return "spam";
        case IrregularMulticast::Unicast:
            return "unicast";
        case IrregularMulticast::NaiveTree:
            return "naive-tree";
        case IrregularMulticast::Separate:
            return "separate";
    }
    return "?";
}

IrregularMulticast parse_irregular_multicast(const std::string& text, const std::string& what) {
    for (IrregularMulticast s : {IrregularMulticast::Spam, IrregularMulticast::Unicast,
                                 IrregularMulticast::NaiveTree, IrregularMulticast::Separate})
        if (text == to_string(s)) return s;
    throw ConfigError(fmt::format(
        "{}: '{}' is not a multicast scheme of irregular networks (spam, unicast, naive-tree, "
        "separate)",
        what, text));
}

bool needs_tree_worms(IrregularMulticast scheme) {
    return scheme == IrregularMulticast::Spam || scheme == IrregularMulticast::NaiveTree;
}

void check_irregular_multicast(IrregularMulticast scheme, bool tree_worms,
                               unsigned injection_channels, unsigned consumption_channels,
                               const std::string& what) {
    if (needs_tree_worms(scheme) && !tree_worms)
        throw ConfigError(fmt::format(
            "{}: {} sends tree worms, but the switches are configured without tree worms "
            "(replication)",
            what, to_string(scheme)));
    if (injection_channels != 1 || consumption_channels != 1)
        throw ConfigError(fmt::format(
            "{}: a processor of an irregular network has one injection and one consumption "
            "channel (its one switch port), not {} and {}",
            what, injection_channels, consumption_channels));
}

std::unique_ptr<Firmware> make_irregular_firmware(
    IrregularMulticast scheme, std::shared_ptr<const UpDownPartition> partition) {
    if (!partition) throw ModelError("make_irregular_firmware: no partition");
    switch (scheme) {
        case IrregularMulticast::Spam:
        case IrregularMulticast::NaiveTree:
            return std::make_unique<TreeWormFirmware>(partition->graph().processors());
        case IrregularMulticast::Unicast:
            return std::make_unique<ChainHalvingFirmware>(
                "unicast", [partition](const MulticastRequest& request) {
                    return binomial_chain(*partition, request.source, request.destinations);
                });
        case IrregularMulticast::Separate:
            return std::make_unique<UnicastFirmware>();
    }
    throw ModelError("make_irregular_firmware: unknown scheme");
}

std::vector<std::size_t> links_leaving(const SwitchGraph& graph, SwitchId s) {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < graph.links().size(); ++i) {
        if (graph.links()[i].a == s) out.push_back(2 * i);
        if (graph.links()[i].b == s) out.push_back(2 * i + 1);
    }
    return out;
}

std::uint64_t flits_leaving(const SwitchGraph& graph, SwitchId s,
                            const std::vector<std::uint64_t>& link_flits) {
    if (link_flits.size() != 2 * graph.links().size())
        throw ModelError(fmt::format("{} link counts for the {} channels of {}", link_flits.size(),
                                     2 * graph.links().size(), graph.name()));
    std::uint64_t flits = 0;
    for (std::size_t i : links_leaving(graph, s)) flits += link_flits[i];
    return flits;
}

}  // namespace wormcast::irregular
