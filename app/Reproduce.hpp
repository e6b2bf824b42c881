// `wormcast reproduce NAME`: experiments that reproduce a paper's table or figure, each printing
// wormcast's numbers beside the paper's and writing CSV (and a PNG plot for figures).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace wormcast::app {

struct ReproduceOptions {
    /// Random patterns averaged per point; unset: the papers' 30, or the --quick default.
    std::optional<unsigned> runs;
    bool quick = false;          ///< scaled-down sizes (and, unless runs is given, runs)
    std::string out_dir = "results";  ///< CSV and PNG files go here
    std::uint64_t seed = 1;
    std::string leader_phase = "umesh";  ///< kp-fig*: leader phase of HL, SQHL and SCHL
    std::string min_forward = "adaptive";  ///< atbm-fig15..23: BI-MIN forward ports (MinForward)
    unsigned jobs = 0;           ///< parallel worker processes (0: one per core)
    /// atbm-fig15..23: largest system shown (unset: every size the paper names, 64 with --quick).
    std::optional<std::uint32_t> max_nodes;
};

struct Reproduction {
    std::string name;         ///< e.g. "kp-table1"
    std::string description;  ///< one line
    std::function<int(const ReproduceOptions&)> run;  ///< exit code
};

/// Kesavan & Panda (topologies/mesh): kp-table1 ... kp-table6, kp-fig15 ... kp-fig21.
void add_kp_reproductions(std::vector<Reproduction>& out);
/// Varavithya & Mohapatra (topologies/min): atbm-example.
void add_atbm_reproductions(std::vector<Reproduction>& out);

/// Runs per point: the explicit --runs if given, else `quick_default` with --quick, else 30.
unsigned runs_per_point(const ReproduceOptions& options, unsigned quick_default);

/// Every reproduction the program knows, in a stable order.
std::vector<Reproduction> all_reproductions();

}  // namespace wormcast::app
