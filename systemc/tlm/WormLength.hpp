// How long the worms of a memory-mapped transaction are: a request carries a control word
// (64-bit address, 32 bits of command and length), the write data and, with byte enables, one
// bit per data byte; a response carries a status flit and the read data. Flits are `flit_width`
// bits; the NIC adds the routing header flits on top of these payload flits.
#pragma once

#include <cstdint>

namespace wormcast::tlm_net {

/// Bits of a request's control word: the 64-bit address and 32 bits of command and length.
constexpr std::uint32_t kControlBits = 96;

constexpr std::uint32_t flits_for_bits(std::uint64_t bits, std::uint32_t flit_width) {
    return static_cast<std::uint32_t>((bits + flit_width - 1) / flit_width);
}

/// Payload flits of a request: control, then for a write its data and its byte-enable mask.
constexpr std::uint32_t request_flits(bool write, std::uint32_t data_bytes, bool byte_enables,
                                      std::uint32_t flit_width) {
    std::uint32_t flits = flits_for_bits(kControlBits, flit_width);
    if (write) {
        flits += flits_for_bits(std::uint64_t{data_bytes} * 8, flit_width);
        if (byte_enables) flits += flits_for_bits(data_bytes, flit_width);
    }
    return flits;
}

/// Payload flits of a response: one status flit, then for a read its data.
constexpr std::uint32_t response_flits(bool read, std::uint32_t data_bytes,
                                       std::uint32_t flit_width) {
    return 1 + (read ? flits_for_bits(std::uint64_t{data_bytes} * 8, flit_width) : 0);
}

}  // namespace wormcast::tlm_net
