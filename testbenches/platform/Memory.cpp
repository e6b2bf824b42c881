// A memory target (see Memory.hpp).
#include "Memory.hpp"

#include <algorithm>

namespace wormcast::platform {

using namespace sc_core;

Memory::Memory(sc_module_name name, std::uint64_t size, sc_time latency)
    : sc_module(name), socket("socket"), bytes_(size, 0), latency_(latency) {
    socket.register_b_transport(this, &Memory::b_transport);
    socket.register_transport_dbg(this, &Memory::transport_dbg);
    socket.register_get_direct_mem_ptr(this, &Memory::get_direct_mem_ptr);
}

bool Memory::access(tlm::tlm_generic_payload& gp) {
    const std::uint64_t address = gp.get_address();
    const unsigned length = gp.get_data_length();
    const unsigned streaming =
        gp.get_streaming_width() == 0 ? length : std::min(length, gp.get_streaming_width());
    if (address >= bytes_.size() || streaming > bytes_.size() - address) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return false;
    }
    const unsigned char* enables = gp.get_byte_enable_ptr();
    const unsigned enable_length = gp.get_byte_enable_length();
    if (enables && enable_length == 0) {
        gp.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
        return false;
    }
    unsigned char* data = gp.get_data_ptr();
    // Byte i goes to address + i mod streaming width, if its byte enable (i mod their length) is
    // set; a streaming burst writes the same addresses over again.
    for (unsigned i = 0; i < length; ++i) {
        if (enables && enables[i % enable_length] != TLM_BYTE_ENABLED) continue;
        std::uint8_t& cell = bytes_[address + i % streaming];
        if (gp.is_write())
            cell = data[i];
        else if (gp.is_read())
            data[i] = cell;
    }
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    return true;
}

void Memory::b_transport(tlm::tlm_generic_payload& gp, sc_time& delay) {
    if (!access(gp)) {
        ++stats_.errors;
        return;
    }
    if (gp.is_write()) {
        ++stats_.writes;
        write_log_.push_back(gp.get_address());
    } else if (gp.is_read()) {
        ++stats_.reads;
    }
    stats_.bytes += gp.get_data_length();
    gp.set_dmi_allowed(false);
    delay += latency_;
}

unsigned int Memory::transport_dbg(tlm::tlm_generic_payload& gp) {
    return access(gp) ? gp.get_data_length() : 0;
}

bool Memory::get_direct_mem_ptr(tlm::tlm_generic_payload&, tlm::tlm_dmi& dmi) {
    dmi.allow_none();
    return false;
}

}  // namespace wormcast::platform
