// The memory map of a TLM-2.0 interconnect over the network: address ranges, each served by the
// target at one node. Kernel-free: decoding is value in, range out.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "systemc/pure/Types.hpp"

namespace wormcast::tlm_net {

/// [base, base + size) is served by the target at `node`, which sees the address `base` as
/// `target_base` (the interconnect subtracts base and adds target_base).
struct AddressRange {
    std::uint64_t base = 0;
    std::uint64_t size = 0;
    NodeId node = 0;
    std::uint64_t target_base = 0;
    bool contains(std::uint64_t address, std::uint64_t length) const {
        return address >= base && length <= size && address - base <= size - length;
    }
};

class AddressMap {
  public:
    /// Adds a range; throws ConfigError if it is empty, wraps around or overlaps another.
    void add(AddressRange range);
    /// The range holding all of [address, address + length) (length >= 1), if one does.
    std::optional<AddressRange> decode(std::uint64_t address, std::uint64_t length) const;
    /// The ranges served by `node`, ascending.
    std::vector<AddressRange> ranges_of(NodeId node) const;
    const std::vector<AddressRange>& ranges() const { return ranges_; }

  private:
    std::vector<AddressRange> ranges_;  ///< ascending by base
};

}  // namespace wormcast::tlm_net
