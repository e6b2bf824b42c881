// NIC firmware running the five star-graph multicast schemes (pure C++): the source plans the
// multicast (StarPlan) and sends its own worms; every message carries the plan, and a node that
// receives it sends the worms the plan gives it (relays of two-phase, chain holders of unicast).
// Wang, Chu & Chen §2.2.2, §3.2; docs/star.md.
#pragma once

#include <memory>
#include <vector>

#include "systemc/pure/Firmware.hpp"
#include "topologies/star/StarPlan.hpp"

namespace wormcast::star {

/// What a message of a star multicast tells its receivers: the whole plan (shared, read-only).
struct StarMulticastNote : FirmwareNote {
    std::shared_ptr<const StarPlan> plan;
    std::uint32_t length = 1;  ///< payload flits of every message of the multicast
};

/// One instance per NIC (no per-multicast state). Worms of the path schemes always travel as
/// destination-list headers, even with one destination (so the routers treat them as
/// multidestination worms and route the hamiltonian scheme's along the path); the unicast
/// scheme sends unicast headers. SendOrder::level is the worm's phase.
class StarMulticastFirmware : public Firmware {
  public:
    StarMulticastFirmware(StarShape shape, StarScheme scheme);

    StarScheme scheme() const { return scheme_; }

    /// Throws ConfigError if the source or a destination is outside the star, a destination
    /// repeats, or the source is among the destinations (the network's delivery check counts
    /// the request's list as given; plan_star_multicast cleans such lists instead).
    std::vector<SendOrder> start(const MulticastRequest& request) override;
    /// A null note means nothing to do. Throws ModelError for a foreign note.
    std::vector<SendOrder> received(NodeId self, std::uint32_t multicast,
                                    const FirmwareNote* note) override;

  private:
    std::vector<SendOrder> sends_of(const std::shared_ptr<const StarPlan>& plan, NodeId node,
                                    std::uint32_t length) const;

    StarShape shape_;
    StarScheme scheme_;
};

}  // namespace wormcast::star
