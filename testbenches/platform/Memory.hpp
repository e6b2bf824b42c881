// A memory target for the example platform and the interconnect's tests: a byte array behind a
// TLM-2.0 target socket with a fixed access latency, honouring byte enables and streaming width,
// answering debug transport without time and refusing DMI. It keeps every write's address range.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <tlm_utils/simple_target_socket.h>
#include <systemc>
#include <tlm>

namespace wormcast::platform {

struct MemoryStats {
    std::uint64_t reads = 0;
    std::uint64_t writes = 0;
    std::uint64_t bytes = 0;
    std::uint64_t errors = 0;  ///< accesses refused (out of range, bad byte enables)
};

class Memory : public sc_core::sc_module {
  public:
    tlm_utils::simple_target_socket<Memory> socket;

    /// `size` bytes, zero-filled; each access takes `latency` (annotated).
    Memory(sc_core::sc_module_name name, std::uint64_t size, sc_core::sc_time latency);

    const std::vector<std::uint8_t>& bytes() const { return bytes_; }
    const MemoryStats& stats() const { return stats_; }
    /// Start address of every write it served, in order.
    const std::vector<std::uint64_t>& write_log() const { return write_log_; }

  private:
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    unsigned int transport_dbg(tlm::tlm_generic_payload& gp);
    bool get_direct_mem_ptr(tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi);
    /// Reads or writes the payload's bytes; false (and the response status set) if refused.
    bool access(tlm::tlm_generic_payload& gp);

    std::vector<std::uint8_t> bytes_;
    sc_core::sc_time latency_;
    MemoryStats stats_;
    std::vector<std::uint64_t> write_log_;
};

}  // namespace wormcast::platform
