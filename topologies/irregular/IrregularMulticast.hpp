// Multicast schemes of irregular networks (pure C++): SPAM tree worms, the naive pre-LCA tree,
// the unicast-based binomial baseline and separate unicasts, as NIC firmware. Libeskind-Hadas,
// Mazzoni & Rajagopalan §1 (unicast-based lower bound), §3.2 (SPAM), §4.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "systemc/pure/Firmware.hpp"
#include "topologies/irregular/UpDownPartition.hpp"

namespace wormcast::irregular {

enum class IrregularMulticast {
    Spam,       ///< one bit-string tree worm, split at the LCA and below (§3.2)
    Unicast,    ///< unicast-based: recursive halving (binomial) over the tree-ordered chain
    NaiveTree,  ///< one tree worm that splits where the destinations' routes diverge (deadlocks)
    Separate,   ///< one unicast per destination from the source
};

const char* to_string(IrregularMulticast scheme);  ///< "spam", "unicast", "naive-tree", "separate"
/// The names above; ConfigError naming `what` and the accepted values otherwise.
IrregularMulticast parse_irregular_multicast(const std::string& text, const std::string& what);
/// True for the schemes whose worms replicate in the switches (spam, naive-tree).
bool needs_tree_worms(IrregularMulticast scheme);

/// ConfigError (naming `what`, the setting and the reason) unless the routers and NICs can run
/// the scheme: tree worms for spam and naive-tree, and one injection and one consumption channel
/// per processor (a processor hangs on one switch port, §3.1).
void check_irregular_multicast(IrregularMulticast scheme, bool tree_worms,
                               unsigned injection_channels, unsigned consumption_channels,
                               const std::string& what);

/// The firmware each NIC runs: spam and naive-tree send TreeWormFirmware's one bit-string worm
/// (a unicast header for one destination; the switches' routing makes the difference), unicast
/// the halving firmware on binomial_chain(), separate UnicastFirmware.
std::unique_ptr<Firmware> make_irregular_firmware(IrregularMulticast scheme,
                                                  std::shared_ptr<const UpDownPartition> partition);

/// Positions in NetworkSpec::links, and so in RunResult::link_flits, of the channels leaving
/// switch s towards other switches: build_irregular_network lists graph link i as 2i (a -> b)
/// and 2i + 1 (b -> a).
std::vector<std::size_t> links_leaving(const SwitchGraph& graph, SwitchId s);
/// Flits switch s forwarded to other switches, from a run's link_flits (the root hot spot of §5
/// is flits_leaving(graph, graph.root(), result.link_flits)).
std::uint64_t flits_leaving(const SwitchGraph& graph, SwitchId s,
                            const std::vector<std::uint64_t>& link_flits);

}  // namespace wormcast::irregular
