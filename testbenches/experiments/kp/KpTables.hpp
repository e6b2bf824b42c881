// Kesavan & Panda Tables 1-6 (sec. 2.3, 3.2, 4.1.2, 4.2.2): steps of multiple multicast in
// start-up-only mode on the cycle-accurate network, beside the paper's rows.
#pragma once

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "testbenches/experiments/kp/KpRuns.hpp"
#include "testbenches/sim/Experiment.hpp"

namespace wormcast::kp {

/// What a row of the paper's table holds.
enum class KpPaperRowKind { Experimental, Analytical, UpperBound, LowerBound };
const char* to_string(KpPaperRowKind kind);

struct KpPaperRow {
    std::string label;  ///< as the paper labels it, e.g. "Experimental", "SQHL"
    KpPaperRowKind kind = KpPaperRowKind::Experimental;
    std::vector<int> values;  ///< one per cell of the block
};

/// One grid of (S, D) cells of a table (Tables 1 and 4 have an odd-D and an even-D block).
struct KpTableBlock {
    std::string title;                     ///< e.g. "odd D"; empty for a table with one block
    std::vector<std::uint32_t> sources;    ///< S per cell
    std::vector<std::uint32_t> set_sizes;  ///< D = |Φ| per cell
    std::vector<KpPaperRow> paper;
};

/// One algorithm (and leader phase) measured on every cell; compared with paper row `paper_row`.
struct KpTableSeries {
    std::string label;  ///< e.g. "SCHL, leader phase umesh"
    mesh::MeshMulticastAlgorithm algorithm = mesh::MeshMulticastAlgorithm::Umesh;
    mesh::LeaderPhase leader_phase = mesh::LeaderPhase::Umesh;
    std::size_t paper_row = 0;  ///< index into each block's `paper` of the experimental row
};

struct KpTable {
    std::string name;  ///< "kp-table1"
    int number = 0;
    std::string caption;
    std::string shape;  ///< "8x8"
    KpOverlap overlap = KpOverlap::Complete;
    std::vector<KpTableSeries> series;
    std::vector<KpTableBlock> blocks;
};

/// Table `number` (1-6) of the paper: grid, the paper's rows, the series wormcast measures.
KpTable kp_table(int number);

/// The measured steps of one series on one cell.
struct KpTableCell {
    std::size_t block = 0;
    std::size_t cell = 0;
    std::size_t series = 0;
    sim::SampleStats steps;
};

/// Runs `runs` seeded workloads per cell and series (the same workloads for every series) in
/// `jobs` worker processes. Cells come back block by block, cell by cell, series by series.
std::vector<KpTableCell> run_kp_table(
    const KpTable& table, unsigned runs, std::uint64_t seed, unsigned jobs,
    const std::function<void(std::size_t, std::size_t)>& progress);

/// The table as text: per block the paper's rows and wormcast's rows (mean, rounded, range).
void print_kp_table(std::ostream& os, const KpTable& table, const std::vector<KpTableCell>& cells,
                    unsigned runs, std::uint64_t seed);

/// One CSV row per cell and series, with the paper's values of that cell.
void write_kp_table_csv(const std::string& path, const KpTable& table,
                        const std::vector<KpTableCell>& cells);

/// Runs per cell for these options: --runs, capped at 5 with --quick.
unsigned kp_table_runs(const sim::ReproduceOptions& options);

/// `wormcast reproduce kp-tableN`.
int reproduce_kp_table(int number, const sim::ReproduceOptions& options);

}  // namespace wormcast::kp
