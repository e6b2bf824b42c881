// The grid of a parameter sweep (see SweepPlan.hpp).
#include "testbenches/sim/SweepPlan.hpp"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "systemc/pure/Types.hpp"
#include "testbenches/sim/Sampling.hpp"

namespace wormcast::sim {

namespace {

/// Largest number of values one range may produce (a typo such as step 0.0001 is an error, not a
/// million runs).
constexpr std::size_t max_range_values = 100000;

bool parse_number(const std::string& text, double& value) {
    if (text.empty()) return false;
    char* end = nullptr;
    value = std::strtod(text.c_str(), &end);
    return end == text.c_str() + text.size() && std::isfinite(value);
}

/// Digits after the decimal point as written ("0.05" -> 2; "1e-3" -> -1: written with an exponent).
int written_decimals(const std::string& text) {
    if (text.find_first_of("eE") != std::string::npos) return -1;
    const auto dot = text.find('.');
    return dot == std::string::npos ? 0 : static_cast<int>(text.size() - dot - 1);
}

/// The i-th value of a range as text: as many decimals as the bounds and step were written
/// with, trailing zeros dropped, so 0.01:0.2:0.01 gives 0.01 ... 0.07 ... 0.2 exactly.
std::string range_value(double value, int decimals) {
    std::string text =
        decimals < 0 ? fmt::format("{:.12g}", value) : fmt::format("{:.{}f}", value, decimals);
    if (decimals > 0) {
        while (text.back() == '0') text.pop_back();
        if (text.back() == '.') text.pop_back();
    }
    if (text == "-0") text = "0";
    return text;
}

std::vector<std::string> split(const std::string& text, char separator) {
    std::vector<std::string> parts;
    std::string part;
    std::stringstream in(text);
    while (std::getline(in, part, separator)) parts.push_back(part);
    if (!text.empty() && text.back() == separator) parts.emplace_back();
    return parts;
}

bool safe_name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
           c == '_' || c == '-' || c == '+' || c == '=';
}

}  // namespace

SweepAxis parse_vary(const std::string& text) {
    const auto eq = text.find('=');
    if (eq == std::string::npos || eq == 0)
        throw ConfigError(fmt::format("--vary '{}': expected key=a:b:step or key=v1,v2,...", text));
    SweepAxis axis;
    axis.key = text.substr(0, eq);
    const std::string values = text.substr(eq + 1);
    if (axis.key.find('.') == std::string::npos || axis.key.front() == '.' ||
        axis.key.back() == '.')
        throw ConfigError(fmt::format(
            "--vary '{}': key '{}' is not section.key (as --set takes it)", text, axis.key));
    if (values.empty()) throw ConfigError(fmt::format("--vary '{}': no values", text));
    const auto range = split(values, ':');
    if (values.find(',') == std::string::npos && range.size() == 3) {
        double first = 0, last = 0, step = 0;
        for (std::size_t i = 0; i < 3; ++i) {
            double v = 0;
            if (!parse_number(range[i], v))
                throw ConfigError(fmt::format("--vary '{}': range {} '{}' is not a number", text,
                                              i == 0   ? "start"
                                              : i == 1 ? "end"
                                                       : "step",
                                              range[i]));
            (i == 0 ? first : i == 1 ? last : step) = v;
        }
        if (step <= 0) throw ConfigError(fmt::format("--vary '{}': step must be positive", text));
        if (last < first)
            throw ConfigError(
                fmt::format("--vary '{}': end {} is below start {}", text, last, first));
        const double span = (last - first) / step;
        if (span + 1 > static_cast<double>(max_range_values))
            throw ConfigError(
                fmt::format("--vary '{}': more than {} values", text, max_range_values));
        // A small tolerance keeps an end the step reaches up to rounding (0.1:0.3:0.1 has 3
        // values).
        const auto count = static_cast<std::size_t>(std::floor(span + 1e-9)) + 1;
        int decimals = 0;
        for (const auto& part : range) {
            const int d = written_decimals(part);
            decimals = (d < 0 || decimals < 0) ? -1 : std::max(decimals, d);
        }
        for (std::size_t i = 0; i < count; ++i)
            axis.values.push_back(range_value(first + static_cast<double>(i) * step, decimals));
        return axis;
    }
    if (range.size() > 1 && values.find(',') == std::string::npos)
        throw ConfigError(
            fmt::format("--vary '{}': a range is start:end:step (three numbers)", text));
    for (const auto& value : split(values, ',')) {
        if (value.empty())
            throw ConfigError(fmt::format("--vary '{}': empty value in the list", text));
        axis.values.push_back(value);
    }
    return axis;
}

std::vector<std::vector<std::string>> sweep_combinations(const std::vector<SweepAxis>& axes,
                                                         bool zip) {
    std::set<std::string> keys;
    for (const auto& axis : axes) {
        if (!keys.insert(axis.key).second)
            throw ConfigError(fmt::format("--vary: key '{}' varied twice", axis.key));
        if (axis.values.empty())
            throw ConfigError(fmt::format("--vary: key '{}' has no values", axis.key));
    }
    std::vector<std::vector<std::string>> out;
    if (axes.empty()) return {{}};
    if (zip) {
        for (const auto& axis : axes)
            if (axis.values.size() != axes.front().values.size())
                throw ConfigError(fmt::format("--zip: '{}' has {} values but '{}' has {}", axis.key,
                                              axis.values.size(), axes.front().key,
                                              axes.front().values.size()));
        for (std::size_t i = 0; i < axes.front().values.size(); ++i) {
            std::vector<std::string> combination;
            for (const auto& axis : axes) combination.push_back(axis.values[i]);
            out.push_back(std::move(combination));
        }
        return out;
    }
    std::vector<std::size_t> index(axes.size(), 0);
    for (;;) {
        std::vector<std::string> combination;
        for (std::size_t a = 0; a < axes.size(); ++a)
            combination.push_back(axes[a].values[index[a]]);
        out.push_back(std::move(combination));
        std::size_t a = axes.size();
        while (a > 0 && ++index[a - 1] == axes[a - 1].values.size()) index[--a] = 0;
        if (a == 0) return out;
    }
}

std::uint64_t text_hash(const std::string& text) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char c : text) {
        h ^= c;
        h *= 0x100000001b3ull;
    }
    return h;
}

namespace {
/// The exact text a point is identified by: "key=value\n" per axis.
std::string point_identity(const std::vector<SweepAxis>& axes,
                           const std::vector<std::string>& values) {
    std::string text;
    for (std::size_t a = 0; a < axes.size(); ++a) text += axes[a].key + "=" + values.at(a) + "\n";
    return text;
}
}  // namespace

std::string point_name(const std::vector<SweepAxis>& axes, const std::vector<std::string>& values,
                       unsigned replica) {
    std::string name;
    bool changed = false;
    for (std::size_t a = 0; a < axes.size(); ++a) {
        for (char c : axes[a].key + "=" + values.at(a)) {
            changed |= !safe_name_char(c);
            name += safe_name_char(c) ? c : '_';
        }
        name += "__";
    }
    name += fmt::format("replica={}", replica);
    if (changed || name.size() > 180) {
        if (name.size() > 180) name.resize(180);
        name += fmt::format("-{:016x}", text_hash(point_identity(axes, values)));
    }
    return name;
}

std::uint64_t point_seed(std::uint64_t base_seed, const std::vector<SweepAxis>& axes,
                         const std::vector<std::string>& values, unsigned replica) {
    // run.seed takes 63 bits (a signed 64-bit YAML integer).
    return sweep_seed(base_seed, {text_hash(point_identity(axes, values)), replica}) >> 1;
}

std::vector<SweepPoint> sweep_points(const std::vector<SweepAxis>& axes, bool zip, unsigned seeds,
                                     std::uint64_t base_seed) {
    if (seeds == 0) throw ConfigError("--seeds: must be at least 1");
    std::vector<SweepPoint> points;
    for (const auto& values : sweep_combinations(axes, zip))
        for (unsigned replica = 0; replica < seeds; ++replica) {
            SweepPoint p;
            p.values = values;
            p.replica = replica;
            p.seed = point_seed(base_seed, axes, values, replica);
            p.name = point_name(axes, values, replica);
            points.push_back(std::move(p));
        }
    return points;
}

std::vector<std::string> point_overrides(const std::vector<SweepAxis>& axes,
                                         const SweepPoint& point) {
    std::vector<std::string> out;
    for (std::size_t a = 0; a < axes.size(); ++a)
        out.push_back(axes[a].key + "=" + point.values.at(a));
    out.push_back(fmt::format("run.seed={}", point.seed));
    return out;
}

nlohmann::json sweep_value_json(const std::string& text) {
    double value = 0;
    if (!parse_number(text, value) ||
        text.find_first_not_of("0123456789+-.eE") != std::string::npos)
        return text;
    if (text.find_first_of(".eE") == std::string::npos && std::abs(value) < 9e15)
        return static_cast<std::int64_t>(value);
    return value;
}

PointFileState point_file_state(const std::string& path) {
    std::ifstream in(path);
    if (!in) return PointFileState::missing;
    try {
        const auto doc = nlohmann::json::parse(in);
        const std::string status = doc.at("status").get<std::string>();
        if (status == "ok") return PointFileState::done;
        if (status == "failed") return PointFileState::failed;
    } catch (const nlohmann::json::exception&) {
    }
    return PointFileState::unreadable;
}

bool point_needs_run(PointFileState state, bool force, bool retry_failed) {
    if (force) return true;
    switch (state) {
        case PointFileState::done:
            return false;
        case PointFileState::failed:
            return retry_failed;
        case PointFileState::missing:
        case PointFileState::unreadable:
            return true;
    }
    return true;
}

}  // namespace wormcast::sim
