// Names and run-time options of the mesh multicast algorithms (pure C++, no SystemC).
// Kesavan & Panda, OSU-CISRC-4/96-TR26: Umesh (§2.2.1), SPUmesh (§3), HL (§2.2.2), SQHL, SCHL (§4).
#pragma once

#include <string>

#include "topologies/mesh/MeshShape.hpp"

namespace wormcast::mesh {

enum class MeshMulticastAlgorithm { Umesh, SpUmesh, Hl, Sqhl, Schl };

/// How an HL-family source reaches the top leader set L_n: Umesh over L_n ∪ {source} in chain
/// order (the paper's text), or SPUmesh (the same chain rotated to start at the source).
enum class LeaderPhase { Umesh, SpUmesh };

const char* to_string(MeshMulticastAlgorithm algorithm);
const char* to_string(LeaderPhase phase);
/// "umesh", "spumesh", "hl", "sqhl", "schl" (case-insensitive). Throws ConfigError.
MeshMulticastAlgorithm parse_mesh_multicast_algorithm(const std::string& text);
/// "umesh", "spumesh" (case-insensitive). Throws ConfigError.
LeaderPhase parse_leader_phase(const std::string& text);
/// HL, SQHL and SCHL send multidestination path worms; Umesh and SPUmesh only unicasts.
bool uses_multidestination_worms(MeshMulticastAlgorithm algorithm);
/// Fewest consumption channels per node with which the algorithm cannot deadlock in wormcast's
/// router, on a mesh of `dimensions` dimensions (docs/multicast-hardware.md has the argument):
/// 1 for Umesh and SPUmesh (unicasts only) and for HL (all its path worms travel towards +);
/// 2n, one per input direction, for SQHL and SCHL, whose worms travel both ways.
unsigned minimum_consumption_channels(MeshMulticastAlgorithm algorithm, unsigned dimensions);

/// Everything a node's firmware needs to know to run one of the algorithms.
struct MeshMulticastConfig {
    MeshShape shape;
    MeshMulticastAlgorithm algorithm = MeshMulticastAlgorithm::Umesh;
    LeaderPhase leader_phase = LeaderPhase::Umesh;  ///< used by HL, SQHL and SCHL only

    /// Throws ConfigError: the algorithms are defined for meshes (e-cube, no wrap-around links).
    void validate() const;
};

}  // namespace wormcast::mesh
