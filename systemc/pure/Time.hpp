// Latencies given in time as whole cycles of one clock (DESIGN.md §2: a latency that is not a
// whole number of cycles is an error, not a rounding). Pure C++.
#pragma once

#include <cstdint>
#include <optional>

namespace wormcast {

/// `ns` as cycles of a clock of period `clock_ns`; nullopt when either is not finite, the period
/// is not positive, `ns` is negative, or it is not a whole number of periods (to a relative 1e-9,
/// so that 0.1 us at 20 ns counts as 5).
std::optional<std::uint64_t> whole_cycles(double ns, double clock_ns);

}  // namespace wormcast
