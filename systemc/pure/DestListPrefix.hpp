// A destination-list header read and rewritten before all its flits are in (router.route_timing
// fixed, issue 34): the list's count and first destinations, and the leading words of the list a
// path worm carries on without its first destination. Layout: docs/flit-format.md.
#pragma once

#include <cstdint>
#include <vector>

#include "systemc/pure/Header.hpp"

namespace wormcast {

/// What the first words of a destination-list header say before the rest has arrived: the
/// count, and the destinations those words hold in full, in order.
struct DestListPrefix {
    std::uint32_t count = 0;
    std::vector<NodeId> known;
};

/// Throws ModelError if `words` is empty or not the start of a destination list.
DestListPrefix decode_dest_list_prefix(const std::vector<FlitWord>& words,
                                       const HeaderFormat& format);

/// The leading words of the header a path worm carries on once its first destination is removed
/// (encode_header of the list without it), as many as the first words `words` of its arriving
/// header determine: word k needs the arriving bits up to one address past its own end. Throws
/// ModelError for a list of fewer than two destinations.
std::vector<FlitWord> popped_dest_list_words(const std::vector<FlitWord>& words,
                                             const HeaderFormat& format);

}  // namespace wormcast
