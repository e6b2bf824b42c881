// Memory-access traces for the example platform's initiators: reads and writes to the memories'
// ranges drawn from a seeded generator (or read from a file), and every N accesses a broadcast
// invalidation (a multicast write to every memory).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "systemc/pure/Types.hpp"

namespace wormcast::platform {

/// One access of a trace: wait `think` cycles after the previous one completed, then issue it.
struct Access {
    Cycle think = 0;
    bool write = false;
    bool broadcast = false;  ///< a write to every memory at `address`'s offset
    std::uint64_t address = 0;
    std::uint32_t bytes = 4;
};

struct TraceOptions {
    std::uint32_t accesses = 200;         ///< per initiator, broadcasts included
    std::uint32_t invalidate_every = 50;  ///< a broadcast every this many accesses; 0: none
    double write_fraction = 0.3;          ///< of the other accesses
    Cycle max_think = 20;                 ///< think time uniform in [0, max_think] cycles
    std::uint32_t memories = 4;           ///< ranges at memory_base(k) = k * memory_size
    std::uint64_t memory_size = 0x10000;
};

/// Initiator `initiator`'s trace, drawn from `seed` (equal arguments, equal traces). Sizes are
/// 4 to 64 bytes, aligned; a broadcast invalidation writes 8 bytes at the initiator's own line
/// of the invalidation area (the last 4 KiB of a memory).
std::vector<Access> memory_trace(const TraceOptions& options, std::uint32_t initiator,
                                 std::uint64_t seed);

/// A trace file: lines `THINK R|W|B ADDRESS BYTES` (B: broadcast write), '#' comments; throws
/// ConfigError naming the line and the field.
std::vector<Access> read_trace(const std::string& path);

}  // namespace wormcast::platform
