// A TLM-2.0 extension that makes a write multicast: the nodes whose targets all receive it, sent
// as one multicast of the network's scheme (nic.multicast: tree or path worms, or separate
// unicasts), answered once every target has responded.
#pragma once

#include <vector>

#include <tlm>

#include "systemc/pure/Types.hpp"

namespace wormcast::tlm_net {

/// Set on a write's generic payload: every node listed gets the write at the same offset into its
/// range as the address has into the range it decodes to. Distinct nodes, each with a target.
struct MulticastExtension : tlm::tlm_extension<MulticastExtension> {
    std::vector<NodeId> nodes;

    MulticastExtension() = default;
    explicit MulticastExtension(std::vector<NodeId> targets) : nodes(std::move(targets)) {}
    tlm::tlm_extension_base* clone() const override { return new MulticastExtension(nodes); }
    void copy_from(const tlm::tlm_extension_base& other) override {
        nodes = static_cast<const MulticastExtension&>(other).nodes;
    }
};

}  // namespace wormcast::tlm_net
