// Names and options of the mesh multicast algorithms (see MeshMulticastAlgorithm.hpp).
// Kesavan & Panda, OSU-CISRC-4/96-TR26, §2-§4.
#include "topologies/mesh/MeshMulticastAlgorithm.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

namespace wormcast::mesh {

namespace {

std::string lower_case(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

}  // namespace

const char* to_string(MeshMulticastAlgorithm algorithm) {
    switch (algorithm) {
        case MeshMulticastAlgorithm::Umesh:
            return "umesh";
        case MeshMulticastAlgorithm::SpUmesh:
            return "spumesh";
        case MeshMulticastAlgorithm::Hl:
            return "hl";
        case MeshMulticastAlgorithm::Sqhl:
            return "sqhl";
        case MeshMulticastAlgorithm::Schl:
            return "schl";
    }
    return "?";
}

const char* to_string(LeaderPhase phase) {
    switch (phase) {
        case LeaderPhase::Umesh:
            return "umesh";
        case LeaderPhase::SpUmesh:
            return "spumesh";
    }
    return "?";
}

MeshMulticastAlgorithm parse_mesh_multicast_algorithm(const std::string& text) {
    const std::string name = lower_case(text);
    for (auto algorithm :
         {MeshMulticastAlgorithm::Umesh, MeshMulticastAlgorithm::SpUmesh,
          MeshMulticastAlgorithm::Hl, MeshMulticastAlgorithm::Sqhl, MeshMulticastAlgorithm::Schl})
        if (name == to_string(algorithm)) return algorithm;
    throw ConfigError(fmt::format(
        "algorithm: '{}' is not a mesh multicast algorithm (umesh, spumesh, hl, sqhl, schl)",
        text));
}

LeaderPhase parse_leader_phase(const std::string& text) {
    const std::string name = lower_case(text);
    for (auto phase : {LeaderPhase::Umesh, LeaderPhase::SpUmesh})
        if (name == to_string(phase)) return phase;
    throw ConfigError(
        fmt::format("leader_phase: '{}' is not a leader phase (umesh, spumesh)", text));
}

bool uses_multidestination_worms(MeshMulticastAlgorithm algorithm) {
    return algorithm == MeshMulticastAlgorithm::Hl || algorithm == MeshMulticastAlgorithm::Sqhl ||
           algorithm == MeshMulticastAlgorithm::Schl;
}

unsigned minimum_consumption_channels(MeshMulticastAlgorithm algorithm, unsigned dimensions) {
    return algorithm == MeshMulticastAlgorithm::Sqhl || algorithm == MeshMulticastAlgorithm::Schl
               ? 2 * dimensions
               : 1;
}

void MeshMulticastConfig::validate() const {
    shape.validate();
    if (shape.torus)
        throw ConfigError(fmt::format(
            "algorithm: {} is defined for meshes; {} has wrap-around links (use a mesh topology)",
            to_string(algorithm), shape.name()));
}

}  // namespace wormcast::mesh
