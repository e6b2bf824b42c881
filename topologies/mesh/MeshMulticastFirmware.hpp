// NIC firmware running Umesh, SPUmesh, HL, SQHL or SCHL on a k-ary n-cube mesh (pure C++).
// Kesavan & Panda §2.2.1, §2.2.2, §3.1, §4.1.1, §4.2.1; issue 4, definitions 1-5.
#pragma once

#include <vector>

#include "systemc/pure/Firmware.hpp"
#include "topologies/mesh/MeshMulticastAlgorithm.hpp"
#include "topologies/mesh/MeshMulticastNote.hpp"

namespace wormcast::mesh {

/// One instance per NIC (it keeps no per-multicast state, so one instance may also serve every
/// node of a pure model). The source computes its MeshMulticastTree and its own sends; every
/// message carries a MeshMulticastNote telling its receiver what to send next. A node always
/// sends its unicasts (split rule on its delegated sub-chain) first, then its worms from level
/// n down to 1. Unicast orders have level 0, worm orders their level 1 ... n.
class MeshMulticastFirmware : public Firmware {
  public:
    /// Throws ConfigError for a torus or a malformed shape.
    explicit MeshMulticastFirmware(MeshMulticastConfig config);

    const MeshMulticastConfig& config() const { return config_; }

    /// Throws ConfigError if the source or a destination is outside the mesh, a destination
    /// repeats, or the source is among the destinations.
    std::vector<SendOrder> start(const MulticastRequest& request) override;
    /// A null note means nothing to do. Throws ModelError for a foreign note or one that does
    /// not name `self`.
    std::vector<SendOrder> received(NodeId self, std::uint32_t multicast,
                                    const FirmwareNote* note) override;

  private:
    /// Unicasts of the holder at chain index `holder` owning `owned`, then all its worms.
    std::vector<SendOrder> chain_holder_sends(const std::shared_ptr<const MeshMulticastTree>& tree,
                                              std::size_t holder, ChainRange owned) const;
    /// Worms `node` leads at levels below `level`, highest level first.
    void append_worms(const std::shared_ptr<const MeshMulticastTree>& tree, NodeId node,
                      unsigned below_level, std::vector<SendOrder>& sends) const;

    MeshMulticastConfig config_;
};

}  // namespace wormcast::mesh
