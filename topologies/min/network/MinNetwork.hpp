// Network builder for multistage networks (Varavithya & Mohapatra §2): one switch per (row, stage)
// of a UNI-MIN or BI-MIN, links from the wiring, a node's NIC on its entry port and its 1 or b
// consumption channels, destination-tag / turnaround routing with bit-string tree worms.
#pragma once

#include "systemc/NetworkSpec.hpp"
#include "topologies/min/AtbmLatency.hpp"
#include "topologies/min/MinShape.hpp"

namespace wormcast::min {

/// How tree operations are serialised (ATBM, §4): not at all (may deadlock), or by one token
/// ring per switch group of Fig. 9 with the ring or the average token model.
struct AtbmOptions {
    bool tokens = true;
    TokenModel model = TokenModel::Ring;
    unsigned token_pass_cycles = 1;  ///< token passing time per hop
};

/// The paper's timing (§5.1) as cycles of a clock of one flit time t_flit, for a contention-free
/// run whose latency the zero-load pipeline (docs/pipeline.md) makes
///   t_s + t_inj + S*(h-1 + t_node + t_sw) + (S-1)*t_phy + t_cons + F-1 + W
/// = t_startup + t_route*S + W + (S+1+M)*t_flit + S*(h-1)*t_flit, with t_node + t_sw = t_route
/// (t_sw = 1), t_inj = t_phy = 1, t_cons = 2 (the paper's S+1+M counts one flit time more than
/// S+1 one-cycle channels streaming M flits), F = M. Every time must be a whole number of
/// flit times and t_route at least 2 of them (ConfigError otherwise).
struct AtbmCycleModel {
    NetworkParams params;  ///< clock, delays, 1-channel NICs, tree worms, the given buffers
    AtbmOptions atbm;      ///< average token model, token passing in cycles
    std::uint32_t header_flits = 0;   ///< h of a bit-string header at this flit width
    std::uint32_t payload_flits = 0;  ///< M - h: the length a send asks for
};
/// buffer_depth 0: one bit-string header (the paper's "enough to store only the header").
/// encoding: Tagged (any header kind; a bit-string header is 2 + N bits) or BitString (every
/// header, unicasts too, is the bare N-bit string: ceil(N / flit_width) flits, as the paper
/// counts).
AtbmCycleModel atbm_cycle_model(const MinShape& shape, const AtbmTiming& timing,
                                unsigned flit_width, unsigned buffer_depth = 0,
                                HeaderEncoding encoding = HeaderEncoding::Tagged);

/// Router index of each switch is stage * rows + row. BI-MIN forward hops take right ports as
/// shape.forward says (adaptive: the lowest available one; fixed: always the lowest).
/// params.consumption_channels is 1 or b: b physical channels per node from its exit switch, the
/// worm's input port choosing the channel (ConsumptionChannels), and the token rings of the
/// b-channel grouping. One injection channel. Throws ConfigError otherwise, and where a switch
/// would need more outputs than a router may have (RouterConfig::kMaxPorts = 256; min-bi with b = 8
/// and 8 channels needs 72, b = 16 with 16 channels 272).
NetworkSpec build_min_network(const MinShape& shape, const NetworkParams& params,
                              const AtbmOptions& atbm = {});

}  // namespace wormcast::min
