// MIN size, kind and base-b digit arithmetic (see MinShape.hpp).
// Varavithya & Mohapatra §2: N = b^n nodes, r = b^(n-1) rows, addresses [a_{n-1} ... a_0].
#include "topologies/min/MinShape.hpp"

#include <map>

#include <fmt/format.h>

namespace wormcast::min {

namespace {

constexpr const char* kUsage =
    "expected 'min-uni:b=<radix>,n=<stages>' or "
    "'min-bi:b=<radix>,n=<stages>[,forward=adaptive|fixed]'";

std::string trim(const std::string& s) {
    const auto first = s.find_first_not_of(" \t");
    if (first == std::string::npos) return "";
    return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

std::uint32_t parse_count(const std::string& text, const std::string& topology,
                          const std::string& key) {
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos ||
        text.size() > 9)
        throw ConfigError(fmt::format("topology '{}': {} = '{}' is not a non-negative integer",
                                      topology, key, text));
    return static_cast<std::uint32_t>(std::stoul(text));
}

}  // namespace

const char* to_string(MinKind kind) {
    return kind == MinKind::Bidirectional ? "min-bi" : "min-uni";
}

const char* to_string(MinForward forward) {
    return forward == MinForward::Fixed ? "fixed" : "adaptive";
}

MinForward parse_min_forward(const std::string& text, const std::string& what) {
    if (text == "adaptive") return MinForward::Adaptive;
    if (text == "fixed") return MinForward::Fixed;
    throw ConfigError(
        fmt::format("{}: forward = '{}' is neither 'adaptive' nor 'fixed'", what, text));
}

MinShape MinShape::parse(const std::string& text) {
    const std::string spec = trim(text);
    const auto colon = spec.find(':');
    const std::string family = trim(spec.substr(0, colon));
    MinShape shape;
    if (family == "min-uni") {
        shape.kind = MinKind::Unidirectional;
    } else if (family == "min-bi") {
        shape.kind = MinKind::Bidirectional;
    } else {
        throw ConfigError(
            fmt::format("topology '{}': unknown MIN family '{}', {}", text, family, kUsage));
    }
    if (colon == std::string::npos)
        throw ConfigError(fmt::format("topology '{}': b and n are missing, {}", text, kUsage));

    std::map<std::string, std::uint32_t> values;
    bool forward_given = false;
    std::string rest = spec.substr(colon + 1);
    std::size_t start = 0;
    while (true) {
        const auto comma = rest.find(',', start);
        const std::string item = trim(
            rest.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        const auto equals = item.find('=');
        if (equals == std::string::npos)
            throw ConfigError(fmt::format("topology '{}': '{}' is not of the form key=value, {}",
                                          text, item, kUsage));
        const std::string key = trim(item.substr(0, equals));
        const std::string value = trim(item.substr(equals + 1));
        if (key == "forward") {
            if (shape.kind != MinKind::Bidirectional)
                throw ConfigError(fmt::format(
                    "topology '{}': forward applies to min-bi only (a UNI-MIN has one path)",
                    text));
            if (forward_given)
                throw ConfigError(
                    fmt::format("topology '{}': parameter 'forward' given twice", text));
            forward_given = true;
            shape.forward = parse_min_forward(value, fmt::format("topology '{}'", text));
        } else if (key == "b" || key == "n") {
            if (values.count(key))
                throw ConfigError(
                    fmt::format("topology '{}': parameter '{}' given twice", text, key));
            values[key] = parse_count(value, text, key);
        } else {
            throw ConfigError(
                fmt::format("topology '{}': unknown parameter '{}', {}", text, key, kUsage));
        }
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    if (!values.count("b"))
        throw ConfigError(
            fmt::format("topology '{}': switch radix b is missing, {}", text, kUsage));
    if (!values.count("n"))
        throw ConfigError(fmt::format("topology '{}': stage count n is missing, {}", text, kUsage));
    shape.radix = values["b"];
    shape.stages = values["n"];
    shape.validate();
    return shape;
}

void MinShape::validate() const {
    if (radix < 2)
        throw ConfigError(
            fmt::format("{}: switch radix b = {} is below 2", to_string(kind), radix));
    if (stages < 1)
        throw ConfigError(
            fmt::format("{}: stage count n = {} is below 1", to_string(kind), stages));
    std::uint64_t n = 1;
    for (std::uint32_t j = 0; j < stages; ++j) {
        n *= radix;
        if (n > kMaxNodes)
            throw ConfigError(fmt::format("{}: b^n = {}^{} nodes exceeds the supported {} nodes",
                                          to_string(kind), radix, stages, kMaxNodes));
    }
    if (std::uint64_t{2} * radix > 0xFFFF)
        throw ConfigError(
            fmt::format("{}: switch radix b = {} needs more port numbers than a "
                        "PortId holds",
                        to_string(kind), radix));
}

std::string MinShape::name() const {
    const std::string base = fmt::format("{}:b={},n={}", to_string(kind), radix, stages);
    return forward == MinForward::Fixed ? base + ",forward=fixed" : base;
}

std::uint32_t MinShape::power(std::uint32_t exponent) const {
    std::uint32_t value = 1;
    for (std::uint32_t e = 0; e < exponent; ++e) value *= radix;
    return value;
}

std::uint32_t MinShape::digit(std::uint32_t value, std::uint32_t position) const {
    return (value / power(position)) % radix;
}

std::uint32_t MinShape::with_digit(std::uint32_t value, std::uint32_t position,
                                   std::uint32_t new_digit) const {
    const std::uint32_t weight = power(position);
    return value - digit(value, position) * weight + new_digit * weight;
}

void MinShape::check_node(NodeId node, const std::string& what) const {
    if (node >= nodes())
        throw ConfigError(
            fmt::format("{}: node {} is outside 0..{} of {}", what, node, nodes() - 1, name()));
}

}  // namespace wormcast::min
