// The Umesh split rule on a dimension-ordered chain (pure C++): whom a holder sends to next and
// which sub-chain it delegates. Kesavan & Panda §2.2.1, Theorem 1; issue 4, definition 2.
#pragma once

#include <cstddef>
#include <vector>

#include "systemc/pure/ChainDelegation.hpp"

namespace wormcast::mesh {

/// One application of the split rule by the holder of a range (receiver, delegated, kept).
using UmeshSplit = ChainSplit;

/// Holder at index `holder` owning `owned` (m = size > 1, h = floor(m/2)):
///  - holder - lo < h: send to lo+h, delegate [lo+h, hi], keep [lo, lo+h-1];
///  - else hi - holder < h: send to hi-h, delegate [lo, hi-h], keep [hi-h+1, hi];
///  - else (m odd, holder in the middle): send to holder+1, delegate [holder+1, hi], keep [lo,
///  holder].
/// Throws ModelError if the range has one node or does not contain the holder.
UmeshSplit umesh_split(std::size_t holder, ChainRange owned);

/// The holder's sends in order: the split rule repeated until it keeps only itself.
/// At most ceil(log2(size)) entries: every split leaves both parts at most ceil(m/2) long.
std::vector<UmeshSplit> umesh_schedule(std::size_t holder, ChainRange owned);

}  // namespace wormcast::mesh
