// Varavithya & Mohapatra, "Asynchronous Tree-Based Multicasting in Wormhole-Switched MINs"
// (IEEE TPDS): the 2.12 us example and Figs. 14-23 on the cycle-accurate multistage networks.
#pragma once

#include <cstdint>
#include <optional>

#include "testbenches/sim/Experiment.hpp"
#include "topologies/min/MinShape.hpp"

namespace wormcast::atbm {

/// The options of this suite (`reproduce atbm-fig15 --max-nodes 64 --min-forward fixed`).
struct SuiteOptions {
    /// Largest system shown by Figs. 15-23 (unset: every size the paper names, 64 with --quick).
    std::optional<std::uint32_t> max_nodes;
    /// BI-MIN forward ports in Figs. 15-23.
    min::MinForward forward = min::MinForward::Adaptive;
    static SuiteOptions parse(const OptionValues& options);
};

/// The suite: its experiments and its options.
sim::ExperimentSuite suite();

}  // namespace wormcast::atbm
