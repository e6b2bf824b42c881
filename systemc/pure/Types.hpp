// Basic scalar types shared by every layer of wormcast (pure C++, no SystemC).
// Node, port and VC identifiers and the cycle count used throughout the model.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace wormcast {

using NodeId = std::uint32_t;
using PortId = std::uint16_t;
using VcId = std::uint8_t;
using Cycle = std::uint64_t;
using MessageId = std::uint32_t;
/// The data field of one flit: a header word or a payload word (flit_width <= 64 bits used).
using FlitWord = std::uint64_t;

constexpr NodeId kNoNode = ~NodeId{0};

/// Thrown for any user-facing configuration or input error; the message names the field and why.
class ConfigError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// Thrown when the model detects a broken hardware invariant (credit overflow, lost flit...).
class ModelError : public std::logic_error {
  public:
    using std::logic_error::logic_error;
};

/// Smallest power of two >= n (at least 1): ring buffers indexed with a mask, no division.
constexpr std::size_t ring_size(std::size_t n) {
    std::size_t size = 1;
    while (size < n) size <<= 1;
    return size;
}

/// Number of bits needed to write values 0..count-1 (at least 1).
constexpr unsigned bits_for(std::uint64_t count) {
    unsigned bits = 1;
    while ((std::uint64_t{1} << bits) < count) ++bits;
    return bits;
}

}  // namespace wormcast
