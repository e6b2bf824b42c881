// The Hamiltonian-path labelling l(p) of the n-star graph (pure C++): the construction P_m from
// P_{m-1} that fits the 4-star labels of Wang, Chu & Chen §2.2.1 (Fig. 3), computed both ways in
// O(n^2) without walking the path. docs/star.md, "The labelling", derives it.
#pragma once

#include <cstdint>
#include <vector>

#include "systemc/pure/Types.hpp"
#include "topologies/star/StarPermutation.hpp"

namespace wormcast::star {

/// P_m visits the sub-stars of S_m by last symbol m, m-1, ..., 1 (block k = 1..m holds last
/// symbol m+1-k); inside block k it walks P_{m-1}'s generator word with the generator indices t_k
/// and m-1 exchanged, where t_k is the position of F_k (m-k for k < m, m for k = m) in the block's
/// first node; g_m links block k to block k+1. P_2 is the word [2] from 12. Node number j of the
/// walk from the identity has label j.
class HamiltonianLabelling {
  public:
    /// Tables for S_n, n = 2..kMaxStarDimension (throws ConfigError otherwise).
    explicit HamiltonianLabelling(unsigned n);

    unsigned dimension() const { return n_; }
    std::uint32_t nodes() const { return factorial(n_); }

    /// l(p), O(n^2). `p` must be a permutation of 1..n (not checked here; StarShape checks names).
    NodeId label(const Permutation& p) const;
    /// The node with label `label` (< n!), O(n^2). Throws ConfigError for a label out of range.
    Permutation node(NodeId label) const;

    /// The generator word of P_m (m = 2..n), built literally from the construction by walking
    /// it: (m!-1) generator indices. For tests and listings; O(m! * m).
    std::vector<std::uint8_t> generator_word(unsigned m) const;
    /// The nodes of P_n in label order, by applying generator_word(n) from the identity.
    std::vector<Permutation> walk() const;

  private:
    /// One block of P_m: its first node, that node's inverse (symbol -> position), and t_k.
    struct Block {
        Permutation first{};
        Permutation first_inverse{};  ///< first_inverse[symbol-1] = 1-based position
        std::uint8_t t = 0;           ///< 1-based position exchanged with m-1
    };

    /// x(i) = first(sigma(q(sigma(i)))) for the block: the node of block `b` of P_m at which the
    /// relabelled walk stands after reaching node `q` of P_{m-1} (q extended by q(m) = m).
    static Permutation block_node(const Block& b, unsigned m, const Permutation& q);
    /// Node of P_m with label `label` < m!.
    Permutation node_in(unsigned m, NodeId label) const;

    unsigned n_;
    /// blocks_[m] for m = 3..n: the m blocks of P_m (entries 0..2 unused).
    std::vector<std::vector<Block>> blocks_;
};

}  // namespace wormcast::star
