// Bit-string header operations against node ranges (see NodeRange.hpp).
// Word-at-a-time masks: a routing decision costs O(N/64), never a per-node loop.
#include "topologies/min/NodeRange.hpp"

namespace wormcast::min {

namespace {

/// Bits of word `word` (nodes 64*word .. 64*word+63) that lie inside the range.
std::uint64_t range_mask(std::size_t word, NodeRange range) {
    const std::uint64_t base = std::uint64_t{word} * 64;
    const std::uint64_t lo = range.first > base ? range.first - base : 0;
    const std::uint64_t hi = range.last > base ? range.last - base : 0;
    if (hi <= lo || lo >= 64) return 0;
    const std::uint64_t upper = hi >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << hi) - 1;
    const std::uint64_t lower = (std::uint64_t{1} << lo) - 1;
    return upper & ~lower;
}

}  // namespace

bool names_any_in(const Header& bit_string, NodeRange range) {
    for (std::size_t w = 0; w < bit_string.bits.size(); ++w)
        if (bit_string.bits[w] & range_mask(w, range)) return true;
    return false;
}

Header masked_to(const Header& bit_string, NodeRange range) {
    Header out = bit_string;
    for (std::size_t w = 0; w < out.bits.size(); ++w) out.bits[w] &= range_mask(w, range);
    return out;
}

std::optional<NodeId> first_named_outside(const Header& bit_string, NodeRange range) {
    for (std::size_t w = 0; w < bit_string.bits.size(); ++w) {
        const std::uint64_t outside = bit_string.bits[w] & ~range_mask(w, range);
        if (outside == 0) continue;
        unsigned bit = 0;
        while (!((outside >> bit) & 1U)) ++bit;
        return static_cast<NodeId>(w * 64 + bit);
    }
    return std::nullopt;
}

}  // namespace wormcast::min
