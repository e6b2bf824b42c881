// `wormcast explore` (see Explore.hpp).
#include "testbenches/sim/Explore.hpp"

#include <algorithm>
#include <atomic>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "systemc/pure/Types.hpp"
#include "systemc/rtl/HwCost.hpp"
#include "testbenches/sim/FigureOutput.hpp"
#include "testbenches/sim/Power.hpp"
#include "testbenches/sim/Runner.hpp"
#include "testbenches/sim/Sampling.hpp"
#include "testbenches/sim/Scenario.hpp"
#include "testbenches/sim/SweepPlan.hpp"

namespace wormcast::sim {

namespace {

std::string explore_number(double v) {
    return fmt::format("{}", v);
}

/// The row's values as "key=value ..." for labels and messages.
std::string row_label(const SweepSpec& spec, const SweepRow& row) {
    std::string out;
    for (std::size_t a = 0; a < spec.axes.size(); ++a)
        out += fmt::format("{}{}={}", a ? " " : "", spec.axes[a].key, row.values[a]);
    return out;
}

/// Synthesises `configs` on `jobs` threads (each a yosys and an OpenSTA process at a time).
std::map<std::string, rtl::HwCost> synthesise(const std::vector<rtl::RtlConfig>& configs,
                                              const std::string& liberty, unsigned jobs,
                                              std::ostream& progress) {
    std::map<std::string, rtl::HwCost> out;
    std::mutex mutex;
    std::atomic<std::size_t> next{0};
    std::exception_ptr failure;
    const auto work = [&] {
        for (std::size_t i = next++; i < configs.size(); i = next++) {
            try {
                rtl::HwCost cost = rtl::hw_cost(configs[i], liberty, [&](const std::string& line) {
                    std::lock_guard<std::mutex> guard(mutex);
                    progress << line << std::endl;
                });
                std::lock_guard<std::mutex> guard(mutex);
                out.emplace(configs[i].canonical(), std::move(cost));
            } catch (...) {
                std::lock_guard<std::mutex> guard(mutex);
                if (!failure) failure = std::current_exception();
                next = configs.size();
            }
        }
    };
    const unsigned threads = std::max(
        1u, std::min<unsigned>(jobs ? jobs : std::max(1u, std::thread::hardware_concurrency()),
                               static_cast<unsigned>(configs.size())));
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
    if (failure) std::rethrow_exception(failure);
    return out;
}

const char* const explore_columns[] = {"seeds",
                                       "ok",
                                       "failed",
                                       "configurations",
                                       "latency_cycles",
                                       "latency_p99_cycles",
                                       "offered_flits_per_node_cycle",
                                       "accepted_flits_per_node_cycle",
                                       "saturation",
                                       "area_um2",
                                       "flip_flops",
                                       "min_period_ps",
                                       "fmax_mhz",
                                       "leakage_uw",
                                       "routers",
                                       "network_area_mm2",
                                       "latency_ns",
                                       "latency_p99_ns",
                                       "accepted_gbps_per_node",
                                       "design_gbps_per_node",
                                       "saturation_load",
                                       "pareto_latency_area",
                                       "pareto_throughput_area",
                                       "pj_per_delivered_flit",
                                       "power_mw",
                                       "pareto_latency_energy"};

std::string explore_csv(const SweepSpec& spec, const std::vector<ExploreRow>& rows) {
    std::string out;
    for (const auto& axis : spec.axes) out += csv_field(axis.key) + ",";
    for (std::size_t i = 0; i < std::size(explore_columns); ++i)
        out += std::string(i ? "," : "") + explore_columns[i];
    out += "\n";
    for (const auto& r : rows) {
        for (const auto& value : r.perf.values) out += csv_field(value) + ",";
        const bool any = r.perf.ok > 0;
        const auto perf = [any](double v) { return any ? explore_number(v) : std::string(); };
        out += fmt::format(
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n",
            r.perf.seeds, r.perf.ok, r.perf.failed, r.configurations, perf(r.perf.latency.mean),
            perf(r.perf.latency_p99.mean), perf(r.perf.offered.mean), perf(r.perf.accepted.mean),
            r.perf.saturation ? 1 : 0, explore_number(r.area_um2), r.flip_flops,
            explore_number(r.min_period_ps), explore_number(1e6 / r.min_period_ps),
            explore_number(r.leakage_uw), r.routers,
            explore_number(r.area_um2 * static_cast<double>(r.routers) / 1e6), perf(r.latency_ns),
            perf(r.latency_p99_ns), perf(r.accepted_gbps_per_node), perf(r.design_gbps_per_node),
            r.saturation_load ? explore_number(*r.saturation_load) : std::string(),
            r.pareto_latency ? 1 : 0, r.pareto_throughput ? 1 : 0,
            r.pj_per_flit ? explore_number(*r.pj_per_flit) : std::string(),
            r.power_mw ? explore_number(*r.power_mw) : std::string(),
            r.pj_per_flit ? (r.pareto_energy ? "1" : "0") : "");
    }
    return out;
}

nlohmann::ordered_json explore_json(const SweepSpec& spec, const std::vector<ExploreRow>& rows,
                                    const std::string& library) {
    nlohmann::ordered_json keys = nlohmann::ordered_json::array(),
                           out = nlohmann::ordered_json::array();
    for (const auto& axis : spec.axes) keys.push_back(axis.key);
    for (const auto& r : rows) {
        nlohmann::ordered_json j;
        for (std::size_t a = 0; a < spec.axes.size(); ++a) j[spec.axes[a].key] = r.perf.values[a];
        const bool any = r.perf.ok > 0;
        const auto perf = [any](double v) {
            return any ? nlohmann::ordered_json(v) : nlohmann::ordered_json();
        };
        j["seeds"] = r.perf.seeds;
        j["ok"] = r.perf.ok;
        j["failed"] = r.perf.failed;
        j["configurations"] = r.configurations;
        j["latency_cycles"] = perf(r.perf.latency.mean);
        j["latency_p99_cycles"] = perf(r.perf.latency_p99.mean);
        j["offered_flits_per_node_cycle"] = perf(r.perf.offered.mean);
        j["accepted_flits_per_node_cycle"] = perf(r.perf.accepted.mean);
        j["saturation"] = r.perf.saturation;
        j["area_um2"] = r.area_um2;
        j["flip_flops"] = r.flip_flops;
        j["min_period_ps"] = r.min_period_ps;
        j["fmax_mhz"] = 1e6 / r.min_period_ps;
        j["leakage_uw"] = r.leakage_uw;
        j["routers"] = r.routers;
        j["network_area_mm2"] = r.area_um2 * static_cast<double>(r.routers) / 1e6;
        j["latency_ns"] = perf(r.latency_ns);
        j["latency_p99_ns"] = perf(r.latency_p99_ns);
        j["accepted_gbps_per_node"] = perf(r.accepted_gbps_per_node);
        j["design_gbps_per_node"] = perf(r.design_gbps_per_node);
        j["saturation_load"] = r.saturation_load ? nlohmann::ordered_json(*r.saturation_load)
                                                 : nlohmann::ordered_json();
        j["pareto_latency_area"] = r.pareto_latency;
        j["pareto_throughput_area"] = r.pareto_throughput;
        const auto optional = [](const std::optional<double>& v) {
            return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json();
        };
        j["pj_per_delivered_flit"] = optional(r.pj_per_flit);
        j["power_mw"] = optional(r.power_mw);
        j["pareto_latency_energy"] =
            r.pj_per_flit ? nlohmann::ordered_json(r.pareto_energy) : nlohmann::ordered_json();
        j["error"] = r.perf.first_error;
        out.push_back(std::move(j));
    }
    return {{"format", "wormcast-explore/1"},
            {"scenario", spec.scenario},
            {"library", library},
            {"keys", keys},
            {"rows", out}};
}

/// explore.dat and explore.gp: left, latency in ns against the router's area, a set of points and
/// its Pareto front per workload (values of the traffic keys); right, each design's most accepted
/// Gbit/s per node against its area, with the front. Points are labelled with the design keys'
/// values.
std::string explore_plot(const std::string& dir, const SweepSpec& spec,
                         const std::vector<ExploreRow>& rows, const std::vector<bool>& traffic,
                         std::ostream& log) {
    std::vector<const ExploreRow*> with;
    for (const auto& r : rows)
        if (r.perf.ok > 0) with.push_back(&r);
    if (with.empty()) {
        log << "no point has a result yet: no figure\n";
        return "";
    }
    std::stable_sort(with.begin(), with.end(), [](const ExploreRow* a, const ExploreRow* b) {
        return a->area_um2 < b->area_um2;
    });
    const auto values_of = [&](const ExploreRow* r, bool want) {
        std::string out;
        for (std::size_t a = 0; a < spec.axes.size(); ++a)
            if (traffic[a] == want)
                out += fmt::format("{}{}{}",
                                   out.empty() ? ""
                                   : want      ? " "
                                               : ",",
                                   want ? spec.axes[a].key + "=" : "", r->perf.values[a]);
        return out;
    };
    std::vector<std::string> workloads;
    for (const auto* r : with)
        if (std::find(workloads.begin(), workloads.end(), values_of(r, true)) == workloads.end())
            workloads.push_back(values_of(r, true));
    std::string data = "# area_mm2 value label\n";
    const auto line = [&](const ExploreRow* r, double y) {
        return fmt::format("{} {} \"{}\"\n", explore_number(r->area_um2 / 1e6), explore_number(y),
                           values_of(r, false));
    };
    int index = 0;
    // One set of points and its Pareto front per workload, as plot clauses over the data blocks
    // appended to explore.dat; a row without an x value is left out, a workload without any too.
    const auto workload_series = [&](const auto& x_of, const auto& y_of,
                                     bool ExploreRow::*on_front) {
        std::string plots;
        for (std::size_t w = 0; w < workloads.size(); ++w) {
            std::string all, front;
            for (const auto* r : with) {
                if (values_of(r, true) != workloads[w]) continue;
                const std::optional<double> x = x_of(r);
                if (!x) continue;
                const std::string point = fmt::format("{} {} \"{}\"\n", explore_number(*x),
                                                      explore_number(y_of(r)), values_of(r, false));
                all += point;
                if (r->*on_front) front += point;
            }
            if (all.empty()) continue;
            data += all + "\n\n" + front + "\n\n";
            const std::string title = workloads[w].empty() ? "points" : workloads[w];
            plots += fmt::format(
                "'explore.dat' index {} using 1:2 with points pt 7 ps 1.2 lc {} title {}, \\\n"
                "     'explore.dat' index {} using 1:2 with linespoints pt 7 ps 1.8 lw 2 lc {} "
                "notitle, \\\n"
                "     'explore.dat' index {} using 1:2:3 with labels offset 0,1 font ',8' notitle, "
                "\\\n     ",
                index, w + 1, gnuplot_quote(title), index + 1, w + 1, index + 1);
            index += 2;
        }
        if (!plots.empty()) plots.erase(plots.rfind(", \\"));
        return plots;
    };
    const auto latency_ns = [](const ExploreRow* r) { return r->latency_ns; };
    const std::string plots_left = workload_series(
        [](const ExploreRow* r) { return std::optional<double>(r->area_um2 / 1e6); }, latency_ns,
        &ExploreRow::pareto_latency);
    std::string designs, design_front;
    std::vector<std::string> seen;
    for (const auto* r : with) {
        const std::string d = values_of(r, false);
        if (std::find(seen.begin(), seen.end(), d) != seen.end()) continue;
        seen.push_back(d);
        designs += line(r, r->design_gbps_per_node);
        if (r->pareto_throughput) design_front += line(r, r->design_gbps_per_node);
    }
    data += designs + "\n\n" + design_front + "\n\n";
    const std::string plots_right = fmt::format(
        "'explore.dat' index {0} using 1:2 with points pt 7 ps 1.2 lc rgb 'gray40' title "
        "'designs', "
        "\\\n     'explore.dat' index {1} using 1:2 with linespoints pt 7 ps 1.8 lw 2 lc rgb "
        "'blue' title 'Pareto front', \\\n"
        "     'explore.dat' index {1} using 1:2:3 with labels offset 0,1 font ',8' notitle",
        index, index + 1);
    index += 2;
    // With --power: latency against energy per delivered flit (nJ), with its fronts.
    const std::string plots_energy = workload_series(
        [](const ExploreRow* r) {
            return r->pj_per_flit ? std::optional<double>(*r->pj_per_flit / 1000) : std::nullopt;
        },
        latency_ns, &ExploreRow::pareto_energy);
    write_output_file(output_path(dir, "explore.dat"), data, "--out");
    std::string keys;
    for (std::size_t a = 0; a < spec.axes.size(); ++a)
        if (!traffic[a]) keys += (keys.empty() ? "" : ",") + spec.axes[a].key;
    std::string name = spec.scenario;
    if (const auto slash = name.find_last_of('/'); slash != std::string::npos)
        name = name.substr(slash + 1);
    const std::string script = fmt::format(
        "# wormcast explore figure: performance against router area; written by wormcast "
        "explore\n"
        "set terminal pngcairo size {width},580 noenhanced\n"
        "set output 'explore.png'\n"
        "set multiplot layout 1,{panels} title {title}\n"
        "set grid\n"
        "set xlabel 'router area (mm^2, flattened netlist)'\n"
        "set key top right\n"
        "set offsets graph 0.05, graph 0.05, graph 0.1, graph 0.05\n"
        "set ylabel 'mean message latency (ns at the router clock); lines: Pareto fronts'\n"
        "plot {left}\n"
        "set ylabel 'most accepted throughput over the loads (Gbit/s per node)'\n"
        "set key bottom right\n"
        "plot {right}\n"
        "{energy}"
        "unset multiplot\n",
        fmt::arg("width", plots_energy.empty() ? 1300 : 1950),
        fmt::arg("panels", plots_energy.empty() ? 2 : 3),
        fmt::arg("energy",
                 plots_energy.empty()
                     ? std::string()
                     : "set xlabel 'energy per delivered flit (nJ, event counts priced by the "
                       "fitted event table)'\nset ylabel 'mean message latency (ns at the router "
                       "clock); lines: Pareto fronts'\nset key top right\nplot " +
                           plots_energy + "\n"),
        fmt::arg("title", gnuplot_quote(fmt::format(
                              "{}: performance against router area (labels: values of {})", name,
                              keys.empty() ? "no design key" : keys))),
        fmt::arg("left", plots_left), fmt::arg("right", plots_right));
    write_output_file(output_path(dir, "explore.gp"), script, "--out");
    return run_gnuplot(dir, "explore", log);
}

}  // namespace

namespace {

/// The values of the axes `traffic` selects (or of the others, with `want` false).
std::vector<std::string> axis_values(const ExploreRow& r, const std::vector<bool>& traffic,
                                     bool want) {
    std::vector<std::string> out;
    for (std::size_t a = 0; a < traffic.size(); ++a)
        if (traffic[a] == want) out.push_back(r.perf.values[a]);
    return out;
}

}  // namespace

void summarise_designs(std::vector<ExploreRow>& rows, const std::vector<bool>& traffic,
                       std::optional<std::size_t> load_axis) {
    std::map<std::vector<std::string>, std::vector<ExploreRow*>> designs;
    for (auto& r : rows)
        if (r.perf.ok > 0) designs[axis_values(r, traffic, false)].push_back(&r);
    for (auto& [design, members] : designs) {
        double best = 0;
        for (const auto* r : members) best = std::max(best, r->accepted_gbps_per_node);
        std::optional<double> saturation;
        if (load_axis) {
            const auto load = [&](const ExploreRow* r) {
                return std::stod(r->perf.values[*load_axis]);
            };
            std::vector<ExploreRow*> by_load = members;
            std::stable_sort(
                by_load.begin(), by_load.end(),
                [&](const ExploreRow* x, const ExploreRow* y) { return load(x) < load(y); });
            const double zero_load = by_load.front()->perf.latency.mean;
            for (const auto* r : by_load)
                if (r->perf.accepted.mean < 0.95 * r->perf.offered.mean ||
                    r->perf.latency.mean > 3 * zero_load) {
                    saturation = load(r);
                    break;
                }
        }
        for (auto* r : members) {
            r->design_gbps_per_node = best;
            r->saturation_load = saturation;
        }
    }
}

void mark_pareto(std::vector<ExploreRow>& rows, const std::vector<bool>& traffic) {
    for (auto& r : rows) {
        r.pareto_latency = r.pareto_throughput = r.pareto_energy = false;
        if (r.perf.ok == 0) continue;
        bool latency_dominated = false, throughput_dominated = false, energy_dominated = false;
        const auto workload = axis_values(r, traffic, true);
        const auto design = axis_values(r, traffic, false);
        for (const auto& o : rows) {
            if (&o == &r || o.perf.ok == 0) continue;
            if (axis_values(o, traffic, true) == workload && o.area_um2 <= r.area_um2 &&
                o.latency_ns <= r.latency_ns &&
                (o.area_um2 < r.area_um2 || o.latency_ns < r.latency_ns))
                latency_dominated = true;
            if (axis_values(o, traffic, false) != design && o.area_um2 <= r.area_um2 &&
                o.design_gbps_per_node >= r.design_gbps_per_node &&
                (o.area_um2 < r.area_um2 || o.design_gbps_per_node > r.design_gbps_per_node))
                throughput_dominated = true;
            if (r.pj_per_flit && o.pj_per_flit && axis_values(o, traffic, true) == workload &&
                *o.pj_per_flit <= *r.pj_per_flit && o.latency_ns <= r.latency_ns &&
                (*o.pj_per_flit < *r.pj_per_flit || o.latency_ns < r.latency_ns))
                energy_dominated = true;
        }
        r.pareto_energy = r.pj_per_flit.has_value() && !energy_dominated;
        r.pareto_latency = !latency_dominated;
        r.pareto_throughput = !throughput_dominated;
    }
}

namespace {

/// explore --power: each configuration's event table, fitted on a co-simulated run of the first
/// point that uses it (kept in DIR/power-table.json, so a rerun fits none again), then each row's
/// energy per delivered flit and power from its replicas' event counts, at the router's own
/// highest clock.
void price_energy(const ExploreOptions& options, const SweepSpec& spec,
                  const std::map<std::string, rtl::RtlConfig>& distinct,
                  const std::vector<std::pair<std::vector<std::string>, std::string>>& point_config,
                  std::vector<ExploreRow>& rows, std::ostream& progress) {
    const std::string& dir = options.sweep.out_dir;
    const std::string table_path = output_path(dir, "power-table.json");
    std::map<std::string, EventEnergy> tables;
    if (std::ifstream(table_path))
        for (auto& e : read_event_table(table_path)) tables[e.config] = e;
    for (const auto& [key, config] : distinct) {
        if (tables.count(key)) continue;
        const std::string wanted = key;  // a structured binding cannot be captured in C++17
        const auto point = std::find_if(point_config.begin(), point_config.end(),
                                        [&](const auto& p) { return p.second == wanted; });
        if (point == point_config.end()) continue;
        std::vector<std::string> overrides = options.sweep.sets;
        std::string label;
        for (std::size_t a = 0; a < spec.axes.size(); ++a) {
            overrides.push_back(spec.axes[a].key + "=" + point->first[a]);
            label += (a ? " " : "") + overrides.back();
        }
        overrides.push_back("network.rtl=all");
        Scenario s = load_scenario(options.sweep.scenario, overrides);
        s.run.rtl_activity = true;
        progress << fmt::format(
            "explore: fitting the event table of {} on a co-simulated run of its RTL ({})\n",
            config.summary.empty() ? config.describe() : config.summary, label);
        const RunResult r = run_network(s.network(), s.params, s.send_plan(), s.run);
        if (!r.ok())
            throw ModelError(
                fmt::format("explore --power: the co-simulated run of {} failed", label));
        PowerOptions po;
        po.liberty = options.liberty;
        po.jobs = options.sweep.jobs;
        po.progress = [&progress](const std::string& line) { progress << line << "\n"; };
        const nlohmann::ordered_json power = run_power(s, r, po);
        tables[key] = EventEnergy::from_json(power.at("event_table").at(0), "explore --power");
        nlohmann::ordered_json table = {{"event_table", nlohmann::ordered_json::array()}};
        for (const auto& [k, e] : tables) table["event_table"].push_back(e.to_json());
        write_output_file(table_path, table.dump(2) + "\n", "--out");
    }
    for (ExploreRow& row : rows) {
        const auto point = std::find_if(point_config.begin(), point_config.end(),
                                        [&](const auto& p) { return p.first == row.perf.values; });
        if (point == point_config.end() || !tables.count(point->second)) continue;
        const EventEnergy& e = tables.at(point->second);
        const double period_s = row.min_period_ps * 1e-12;
        double pj = 0, mw = 0;
        unsigned n = 0;
        for (unsigned replica = 0; replica < row.perf.seeds; ++replica) {
            std::ifstream in(
                sweep_point_path(dir, point_name(spec.axes, row.perf.values, replica)));
            nlohmann::json doc;
            try {
                if (in) doc = nlohmann::json::parse(in);
            } catch (const nlohmann::json::exception&) {
                continue;
            }
            if (!doc.is_object() || doc.value("status", "") != "ok") continue;
            const auto& result = doc.at("result");
            const double cycles = result.at("cycles").get<double>();
            const double delivered = result.at("flits_consumed").get<double>();
            if (delivered <= 0 || cycles <= 0) continue;
            double data_pj = 0;
            for (const auto& c : result.at("per_router"))
                data_pj +=
                    e.data_pj({c.at("flits").get<double>(), c.at("heads").get<double>(),
                               c.at("bubbles").get<double>(), c.at("token_grants").get<double>()});
            // The flip-flops' clock load costs the same energy a cycle at any clock.
            const double per_router_cycle_j =
                e.idle_dynamic_w * e.period_ns * 1e-9 + e.leakage_w * period_s;
            const double joules =
                static_cast<double>(row.routers) * cycles * per_router_cycle_j + data_pj * 1e-12;
            pj += joules / delivered * 1e12;
            mw += joules / (cycles * period_s) * 1e3;
            ++n;
        }
        if (n > 0) {
            row.pj_per_flit = pj / n;
            row.power_mw = mw / n;
        }
    }
}

}  // namespace

int run_explore(const ExploreOptions& options, std::ostream& out, std::ostream& progress) {
    const rtl::LibertyCells library = rtl::read_liberty_cells(options.liberty, "--liberty");
    // Every point's router configurations, before any run: a point without RTL is refused.
    std::vector<SweepAxis> axes;
    for (const auto& text : options.sweep.vary) axes.push_back(parse_vary(text));
    struct Hardware {
        std::vector<std::string> configs;  ///< canonical texts
        std::size_t routers = 0;
        unsigned flit_width = 0;
    };
    std::map<std::vector<std::string>, Hardware> hardware;
    std::map<std::string, rtl::RtlConfig> distinct;
    for (const auto& values : sweep_combinations(axes, options.sweep.zip)) {
        std::vector<std::string> overrides = options.sweep.sets;
        std::string point;
        for (std::size_t a = 0; a < axes.size(); ++a) {
            overrides.push_back(axes[a].key + "=" + values[a]);
            point += (a ? " " : "") + overrides.back();
        }
        const Scenario s = load_scenario(options.sweep.scenario, overrides);
        std::vector<rtl::RtlConfig> configs;
        try {
            configs = s.topology->rtl_configs(s.params);
        } catch (const ConfigError& e) {
            throw ConfigError(
                fmt::format("explore: the point {} has no RTL to synthesise: {}", point, e.what()));
        }
        Hardware& h = hardware[values];
        h.routers = s.topology->routers();
        h.flit_width = s.params.flit_width;
        for (const auto& c : configs) {
            distinct.emplace(c.canonical(), c);
            h.configs.push_back(c.canonical());
        }
    }
    if (options.power)
        for (const auto& [values, h] : hardware)
            if (h.configs.size() != 1)
                throw ConfigError(fmt::format(
                    "explore --power: a point has {} router configurations; the event tables "
                    "price networks of one configuration only",
                    h.configs.size()));
    const int code = run_sweep(options.sweep, out, progress);
    if (!options.sweep.slurm.task_file.empty()) return code;
    const std::string& dir = options.sweep.out_dir;
    const SweepSpec spec = read_sweep_spec(dir);
    const std::vector<SweepRow> perf = sweep_rows(dir, spec);
    std::size_t missing = 0;
    for (const auto& row : perf) missing += row.missing;
    if (missing > 0) {
        out << fmt::format(
            "explore: {} run(s) still to do (a Slurm job under way?): rerun this command to join "
            "them with the hardware cost\n",
            missing);
        return code;
    }
    std::vector<ExploreRow> rows;
    for (const auto& row : perf) {
        const Hardware& h = hardware.at(row.values);
        ExploreRow r;
        r.perf = row;
        r.configurations = static_cast<unsigned>(h.configs.size());
        r.routers = h.routers;
        r.flit_width = h.flit_width;
        rows.push_back(std::move(r));
    }
    std::vector<rtl::RtlConfig> to_synthesise;
    for (const auto& [key, config] : distinct) to_synthesise.push_back(config);
    progress << fmt::format("explore: {} router configuration(s) for {} row(s) on {}\n",
                            to_synthesise.size(), rows.size(), library.name);
    const auto costs = synthesise(to_synthesise, options.liberty, options.sweep.jobs, progress);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        ExploreRow& r = rows[i];
        for (const auto& key : hardware.at(r.perf.values).configs) {
            const rtl::HwCost& c = costs.at(key);
            if (c.area_um2 > r.area_um2) {
                r.area_um2 = c.area_um2;
                r.flip_flops = c.flip_flops;
                r.leakage_uw = c.leakage_uw;
            }
            r.min_period_ps = std::max(r.min_period_ps, c.min_period_ps);
        }
        const double ns = r.min_period_ps / 1000;
        r.latency_ns = r.perf.latency.mean * ns;
        r.latency_p99_ns = r.perf.latency_p99.mean * ns;
        r.accepted_gbps_per_node = r.perf.accepted.mean * r.flit_width / ns;
    }
    if (options.power) {
        std::vector<std::pair<std::vector<std::string>, std::string>> point_config;
        for (const auto& values : sweep_combinations(spec.axes, spec.zip))
            point_config.emplace_back(values, hardware.at(values).configs.front());
        price_energy(options, spec, distinct, point_config, rows, progress);
    }
    std::vector<bool> traffic;
    std::optional<std::size_t> load_axis;
    for (std::size_t a = 0; a < spec.axes.size(); ++a) {
        traffic.push_back(spec.axes[a].key.rfind("traffic.", 0) == 0);
        if (spec.axes[a].key == "traffic.load") load_axis = a;
    }
    summarise_designs(rows, traffic, load_axis);
    mark_pareto(rows, traffic);
    const std::string csv = output_path(dir, "explore.csv"),
                      json = output_path(dir, "explore.json");
    write_output_file(csv, explore_csv(spec, rows), "--out");
    write_output_file(json, explore_json(spec, rows, library.name).dump(2) + "\n", "--out");
    // The table on the terminal.
    out << fmt::format("\n{:<40} {:>10} {:>8} {:>9} {:>10} {:>9} {:>8} {:>9}  {}\n", "point",
                       "area um^2", "MHz", "lat cyc", "lat ns", "Gbit/s/n", "leak uW", "pJ/flit",
                       "Pareto");
    for (const auto& r : rows) {
        const bool any = r.perf.ok > 0;
        out << fmt::format(
            "{:<40} {:>10.0f} {:>8.1f} {:>9} {:>10} {:>9} {:>8.3f} {:>9}  {}{}{}\n",
            row_label(spec, r.perf), r.area_um2, 1e6 / r.min_period_ps,
            any ? fmt::format("{:.1f}", r.perf.latency.mean) : "-",
            any ? fmt::format("{:.1f}", r.latency_ns) : "-",
            any ? fmt::format("{:.3f}", r.accepted_gbps_per_node) : "-", r.leakage_uw,
            r.pj_per_flit ? fmt::format("{:.1f}", *r.pj_per_flit) : "-",
            r.pareto_latency ? "latency " : "", r.pareto_throughput ? "throughput " : "",
            r.pareto_energy ? "energy" : "");
    }
    const std::string png = explore_plot(dir, spec, rows, traffic, out);
    out << fmt::format("wrote {}, {}{}\n", csv, json, png.empty() ? "" : " and " + png);
    return code;
}

}  // namespace wormcast::sim
