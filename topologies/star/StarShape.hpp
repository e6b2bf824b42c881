// The n-star graph S_n (pure C++): topology string, nodes named by digit strings, node ids equal
// to the Hamiltonian-path labels, router ports (port i-2 leads to g_i(p)). Wang, Chu & Chen §2.1.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "systemc/pure/Types.hpp"
#include "topologies/star/HamiltonianLabelling.hpp"
#include "topologies/star/StarPermutation.hpp"

namespace wormcast::star {

/// S_n for n = 3..9. A node's NodeId is its label l(p) in 0..n!-1 (docs/star.md), so node ids
/// along the Hamiltonian path are consecutive. Copies share the labelling tables.
class StarShape {
  public:
    /// Throws ConfigError naming `star dimension` if n is outside 3..9.
    explicit StarShape(unsigned n);

    /// "star:n=6", "star:6" (whitespace around the parts allowed). Throws ConfigError naming
    /// the field `topology` and what is wrong.
    static StarShape parse_topology(const std::string& text);
    /// The part after "star:": "n=6" or "6". Throws ConfigError naming `topology`.
    static StarShape parse(const std::string& parameters);

    unsigned dimension() const { return n_; }
    std::uint32_t nodes() const { return factorial(n_); }
    std::string name() const;           ///< "6-star"
    std::string topology_spec() const;  ///< "star:n=6" (the --topology spelling)

    const HamiltonianLabelling& labelling() const { return *labelling_; }
    Permutation permutation(NodeId node) const { return labelling_->node(node); }
    NodeId id(const Permutation& p) const { return labelling_->label(p); }

    /// Digit string, e.g. "2143". Throws ConfigError for an id outside the graph.
    std::string format(NodeId node) const;
    std::string format(const Permutation& p) const;
    /// Parse a digit string naming a permutation of 1..n. Throws ConfigError that starts with
    /// `field` (e.g. "source", "dests[2]") and says what is wrong.
    Permutation parse_permutation(const std::string& text, const std::string& field = "node") const;
    NodeId parse_node(const std::string& text, const std::string& field = "node") const {
        return id(parse_permutation(text, field));
    }

    /// Network ports of a router: n-1; port q leads to g_{q+2}(p) and arrives on the same port q
    /// of that router (g_i is an involution). Local ports follow from n-1 on.
    PortId network_ports() const { return static_cast<PortId>(n_ - 1); }
    /// The generator index i of port q: q + 2.
    static unsigned generator_of(PortId port) { return port + 2u; }
    /// Neighbour of `node` across network port `port` (< n-1), O(n^2).
    NodeId neighbour(NodeId node, PortId port) const;
    /// All n-1 neighbours of `node`, by port.
    std::vector<NodeId> neighbours(NodeId node) const;
    /// Last symbol s_n of the node: its (n-1)-sub-star S_{n-1}(s_n).
    unsigned last_symbol(NodeId node) const { return permutation(node)[n_ - 1]; }

  private:
    unsigned n_;
    std::shared_ptr<const HamiltonianLabelling> labelling_;
};

}  // namespace wormcast::star
