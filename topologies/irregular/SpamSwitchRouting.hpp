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

}  // namespace wormcast::irregular
