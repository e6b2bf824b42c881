// Time to whole cycles (see Time.hpp).
#include "systemc/pure/Time.hpp"

#include <algorithm>
#include <cmath>

namespace wormcast {

std::optional<std::uint64_t> whole_cycles(double ns, double clock_ns) {
    if (!std::isfinite(ns) || !std::isfinite(clock_ns) || !(clock_ns > 0) || ns < 0)
        return std::nullopt;
    const double cycles = ns / clock_ns;
    const double rounded = std::round(cycles);
    if (!std::isfinite(cycles) || rounded > 1.8e19) return std::nullopt;
    if (std::fabs(cycles - rounded) > 1e-9 * std::max(1.0, cycles)) return std::nullopt;
    return static_cast<std::uint64_t>(rounded);
}

}  // namespace wormcast
