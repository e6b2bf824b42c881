// A waveform-only helper: keeps the packed word (docs/flit-format.md) of one link's flit signal,
// so the SystemC VCD carries the same word as the RTL VCD and one GTKWave translate filter
// (`wormcast wave-filter`) decodes both: 64 bits up to 32-bit flits, flit_width + 32 bits above.
// Made only for traced links; nothing reads it but the trace.
#pragma once

#include <cstdint>
#include <string>

#include <systemc>

#include "systemc/Flit.hpp"

namespace wormcast {

class PackedFlitProbe : public sc_core::sc_module {
  public:
    sc_core::sc_in<Flit> flit;

    PackedFlitProbe(sc_core::sc_module_name name, unsigned flit_width)
        : sc_core::sc_module(name),
          data_bits_(Flit::packed_data_bits(flit_width)),
          wide_(static_cast<int>(data_bits_ + Flit::kControlBits)) {
        SC_METHOD(update);
        sensitive << flit;
        dont_initialize();
    }

    /// Traces the packed word as `name` (64 bits, or flit_width + 32 above 32-bit flits).
    void trace(sc_core::sc_trace_file* tf, const std::string& name) const {
        if (data_bits_ == Flit::kDataBits)
            sc_core::sc_trace(tf, word_, name, 64);
        else
            sc_core::sc_trace(tf, wide_, name);
    }

  private:
    SC_HAS_PROCESS(PackedFlitProbe);
    void update() {
        const Flit& f = flit.read();
        word_ = trace_word(f);
        if (data_bits_ == Flit::kDataBits) return;
        // Data below, then the control word (trace_word's upper half: never throws).
        const std::uint64_t control = word_ >> Flit::kDataBits;
        for (unsigned b = 0; b < data_bits_; ++b)
            wide_.set_bit(static_cast<int>(b), ((f.data >> b) & 1U) ? sc_dt::Log_1 : sc_dt::Log_0);
        for (unsigned b = 0; b < Flit::kControlBits; ++b)
            wide_.set_bit(static_cast<int>(data_bits_ + b),
                          ((control >> b) & 1U) ? sc_dt::Log_1 : sc_dt::Log_0);
    }

    unsigned data_bits_;
    std::uint64_t word_ = 0;  ///< trace_word() of the flit now on the link
    sc_dt::sc_bv_base wide_;  ///< the wider packed flit (flit_width above 32)
};

}  // namespace wormcast
