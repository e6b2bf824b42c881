// The routing-function interface between a topology and a router (pure C++).
// A topology hands each router a RoutingFunction; the router asks it where a header goes.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "systemc/pure/Header.hpp"
#include "systemc/pure/PortSet.hpp"
#include "systemc/pure/Types.hpp"

namespace wormcast {

/// One output a worm must take, with the virtual channels it may use there.
struct RouteBranch {
    PortId port = 0;
    std::uint32_t vc_mask = 1;  ///< bit v set: output VC v is allowed
    /// Header to forward on this branch when it differs from the incoming one
    /// (a path worm that popped a destination, a bit-string masked to the branch).
    std::optional<Header> rewritten;
    /// This branch delivers to a consumption channel of the local node.
    bool consume = false;
    /// Adaptive routing: further outputs this branch may take instead of `port` (same VCs, same
    /// header). Empty: the branch goes to `port`. Otherwise the router takes `port` if it is
    /// available, else the first available alternative (in alternative_order, else the
    /// lowest-numbered), where available means a VC of vc_mask is free on the output and no worm
    /// queued in its OCRQ competes for those VCs; with none available the worm waits and chooses
    /// again the next cycle (docs/min.md).
    PortSet alternatives;
    /// The order the router tries the alternatives in after `port`: every member of
    /// `alternatives` once (RouteUnit checks). Empty: ascending port number. Lets a routing
    /// function rank its outputs by its own selection function (SPAM, docs/irregular.md).
    std::vector<PortId> alternative_order;
};

/// What a routing function decides for one header: one branch (unicast, path), or several (tree).
struct RouteDecision {
    std::vector<RouteBranch> branches;
};

/// What the router tells the routing function about the worm it routes.
struct RouteQuery {
    PortId in_port = 0;
    VcId in_vc = 0;
    const Header* header = nullptr;
};

class RoutingFunction {
  public:
    virtual ~RoutingFunction() = default;
    virtual RouteDecision route(const RouteQuery& query) const = 0;
};

}  // namespace wormcast
