// When a router routes a multidestination header (`router.route_timing`): once it has gathered
// the whole header (gather), or a fixed latency after its first flit, the address flits
// pipelined behind it (fixed: the star-graph paper's model, Wang, Chu & Chen §4).
#pragma once

#include <cstdint>

namespace wormcast {

enum class RouteTiming : std::uint8_t {
    /// The router latches every header flit, then routes (t_node or t_node_multidest cycles): a
    /// header of h flits reaches the next router h - 1 cycles later than a one-flit header.
    Gather = 0,
    /// A destination list is routed t_node_multidest cycles after its head flit, on the
    /// destinations its first flits hold; the other address flits are forwarded as they arrive
    /// (rewritten when the router absorbs a destination). A bit-string is routed
    /// t_node_multidest after its head but never before its whole string is in (a replicating
    /// router needs every bit to know its branches).
    Fixed = 1,
};

/// The scenario's spelling: "gather" or "fixed".
inline const char* to_string(RouteTiming timing) {
    return timing == RouteTiming::Fixed ? "fixed" : "gather";
}

}  // namespace wormcast
