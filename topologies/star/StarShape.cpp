// The n-star graph (see StarShape.hpp). Wang, Chu & Chen §2.1.
#include "topologies/star/StarShape.hpp"

#include <fmt/format.h>

namespace wormcast::star {

namespace {

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

}  // namespace

StarShape::StarShape(unsigned n) : n_(n) {
    if (n < kMinStarDimension || n > kMaxStarDimension)
        throw ConfigError(fmt::format("star dimension: n = {} is outside {}..{}", n,
                                      kMinStarDimension, kMaxStarDimension));
    labelling_ = std::make_shared<const HamiltonianLabelling>(n);
}

StarShape StarShape::parse_topology(const std::string& text) {
    const std::string t = trim(text);
    const std::string prefix = "star:";
    if (t.compare(0, prefix.size(), prefix) != 0)
        throw ConfigError(
            fmt::format("topology: '{}' is not a star graph (expected star:n=N or star:N)", text));
    return parse(t.substr(prefix.size()));
}

StarShape StarShape::parse(const std::string& parameters) {
    std::string value = trim(parameters);
    const auto equals = value.find('=');
    if (equals != std::string::npos) {
        const std::string key = trim(value.substr(0, equals));
        if (key != "n")
            throw ConfigError(fmt::format(
                "topology: star parameter '{}' is unknown (the only one is n, as in star:n=6)",
                key));
        value = trim(value.substr(equals + 1));
    }
    if (value.empty() || value.size() > 2 ||
        value.find_first_not_of("0123456789") != std::string::npos)
        throw ConfigError(fmt::format(
            "topology: star dimension '{}' is not a number in {}..{} (star:n=6 or star:6)", value,
            kMinStarDimension, kMaxStarDimension));
    const unsigned n = static_cast<unsigned>(std::stoul(value));
    if (n < kMinStarDimension || n > kMaxStarDimension)
        throw ConfigError(fmt::format("topology: star dimension n = {} is outside {}..{}", n,
                                      kMinStarDimension, kMaxStarDimension));
    return StarShape(n);
}

std::string StarShape::name() const {
    return fmt::format("{}-star", n_);
}

std::string StarShape::topology_spec() const {
    return fmt::format("star:n={}", n_);
}

std::string StarShape::format(NodeId node) const {
    if (node >= nodes())
        throw ConfigError(
            fmt::format("node: id {} is outside the {} nodes of the {}", node, nodes(), name()));
    return format(permutation(node));
}

std::string StarShape::format(const Permutation& p) const {
    std::string s;
    for (unsigned i = 0; i < n_; ++i) s += static_cast<char>('0' + p[i]);
    return s;
}

Permutation StarShape::parse_permutation(const std::string& text, const std::string& field) const {
    const std::string t = trim(text);
    if (t.size() != n_)
        throw ConfigError(fmt::format(
            "{}: '{}' is not a node of the {} (a node is a permutation of 1..{} written as {} "
            "digits, e.g. {})",
            field, text, name(), n_, n_, format(identity_permutation(n_))));
    Permutation p{};
    unsigned seen = 0;
    for (unsigned i = 0; i < n_; ++i) {
        const char c = t[i];
        if (c < '1' || c > static_cast<char>('0' + n_))
            throw ConfigError(
                fmt::format("{}: '{}' has symbol '{}', not one of 1..{}", field, text, c, n_));
        const unsigned symbol = static_cast<unsigned>(c - '0');
        if (seen & (1u << symbol))
            throw ConfigError(
                fmt::format("{}: '{}' repeats symbol {} (a node is a permutation "
                            "of 1..{})",
                            field, text, symbol, n_));
        seen |= 1u << symbol;
        p[i] = static_cast<std::uint8_t>(symbol);
    }
    return p;
}

NodeId StarShape::neighbour(NodeId node, PortId port) const {
    if (port >= network_ports())
        throw ModelError(fmt::format("{}: port {} is not a network port", name(), port));
    return id(apply_generator(permutation(node), generator_of(port)));
}

std::vector<NodeId> StarShape::neighbours(NodeId node) const {
    const Permutation p = permutation(node);
    std::vector<NodeId> out;
    for (unsigned i = 2; i <= n_; ++i) out.push_back(id(apply_generator(p, i)));
    return out;
}

}  // namespace wormcast::star
