// The table and figure of a sweep (see SweepTable.hpp).
#include "testbenches/sim/SweepTable.hpp"

#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

#include <fmt/format.h>

#include "systemc/NetworkParams.hpp"
#include "systemc/pure/Types.hpp"
#include "testbenches/sim/FigureOutput.hpp"
#include "testbenches/sim/Sampling.hpp"
#include "testbenches/sim/ScenarioKeys.hpp"

namespace wormcast::sim {

double student_t95(std::size_t degrees) {
    // Two-sided 95% quantiles for 1..30 degrees of freedom; beyond, 1.96 + 2.4/df is within 0.003.
    static const double table[] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306,
                                   2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120,
                                   2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
                                   2.060,  2.056, 2.052, 2.048, 2.045, 2.042};
    if (degrees == 0) return std::nan("");
    if (degrees <= 30) return table[degrees - 1];
    return 1.96 + 2.4 / static_cast<double>(degrees);
}

MeanInterval mean_interval(const std::vector<double>& values) {
    MeanInterval m;
    m.count = values.size();
    if (values.empty()) return m;
    double sum = 0;
    for (double v : values) sum += v;
    m.mean = sum / static_cast<double>(values.size());
    if (values.size() < 2) return m;
    double squares = 0;
    for (double v : values) squares += (v - m.mean) * (v - m.mean);
    const double stddev = std::sqrt(squares / static_cast<double>(values.size() - 1));
    m.half_width =
        student_t95(values.size() - 1) * stddev / std::sqrt(static_cast<double>(values.size()));
    return m;
}

void mark_saturation(std::vector<SweepRow>& rows, std::size_t axes) {
    // A curve is the rows that agree on every key but the first; rows keep their grid order.
    std::map<std::vector<std::string>, std::vector<SweepRow*>> curves;
    for (auto& row : rows) {
        row.saturation = false;
        const std::vector<std::string> others(row.values.begin() + (axes > 0 ? 1 : 0),
                                              row.values.end());
        curves[others].push_back(&row);
    }
    for (auto& [others, curve] : curves) {
        std::optional<double> zero_load;
        for (SweepRow* row : curve) {
            if (row->ok == 0) continue;
            if (!zero_load) zero_load = row->latency.mean;
            const bool slow = row->latency.mean > 3.0 * *zero_load;
            const bool refused =
                row->offered.mean > 0 && row->accepted.mean < 0.95 * row->offered.mean;
            if (slow || refused) {
                row->saturation = true;
                break;
            }
        }
    }
}

nlohmann::json SweepSpec::to_json() const {
    nlohmann::json vary = nlohmann::json::array();
    for (const auto& axis : axes) vary.push_back({{"key", axis.key}, {"values", axis.values}});
    return {{"format", "wormcast-sweep-spec/1"},
            {"scenario", scenario},
            {"scenario_hash", scenario_hash},
            {"sets", sets},
            {"vary", vary},
            {"zip", zip},
            {"seeds", seeds},
            {"base_seed", base_seed}};
}

SweepSpec SweepSpec::from_json(const nlohmann::json& doc) {
    try {
        SweepSpec s;
        s.scenario = doc.at("scenario").get<std::string>();
        s.scenario_hash = doc.at("scenario_hash").get<std::string>();
        s.sets = doc.at("sets").get<std::vector<std::string>>();
        for (const auto& axis : doc.at("vary"))
            s.axes.push_back(SweepAxis{axis.at("key").get<std::string>(),
                                       axis.at("values").get<std::vector<std::string>>()});
        s.zip = doc.at("zip").get<bool>();
        s.seeds = doc.at("seeds").get<unsigned>();
        s.base_seed = doc.at("base_seed").get<std::uint64_t>();
        return s;
    } catch (const nlohmann::json::exception& e) {
        throw ConfigError(fmt::format("sweep-spec.json: not a sweep description ({})", e.what()));
    }
}

bool SweepSpec::same_base(const SweepSpec& other) const {
    return scenario_hash == other.scenario_hash && sets == other.sets &&
           base_seed == other.base_seed;
}

std::string sweep_spec_path(const std::string& dir) {
    return output_path(dir, "sweep-spec.json");
}

std::string sweep_point_path(const std::string& dir, const std::string& name) {
    return output_path(output_path(dir, "points"), name + ".json");
}

SweepSpec read_sweep_spec(const std::string& dir) {
    std::ifstream in(sweep_spec_path(dir));
    if (!in)
        throw ConfigError(fmt::format("--collect: '{}' holds no sweep (no sweep-spec.json)", dir));
    try {
        return SweepSpec::from_json(nlohmann::json::parse(in));
    } catch (const nlohmann::json::exception& e) {
        throw ConfigError(fmt::format("--collect: {}: {}", sweep_spec_path(dir), e.what()));
    }
}

std::vector<SweepRow> sweep_rows(const std::string& dir, const SweepSpec& spec) {
    std::vector<SweepRow> rows;
    for (const auto& values : sweep_combinations(spec.axes, spec.zip)) {
        SweepRow row;
        row.values = values;
        row.seeds = spec.seeds;
        std::vector<double> latency, latency_p99, accepted, offered;
        for (unsigned replica = 0; replica < spec.seeds; ++replica) {
            std::ifstream in(sweep_point_path(dir, point_name(spec.axes, values, replica)));
            nlohmann::json doc;
            try {
                if (in) doc = nlohmann::json::parse(in);
            } catch (const nlohmann::json::exception&) {
            }
            const std::string status = doc.is_object() ? doc.value("status", "") : "";
            if (status == "ok") {
                const auto& r = doc.at("result");
                latency.push_back(r.at("latency_cycles").at("mean").get<double>());
                latency_p99.push_back(r.at("latency_cycles").value("p99", 0.0));
                accepted.push_back(r.at("accepted_flits_per_node_cycle").get<double>());
                offered.push_back(r.at("offered_flits_per_node_cycle").get<double>());
                ++row.ok;
            } else if (status == "failed") {
                if (row.failed++ == 0) row.first_error = doc.value("error", "");
            } else {
                ++row.missing;
            }
        }
        row.latency = mean_interval(latency);
        row.latency_p99 = mean_interval(latency_p99);
        row.accepted = mean_interval(accepted);
        row.offered = mean_interval(offered);
        rows.push_back(std::move(row));
    }
    mark_saturation(rows, spec.axes.size());
    return rows;
}

std::string csv_field(const std::string& text) {
    if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
    std::string out = "\"";
    for (char c : text) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

namespace {

std::string number(double v) {
    return fmt::format("{}", v);
}

std::string optional_number(const std::optional<double>& v) {
    return v ? number(*v) : "";
}

nlohmann::json optional_json(const std::optional<double>& v) {
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

const char* const measure_columns[] = {
    "seeds",         "ok",           "failed",       "missing",
    "offered_mean",  "latency_mean", "latency_ci95", "accepted_mean",
    "accepted_ci95", "saturation",   "error"};

std::string table_csv(const SweepSpec& spec, const std::vector<SweepRow>& rows) {
    std::string out;
    for (const auto& axis : spec.axes) out += csv_field(axis.key) + ",";
    for (std::size_t i = 0; i < std::size(measure_columns); ++i)
        out += std::string(i ? "," : "") + measure_columns[i];
    out += "\n";
    for (const auto& row : rows) {
        for (const auto& value : row.values) out += csv_field(value) + ",";
        const bool any = row.ok > 0;
        out += fmt::format(
            "{},{},{},{},{},{},{},{},{},{},{}\n", row.seeds, row.ok, row.failed, row.missing,
            any ? number(row.offered.mean) : "", any ? number(row.latency.mean) : "",
            optional_number(row.latency.half_width), any ? number(row.accepted.mean) : "",
            optional_number(row.accepted.half_width), row.saturation ? 1 : 0,
            csv_field(row.first_error));
    }
    return out;
}

nlohmann::json table_json(const SweepSpec& spec, const std::vector<SweepRow>& rows) {
    nlohmann::json keys = nlohmann::json::array(), out_rows = nlohmann::json::array();
    for (const auto& axis : spec.axes) keys.push_back(axis.key);
    for (const auto& row : rows) {
        nlohmann::json r;
        for (std::size_t a = 0; a < spec.axes.size(); ++a)
            r[spec.axes[a].key] = sweep_value_json(row.values[a]);
        const bool any = row.ok > 0;
        r["seeds"] = row.seeds;
        r["ok"] = row.ok;
        r["failed"] = row.failed;
        r["missing"] = row.missing;
        r["offered_mean"] = any ? nlohmann::json(row.offered.mean) : nlohmann::json(nullptr);
        r["latency_mean"] = any ? nlohmann::json(row.latency.mean) : nlohmann::json(nullptr);
        r["latency_ci95"] = optional_json(row.latency.half_width);
        r["accepted_mean"] = any ? nlohmann::json(row.accepted.mean) : nlohmann::json(nullptr);
        r["accepted_ci95"] = optional_json(row.accepted.half_width);
        r["saturation"] = row.saturation;
        r["error"] = row.first_error;
        out_rows.push_back(std::move(r));
    }
    return {{"format", "wormcast-sweep-table/1"}, {"keys", keys}, {"rows", out_rows}};
}

bool all_numbers(const std::vector<std::string>& values) {
    for (const auto& v : values)
        if (!sweep_value_json(v).is_number()) return false;
    return true;
}

/// A varied key as an axis label: the key with what it measures and its unit, from its
/// declaration (a network parameter's, or a traffic or run key's, ScenarioKeys.hpp).
std::string axis_label(const std::string& key) {
    const auto label = [&key](const std::string& meaning, const std::string& unit) {
        return unit.empty() ? fmt::format("{}: {}", key, meaning)
                            : fmt::format("{}: {} ({})", key, meaning, unit);
    };
    for (const ScenarioKey& k : scenario_keys())
        if (k.name() == key) return label(k.meaning, k.unit);
    if (const ParameterDeclaration* d = find_parameter(key)) return label(d->meaning, d->unit);
    return key;
}

/// The figure's title as a gnuplot string, a line each (double-quoted, for the newlines): the
/// scenario, the key on the x axis and the seeds; what the curves vary; the --set overrides.
std::string plot_title(const SweepSpec& spec) {
    const auto escaped = [](const std::string& text) {
        std::string out;
        for (char c : text) {
            if (c == '"' || c == '\\') out += '\\';
            out += c;
        }
        return out;
    };
    std::string name = spec.scenario;
    if (const auto slash = name.find_last_of('/'); slash != std::string::npos)
        name = name.substr(slash + 1);
    std::string title = fmt::format("{}: mean latency vs {}, {} seed(s) a point", escaped(name),
                                    escaped(spec.axes.front().key), spec.seeds);
    std::string others;
    for (std::size_t a = 1; a < spec.axes.size(); ++a)
        others += fmt::format("{}{}", others.empty() ? "" : ", ", spec.axes[a].key);
    if (!others.empty())
        title +=
            fmt::format("\\n{} {}", spec.zip ? "varied with it:" : "a curve per", escaped(others));
    std::string sets;
    for (const auto& set : spec.sets)
        sets += fmt::format("{}--set {}", sets.empty() ? "" : " ", set);
    if (!sets.empty()) title += "\\n" + escaped(sets);
    return "\"" + title + "\"";
}

/// The figure: sweep.dat (a block per curve: x, latency mean, CI half-width; then one block of
/// saturation points) and sweep.gp; returns the PNG path or "" (see run_gnuplot).
std::string write_plot(const std::string& dir, const SweepSpec& spec,
                       const std::vector<SweepRow>& rows, std::ostream& log) {
    if (spec.axes.empty()) return "";
    const bool numeric = all_numbers(spec.axes.front().values);
    std::vector<std::vector<std::string>> order;  // curves in order of first appearance
    std::map<std::vector<std::string>, std::vector<const SweepRow*>> curves;
    for (const auto& row : rows) {
        if (row.ok == 0) continue;
        const std::vector<std::string> others(row.values.begin() + 1, row.values.end());
        if (!curves.count(others)) order.push_back(others);
        curves[others].push_back(&row);
    }
    if (order.empty()) {
        log << "no point has a result yet: no figure\n";
        return "";
    }
    std::map<std::string, std::size_t>
        ordinal;  // x of a non-numeric first key: its place in --vary
    for (const auto& v : spec.axes.front().values) ordinal.emplace(v, ordinal.size());
    std::string data, saturation, xtics;
    for (const auto& others : order) {
        for (const SweepRow* row : curves[others]) {
            const std::string x =
                numeric ? row->values[0] : std::to_string(ordinal.at(row->values[0]));
            data += fmt::format("{} {} {}\n", x, number(row->latency.mean),
                                number(row->latency.half_width.value_or(0)));
            if (row->saturation) saturation += fmt::format("{} {}\n", x, number(row->latency.mean));
        }
        data += "\n\n";
    }
    if (!numeric)
        for (const auto& [value, place] : ordinal)
            xtics += fmt::format("{}{} {}", xtics.empty() ? "" : ", ", gnuplot_quote(value), place);
    data += saturation.empty() ? "nan nan 0\n" : saturation;
    write_output_file(output_path(dir, "sweep.dat"), data, "--collect");
    std::string plots;
    for (std::size_t i = 0; i < order.size(); ++i) {
        std::string title;
        for (std::size_t a = 1; a < spec.axes.size(); ++a)
            title +=
                fmt::format("{}{}={}", title.empty() ? "" : " ", spec.axes[a].key, order[i][a - 1]);
        if (title.empty()) title = "latency";
        plots +=
            fmt::format("'sweep.dat' index {} using 1:2:3 with yerrorlines lw 2 title {}, \\\n    ",
                        i, gnuplot_quote(title));
    }
    plots += fmt::format(
        "'sweep.dat' index {} using 1:2 with points pt 7 ps 2.5 lc rgb 'red' title 'saturation'\n",
        order.size());
    const std::string script = fmt::format(
        "# wormcast sweep figure: mean latency (95% CI over seeds) vs {key}; written by wormcast "
        "sweep --collect\n"
        "set terminal pngcairo size 900,600 noenhanced\n"
        "set output 'sweep.png'\n"
        "set title {title}\n"
        "set xlabel {xlabel}\n"
        "set ylabel 'mean message latency (cycles)'\n"
        "set key outside right top\n"
        "set grid\n"
        "set yrange [0:*]\n"
        "set offsets graph 0.03, graph 0.03, graph 0.05, 0\n"
        "{xtics}"
        "plot {plots}",
        fmt::arg("key", spec.axes.front().key), fmt::arg("title", plot_title(spec)),
        fmt::arg("xlabel", gnuplot_quote(axis_label(spec.axes.front().key))),
        fmt::arg("xtics", numeric ? std::string() : fmt::format("set xtics ({})\n", xtics)),
        fmt::arg("plots", plots));
    write_output_file(output_path(dir, "sweep.gp"), script, "--collect");
    return run_gnuplot(dir, "sweep", log);
}

}  // namespace

std::vector<SweepRow> collect_sweep(const std::string& dir, std::ostream& log) {
    const SweepSpec spec = read_sweep_spec(dir);
    const auto rows = sweep_rows(dir, spec);
    const std::string csv = output_path(dir, "sweep.csv"), json = output_path(dir, "sweep.json");
    write_output_file(csv, table_csv(spec, rows), "--collect");
    write_output_file(json, table_json(spec, rows).dump(2) + "\n", "--collect");
    const std::string png = write_plot(dir, spec, rows, log);
    log << fmt::format("wrote {}, {}{}\n", csv, json, png.empty() ? "" : " and " + png);
    return rows;
}

}  // namespace wormcast::sim
