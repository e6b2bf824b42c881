// Stimulus for one router input port in the side-by-side router bench: random unicast worms on
// random VCs, flits of different VCs interleaved, random idle cycles, never a flit without a
// credit. Seeded (STYLE.md rule 10); acts at cycle boundaries like a NIC.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include <systemc>

#include "systemc/Flit.hpp"
#include "systemc/pure/CreditCounter.hpp"

namespace wormcast::cosim {

struct WormSourceConfig {
    unsigned vcs = 1;
    unsigned buffer_depth = 1;    ///< the router's input buffer depth: initial credits
    unsigned flit_width = 32;
    std::uint32_t nodes = 16;     ///< destinations are drawn from 0..nodes-1
    unsigned address_bits = 4;
    double load = 0.5;            ///< probability of trying to send in a cycle
    std::uint32_t max_payload = 6;
    MessageId first_message = 1;  ///< message tags this source uses start here
    std::uint64_t seed = 1;
};

class WormSource : public sc_core::sc_module {
public:
    sc_core::sc_out<bool> valid;
    sc_core::sc_out<Flit> flit;
    sc_core::sc_in<std::uint32_t> credit;

    WormSource(sc_core::sc_module_name name, WormSourceConfig config, sc_core::sc_time period);

    /// Stop starting worms; the ones under way are finished.
    void stop() { stopping_ = true; }
    bool idle() const;
    std::uint64_t flits_sent() const { return flits_sent_; }

private:
    SC_HAS_PROCESS(WormSource);
    void cycle();

    struct Worm {
        bool active = false;
        MessageId message = 0;
        std::uint32_t destination = 0;
        std::uint32_t payload = 0;  ///< payload flits
        std::uint32_t sent = 0;     ///< flits sent, header included
    };

    WormSourceConfig config_;
    sc_core::sc_time period_;
    std::mt19937_64 rng_;
    std::vector<CreditCounter> credits_;
    std::vector<Worm> worms_;
    MessageId next_message_;
    bool stopping_ = false;
    bool driven_ = false;
    std::uint64_t flits_sent_ = 0;
};

}  // namespace wormcast::cosim
