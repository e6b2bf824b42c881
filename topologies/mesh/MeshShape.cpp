// k-ary n-cube geometry (see MeshShape.hpp).
#include "topologies/mesh/MeshShape.hpp"

#include <sstream>

#include <fmt/format.h>

namespace wormcast::mesh {

namespace {

std::uint32_t parse_uint(const std::string& text, const std::string& what) {
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos ||
        text.size() > 9)
        throw ConfigError(fmt::format("{}: '{}' is not a non-negative integer", what, text));
    return static_cast<std::uint32_t>(std::stoul(text));
}

std::vector<std::string> split(const std::string& text, char sep) {
    std::vector<std::string> parts;
    std::string part;
    std::istringstream in(text);
    while (std::getline(in, part, sep)) parts.push_back(part);
    if (!text.empty() && text.back() == sep) parts.push_back("");
    return parts;
}

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

}  // namespace

MeshShape MeshShape::parse(const std::string& text, bool torus) {
    MeshShape shape;
    shape.torus = torus;
    for (const auto& part : split(text, 'x'))
        shape.radix.push_back(parse_uint(trim(part), "mesh size '" + text + "'"));
    shape.validate();
    return shape;
}

void MeshShape::validate() const {
    if (radix.empty()) throw ConfigError("mesh size: at least one dimension is needed");
    std::uint64_t n = 1;
    for (std::size_t d = 0; d < radix.size(); ++d) {
        if (radix[d] < 2)
            throw ConfigError(
                fmt::format("mesh size: radix {} in dimension {} is below 2", radix[d], d));
        n *= radix[d];
        if (n > (1u << 22))
            throw ConfigError("mesh size: more than 4194304 nodes is not supported");
    }
}

std::uint32_t MeshShape::nodes() const {
    std::uint32_t n = 1;
    for (auto k : radix) n *= k;
    return n;
}

std::string MeshShape::name() const {
    std::string s = torus ? "torus " : "mesh ";
    for (std::size_t d = 0; d < radix.size(); ++d) s += (d ? "x" : "") + std::to_string(radix[d]);
    return s;
}

NodeId MeshShape::id(const Coord& c) const {
    if (c.size() != radix.size())
        throw ConfigError(
            fmt::format("node address has {} coordinates, the network has {} dimensions", c.size(),
                        radix.size()));
    NodeId node = 0;
    for (std::size_t d = radix.size(); d-- > 0;) {
        if (c[d] >= radix[d])
            throw ConfigError(fmt::format("node address: coordinate {} = {} is outside 0..{}", d,
                                          c[d], radix[d] - 1));
        node = node * radix[d] + c[d];
    }
    return node;
}

Coord MeshShape::coord(NodeId node) const {
    Coord c(radix.size());
    for (std::size_t d = 0; d < radix.size(); ++d) {
        c[d] = node % radix[d];
        node /= radix[d];
    }
    return c;
}

Coord MeshShape::parse_coord(const std::string& text) const {
    Coord c;
    for (const auto& part : split(trim(text), ','))
        c.push_back(parse_uint(trim(part), "node address '" + text + "'"));
    id(c);  // range check
    return c;
}

std::string MeshShape::format(NodeId node) const {
    const Coord c = coord(node);
    std::string s;
    for (std::size_t d = 0; d < c.size(); ++d) s += (d ? "," : "") + std::to_string(c[d]);
    return s;
}

NodeId MeshShape::neighbour(NodeId node, PortId p) const {
    const unsigned dim = p / 2;
    const bool plus = p % 2;
    if (dim >= dimensions()) return kNoNode;
    Coord c = coord(node);
    const std::uint32_t k = radix[dim];
    if (plus) {
        if (c[dim] + 1 < k)
            ++c[dim];
        else if (torus)
            c[dim] = 0;
        else
            return kNoNode;
    } else {
        if (c[dim] > 0)
            --c[dim];
        else if (torus)
            c[dim] = k - 1;
        else
            return kNoNode;
    }
    return id(c);
}

bool MeshShape::crosses_dateline(NodeId node, PortId p) const {
    if (!torus) return false;
    const unsigned dim = p / 2;
    const std::uint32_t x = coord(node)[dim];
    return (p % 2) ? x == radix[dim] - 1 : x == 0;
}

int MeshShape::ecube_port(NodeId here, NodeId to) const {
    const Coord a = coord(here), b = coord(to);
    for (unsigned d = 0; d < dimensions(); ++d) {
        if (a[d] == b[d]) continue;
        if (!torus) return port(d, b[d] > a[d]);
        const std::uint32_t k = radix[d];
        const std::uint32_t up = (b[d] + k - a[d]) % k;  // hops going +
        return port(d, up <= k - up);                    // ties go +
    }
    return -1;
}

std::uint32_t MeshShape::distance(NodeId a, NodeId b) const {
    return static_cast<std::uint32_t>(ecube_path(a, b).size() - 1);
}

std::vector<NodeId> MeshShape::ecube_path(NodeId from, NodeId to) const {
    std::vector<NodeId> path{from};
    for (NodeId here = from; here != to;) {
        here = neighbour(here, static_cast<PortId>(ecube_port(here, to)));
        path.push_back(here);
    }
    return path;
}

}  // namespace wormcast::mesh
