// The memory map of a TLM-2.0 interconnect over the network (see AddressMap.hpp).
#include "systemc/tlm/AddressMap.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace wormcast::tlm_net {

void AddressMap::add(AddressRange range) {
    if (range.size == 0)
        throw ConfigError(fmt::format("address range at {:#x} (node {}): size must be at least 1",
                                      range.base, range.node));
    if (range.base + (range.size - 1) < range.base)
        throw ConfigError(fmt::format(
            "address range at {:#x} of size {:#x} (node {}): passes the end of the address space",
            range.base, range.size, range.node));
    const std::uint64_t last = range.base + (range.size - 1);
    for (const AddressRange& r : ranges_) {
        const std::uint64_t r_last = r.base + (r.size - 1);
        if (range.base <= r_last && r.base <= last)
            throw ConfigError(fmt::format(
                "address range [{:#x}, {:#x}] (node {}) overlaps [{:#x}, {:#x}] (node {})",
                range.base, last, range.node, r.base, r_last, r.node));
    }
    const auto at = std::upper_bound(
        ranges_.begin(), ranges_.end(), range,
        [](const AddressRange& a, const AddressRange& b) { return a.base < b.base; });
    ranges_.insert(at, range);
}

std::optional<AddressRange> AddressMap::decode(std::uint64_t address, std::uint64_t length) const {
    if (length == 0) return std::nullopt;
    // The last range starting at or below the address is the only one that can hold it.
    auto after =
        std::upper_bound(ranges_.begin(), ranges_.end(), address,
                         [](std::uint64_t a, const AddressRange& r) { return a < r.base; });
    if (after == ranges_.begin()) return std::nullopt;
    const AddressRange& r = *(after - 1);
    if (!r.contains(address, length)) return std::nullopt;
    return r;
}

std::vector<AddressRange> AddressMap::ranges_of(NodeId node) const {
    std::vector<AddressRange> out;
    for (const AddressRange& r : ranges_)
        if (r.node == node) out.push_back(r);
    return out;
}

}  // namespace wormcast::tlm_net
