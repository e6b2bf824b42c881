// CMIN / UMIN firmware: halving sends with a delegated sub-chain per message (see
// MinSoftwareFirmware.hpp). Varavithya & Mohapatra §1: one start-up per unicast.
#include "topologies/min/MinSoftwareFirmware.hpp"

namespace wormcast::min {

namespace {
MinShape checked(MinShape shape, SoftwareMinAlgorithm algorithm) {
    shape.validate();
    check_algorithm_fits(algorithm, shape);
    return shape;
}
}  // namespace

MinSoftwareFirmware::MinSoftwareFirmware(MinShape shape, SoftwareMinAlgorithm algorithm)
    : ChainHalvingFirmware(to_string(algorithm), [shape = checked(shape, algorithm)](
                                                     const MulticastRequest& request) {
          return address_ordered_chain(shape, request.source, request.destinations);
      }) {}

}  // namespace wormcast::min
