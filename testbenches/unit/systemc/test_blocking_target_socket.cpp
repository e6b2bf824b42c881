// BlockingTargetSocket (systemc/BlockingTargetSocket.hpp), the NIC's host_in: a blocking call
// reaches the owner with its delay, a non-blocking BEGIN_REQ completes at once through the same
// owner call (early completion), other phases are accepted without a call, and debug transport
// and DMI are refused.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include <tlm_utils/simple_initiator_socket.h>

#include "systemc/BlockingTargetSocket.hpp"
#include "systemc/Kernel.hpp"

using namespace wormcast;

namespace {

class Served : public sc_core::sc_module {
  public:
    BlockingTargetSocket<Served> socket;
    std::vector<std::uint64_t> addresses;
    explicit Served(sc_core::sc_module_name name)
        : sc_module(name), socket("socket", this, &Served::serve) {}

  private:
    void serve(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
        addresses.push_back(gp.get_address());
        delay += sc_core::sc_time(3, sc_core::SC_NS);
        gp.set_response_status(tlm::TLM_OK_RESPONSE);
    }
};

class Caller : public sc_core::sc_module {
  public:
    tlm_utils::simple_initiator_socket<Caller> socket{"socket"};
    std::vector<tlm::tlm_sync_enum> sync;
    std::vector<tlm::tlm_phase> phases;
    std::vector<sc_core::sc_time> delays;
    unsigned debug_bytes = 99;
    bool dmi = true;
    explicit Caller(sc_core::sc_module_name name) : sc_module(name) { SC_METHOD(call); }

  private:
    SC_HAS_PROCESS(Caller);
    void call() {
        std::uint32_t word = 0;
        tlm::tlm_generic_payload gp;
        gp.set_command(tlm::TLM_WRITE_COMMAND);
        gp.set_data_ptr(reinterpret_cast<unsigned char*>(&word));
        gp.set_data_length(4);
        gp.set_streaming_width(4);
        gp.set_address(10);
        sc_core::sc_time delay(1, sc_core::SC_NS);
        socket->b_transport(gp, delay);
        delays.push_back(delay);
        for (tlm::tlm_phase phase : {tlm::BEGIN_REQ, tlm::END_RESP}) {
            gp.set_address(phase == tlm::BEGIN_REQ ? 20 : 30);
            delay = sc_core::SC_ZERO_TIME;
            sync.push_back(socket->nb_transport_fw(gp, phase, delay));
            phases.push_back(phase);
            delays.push_back(delay);
        }
        debug_bytes = socket->transport_dbg(gp);
        tlm::tlm_dmi region;
        dmi = socket->get_direct_mem_ptr(gp, region);
    }
};

}  // namespace

TEST_CASE(
    "BlockingTargetSocket: blocking and non-blocking calls reach the owner, debug and DMI "
    "are refused",
    "[tlm]") {
    fresh_kernel();
    Served served("served");
    Caller caller("caller");
    caller.socket.bind(served.socket);
    sc_core::sc_start(1, sc_core::SC_NS);

    CHECK(served.addresses == std::vector<std::uint64_t>{10, 20});  // END_RESP: no call
    REQUIRE(caller.delays.size() == 3);
    CHECK(caller.delays[0] == sc_core::sc_time(4, sc_core::SC_NS));
    CHECK(caller.sync == std::vector<tlm::tlm_sync_enum>{tlm::TLM_COMPLETED, tlm::TLM_ACCEPTED});
    CHECK(caller.phases[0] == tlm::END_RESP);
    CHECK(caller.delays[1] == sc_core::sc_time(3, sc_core::SC_NS));
    CHECK(caller.delays[2] == sc_core::SC_ZERO_TIME);
    CHECK(caller.debug_bytes == 0);
    CHECK_FALSE(caller.dmi);
}
