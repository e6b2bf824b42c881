// NIC firmware of ATBM on a MIN (pure C++): one worm per request, a unicast header for a single
// destination (destination tag / turnaround routing), a bit-string tree worm otherwise.
// Varavithya & Mohapatra §4.2 (Fig. 12) and §4.3 (Fig. 13).
#pragma once

#include <cstdint>
#include <vector>

#include "systemc/pure/Firmware.hpp"

namespace wormcast::min {

class AtbmFirmware : public Firmware {
  public:
    explicit AtbmFirmware(std::uint32_t nodes) : nodes_(nodes) {}

    std::vector<SendOrder> start(const MulticastRequest& request) override {
        if (request.destinations.size() == 1)
            return {SendOrder{Header::unicast(request.destinations.front()), request.length,
                              nullptr, 0}};
        return {SendOrder{Header::bit_string(nodes_, request.destinations), request.length, nullptr,
                          1}};
    }
    std::vector<SendOrder> received(NodeId, std::uint32_t, const FirmwareNote*) override {
        return {};
    }

  private:
    std::uint32_t nodes_;
};

}  // namespace wormcast::min
