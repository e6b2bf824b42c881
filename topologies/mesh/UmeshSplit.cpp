// The Umesh split rule (see UmeshSplit.hpp).
// Kesavan & Panda §2.2.1, Theorem 1: the recipient takes the larger half.
#include "topologies/mesh/UmeshSplit.hpp"

#include <fmt/format.h>

#include "systemc/pure/Types.hpp"

namespace wormcast::mesh {

UmeshSplit umesh_split(std::size_t holder, ChainRange owned) {
    if (owned.hi < owned.lo || !owned.contains(holder) || owned.size() < 2)
        throw ModelError(fmt::format("umesh_split: holder {} cannot split range [{}, {}]", holder,
                                     owned.lo, owned.hi));
    const std::size_t half = owned.size() / 2;
    UmeshSplit split;
    if (holder - owned.lo < half) {
        split.receiver = owned.lo + half;
        split.delegated = {owned.lo + half, owned.hi};
        split.kept = {owned.lo, owned.lo + half - 1};
    } else if (owned.hi - holder < half) {
        split.receiver = owned.hi - half;
        split.delegated = {owned.lo, owned.hi - half};
        split.kept = {owned.hi - half + 1, owned.hi};
    } else {
        // Only reachable for odd m with the holder exactly in the middle.
        split.receiver = holder + 1;
        split.delegated = {holder + 1, owned.hi};
        split.kept = {owned.lo, holder};
    }
    return split;
}

std::vector<UmeshSplit> umesh_schedule(std::size_t holder, ChainRange owned) {
    return chain_schedule(holder, owned, umesh_split);
}

}  // namespace wormcast::mesh
