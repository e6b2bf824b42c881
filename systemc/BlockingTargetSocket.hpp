// A TLM-2.0 target socket for a module that serves blocking transport only: the NIC's host_in,
// a host's from_nic. tlm_utils::simple_target_socket serves the same calls but builds, per
// socket, a payload event queue (an sc_object of its own with its event) and the events that
// turn non-blocking calls into blocking ones; one per NIC and one per host, that was about a
// tenth of building a large network (docs/performance.md). Here a non-blocking call completes
// at once (TLM_COMPLETED, early completion under the base protocol), debug transport moves no
// data and no direct memory pointer is given.
#pragma once

#include <systemc>
#include <tlm>

namespace wormcast {

template <typename Owner>
class BlockingTargetSocket : public tlm::tlm_target_socket<32>, private tlm::tlm_fw_transport_if<> {
  public:
    using Transport = void (Owner::*)(tlm::tlm_generic_payload&, sc_core::sc_time&);

    BlockingTargetSocket(const char* name, Owner* owner, Transport transport)
        : tlm::tlm_target_socket<32>(name), owner_(owner), transport_(transport) {
        tlm::tlm_target_socket<32>::bind(static_cast<tlm::tlm_fw_transport_if<>&>(*this));
    }

  private:
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) override {
        (owner_->*transport_)(gp, delay);
    }
    tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                       sc_core::sc_time& delay) override {
        if (phase != tlm::BEGIN_REQ) return tlm::TLM_ACCEPTED;
        (owner_->*transport_)(gp, delay);
        phase = tlm::END_RESP;
        return tlm::TLM_COMPLETED;
    }
    bool get_direct_mem_ptr(tlm::tlm_generic_payload&, tlm::tlm_dmi&) override { return false; }
    unsigned int transport_dbg(tlm::tlm_generic_payload&) override { return 0; }

    Owner* owner_;
    Transport transport_;
};

}  // namespace wormcast
