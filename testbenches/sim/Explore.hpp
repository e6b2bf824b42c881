// `wormcast explore`: a sweep (Sweep.hpp: all cores, resumable, --slurm) whose every combination
// of keys is also synthesised (systemc/rtl/HwCost: area, clock, leakage of its router
// configuration), joined per row into performance against silicon: latency in cycles and in ns at
// the router's own highest clock, accepted throughput in Gbit/s per node, area, leakage; the
// Pareto-optimal rows marked; written as DIR/explore.csv, explore.json and explore.png
// (docs/hardware-cost.md, "Exploring"). Names no topology family and no paper.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "testbenches/sim/Sweep.hpp"
#include "testbenches/sim/SweepTable.hpp"

namespace wormcast::sim {

struct ExploreOptions {
    SweepOptions sweep;
    std::string liberty;  ///< --liberty
    /// --power: each configuration's event table fitted on one co-simulated run of its RTL (the
    /// first point that uses it; kept in DIR/power-table.json), then every point's energy per
    /// delivered flit priced from its own run's event counts (testbenches/sim/Power.hpp).
    bool power = false;
};

/// A row of the exploration: a sweep row and the silicon of its routers.
struct ExploreRow {
    SweepRow perf;
    unsigned configurations = 0;  ///< distinct router configurations of its network
    // Of its largest configuration (area) and its slowest (clock), when it has several.
    double area_um2 = 0;
    std::uint64_t flip_flops = 0;
    double min_period_ps = 0;
    double leakage_uw = 0;
    std::size_t routers = 0;
    unsigned flit_width = 0;
    // Joined.
    double latency_ns = 0;              ///< mean latency x the shortest period
    double latency_p99_ns = 0;          ///< p99 latency x the shortest period
    double accepted_gbps_per_node = 0;  ///< accepted flits/node/cycle x flit bits x fmax
    // Of its design (the row's values of the keys outside traffic.*, over the traffic values).
    double design_gbps_per_node = 0;        ///< the most accepted Gbit/s per node of its rows
    std::optional<double> saturation_load;  ///< traffic.load varied: the first saturated load
    /// Among the rows of the same workload (values of the traffic.* keys): no row has less
    /// area and less latency_ns (one strictly).
    bool pareto_latency = false;
    /// Among the designs: none has less area and more design_gbps_per_node (one strictly).
    bool pareto_throughput = false;
    // With --power (event counts priced by the configuration's event table): the run's energy
    // over the flits it delivered, and its power, both at the router's own highest clock.
    std::optional<double> pj_per_flit;
    std::optional<double> power_mw;
    /// Among the rows of the same workload: none has less energy per flit and less latency_ns
    /// (one strictly).
    bool pareto_energy = false;
};

/// Marks the Pareto-optimal rows (see ExploreRow) among those with a result; `traffic[a]` tells
/// whether axis a is a traffic key (part of the workload) or a design key.
void mark_pareto(std::vector<ExploreRow>& rows, const std::vector<bool>& traffic);

/// Fills design_gbps_per_node and, when axis `load_axis` (traffic.load) is varied,
/// saturation_load: per design, in increasing load, the first row with accepted < 95 % of offered
/// or latency above 3x that of the design's lowest load (as the sweep marks saturation).
void summarise_designs(std::vector<ExploreRow>& rows, const std::vector<bool>& traffic,
                       std::optional<std::size_t> load_axis);

/// Runs (or resumes) the sweep, synthesises each distinct router configuration of its points
/// (cached), joins them and writes the table and figure; returns the sweep's exit code (0, or 3
/// when a point failed). With --slurm the sweep is submitted and the join waits for a rerun.
int run_explore(const ExploreOptions& options, std::ostream& out, std::ostream& progress);

}  // namespace wormcast::sim
