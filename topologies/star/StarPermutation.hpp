// Nodes of the n-star graph as permutations of 1..n and the generators g_i (pure C++).
// Wang, Chu & Chen §2.1: g_i(s_1 s_2 ... s_n) swaps s_1 and s_i, 2 <= i <= n.
#pragma once

#include <array>
#include <cstdint>

namespace wormcast::star {

/// Largest dimension the star family supports (9! = 362,880 nodes; digit-string names).
constexpr unsigned kMaxStarDimension = 9;
/// Smallest: S_3, a 6-cycle.
constexpr unsigned kMinStarDimension = 3;

/// A node of S_n: symbols[i] is the symbol (1..n) at position i+1; entries n.. are 0, so two
/// nodes of the same star compare equal exactly when they are the same permutation.
using Permutation = std::array<std::uint8_t, kMaxStarDimension>;

/// The identity 12...n.
inline Permutation identity_permutation(unsigned n) {
    Permutation p{};
    for (unsigned i = 0; i < n; ++i) p[i] = static_cast<std::uint8_t>(i + 1);
    return p;
}

/// g_i(p): symbols at positions 1 and i exchanged (i = 2..n, 1-based positions).
inline Permutation apply_generator(Permutation p, unsigned i) {
    const std::uint8_t first = p[0];
    p[0] = p[i - 1];
    p[i - 1] = first;
    return p;
}

/// n! for n <= 12.
constexpr std::uint32_t factorial(unsigned n) {
    std::uint32_t f = 1;
    for (unsigned i = 2; i <= n; ++i) f *= i;
    return f;
}

}  // namespace wormcast::star
