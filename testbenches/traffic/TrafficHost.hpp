// Host model for one node (DESIGN.md §5): submits its scheduled sends to the NIC through TLM-2.0
// at their cycles, and receives the NIC's delivery records. One method, woken once per send time.
#pragma once

#include <vector>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <systemc>
#include <tlm>

#include "systemc/HostInterface.hpp"
#include "testbenches/traffic/TrafficSchedule.hpp"

namespace wormcast {

class TrafficHost : public sc_core::sc_module {
  public:
    tlm_utils::simple_initiator_socket<TrafficHost> to_nic;
    tlm_utils::simple_target_socket<TrafficHost> from_nic;

    TrafficHost(sc_core::sc_module_name name, std::vector<ScheduledSend> sends,
                sc_core::sc_time clock);

    std::size_t submitted() const { return submitted_; }
    const std::vector<ScheduledSend>& schedule() const { return sends_; }
    const std::vector<DeliveryRecord>& deliveries() const { return deliveries_; }

  private:
    SC_HAS_PROCESS(TrafficHost);
    void run();
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);

    std::vector<ScheduledSend> sends_;
    sc_core::sc_time clock_;
    std::size_t submitted_ = 0;
    std::vector<DeliveryRecord> deliveries_;
};

}  // namespace wormcast
