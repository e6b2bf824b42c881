// Heat maps of a run (see Heatmap.hpp).
#include "testbenches/sim/Heatmap.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace wormcast::sim {

namespace {

constexpr int kSteps = 9;  ///< Graphviz's 9-colour Brewer schemes

/// A round upper end for a colour scale holding `max` (1, 2 or 5 times a power of ten).
double nice_ceiling(double max) {
    if (!(max > 0)) return 1;
    const double power = std::pow(10.0, std::floor(std::log10(max)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * power >= max) return m * power;
    return 10 * power;
}

/// The colour step (1..9) of `value` on a scale [0, top].
int step_of(double value, double top) {
    return std::clamp(1 + static_cast<int>(value / top * kSteps), 1, kSteps);
}

std::uint64_t count_of(const RouterCounts& c, const std::string& count) {
    if (count == "bubbles") return c.bubbles;
    if (count == "token_wait_cycles") return c.tokens.wait_cycles;
    if (count == "token_grants") return c.tokens.grants;
    if (count == "active_cycles") return c.active_cycles;
    if (count == "blocked_cycles") return c.blocked_cycles.value_or(0);
    return c.flits;
}

/// A scale's value in the legend: whole numbers for counts, three digits for fractions.
std::string scale_number(double value) {
    return value >= 100 ? fmt::format("{:.0f}", value) : fmt::format("{:.3g}", value);
}

std::string legend_row(const std::string& scheme, int step, const std::string& text) {
    return fmt::format(
        "<tr><td bgcolor=\"/{}/{}\" width=\"24\"> </td><td align=\"left\">{}</td></tr>", scheme,
        step, text);
}

/// The legend: both colour scales, each step with its range and unit.
std::string legend(double link_top, double router_top, const std::string& router_count) {
    std::string rows = "<tr><td colspan=\"2\"><b>link utilisation (flits/cycle)</b></td></tr>";
    for (int s = 1; s <= kSteps; ++s)
        rows += legend_row(
            "ylorrd9", s,
            fmt::format("{:.3g} to {:.3g}", link_top * (s - 1) / kSteps, link_top * s / kSteps));
    rows += fmt::format("<tr><td colspan=\"2\"><b>router {} ({})</b></td></tr>", router_count,
                        router_count == "flits"          ? "flits sent"
                        : router_count == "bubbles"      ? "bubble flits"
                        : router_count == "token_grants" ? "grants"
                                                         : "cycles");
    for (int s = 1; s <= kSteps; ++s)
        rows += legend_row("blues9", s,
                           fmt::format("{} to {}", scale_number(router_top * (s - 1) / kSteps),
                                       scale_number(router_top * s / kSteps)));
    return fmt::format(
        "  legend [shape=plaintext, style=\"\", fixedsize=false, width=0, height=0, "
        "fontsize=10, label=<<table border=\"0\" cellborder=\"1\" "
        "cellspacing=\"0\">{}</table>>];\n",
        rows);
}

std::string escaped(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

}  // namespace

const std::vector<std::string>& heatmap_router_counts() {
    static const std::vector<std::string> counts{
        "flits", "bubbles", "token_wait_cycles", "token_grants", "active_cycles", "blocked_cycles"};
    return counts;
}

void check_heatmap_router_count(const std::string& count, const std::string& option) {
    const auto& counts = heatmap_router_counts();
    if (std::find(counts.begin(), counts.end(), count) == counts.end())
        throw ConfigError(
            fmt::format("{}: '{}' is not one of {}", option, count, fmt::join(counts, ", ")));
}

std::string heatmap_dot(const RunResult& r, const Topology& topology,
                        const std::string& router_count, const std::string& title) {
    const double cycles = r.cycles > 0 ? static_cast<double>(r.cycles) : 1.0;
    // The two directions between a pair of routers as one edge: the busier colours it.
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::pair<double, double>> pairs;
    double link_max = 0;
    for (std::size_t i = 0; i < r.links.size() && i < r.link_flits.size(); ++i) {
        const LinkSpec& l = r.links[i];
        const double u = static_cast<double>(r.link_flits[i]) / cycles;
        link_max = std::max(link_max, u);
        const bool forward = l.from_router <= l.to_router;
        auto& pair =
            pairs[{std::min(l.from_router, l.to_router), std::max(l.from_router, l.to_router)}];
        (forward ? pair.first : pair.second) = std::max(forward ? pair.first : pair.second, u);
    }
    std::uint64_t router_max = 0;
    for (const RouterCounts& c : r.router_counts)
        router_max = std::max(router_max, count_of(c, router_count));
    const double link_top = nice_ceiling(link_max);
    const double router_top = nice_ceiling(static_cast<double>(router_max));
    const bool small = r.router_counts.size() <= 64;

    std::string out = fmt::format(
        "graph heatmap {{\n  label=\"{}\";\n  labelloc=t;\n  fontname=Helvetica;\n"
        "  overlap=false;\n  splines=true;\n  outputorder=edgesfirst;\n"
        "  node [shape={}, style=filled, fontname=Helvetica, fontsize=9, "
        "colorscheme=blues9, width=0.45, height=0.45, fixedsize=true];\n"
        "  edge [colorscheme=ylorrd9];\n",
        escaped(title), small ? "circle" : "point");
    constexpr double kSpacing = 0.9;  // inches between neighbouring routers
    double max_x = 0, min_y = 0, max_y = 0;
    for (std::size_t i = 0; i < r.router_counts.size(); ++i) {
        const std::uint64_t value = count_of(r.router_counts[i], router_count);
        const int step = step_of(static_cast<double>(value), router_top);
        std::string position;
        if (const auto at = topology.router_position(i)) {
            position = fmt::format(", pos=\"{:.3f},{:.3f}!\"", at->x * kSpacing, at->y * kSpacing);
            max_x = std::max(max_x, at->x * kSpacing);
            min_y = std::min(min_y, at->y * kSpacing);
            max_y = std::max(max_y, at->y * kSpacing);
        }
        const std::string name =
            i < topology.routers() ? topology.format_router(i) : std::to_string(i);
        out += fmt::format(
            "  r{} [fillcolor={}, fontcolor={}, label=\"{}\", tooltip=\"router {}: {} {}\"{}];\n",
            i, step, step > 5 ? "white" : "black", small ? escaped(name) : "", escaped(name), value,
            router_count, position);
    }
    for (const auto& [routers, utilisation] : pairs) {
        const double busier = std::max(utilisation.first, utilisation.second);
        const int step = step_of(busier, link_top);
        out += fmt::format(
            "  r{} -- r{} [color={}, penwidth={:.1f}, tooltip=\"{:.4f} / {:.4f} flits/cycle\"];\n",
            routers.first, routers.second, step, 1.0 + 5.0 * busier / link_top, utilisation.first,
            utilisation.second);
    }
    out += legend(link_top, router_top, router_count);
    if (topology.router_position(0))  // beside the drawing, not on top of it
        out +=
            fmt::format("  legend [pos=\"{:.3f},{:.3f}!\"];\n", max_x + 2.0, (min_y + max_y) / 2);
    return out + "}\n";
}

}  // namespace wormcast::sim
