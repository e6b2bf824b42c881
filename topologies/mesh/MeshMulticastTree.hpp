// What the source of one mesh multicast decides (pure C++): the chain of its unicast phase and
// the multidestination worms each leader sends. Kesavan & Panda §2.2, §3.1, §4.1.1, §4.2.1.
#pragma once

#include <memory>
#include <unordered_map>
#include <vector>

#include "systemc/pure/Firmware.hpp"
#include "topologies/mesh/LeaderHierarchy.hpp"
#include "topologies/mesh/MeshMulticastAlgorithm.hpp"

namespace wormcast::mesh {

/// One multidestination path worm a leader sends.
struct MeshWorm {
    unsigned level = 0;                ///< 1 ... n; a level-(r+1) worm runs along dimension r
    std::vector<NodeId> destinations;  ///< in visiting order from the leader (e-cube conformant)
};

/// Immutable decision of one multicast's source, shared by every message of that multicast.
/// Each receiver reads only its own part (a real NIC would carry that part in the message).
class MeshMulticastTree {
  public:
    /// Umesh: chain = Φ. SPUmesh: Φ rotated to start at the source. HL family: L_n ∪ {source}
    /// in dimension order, rotated as well when the leader phase is SPUmesh; plus the worms.
    MeshMulticastTree(const MeshMulticastConfig& config, const MulticastRequest& request);

    MeshMulticastAlgorithm algorithm() const { return algorithm_; }
    NodeId source() const { return source_; }
    std::uint32_t length() const { return length_; }
    /// Nodes of the unicast (Umesh) phase, source included, in the order the split rule uses.
    const std::vector<NodeId>& chain() const { return chain_; }
    /// Index of the source in chain().
    std::size_t source_index() const { return source_index_; }
    /// Non-empty worms led by `node`, from level n down to 1 (empty for Umesh / SPUmesh).
    const std::vector<MeshWorm>& worms_led_by(NodeId node) const;
    /// True if `node` leads a non-empty worm of a level below `level`.
    bool leads_worm_below(NodeId node, unsigned level) const;

  private:
    MeshMulticastAlgorithm algorithm_;
    NodeId source_;
    std::uint32_t length_;
    std::vector<NodeId> chain_;
    std::size_t source_index_ = 0;
    std::unordered_map<NodeId, std::vector<MeshWorm>> worms_;
};

}  // namespace wormcast::mesh
