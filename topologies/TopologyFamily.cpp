// The topology-family seam's shared parts (see TopologyFamily.hpp): key lists, option checks,
// the defaults of a Topology and the lookup of a topology string's family.
#include "topologies/TopologyFamily.hpp"

#include <algorithm>
#include <filesystem>
#include <numeric>
#include <sstream>

#include <fmt/format.h>

#include "systemc/rtl/RtlModels.hpp"

namespace wormcast {

TopologyKeys::TopologyKeys(std::string where,
                           std::vector<std::pair<std::string, std::string>> items)
    : where_(std::move(where)), items_(std::move(items)), used_(items_.size(), false) {
    for (std::size_t i = 0; i < items_.size(); ++i)
        for (std::size_t j = 0; j < i; ++j)
            if (items_[i].first == items_[j].first)
                throw ConfigError(fmt::format("{}: given twice", field(items_[i].first)));
}

TopologyKeys TopologyKeys::parse_list(const std::string& where, const std::string& text) {
    std::vector<std::pair<std::string, std::string>> items;
    std::stringstream ss(text);
    for (std::string item; std::getline(ss, item, ',');) {
        const auto eq = item.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == item.size())
            throw ConfigError(fmt::format("{}: '{}' is not key=value", where, item));
        items.emplace_back(item.substr(0, eq), item.substr(eq + 1));
    }
    return TopologyKeys(where, std::move(items));
}

bool TopologyKeys::has(const std::string& key) const {
    for (const auto& [k, v] : items_)
        if (k == key) return true;
    return false;
}

std::string TopologyKeys::text(const std::string& key, const std::string& fallback) const {
    for (std::size_t i = 0; i < items_.size(); ++i)
        if (items_[i].first == key) {
            used_[i] = true;
            return items_[i].second;
        }
    return fallback;
}

std::string TopologyKeys::path(const std::string& key, const std::string& fallback) const {
    if (!has(key)) return fallback;
    const std::filesystem::path file(text(key, ""));
    if (base_directory_.empty() || file.is_absolute()) return file.string();
    return (std::filesystem::path(base_directory_) / file).string();
}

std::uint64_t TopologyKeys::whole(const std::string& key, std::uint64_t fallback, std::uint64_t min,
                                  std::uint64_t max) const {
    if (!has(key)) return fallback;
    const std::string t = text(key, "");
    if (t.empty() || t.find_first_not_of("0123456789") != std::string::npos)
        throw ConfigError(fmt::format("{}: '{}' is not a whole number", field(key), t));
    if (t.size() > 19)  // beyond 64 bits: out of every range
        throw ConfigError(fmt::format("{}: {} is not in {}..{}", field(key), t, min, max));
    const std::uint64_t v = std::stoull(t);
    if (v < min || v > max)
        throw ConfigError(fmt::format("{}: {} is not in {}..{}", field(key), v, min, max));
    return v;
}

bool TopologyKeys::flag(const std::string& key, bool fallback) const {
    if (!has(key)) return fallback;
    const std::string t = text(key, "");
    if (t == "true" || t == "yes" || t == "on") return true;
    if (t == "false" || t == "no" || t == "off") return false;
    throw ConfigError(fmt::format("{}: '{}' is not true or false", field(key), t));
}

std::string TopologyKeys::field(const std::string& key) const {
    if (where_ == "network") return "network." + key;
    return fmt::format("{}: {}", where_, key);
}

void TopologyKeys::check_all_used(const std::vector<std::string>& allowed) const {
    for (std::size_t i = 0; i < items_.size(); ++i) {
        if (used_[i]) continue;
        const bool known =
            std::find(allowed.begin(), allowed.end(), items_[i].first) != allowed.end();
        throw ConfigError(fmt::format("{}: {} (allowed: {})", field(items_[i].first),
                                      known ? "not used with the other keys" : "unknown key",
                                      fmt::join(allowed, ", ")));
    }
}

void check_options(const OptionValues& values, const std::vector<CommandOption>& known,
                   const std::string& what) {
    for (const auto& entry : values) {
        const std::string& name = entry.first;  // a lambda captures it: no structured binding
        const bool ok = std::any_of(known.begin(), known.end(),
                                    [&](const CommandOption& o) { return o.name == name; });
        if (ok) continue;
        std::vector<std::string> names;
        for (const auto& o : known) names.push_back(o.name);
        throw ConfigError(fmt::format(
            "{}: not an option of {} ({})", name, what,
            names.empty() ? std::string("it takes none")
                          : "its options: " + fmt::format("{}", fmt::join(names, ", "))));
    }
}

NodeId Topology::node_from_json(const nlohmann::json& value, const std::string& field) const {
    if (value.is_string()) return parse_node(value.get<std::string>(), field);
    if (value.is_number_integer() && value.get<std::int64_t>() >= 0 &&
        value.get<std::int64_t>() < static_cast<std::int64_t>(nodes()))
        return static_cast<NodeId>(value.get<std::int64_t>());
    throw ConfigError(
        fmt::format("{}: expected a node ({}), got {}", field, node_syntax(), value.dump()));
}

std::size_t Topology::parse_router(const std::string& text, const std::string& field) const {
    return parse_node(text, field);
}

std::string Topology::format_router(std::size_t router) const {
    return format_node(static_cast<NodeId>(router));
}

PlanOutput Topology::plan(const PlanRequest& request) const {
    throw ConfigError(fmt::format("--algorithm: {} has no plans ({})", name(), request.algorithm));
}

std::string Topology::describe_text(const OptionValues& options) const {
    check_options(options, {}, "topology on the " + name());
    return fmt::format("{}: {} nodes, {} routers\n", name(), nodes(), routers());
}

nlohmann::ordered_json Topology::describe_json(const OptionValues& options) const {
    check_options(options, {}, "topology on the " + name());
    nlohmann::ordered_json out;
    out["topology"] = spec();
    out["nodes"] = nodes();
    out["routers"] = routers();
    return out;
}

std::vector<rtl::RtlConfig> Topology::rtl_configs(const NetworkParams& params) const {
    const NetworkSpec spec = build(params);
    const std::vector<std::size_t> all = rtl::all_routers(spec);
    const auto tables = rtl::route_tables(spec, params, all, route_table_groups());
    return rtl::distinct_configs(rtl::table_rtl_configs(spec, params, all, tables));
}

std::string Topology::rtl_model(const NetworkParams& params) const {
    try {
        const std::vector<rtl::RtlConfig> configs = rtl::distinct_configs(rtl_configs(params));
        std::vector<std::string> names;
        for (const auto& c : configs) names.push_back(c.summary.empty() ? c.describe() : c.summary);
        if (names.size() == 1) return names.front();
        return fmt::format("{} configurations: {}", names.size(), fmt::join(names, "; "));
    } catch (const ConfigError& e) {
        throw ConfigError(fmt::format("network.rtl: {}", e.what()));
    }
}

RouterFactory Topology::rtl_factory(const NetworkParams& params,
                                    const std::vector<std::size_t>& routers,
                                    const NetworkSpec& spec) const {
    try {
        return rtl::table_rtl_factory(spec, params, routers, route_table_groups());
    } catch (const ConfigError& e) {
        throw ConfigError(fmt::format("network.rtl: {}", e.what()));
    }
}

const TopologyFamily* find_family(const std::string& kind) {
    for (const TopologyFamily* family : topology_families())
        for (const auto& k : family->kinds())
            if (k == kind) return family;
    return nullptr;
}

std::string topology_syntax() {
    std::string out;
    for (const TopologyFamily* family : topology_families()) out += "  " + family->syntax() + "\n";
    return out;
}

std::unique_ptr<Topology> parse_topology(const std::string& text, const std::string& field,
                                         const std::string& base_directory) {
    const auto colon = text.find(':');
    const std::string kind = text.substr(0, colon);
    const TopologyFamily* family = find_family(kind);
    if (!family || colon == std::string::npos)
        throw ConfigError(
            fmt::format("{} '{}': expected one of\n{}", field, text, topology_syntax()));
    TopologyKeys keys = family->keys_of(kind, text.substr(colon + 1), field + " " + text);
    keys.set_base_directory(base_directory);
    return family->make(kind, keys);
}

}  // namespace wormcast
