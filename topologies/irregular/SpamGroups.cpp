// Grouped SPAM multicast (see SpamGroups.hpp). Libeskind-Hadas, Mazzoni & Rajagopalan §5.
#include "topologies/irregular/SpamGroups.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "topologies/irregular/IrregularPlan.hpp"

namespace wormcast::irregular {

unsigned parse_spam_groups(const std::string& text, const std::string& field) {
    if (text.empty() || text.size() > 5 ||
        text.find_first_not_of("0123456789") != std::string::npos || std::stoul(text) < 1 ||
        std::stoul(text) > kMaxSpamGroups)
        throw ConfigError(
            fmt::format("{}: '{}' is not a number of groups (1..{}; 1 sends one SPAM worm)", field,
                        text, kMaxSpamGroups));
    return static_cast<unsigned>(std::stoul(text));
}

std::vector<std::vector<ProcessorId>> spam_groups(const UpDownPartition& partition,
                                                  ProcessorId source,
                                                  const std::vector<ProcessorId>& destinations,
                                                  unsigned groups) {
    if (groups == 0) throw ConfigError("groups: at least one group");
    const std::vector<ProcessorId> chain = binomial_chain(partition, source, destinations);
    const std::size_t d = chain.size() - 1;
    const std::size_t k = std::min<std::size_t>(groups, d);
    std::vector<std::vector<ProcessorId>> out;
    std::size_t next = 1;
    for (std::size_t g = 0; g < k; ++g) {
        const std::size_t size = d / k + (g < d % k ? 1 : 0);
        out.emplace_back(chain.begin() + static_cast<std::ptrdiff_t>(next),
                         chain.begin() + static_cast<std::ptrdiff_t>(next + size));
        next += size;
    }
    return out;
}

SpamGroupFirmware::SpamGroupFirmware(std::shared_ptr<const UpDownPartition> partition,
                                     unsigned groups)
    : partition_(std::move(partition)), groups_(groups) {
    if (!partition_) throw ModelError("SpamGroupFirmware: no partition");
    if (groups_ == 0) throw ModelError("SpamGroupFirmware: no groups");
}

std::vector<SendOrder> SpamGroupFirmware::start(const MulticastRequest& request) {
    std::vector<SendOrder> out;
    for (std::vector<ProcessorId>& group :
         spam_groups(*partition_, request.source, request.destinations, groups_)) {
        std::sort(group.begin(), group.end());
        const Header header = group.size() == 1
                                  ? Header::unicast(group.front())
                                  : Header::bit_string(partition_->graph().processors(), group);
        out.push_back(SendOrder{header, request.length, nullptr, 1, std::nullopt});
    }
    return out;
}

}  // namespace wormcast::irregular
