// The chain-delegation loop and the halving rule (see ChainDelegation.hpp).
#include "systemc/pure/ChainDelegation.hpp"

#include <fmt/format.h>

#include "systemc/pure/Types.hpp"

namespace wormcast {

std::vector<ChainSplit> chain_schedule(std::size_t holder, ChainRange owned,
                                       const ChainSplitRule& rule) {
    std::vector<ChainSplit> sends;
    while (owned.size() > 1) {
        const ChainSplit split = rule(holder, owned);
        if (!split.kept.contains(holder) || split.kept.size() >= owned.size() ||
            split.kept.size() + split.delegated.size() != owned.size() ||
            !split.delegated.contains(split.receiver))
            throw ModelError(fmt::format(
                "chain split of [{}, {}] by holder {} keeps [{}, {}] and delegates [{}, {}]",
                owned.lo, owned.hi, holder, split.kept.lo, split.kept.hi, split.delegated.lo,
                split.delegated.hi));
        sends.push_back(split);
        owned = split.kept;
    }
    return sends;
}

ChainSplit keep_larger_half(std::size_t holder, ChainRange owned) {
    if (holder != owned.lo || owned.size() < 2)
        throw ModelError(fmt::format("halving: holder {} cannot split range [{}, {}]", holder,
                                     owned.lo, owned.hi));
    const std::size_t kept = (owned.size() + 1) / 2;
    return ChainSplit{
        owned.lo + kept, {owned.lo + kept, owned.hi}, {owned.lo, owned.lo + kept - 1}};
}

}  // namespace wormcast
