// Downstream model for one router output port in the side-by-side router bench: an input buffer of
// the router's depth per VC that drains at random (random back-pressure) and returns a credit per
// freed slot. Checks the credit protocol and per-VC worm order. Seeded.
#pragma once

#include <cstdint>
#include <deque>
#include <random>
#include <string>
#include <vector>

#include <systemc>

#include "systemc/Flit.hpp"

namespace wormcast::cosim {

class CreditSink : public sc_core::sc_module {
  public:
    sc_core::sc_in<bool> valid;
    sc_core::sc_in<Flit> flit;
    sc_core::sc_out<std::uint32_t> credit;

    CreditSink(sc_core::sc_module_name name, unsigned vcs, unsigned depth, double drain,
               std::uint64_t seed, sc_core::sc_time period);

    std::uint64_t flits_received() const { return received_; }  ///< bubbles included
    std::uint64_t bubbles_received() const { return bubbles_; }
    bool empty() const;
    const std::vector<std::string>& problems() const { return problems_; }

  private:
    SC_HAS_PROCESS(CreditSink);
    void cycle();

    unsigned depth_;
    double drain_;
    sc_core::sc_time period_;
    std::mt19937_64 rng_;
    std::vector<std::deque<Flit>> buffers_;
    std::vector<MessageId> open_worm_;  ///< message whose worm is under way on each VC, 0: none
    std::uint32_t driven_ = 0;
    std::uint64_t received_ = 0;
    std::uint64_t bubbles_ = 0;
    std::vector<std::string> problems_;
};

}  // namespace wormcast::cosim
