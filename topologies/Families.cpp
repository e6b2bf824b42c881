// The list of topology families (docs/architecture.md: adding a family is a folder and one line
// here).
#include "topologies/TopologyFamily.hpp"
#include "topologies/mesh/network/MeshFamily.hpp"
#include "topologies/min/network/MinFamily.hpp"
#include "topologies/star/network/StarFamily.hpp"

namespace wormcast {

const std::vector<const TopologyFamily*>& topology_families() {
    static const std::vector<const TopologyFamily*> families{
        &mesh::mesh_family(),
        &min::min_family(),
        &star::star_family(),
    };
    return families;
}

}  // namespace wormcast
