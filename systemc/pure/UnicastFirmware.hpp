// Default NIC firmware (pure C++): a request becomes one unicast worm per destination, sent in
// the order given (separate addressing). Used for unicast traffic and as the naive baseline.
#pragma once

#include "systemc/pure/Firmware.hpp"

namespace wormcast {

class UnicastFirmware : public Firmware {
  public:
    std::vector<SendOrder> start(const MulticastRequest& request) override {
        std::vector<SendOrder> sends;
        for (NodeId d : request.destinations)
            sends.push_back(
                SendOrder{Header::unicast(d), request.length, nullptr, 0, std::nullopt});
        return sends;
    }
    std::vector<SendOrder> received(NodeId, std::uint32_t, const FirmwareNote*) override {
        return {};
    }
};

}  // namespace wormcast
