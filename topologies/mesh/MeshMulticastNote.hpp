// What a message of a mesh multicast tells its receiver to do next (pure C++).
// Kesavan & Panda §2.2-§4; issue 4, definition 5 (distributed execution in the NIC firmware).
#pragma once

#include <cstddef>
#include <memory>

#include "systemc/pure/Firmware.hpp"
#include "topologies/mesh/MeshMulticastTree.hpp"
#include "topologies/mesh/UmeshSplit.hpp"

namespace wormcast::mesh {

struct MeshMulticastNote : FirmwareNote {
    enum class Phase {
        Chain,  ///< unicast of the Umesh phase: continue the split rule on a delegated sub-chain
        Worm,   ///< multidestination worm: each receiver sends its own worms of lower levels
    };

    std::shared_ptr<const MeshMulticastTree> tree;
    Phase phase = Phase::Chain;
    std::size_t holder = 0;   ///< Chain: the receiver's index in tree->chain()
    ChainRange delegated;     ///< Chain: the sub-chain the receiver is now responsible for
    unsigned worm_level = 0;  ///< Worm: level of the worm that carried this note
};

}  // namespace wormcast::mesh
