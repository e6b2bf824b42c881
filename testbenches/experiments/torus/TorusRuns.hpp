// Chen & Chen, multinode broadcast on 2-D tori: the measurements behind `reproduce torus-table1`
// (Table 1 / Theorem 1 terms beside the planned schedules) and `torus-latency` (cycle-accurate).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "systemc/NetworkParams.hpp"
#include "topologies/broadcast/BroadcastSchedule.hpp"

namespace wormcast::torus {

/// The paper's cost terms of one scheme: start-ups and transmission (flits of the T_c term).
struct CostTerms {
    std::uint64_t startups = 0;
    std::uint64_t transmission = 0;
};

/// Theorem 1 written out from Lemmas 1-3 (ATD, n x n torus, h DDNs, s sources of m flits, control
/// messages one flit; Lemma 2's 4 ceil(log5 n) where the theorem prints 4 ceil(log5 h)).
CostTerms atd_theorem1(std::uint32_t n, std::uint32_t h, std::uint32_t s, std::uint32_t m);
/// Table 1's EDST row: 2 floor(n/2) start-ups, 2 floor(n/2) s m / 4 flits.
CostTerms edst_table1(std::uint32_t n, std::uint32_t s, std::uint32_t m);
/// Table 1's "Ours" row, its O() read with constant 1: max{ceil(log5 n), h} start-ups,
/// max{ceil(log5 ceil(n/h)), h} s m / h flits (s m / h as Theorem 1's m~ = ceil(s/h) m).
CostTerms ours_table1(std::uint32_t n, std::uint32_t h, std::uint32_t s, std::uint32_t m);

/// One row of torus-table1: a planned schedule's counts beside the paper's terms.
struct TableRow {
    std::uint32_t n = 0, s = 0, m = 0;
    std::string algorithm;           ///< "atd:h=5", "edst"
    std::uint64_t startups = 0;      ///< rounds of the schedule
    std::uint64_t transmission = 0;  ///< sum over rounds of the largest send (flits)
    std::uint64_t volume = 0;        ///< flits of every send of every round (network load)
    std::uint64_t worms = 0;
    CostTerms paper;
    bool checked = false;  ///< conflict-free and every message exactly once
    std::string problem;   ///< first problem of the checks; empty when checked
    /// A row of Table 1 itself, evaluated ("EDSTs:table1", "Ours:h=H"): startups and
    /// transmission are its formulas' (equal to `paper`), no schedule behind it.
    bool formula = false;
    std::uint32_t h = 0;  ///< ATD's and Ours' h
};

/// Plans `algorithm` on the n x n torus for s sources drawn with `seed` and measures it against the
/// paper's terms; runs the congestion checker and the replay.
TableRow table_row(std::uint32_t n, const std::string& algorithm, std::uint32_t s, std::uint32_t m,
                   std::uint64_t seed);

/// The grid of torus-table1: n in {10, 20, 25, 50} (quick: 10, 20), s in {n, n^2/4, n^2}, EDST and
/// ATD for h in {2, 5, 10, 25} dividing n and for h = n; beside them Table 1's own rows evaluated
/// (EDSTs, and Ours for each h).
std::vector<TableRow> table_rows(bool quick, std::uint32_t m, std::uint64_t seed);

/// One run of torus-latency: a scheme's multinode broadcast on the cycle-accurate torus.
struct LatencyRun {
    std::uint32_t n = 0, s = 0;
    std::string algorithm;
    unsigned t_startup = 0;  ///< T_s in cycles (T_c is one flit per cycle)
    std::uint64_t seed = 0;
    std::uint64_t latency = 0;  ///< cycle 0 -> the last tail at the last node, cycles
    std::uint64_t rounds = 0;   ///< rounds of the schedule
    std::uint64_t startups_max = 0;
    std::string problem;  ///< empty: every message delivered exactly once, no deadlock
};

/// The network parameters of torus-latency: all-port NICs (4 + 4 channels), 2 VCs, 4-flit buffers,
/// t_node 2 cycles, one cycle per flit on links, injection and consumption; T_s = t_startup.
NetworkParams latency_params(unsigned t_startup);

/// Runs one point: random sources (seeded), the scheme's schedule run by the NIC firmware.
LatencyRun run_latency(std::uint32_t n, const std::string& algorithm, std::uint32_t s,
                       unsigned t_startup, std::uint32_t m, std::uint64_t seed);

}  // namespace wormcast::torus
