// RTL routers in a network: the verilated configuration of each router derived from the network
// at run time (built on first use by systemc/rtl/RtlCache), and the router factory of the
// table-routed wc_router (rtl/wc_route_table.sv) that serves any topology whose routing a table
// holds. A family with route logic of its own (the mesh's e-cube) derives its configuration in
// its own folder (topologies/mesh/network/MeshRtl.cpp) and uses make_rtl_router.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "systemc/ActivityMonitor.hpp"
#include "systemc/NetworkParams.hpp"
#include "systemc/NetworkSpec.hpp"
#include "systemc/RouterConfig.hpp"
#include "systemc/RouterModule.hpp"
#include "systemc/RtlRouter.hpp"
#include "systemc/pure/RouteTable.hpp"
#include "systemc/rtl/RtlCache.hpp"
#include "systemc/rtl/RtlConfig.hpp"

namespace wormcast::rtl {

/// Real flits a table-routed RTL switch counts before it releases the token (its token_release_i
/// strap, 8 bits).
inline constexpr unsigned kRtlTokenReleaseMax = 255;
/// Longest link latency the RTL's per-port latency straps hold (8 bits a port).
inline constexpr unsigned kRtlLatencyMax = 255;

/// ConfigError "RTL routers: ..." listing what the RTL does not implement in `params`
/// (rtl_refusals of the parameter declaration); nothing when it implements them all.
void check_rtl_params(const NetworkParams& params);

/// Sets on `config` the Verilog parameter of every declared network parameter that has one
/// (rtl_parameters), but those in `skip` and, where the routers route no destination list or
/// bit-string, T_NODE_MULTIDEST (so such networks share a configuration whatever that key).
void set_declared_parameters(RtlConfig& config, const NetworkParams& params,
                             const std::vector<std::string>& skip = {});

/// An RTL router of `library`'s configuration (load_rtl_library) for a router of `router`'s
/// configuration; `strap`, `table` and `token` as RtlRouter's constructor takes them.
std::unique_ptr<RouterModule> make_rtl_router(const RtlLibrary& library, const RouterConfig& router,
                                              double clock_ns, ActivityMonitor* monitor,
                                              std::int64_t strap = -1,
                                              std::vector<std::uint32_t> table = {},
                                              RtlTokenWires token = {});

/// The tables of `spec`'s routers (its routing functions, as adapted by a multicast scheme) at
/// `routers`, with the bit-string groups of Topology::route_table_groups.
std::vector<RouteTable> route_tables(const NetworkSpec& spec, const NetworkParams& params,
                                     const std::vector<std::size_t>& routers,
                                     const std::vector<std::vector<NodeId>>& groups);

/// The table-routed wc_router configuration of each of `routers` (same order): its ports, the
/// network's parameters (from their declaration), the table's size (the largest of the network's
/// tables, so routers with the same ports share one configuration), every link latency a strap
/// up to the network's longest, and the ATBM token stop. ConfigError naming the mechanism the RTL
/// lacks (e.g. more link latency than its straps hold, a token ring of the average model).
std::vector<RtlConfig> table_rtl_configs(const NetworkSpec& spec, const NetworkParams& params,
                                         const std::vector<std::size_t>& routers,
                                         const std::vector<RouteTable>& tables);

/// The distinct configurations of `configs`, in order of first appearance.
std::vector<RtlConfig> distinct_configs(const std::vector<RtlConfig>& configs);

/// NetworkSpec::router_factory putting table-routed RTL routers at `routers` of `spec` (whose
/// routing functions give the tables), their configurations loaded or built now (before
/// elaboration, once each). The switches of an ATBM token ring (RouterSpec::token_ring) are wired
/// stop to stop through their token_i/token_o pins, so a ring is all RTL or all SystemC
/// (ConfigError naming a stop left out).
RouterFactory table_rtl_factory(const NetworkSpec& spec, const NetworkParams& params,
                                const std::vector<std::size_t>& routers,
                                const std::vector<std::vector<NodeId>>& groups);

/// The routers of `spec` that table_rtl_factory and table_rtl_configs take when none is named.
std::vector<std::size_t> all_routers(const NetworkSpec& spec);

}  // namespace wormcast::rtl
