// The grid of a parameter sweep (`wormcast sweep`): the --vary axes, the points they span (cross
// product or zip) times the seeds, each point's stable file name and seed, and whether a point
// already on disk is run again. Pure: no simulator; names no topology family and no paper.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace wormcast::sim {

/// One --vary: a scenario key (as --set takes it) and its values as text, in order.
struct SweepAxis {
    std::string key;
    std::vector<std::string> values;
};

/// Parses "key=a:b:step" (a, a+step, ... up to b inclusive; numbers) or "key=v1,v2,..."; a
/// single value is a list of one. Throws ConfigError naming --vary and the reason.
SweepAxis parse_vary(const std::string& text);

/// The value combinations, one value per axis in axis order: the cross product (the last axis
/// varying fastest) or, with zip, the i-th value of every axis (all axes as long). Throws
/// ConfigError for zip axes of different lengths or a key varied twice.
std::vector<std::vector<std::string>> sweep_combinations(const std::vector<SweepAxis>& axes,
                                                         bool zip);

/// One run of a sweep: a combination and a replica (0 .. seeds-1).
struct SweepPoint {
    std::vector<std::string> values;  ///< one per axis
    unsigned replica = 0;
    std::uint64_t seed = 0;  ///< run.seed of this run
    std::string name;        ///< file name without ".json" (point_name)
};

/// The file name of a point: "key=value__key=value__replica=R", characters other than letters,
/// digits and ". _ - + =" replaced by '_' (then a hash of the exact text is appended so two
/// values never share a name). Depends on the keys and values only, not on the grid's order.
std::string point_name(const std::vector<SweepAxis>& axes, const std::vector<std::string>& values,
                       unsigned replica);

/// run.seed of a point: sim::sweep_seed of the base seed, a hash of the keys and values and the
/// replica, shifted right one bit (run.seed is below 2^63); the same point has the same seed in
/// any grid.
std::uint64_t point_seed(std::uint64_t base_seed, const std::vector<SweepAxis>& axes,
                         const std::vector<std::string>& values, unsigned replica);

/// Every run: combinations in order, each with replicas 0 .. seeds-1.
std::vector<SweepPoint> sweep_points(const std::vector<SweepAxis>& axes, bool zip, unsigned seeds,
                                     std::uint64_t base_seed);

/// The scenario overrides of a point: "key=value" per axis, then "run.seed=SEED".
std::vector<std::string> point_overrides(const std::vector<SweepAxis>& axes,
                                         const SweepPoint& point);

/// A value as it goes into JSON: a number when the whole text is one, else the text.
nlohmann::json sweep_value_json(const std::string& text);

/// What is on disk for a point.
enum class PointFileState {
    missing,     ///< no file
    done,        ///< a point file with status "ok"
    failed,      ///< a point file with status "failed"
    unreadable,  ///< a file that is not a point file (a torn copy, someone else's): run again
};

/// Classifies the file at path.
PointFileState point_file_state(const std::string& path);

/// Whether a point is run: always with force; else when it has no readable file, or it failed
/// and retry_failed is set.
bool point_needs_run(PointFileState state, bool force, bool retry_failed);

/// 64-bit FNV-1a of text (stable across runs and machines).
std::uint64_t text_hash(const std::string& text);

}  // namespace wormcast::sim
