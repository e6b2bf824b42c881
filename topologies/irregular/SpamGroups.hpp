// SPAM with the destinations split into k groups of contiguous processors, one tree worm each
// (pure C++): the partitioning Libeskind-Hadas, Mazzoni & Rajagopalan §5 propose against the
// root hot spot. Contiguous means consecutive in the spanning tree's preorder (tree_order).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "systemc/pure/Firmware.hpp"
#include "topologies/irregular/UpDownPartition.hpp"

namespace wormcast::irregular {

/// Most groups a multicast may be split into (`--groups`, `nic.groups`).
constexpr unsigned kMaxSpamGroups = 1024;

/// The group count of `text` (1..kMaxSpamGroups); ConfigError naming `field` otherwise.
unsigned parse_spam_groups(const std::string& text, const std::string& field);

/// The destinations in binomial_chain() order (tree preorder, starting after the source,
/// cyclically), cut into min(groups, d) runs of consecutive processors whose sizes differ by at
/// most one, the larger runs first. The worms are sent in this order. ConfigError for bad input
/// (check_multicast) or groups == 0.
std::vector<std::vector<ProcessorId>> spam_groups(const UpDownPartition& partition,
                                                  ProcessorId source,
                                                  const std::vector<ProcessorId>& destinations,
                                                  unsigned groups);

/// NIC firmware: one SPAM worm per group of spam_groups(), each its own message (one start-up
/// each); a group of one processor gets a unicast header, a larger one a bit-string header
/// naming only its own processors (ascending).
class SpamGroupFirmware : public Firmware {
  public:
    SpamGroupFirmware(std::shared_ptr<const UpDownPartition> partition, unsigned groups);
    std::vector<SendOrder> start(const MulticastRequest& request) override;
    std::vector<SendOrder> received(NodeId, std::uint32_t, const FirmwareNote*) override {
        return {};
    }

  private:
    std::shared_ptr<const UpDownPartition> partition_;
    unsigned groups_;
};

}  // namespace wormcast::irregular
