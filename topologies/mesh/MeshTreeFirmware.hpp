// NIC firmware for hardware tree multicast on a mesh (pure C++): a multicast becomes one
// bit-string tree worm that the routers replicate along the e-cube (XY) routes (EcubeRouting).
#pragma once

#include "systemc/pure/Firmware.hpp"
#include "topologies/mesh/MeshShape.hpp"

namespace wormcast::mesh {

/// One instance per NIC (stateless). A request with one destination is sent as a unicast, one
/// with several as a single worm whose bit-string header names every destination. Not
/// deadlock-free in general (docs/multicast-hardware.md, "Tree worms on meshes").
class MeshTreeFirmware : public Firmware {
  public:
    /// Throws ConfigError for a torus (e-cube tree worms are routed on meshes only) or a
    /// malformed shape.
    explicit MeshTreeFirmware(MeshShape shape);

    /// Throws ConfigError if the source or a destination is outside the mesh, a destination
    /// repeats, the source is among the destinations, or there is no destination.
    std::vector<SendOrder> start(const MulticastRequest& request) override;
    std::vector<SendOrder> received(NodeId, std::uint32_t, const FirmwareNote*) override {
        return {};
    }

  private:
    MeshShape shape_;
};

}  // namespace wormcast::mesh
