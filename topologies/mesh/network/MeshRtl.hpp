// RTL routers of the mesh family: the e-cube wc_router (rtl/wc_route_ecube.sv) of a 2-D mesh or
// torus, its Verilog parameters derived from the network and the parameter declaration.
#pragma once

#include <functional>
#include <optional>

#include "systemc/NetworkParams.hpp"
#include "systemc/NetworkSpec.hpp"
#include "systemc/rtl/RtlConfig.hpp"
#include "topologies/mesh/MeshShape.hpp"

namespace wormcast::mesh {

/// The e-cube wc_router configuration of every router of this mesh or torus (`dateline`: as given
/// to build_mesh_network); nullopt where the e-cube RTL does not apply (not two dimensions, a
/// torus without dateline VC classes), so the family's table-routed RTL serves instead.
/// ConfigError naming what the RTL does not implement in the parameters.
std::optional<rtl::RtlConfig> ecube_rtl_config(const MeshShape& shape, const NetworkParams& params,
                                               bool dateline = true);

/// NetworkSpec::router_factory: the routers of the nodes for which `use_rtl` holds become the
/// e-cube RTL router of `config` (loaded, or built on first use now, before elaboration).
RouterFactory ecube_rtl_factory(const MeshShape& shape, const NetworkParams& params,
                                const rtl::RtlConfig& config, std::function<bool(NodeId)> use_rtl);

}  // namespace wormcast::mesh
