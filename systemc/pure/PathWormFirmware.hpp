// NIC firmware for hardware path multicast (pure C++): a request becomes one multidestination
// worm visiting the destinations in the order given (the caller orders them to conform to the
// base routing, e.g. along an e-cube path; Kesavan & Panda §4).
#pragma once

#include "systemc/pure/Firmware.hpp"

namespace wormcast {

class PathWormFirmware : public Firmware {
  public:
    std::vector<SendOrder> start(const MulticastRequest& request) override {
        if (request.destinations.size() == 1)
            return {SendOrder{Header::unicast(request.destinations[0]), request.length, nullptr, 0,
                              std::nullopt}};
        return {SendOrder{Header::dest_list(request.destinations), request.length, nullptr, 1,
                          std::nullopt}};
    }
    std::vector<SendOrder> received(NodeId, std::uint32_t, const FirmwareNote*) override {
        return {};
    }
};

/// NIC firmware for hardware tree multicast (ATBM on a MIN, Varavithya & Mohapatra §4): one
/// bit-string worm naming every destination; a single destination gets a unicast header
/// (destination-tag / turnaround routing).
class TreeWormFirmware : public Firmware {
  public:
    explicit TreeWormFirmware(std::uint32_t nodes) : nodes_(nodes) {}
    std::vector<SendOrder> start(const MulticastRequest& request) override {
        if (request.destinations.size() == 1)
            return {SendOrder{Header::unicast(request.destinations[0]), request.length, nullptr, 0,
                              std::nullopt}};
        return {SendOrder{Header::bit_string(nodes_, request.destinations), request.length, nullptr,
                          1, std::nullopt}};
    }
    std::vector<SendOrder> received(NodeId, std::uint32_t, const FirmwareNote*) override {
        return {};
    }

  private:
    std::uint32_t nodes_;
};

}  // namespace wormcast
