// Payload words the NICs put in data flits, so receivers can check every flit arrived intact and
// in order (pure C++). The word is a hash of (message, flit index), cut to the flit width.
#pragma once

#include <cstdint>

#include "systemc/pure/Types.hpp"

namespace wormcast {

inline FlitWord payload_word(MessageId message, std::uint32_t index, unsigned flit_width) {
    std::uint64_t x = (std::uint64_t{message} << 32) ^ index ^ 0x9e3779b97f4a7c15ULL;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    if (flit_width >= 64) return x;
    if (flit_width > 32) return x & ((FlitWord{1} << flit_width) - 1);
    // Up to 32 bits the word is the hash's low half, so narrow flits keep their historic values.
    const std::uint32_t mask = flit_width >= 32 ? ~0u : ((1u << flit_width) - 1);
    return static_cast<std::uint32_t>(x) & mask;
}

}  // namespace wormcast
