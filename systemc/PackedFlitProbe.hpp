// A waveform-only helper: keeps the packed 64-bit word (docs/flit-format.md) of one link's flit
// signal, so the SystemC VCD carries the same word as the RTL VCD and one GTKWave translate filter
// (`wormcast wave-filter`) decodes both. Made only for traced links; nothing reads it but the
// trace.
#pragma once

#include <cstdint>

#include <systemc>

#include "systemc/Flit.hpp"

namespace wormcast {

SC_MODULE(PackedFlitProbe) {
    sc_core::sc_in<Flit> flit;
    std::uint64_t word = 0;  ///< trace_word() of the flit now on the link

    SC_CTOR(PackedFlitProbe) {
        SC_METHOD(update);
        sensitive << flit;
        dont_initialize();
    }

  private:
    void update() {
        word = trace_word(flit.read());
    }
};

}  // namespace wormcast
