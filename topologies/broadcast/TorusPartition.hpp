// The network partition of Chen & Chen §2.2 (pure C++): h data-distribution networks DDN_k, each
// a dilated (n1/h) x (n2/h) torus on rows and columns congruent to k mod h, and the h x h blocks
// DCN_{a,b} that collect the data at the end.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>

#include "systemc/pure/Types.hpp"
#include "topologies/mesh/MeshShape.hpp"

namespace wormcast::broadcast {

class TorusPartition {
  public:
    /// Throws ConfigError unless `shape` is a 2-D torus and h >= 1 divides both radices.
    TorusPartition(const mesh::MeshShape& shape, std::uint32_t h);

    const mesh::MeshShape& shape() const { return shape_; }
    std::uint32_t h() const { return h_; }
    std::uint32_t x(NodeId node) const { return node % shape_.radix[0]; }
    std::uint32_t y(NodeId node) const { return node / shape_.radix[0]; }

    /// k if `node` is a node of DDN_k (x = a*h + k, y = b*h + k), none otherwise.
    std::optional<std::uint32_t> ddn(NodeId node) const;
    /// Whether the channel of line `x` (dimension 1) or `y` (dimension 0) belongs to a DDN:
    /// DDN_k owns the lines congruent to k, so the k of a line is line mod h.
    std::uint32_t ddn_of_line(std::uint32_t line) const { return line % h_; }
    /// (a, b) of the block DCN_{a,b} holding `node`.
    std::pair<std::uint32_t, std::uint32_t> dcn(NodeId node) const {
        return {x(node) / h_, y(node) / h_};
    }

  private:
    mesh::MeshShape shape_;
    std::uint32_t h_;
};

}  // namespace wormcast::broadcast
