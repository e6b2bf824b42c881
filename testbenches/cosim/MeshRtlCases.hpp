// The mesh and torus networks the co-simulation benches run with RTL routers: named parameter
// sets of 4x4 meshes and tori (the configurations once verilated at build time, now derived and
// built on first use like any other), and the e-cube RTL router factory for them.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "systemc/NetworkParams.hpp"
#include "systemc/NetworkSpec.hpp"
#include "systemc/rtl/RtlConfig.hpp"
#include "topologies/mesh/MeshShape.hpp"

namespace wormcast::cosim {

struct MeshRtlCase {
    std::string name;
    mesh::MeshShape shape;
    NetworkParams params;

    /// The parameters in words, for test messages.
    std::string describe() const;
    /// The e-cube wc_router configuration of this network.
    rtl::RtlConfig config() const;
};

/// v1d1 .. t2d2: unicast meshes of 1 and 2 VCs, depths 1..4, flit widths 8..32, several pipeline
/// timings and channel counts; p1d1 and p2d2c4 with path and tree worms (8- and 16-bit flits, so
/// headers take several flits); t2d2 a torus with dateline classes.
const std::vector<MeshRtlCase>& mesh_rtl_cases();

/// The e-cube RTL router (built on first use) at the nodes where `use_rtl` holds.
RouterFactory mesh_rtl_factory(const mesh::MeshShape& shape, const NetworkParams& params,
                               std::function<bool(NodeId)> use_rtl);

/// One RTL router of `c`'s network, for a router configuration of it.
std::unique_ptr<RouterModule> make_mesh_rtl(const MeshRtlCase& c, const RouterConfig& config,
                                            sc_core::sc_time period);

}  // namespace wormcast::cosim
