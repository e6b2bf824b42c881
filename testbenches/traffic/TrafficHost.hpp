// Host model for one node (DESIGN.md §5): submits its scheduled sends to the NIC through TLM-2.0
// at their cycles, and accepts the NIC's delivery records (checked, not kept). One method, woken
// once per send time; the sends come from a stream (TrafficSchedule.hpp), one at a time.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include <tlm_utils/simple_initiator_socket.h>
#include <systemc>
#include <tlm>

#include "systemc/BlockingTargetSocket.hpp"
#include "systemc/HostInterface.hpp"
#include "testbenches/traffic/TrafficSchedule.hpp"

namespace wormcast {

class TrafficHost : public sc_core::sc_module {
  public:
    tlm_utils::simple_initiator_socket<TrafficHost> to_nic;
    BlockingTargetSocket<TrafficHost> from_nic;

    TrafficHost(sc_core::sc_module_name name, std::unique_ptr<SendStream> sends,
                sc_core::sc_time clock);

    /// Every send submitted.
    bool done() const { return !next_; }
    /// Payload flits of all its measured sends, submitted or still to come (those are drawn from
    /// the stream now, which ends it: call once the run is over).
    std::uint64_t measured_flits();

  private:
    SC_HAS_PROCESS(TrafficHost);
    void run();
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);

    std::unique_ptr<SendStream> sends_;
    std::optional<ScheduledSend> next_;  ///< the next send, not yet submitted
    sc_core::sc_time clock_;
    std::uint64_t measured_flits_ = 0;  ///< of the sends submitted
};

}  // namespace wormcast
