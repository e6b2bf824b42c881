// Random lattice networks (see LatticeGenerator.hpp; the exact procedure is in docs/irregular.md).
// Libeskind-Hadas, Mazzoni & Rajagopalan §4: "switches were randomly selected from points on an
// integer lattice and connected only to adjacent lattice points".
#include "topologies/irregular/LatticeGenerator.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <set>

#include <fmt/format.h>

namespace wormcast::irregular {

namespace {

constexpr const char* kUsage = "expected 'lattice:switches=<N>,seed=<K>[,links=<fraction 0..1>]'";

std::string trim(const std::string& s) {
    const auto first = s.find_first_not_of(" \t");
    if (first == std::string::npos) return "";
    return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

std::uint64_t parse_unsigned(const std::string& text, const std::string& topology,
                             const std::string& key) {
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos ||
        text.size() > 19)
        throw ConfigError(fmt::format("topology '{}': {} = '{}' is not a non-negative integer",
                                      topology, key, text));
    return std::stoull(text);
}

/// The generator's only source of numbers: mt19937_64's next output modulo n (documented, so
/// another tool can repeat it; the modulo bias is part of the definition).
std::uint64_t draw(std::mt19937_64& rng, std::uint64_t n) {
    return rng() % n;
}

/// Fisher-Yates from the top: for j = size-1 down to 1, swap item j with item draw(j + 1).
template <typename T>
void shuffle(std::vector<T>& items, std::mt19937_64& rng) {
    for (std::size_t j = items.size(); j-- > 1;) std::swap(items[j], items[draw(rng, j + 1)]);
}

}  // namespace

LatticeParams parse_lattice(const std::string& text) {
    const std::string spec = trim(text);
    const auto colon = spec.find(':');
    if (colon == std::string::npos || trim(spec.substr(0, colon)) != "lattice")
        throw ConfigError(fmt::format("topology '{}': {}", text, kUsage));
    LatticeParams params;
    std::set<std::string> given;
    const std::string rest = spec.substr(colon + 1);
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
        if (!given.insert(key).second)
            throw ConfigError(fmt::format("topology '{}': parameter '{}' given twice", text, key));
        if (key == "switches") {
            const std::uint64_t n = parse_unsigned(value, text, key);
            if (n < 1 || n > SwitchGraph::kMaxSwitches)
                throw ConfigError(fmt::format("topology '{}': switches = {} is outside 1..{}", text,
                                              n, SwitchGraph::kMaxSwitches));
            params.switches = static_cast<std::uint32_t>(n);
        } else if (key == "seed") {
            params.seed = parse_unsigned(value, text, key);
        } else if (key == "links") {
            std::size_t used = 0;
            double f = -1;
            try {
                f = std::stod(value, &used);
            } catch (const std::exception&) {
                used = 0;
            }
            if (used != value.size() || value.empty() || !(f >= 0.0 && f <= 1.0))
                throw ConfigError(fmt::format(
                    "topology '{}': links = '{}' is not a fraction between 0 and 1", text, value));
            params.links = f;
        } else {
            throw ConfigError(
                fmt::format("topology '{}': unknown parameter '{}', {}", text, key, kUsage));
        }
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    if (!given.count("switches"))
        throw ConfigError(fmt::format("topology '{}': switches is missing, {}", text, kUsage));
    if (!given.count("seed"))
        throw ConfigError(fmt::format("topology '{}': seed is missing, {}", text, kUsage));
    return params;
}

std::string lattice_name(const LatticeParams& params) {
    std::string name = fmt::format("lattice:switches={},seed={}", params.switches, params.seed);
    if (params.links != 1.0) name += fmt::format(",links={}", params.links);
    return name;
}

SwitchGraphSpec generate_lattice(const LatticeParams& params, unsigned ports) {
    const std::uint32_t n = params.switches;
    if (n < 1 || n > SwitchGraph::kMaxSwitches)
        throw ConfigError(
            fmt::format("lattice: switches = {} is outside 1..{}", n, SwitchGraph::kMaxSwitches));
    if (!(params.links >= 0.0 && params.links <= 1.0))
        throw ConfigError(fmt::format("lattice: links = {} is outside 0..1", params.links));
    std::mt19937_64 rng(params.seed);

    // 1. Growth: a random occupied point and a random direction; an empty neighbour joins,
    //    linked to the point it grew from.
    static constexpr std::int64_t dx[4] = {1, -1, 0, 0};
    static constexpr std::int64_t dy[4] = {0, 0, 1, -1};
    std::vector<LatticePoint> grown{{0, 0}};
    std::map<LatticePoint, std::uint32_t> index{{{0, 0}, 0}};
    std::vector<std::pair<std::uint32_t, std::uint32_t>> growth_links;
    while (grown.size() < n) {
        const auto from = static_cast<std::uint32_t>(draw(rng, grown.size()));
        const auto direction = draw(rng, 4);
        const LatticePoint to{grown[from].x + dx[direction], grown[from].y + dy[direction]};
        if (index.count(to)) continue;
        index.emplace(to, static_cast<std::uint32_t>(grown.size()));
        growth_links.emplace_back(from, static_cast<std::uint32_t>(grown.size()));
        grown.push_back(to);
    }

    // 2. Switch ids: growth index g becomes switch id[g], a shuffled permutation.
    std::vector<SwitchId> id(n);
    for (std::uint32_t g = 0; g < n; ++g) id[g] = g;
    shuffle(id, rng);

    // 3. Links: the growth links, then the other adjacent pairs in a shuffled order until
    //    max(N - 1, round(F * pairs)) links.
    auto pair_of = [&](std::uint32_t g, std::uint32_t h) { return std::minmax(id[g], id[h]); };
    std::set<std::pair<SwitchId, SwitchId>> chosen;
    for (const auto& [g, h] : growth_links) chosen.insert(pair_of(g, h));
    std::vector<std::pair<SwitchId, SwitchId>> others;
    std::size_t adjacent = 0;
    for (std::uint32_t g = 0; g < n; ++g)
        for (int direction : {0, 2}) {  // +x and +y: each adjacent pair once
            const auto it =
                index.find(LatticePoint{grown[g].x + dx[direction], grown[g].y + dy[direction]});
            if (it == index.end()) continue;
            ++adjacent;
            const auto p = pair_of(g, it->second);
            if (!chosen.count(p)) others.push_back(p);
        }
    std::sort(others.begin(), others.end());
    shuffle(others, rng);
    const auto wanted =
        static_cast<std::size_t>(std::floor(params.links * static_cast<double>(adjacent) + 0.5));
    for (std::size_t i = 0; i < others.size() && chosen.size() < wanted; ++i)
        chosen.insert(others[i]);

    SwitchGraphSpec spec;
    spec.name = lattice_name(params);
    spec.switches = n;
    spec.ports = ports;
    for (const auto& [a, b] : chosen) spec.links.push_back(LinkRequest{a, b, {}, {}});
    std::int64_t min_x = 0, min_y = 0;
    for (const LatticePoint& p : grown) {
        min_x = std::min(min_x, p.x);
        min_y = std::min(min_y, p.y);
    }
    spec.positions.resize(n);
    for (std::uint32_t g = 0; g < n; ++g)
        spec.positions[id[g]] = LatticePoint{grown[g].x - min_x, grown[g].y - min_y};
    return spec;
}

}  // namespace wormcast::irregular
