// Hamiltonian-path labelling of the n-star graph (see HamiltonianLabelling.hpp, docs/star.md).
// Wang, Chu & Chen §2.2.1 and Fig. 3; the construction for n >= 5 is the one of issue 14.
#include "topologies/star/HamiltonianLabelling.hpp"

#include <fmt/format.h>

namespace wormcast::star {

namespace {

/// The transposition (t, last) of positions (1-based), applied to position i.
unsigned exchange(unsigned i, unsigned t, unsigned last) {
    return i == t ? last : i == last ? t : i;
}

/// F_k: the symbol in position 1 when block k of P_m ends.
unsigned block_end_symbol(unsigned m, unsigned k) {
    return k < m ? m - k : m;
}

/// 1-based position of `symbol` in the first m positions of p (0 if absent).
unsigned position_of(const Permutation& p, unsigned m, unsigned symbol) {
    for (unsigned i = 0; i < m; ++i)
        if (p[i] == symbol) return i + 1;
    return 0;
}

}  // namespace

HamiltonianLabelling::HamiltonianLabelling(unsigned n) : n_(n), blocks_(n + 1) {
    if (n < 2 || n > kMaxStarDimension)
        throw ConfigError(
            fmt::format("star dimension: n = {} is outside 2..{} for the Hamiltonian labelling", n,
                        kMaxStarDimension));
    // Walking block k of P_m from its first node x0 with the exchanged word ends at
    // x0 o sigma o last(P_{m-1}) o sigma (every generator g_h acts as the position transposition
    // (1 h), and sigma (1 h) sigma = (1 sigma(h)) since sigma fixes position 1).
    Permutation last{};  // last node of P_{m-1}; P_2 ends at 21
    last[0] = 2;
    last[1] = 1;
    for (unsigned m = 3; m <= n; ++m) {
        last[m - 1] = static_cast<std::uint8_t>(m);
        Permutation current = identity_permutation(m);
        for (unsigned k = 1; k <= m; ++k) {
            Block b;
            b.first = current;
            for (unsigned i = 0; i < m; ++i)
                b.first_inverse[current[i] - 1] = static_cast<std::uint8_t>(i + 1);
            b.t = static_cast<std::uint8_t>(position_of(current, m, block_end_symbol(m, k)));
            if (b.t < 2 || b.t > m - 1)
                throw ModelError(fmt::format(
                    "Hamiltonian labelling: F_{} = {} sits in position {} of block {} of P_{}", k,
                    block_end_symbol(m, k), b.t, k, m));
            blocks_[m].push_back(b);
            const Permutation end = block_node(b, m, last);
            current = k < m ? apply_generator(end, m) : end;
        }
        last = current;
    }
}

Permutation HamiltonianLabelling::block_node(const Block& b, unsigned m, const Permutation& q) {
    Permutation x{};
    for (unsigned i = 1; i <= m; ++i) {
        const unsigned qi = i == m ? m : q[exchange(i, b.t, m - 1) - 1];
        x[i - 1] = b.first[exchange(qi, b.t, m - 1) - 1];
    }
    return x;
}

NodeId HamiltonianLabelling::label(const Permutation& p) const {
    Permutation current = p;
    NodeId label = 0;
    for (unsigned m = n_; m >= 3; --m) {
        const unsigned k = m + 1 - current[m - 1];
        const Block& b = blocks_[m][k - 1];
        label += (k - 1) * factorial(m - 1);
        // Invert block_node: q(i) = sigma(first^-1(x(sigma(i)))), a node of S_{m-1}.
        Permutation q{};
        for (unsigned i = 1; i < m; ++i) {
            const unsigned position = b.first_inverse[current[exchange(i, b.t, m - 1) - 1] - 1];
            q[i - 1] = static_cast<std::uint8_t>(exchange(position, b.t, m - 1));
        }
        current = q;
    }
    return label + (current[0] == 2 ? 1 : 0);
}

Permutation HamiltonianLabelling::node(NodeId label) const {
    if (label >= nodes())
        throw ConfigError(
            fmt::format("node label: {} is outside 0..{} of the {}-star", label, nodes() - 1, n_));
    return node_in(n_, label);
}

Permutation HamiltonianLabelling::node_in(unsigned m, NodeId label) const {
    if (m == 2) {
        Permutation p = identity_permutation(2);
        return label == 0 ? p : apply_generator(p, 2);
    }
    const std::uint32_t block_size = factorial(m - 1);
    const Block& b = blocks_[m][label / block_size];
    return block_node(b, m, node_in(m - 1, label % block_size));
}

std::vector<std::uint8_t> HamiltonianLabelling::generator_word(unsigned m) const {
    if (m < 2 || m > n_)
        throw ConfigError(fmt::format("generator word: P_{} is outside P_2..P_{}", m, n_));
    if (m == 2) return {2};
    const std::vector<std::uint8_t> inner = generator_word(m - 1);
    std::vector<std::uint8_t> word;
    word.reserve(factorial(m) - 1);
    Permutation current = identity_permutation(m);
    for (unsigned k = 1; k <= m; ++k) {
        const unsigned t = position_of(current, m, block_end_symbol(m, k));
        if (t < 2 || t > m - 1)
            throw ModelError(fmt::format("generator word of P_{}: F_{} in position {}", m, k, t));
        for (std::uint8_t h : inner) {
            const auto g = static_cast<std::uint8_t>(exchange(h, t, m - 1));
            current = apply_generator(current, g);
            word.push_back(g);
        }
        if (k < m) {
            current = apply_generator(current, m);
            word.push_back(static_cast<std::uint8_t>(m));
        }
    }
    return word;
}

std::vector<Permutation> HamiltonianLabelling::walk() const {
    std::vector<Permutation> nodes_in_order{identity_permutation(n_)};
    for (std::uint8_t g : generator_word(n_))
        nodes_in_order.push_back(apply_generator(nodes_in_order.back(), g));
    return nodes_in_order;
}

}  // namespace wormcast::star
