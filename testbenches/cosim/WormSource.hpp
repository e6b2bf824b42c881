// Stimulus for one router input port in the side-by-side router bench: random unicast worms and
// (optionally) path worms with random destination lists or tree worms with random bit-strings, on
// random VCs, flits of different VCs interleaved, random idle cycles, never a flit without a
// credit. Seeded (STYLE.md rule 10); acts at cycle boundaries like a NIC.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include <systemc>

#include "systemc/Flit.hpp"
#include "systemc/pure/CreditCounter.hpp"
#include "systemc/pure/Header.hpp"

namespace wormcast::cosim {

struct WormSourceConfig {
    unsigned vcs = 1;
    unsigned buffer_depth = 1;  ///< the router's input buffer depth: initial credits
    unsigned flit_width = 32;
    std::uint32_t nodes = 16;  ///< nodes of the network (the header format)
    /// Destinations a worm on this input may name (a MIN switch reaches only some); empty: all.
    std::vector<NodeId> destinations;
    /// Half of the bit-strings name only these (e.g. the nodes below a BI-MIN switch, so that it
    /// splits them instead of sending them on); empty: `destinations`.
    std::vector<NodeId> near;
    double load = 0.5;  ///< probability of trying to send in a cycle
    std::uint32_t max_payload = 6;
    /// Probability that a worm is a path worm (destination list of 1..max_destinations nodes,
    /// no node twice in a row); half of the lists start at `node`, the router under test.
    double path_worms = 0.0;
    std::uint32_t max_destinations = 6;
    NodeId node = 0;
    /// Probability that a worm is a tree worm (bit-string of 1..max_destinations nodes).
    double tree_worms = 0.0;
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
    /// Header and payload flits of every worm started so far (for a scoreboard).
    struct Started {
        Header header;
        std::uint32_t payload = 0;
    };
    const std::vector<Started>& started() const { return started_; }

  private:
    SC_HAS_PROCESS(WormSource);
    void cycle();

    struct Worm {
        bool active = false;
        MessageId message = 0;
        std::vector<FlitWord> header;  ///< header flits' data (pure/Header encoding)
        std::uint32_t payload = 0;     ///< payload flits
        std::uint32_t sent = 0;        ///< flits sent, header included
    };
    Header random_header();

    WormSourceConfig config_;
    sc_core::sc_time period_;
    std::mt19937_64 rng_;
    std::vector<CreditCounter> credits_;
    std::vector<Worm> worms_;
    MessageId next_message_;
    bool stopping_ = false;
    bool driven_ = false;
    std::uint64_t flits_sent_ = 0;
    std::vector<Started> started_;
};

}  // namespace wormcast::cosim
