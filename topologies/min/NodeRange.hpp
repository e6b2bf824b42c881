// A contiguous block of node addresses and its use as a routing-table entry on bit-string headers
// (pure C++). Varavithya & Mohapatra §4.2-4.3: the table maps the header to the output ports.
#pragma once

#include <cstdint>
#include <optional>

#include "systemc/pure/Header.hpp"
#include "systemc/pure/Types.hpp"

namespace wormcast::min {

/// Nodes first .. last-1. Every port of a baseline or butterfly switch reaches such a block.
struct NodeRange {
    NodeId first = 0;
    NodeId last = 0;  ///< one past the final node

    std::uint32_t size() const { return last - first; }
    bool empty() const { return last <= first; }
    bool contains(NodeId node) const { return first <= node && node < last; }
    bool operator==(const NodeRange& other) const {
        return first == other.first && last == other.last;
    }
    bool operator!=(const NodeRange& other) const { return !(*this == other); }
};

/// True if the bit-string header names at least one node of the range.
bool names_any_in(const Header& bit_string, NodeRange range);
/// The header restricted to the range (bits outside cleared); same word count as the input.
Header masked_to(const Header& bit_string, NodeRange range);
/// The lowest node the header names outside the range, if any.
std::optional<NodeId> first_named_outside(const Header& bit_string, NodeRange range);

}  // namespace wormcast::min
