// The routing function of one switch of an irregular network (pure C++): SPAM (or the naive
// pre-LCA split) on the header the router latched. Libeskind-Hadas, Mazzoni & Rajagopalan §3.
#pragma once

#include <cstdint>
#include <memory>

#include "systemc/pure/Routing.hpp"
#include "topologies/irregular/SpamRouting.hpp"

namespace wormcast::irregular {

struct SpamSwitchOptions {
    TreeSplit split = TreeSplit::AtLca;
    Selection selection = Selection::Adaptive;
    unsigned vcs = 1;  ///< virtual channels per port
};

/// Unicast headers and bit-string headers (tree worms) are routed by SpamRouting::route; the
/// router's port p is the switch's port p. A branch that may take several outputs (the route to
/// the LCA) names the first in the selection order as RouteBranch::port and, with the adaptive
/// selection, the others as alternatives in that order (RouteBranch::alternative_order), so the
/// router takes the first that is free. A branch carrying fewer destinations than the worm gets
/// the bit-string masked to them. With several VCs, down-tree channels (deliveries included)
/// allow VC 0 only and the other channels every VC (docs/irregular.md: the deadlock argument
/// needs one owner per down-tree channel), and a branch's alternatives are the outputs of the
/// first one's kind. Destination-list headers and malformed headers throw ModelError.
class SpamSwitchRouting : public RoutingFunction {
  public:
    SpamSwitchRouting(std::shared_ptr<const SpamRouting> routing, SwitchId id,
                      SpamSwitchOptions options = {});

    RouteDecision route(const RouteQuery& query) const override;

  private:
    std::uint32_t vc_mask(ChannelClass channel) const;

    std::shared_ptr<const SpamRouting> routing_;
    SwitchId id_;
    SpamSwitchOptions options_;
    std::uint32_t all_vcs_;
};

/// The bit-string groups of a table-driven route unit (systemc/pure/RouteTable) for SPAM: every
/// processor alone (ascending), then every switch's spanning subtree (the processors on it and
/// below it, ascending), deepest level first, ties by smaller switch id; switches without a
/// processor below them are left out. A bit-string's first holding group is then its LCA (the
/// processor itself for one destination), which is all SPAM's route depends on besides the split
/// per destination at the LCA.
std::vector<std::vector<ProcessorId>> spam_table_groups(const SpamRouting& routing);

}  // namespace wormcast::irregular
