// The table of a finished (or partly finished) sweep: per combination of the varied keys, the mean
// and 95% confidence interval over seeds of latency and accepted throughput, the failures, and
// each curve's saturation point; written as CSV, JSON and a gnuplot figure (docs/sweep.md).
#pragma once

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "testbenches/sim/SweepPlan.hpp"

namespace wormcast::sim {

/// Mean and 95% confidence interval of a sample (Student's t, two-sided).
struct MeanInterval {
    std::size_t count = 0;
    double mean = 0;
    std::optional<double> half_width;  ///< none for fewer than two values
};

/// Student's t quantile for a two-sided 95% interval with `degrees` degrees of freedom (>= 1).
double student_t95(std::size_t degrees);

MeanInterval mean_interval(const std::vector<double>& values);

/// One row: a combination of the varied keys over its replicas.
struct SweepRow {
    std::vector<std::string> values;  ///< one per axis
    unsigned seeds = 0;               ///< replicas planned
    unsigned ok = 0, failed = 0, missing = 0;
    MeanInterval latency;      ///< latency_cycles.mean of the runs that succeeded
    MeanInterval latency_p99;  ///< their latency_cycles.p99 (wormcast explore; not in sweep.csv)
    MeanInterval accepted;     ///< accepted_flits_per_node_cycle
    MeanInterval offered;      ///< offered_flits_per_node_cycle
    bool saturation = false;   ///< the first saturated row of its curve (saturation_rows)
    std::string first_error;   ///< of the first failed replica
};

/// Marks, on each curve (rows equal in every key but the first, in row order), the first row
/// whose mean latency exceeds 3x the curve's zero-load latency (the mean latency of its first row
/// with a result) or whose accepted throughput is below 95% of the offered.
void mark_saturation(std::vector<SweepRow>& rows, std::size_t axes);

/// A sweep's description as written to DIR/sweep-spec.json.
struct SweepSpec {
    std::string scenario;           ///< path as given
    std::string scenario_hash;      ///< text_hash of the scenario file, hex
    std::vector<std::string> sets;  ///< --set overrides
    std::vector<SweepAxis> axes;
    bool zip = false;
    unsigned seeds = 1;
    std::uint64_t base_seed = 1;  ///< run.seed of the scenario (after --set)

    nlohmann::json to_json() const;
    static SweepSpec from_json(const nlohmann::json& doc);  ///< throws ConfigError
    /// Whether points of `other` may be reused for this sweep: same scenario text and --set.
    bool same_base(const SweepSpec& other) const;
};

/// Path of the spec file and of a point's file in a sweep directory.
std::string sweep_spec_path(const std::string& dir);
std::string sweep_point_path(const std::string& dir, const std::string& name);

/// Reads DIR/sweep-spec.json; throws ConfigError naming --collect when missing or unreadable.
SweepSpec read_sweep_spec(const std::string& dir);

/// The rows of the planned points from their files in DIR/points/ (missing files counted).
std::vector<SweepRow> sweep_rows(const std::string& dir, const SweepSpec& spec);

/// `text` as a CSV field: quoted (quotes doubled) when it holds a comma, a quote or a line break.
std::string csv_field(const std::string& text);

/// Writes DIR/sweep.csv, DIR/sweep.json and the figure DIR/sweep.png (with sweep.gp and
/// sweep.dat); says what it wrote on `log`. Returns the rows.
std::vector<SweepRow> collect_sweep(const std::string& dir, std::ostream& log);

}  // namespace wormcast::sim
