// The mesh co-simulation cases (see MeshRtlCases.hpp).
#include "testbenches/cosim/MeshRtlCases.hpp"

#include <fmt/format.h>

#include "systemc/rtl/RtlModels.hpp"
#include "topologies/mesh/network/MeshRtl.hpp"

namespace wormcast::cosim {

namespace {
struct Keys {
    unsigned vcs = 1, depth = 1, width = 32, t_node = 1, t_sw = 1, t_phy = 1, t_inj = 1, t_cons = 1,
             injection = 1, consumption = 1, t_multi = 0;
    bool path = false, tree = false, torus = false;
};

MeshRtlCase make_case(const std::string& name, const Keys& k) {
    NetworkParams p;
    p.vcs = k.vcs;
    p.buffer_depth = k.depth;
    p.flit_width = k.width;
    p.t_node = k.t_node;
    p.t_sw = k.t_sw;
    p.t_phy = k.t_phy;
    p.t_inj = k.t_inj;
    p.t_cons = k.t_cons;
    p.injection_channels = k.injection;
    p.consumption_channels = k.consumption;
    p.path_worms = k.path;
    p.tree_worms = k.tree;
    if (k.path || k.tree) p.t_node_multidest = k.t_multi;
    return MeshRtlCase{name, mesh::MeshShape::parse("4x4", k.torus), p};
}
}  // namespace

std::string MeshRtlCase::describe() const {
    std::string out = shape.name();
    for (const auto& d : network_parameters())
        if (d.rtl) out += fmt::format(", {} {}", d.key, d.format(params));
    return out;
}

rtl::RtlConfig MeshRtlCase::config() const {
    return *mesh::ecube_rtl_config(shape, params);
}

const std::vector<MeshRtlCase>& mesh_rtl_cases() {
    static const std::vector<MeshRtlCase> cases = [] {
        std::vector<MeshRtlCase> c;
        c.push_back(make_case("v1d1", {}));
        Keys k;
        k = {};
        k.vcs = 2, k.depth = 2, k.width = 16, k.t_node = 4;
        c.push_back(make_case("v2d2", k));
        k = {};
        k.vcs = 2, k.depth = 4, k.t_node = 2, k.t_sw = 2, k.t_phy = 3, k.t_inj = 2, k.t_cons = 2;
        c.push_back(make_case("v2d4", k));
        k = {};
        k.depth = 3, k.width = 8, k.t_node = 3, k.t_phy = 2, k.t_cons = 3;
        c.push_back(make_case("v1d3", k));
        k = {};
        k.vcs = 2, k.width = 16, k.t_node = 2, k.t_inj = 2, k.injection = 2, k.consumption = 2;
        c.push_back(make_case("v2d1p2", k));
        k = {};
        k.depth = 4, k.t_node = 4;
        c.push_back(make_case("v1d4", k));
        k = {};
        k.width = 16, k.path = true, k.t_multi = 2, k.tree = true;
        c.push_back(make_case("p1d1", k));
        k = {};
        k.vcs = 2, k.depth = 2, k.width = 8, k.t_node = 2, k.t_cons = 2, k.consumption = 4;
        k.path = true, k.t_multi = 3, k.tree = true;
        c.push_back(make_case("p2d2c4", k));
        k = {};
        k.vcs = 2, k.depth = 2, k.width = 16, k.torus = true;
        c.push_back(make_case("t2d2", k));
        return c;
    }();
    return cases;
}

RouterFactory mesh_rtl_factory(const mesh::MeshShape& shape, const NetworkParams& params,
                               std::function<bool(NodeId)> use_rtl) {
    return mesh::ecube_rtl_factory(shape, params, *mesh::ecube_rtl_config(shape, params),
                                   std::move(use_rtl));
}

std::unique_ptr<RouterModule> make_mesh_rtl(const MeshRtlCase& c, const RouterConfig& config,
                                            sc_core::sc_time period) {
    return rtl::make_rtl_router(rtl::load_rtl_library(c.config()), config,
                                period.to_seconds() * 1e9, nullptr);
}

}  // namespace wormcast::cosim
