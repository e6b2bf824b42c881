// `wormcast run --power` (see Power.hpp).
#include "testbenches/sim/Power.hpp"

#include <cmath>
#include <fstream>
#include <map>
#include <thread>

#include <fmt/format.h>

#include "systemc/pure/Types.hpp"
#include "systemc/rtl/HwCost.hpp"
#include "systemc/rtl/HwPower.hpp"
#include "systemc/rtl/RtlCache.hpp"

namespace wormcast::sim {

namespace {

constexpr double kPico = 1e-12;

/// Solves the square system m x = v (Gaussian elimination with pivoting); false if singular.
bool solve_square(std::vector<std::vector<double>> m, std::vector<double> v,
                  std::vector<double>& x) {
    const std::size_t n = v.size();
    for (std::size_t c = 0; c < n; ++c) {
        std::size_t pivot = c;
        for (std::size_t r = c + 1; r < n; ++r)
            if (std::abs(m[r][c]) > std::abs(m[pivot][c])) pivot = r;
        if (std::abs(m[pivot][c]) < 1e-300) return false;
        std::swap(m[c], m[pivot]);
        std::swap(v[c], v[pivot]);
        for (std::size_t r = 0; r < n; ++r) {
            if (r == c) continue;
            const double f = m[r][c] / m[c][c];
            for (std::size_t k = c; k < n; ++k) m[r][k] -= f * m[c][k];
            v[r] -= f * v[c];
        }
    }
    x.assign(n, 0);
    for (std::size_t c = 0; c < n; ++c) x[c] = v[c] / m[c][c];
    return true;
}

/// One router's event counts (kPowerEvents, in EventCounts' order).
EventCounts event_counts(const RouterCounts& c) {
    return {static_cast<double>(c.flits), static_cast<double>(c.heads),
            static_cast<double>(c.bubbles), static_cast<double>(c.tokens.grants)};
}

const char* const kPowerEventNames[kPowerEvents] = {"flit", "head", "bubble", "token_grant"};

std::string router_label(const Scenario& s, const RunResult& r, std::size_t router) {
    if (router < r.router_names.size() && !r.router_names[router].empty())
        return r.router_names[router];
    return s.topology->format_router(router);
}

nlohmann::ordered_json figures_json(double total_w, double clock_w, double data_w, double leakage_w,
                                    double joules, const RunResult& r) {
    nlohmann::ordered_json j;
    j["total_mw"] = total_w * 1e3;
    j["clock_mw"] = clock_w * 1e3;
    j["data_mw"] = data_w * 1e3;
    j["leakage_mw"] = leakage_w * 1e3;
    j["energy_uj"] = joules * 1e6;
    j["pj_per_delivered_flit"] = r.flits_consumed > 0
                                     ? nlohmann::ordered_json(joules / kPico / r.flits_consumed)
                                     : nlohmann::ordered_json();
    j["pj_per_message"] = r.multicasts_delivered > 0
                              ? nlohmann::ordered_json(joules / kPico / r.multicasts_delivered)
                              : nlohmann::ordered_json();
    return j;
}

}  // namespace

void EventEnergy::fit() {
    std::vector<std::vector<double>> a;
    std::vector<double> b;
    double sum = 0;
    for (const auto& r : rows) {
        a.emplace_back(r.events.begin(), r.events.end());
        b.push_back(r.data_pj);
        sum += r.data_pj;
    }
    // Events that move together in the rows (heads and flits at one message length) cannot be
    // told apart: the first of them takes the energy unless the others improve the fit by more
    // than 1 % (of the squared residual).
    const std::vector<double> x = nonnegative_least_squares(a, b, 0.01);
    for (std::size_t k = 0; k < kPowerEvents; ++k) pj[k] = x.empty() ? 0 : x[k];
    double squares = 0;
    for (const auto& r : rows) {
        const double d = data_pj(r.events) - r.data_pj;
        squares += d * d;
    }
    const double n = static_cast<double>(rows.size());
    fit_error = sum > 0 ? std::sqrt(squares / n) / (sum / n) : 0;
}

double EventEnergy::data_pj(const EventCounts& events) const {
    double e = 0;
    for (std::size_t k = 0; k < kPowerEvents; ++k) e += events[k] * pj[k];
    return e;
}

nlohmann::ordered_json EventEnergy::to_json() const {
    nlohmann::ordered_json j;
    j["config"] = config;
    j["summary"] = summary;
    j["period_ns"] = period_ns;
    j["idle_dynamic_w"] = idle_dynamic_w;
    j["leakage_w"] = leakage_w;
    for (std::size_t k = 0; k < kPowerEvents; ++k)
        j[std::string("pj_per_") + kPowerEventNames[k]] = pj[k];
    j["fit_error"] = fit_error;
    j["routers"] = rows.size();
    nlohmann::ordered_json fitted = nlohmann::ordered_json::array();
    for (const auto& r : rows) {
        nlohmann::ordered_json row;
        for (std::size_t k = 0; k < kPowerEvents; ++k) row[kPowerEventNames[k]] = r.events[k];
        row["data_pj"] = r.data_pj;
        fitted.push_back(row);
    }
    j["rows"] = fitted;
    return j;
}

EventEnergy EventEnergy::from_json(const nlohmann::json& j, const std::string& field) {
    EventEnergy e;
    try {
        e.config = j.at("config").get<std::string>();
        e.summary = j.value("summary", std::string());
        e.period_ns = j.at("period_ns").get<double>();
        e.idle_dynamic_w = j.at("idle_dynamic_w").get<double>();
        e.leakage_w = j.at("leakage_w").get<double>();
        for (std::size_t k = 0; k < kPowerEvents; ++k)
            e.pj[k] = j.at(std::string("pj_per_") + kPowerEventNames[k]).get<double>();
        e.fit_error = j.value("fit_error", 0.0);
        if (j.contains("rows"))
            for (const auto& row : j.at("rows")) {
                FitRow r;
                for (std::size_t k = 0; k < kPowerEvents; ++k)
                    r.events[k] = row.at(kPowerEventNames[k]).get<double>();
                r.data_pj = row.at("data_pj").get<double>();
                e.rows.push_back(r);
            }
    } catch (const nlohmann::json::exception& x) {
        throw ConfigError(
            fmt::format("{}: an event table entry is not readable: {}", field, x.what()));
    }
    const auto negative = [](double v) { return v < 0; };
    bool bad = std::any_of(e.pj.begin(), e.pj.end(), negative);
    for (const auto& r : e.rows)
        bad = bad || r.data_pj < 0 || std::any_of(r.events.begin(), r.events.end(), negative);
    if (!(e.period_ns > 0) || e.idle_dynamic_w < 0 || e.leakage_w < 0 || bad)
        throw ConfigError(fmt::format(
            "{}: event table entry for {} has a negative energy or count, or a period that is "
            "not positive",
            field, e.config));
    return e;
}

std::vector<double> nonnegative_least_squares(const std::vector<std::vector<double>>& a,
                                              const std::vector<double>& b, double parsimony) {
    const std::size_t columns = a.empty() ? 0 : a.front().size();
    struct Candidate {
        unsigned mask;
        std::size_t size;
        double residual;
        std::vector<double> x;
    };
    double total = 0;
    for (double v : b) total += v * v;
    std::vector<Candidate> candidates{{0, 0, total, std::vector<double>(columns, 0)}};  // x = 0
    for (unsigned mask = 1; mask < (1u << columns); ++mask) {
        std::vector<std::size_t> cols;
        for (std::size_t c = 0; c < columns; ++c)
            if (mask & (1u << c)) cols.push_back(c);
        const std::size_t n = cols.size();
        std::vector<std::vector<double>> m(n, std::vector<double>(n, 0));
        std::vector<double> v(n, 0), x;
        for (std::size_t r = 0; r < a.size(); ++r)
            for (std::size_t i = 0; i < n; ++i) {
                v[i] += a[r][cols[i]] * b[r];
                for (std::size_t k = 0; k < n; ++k) m[i][k] += a[r][cols[i]] * a[r][cols[k]];
            }
        if (!solve_square(m, v, x)) continue;
        if (std::any_of(x.begin(), x.end(), [](double e) { return e < 0; })) continue;
        double residual = 0;
        for (std::size_t r = 0; r < a.size(); ++r) {
            double fit = 0;
            for (std::size_t i = 0; i < n; ++i) fit += a[r][cols[i]] * x[i];
            residual += (fit - b[r]) * (fit - b[r]);
        }
        std::vector<double> full(columns, 0);
        for (std::size_t i = 0; i < n; ++i) full[cols[i]] = x[i];
        candidates.push_back({mask, n, residual, std::move(full)});
    }
    double best = total;
    for (const auto& c : candidates) best = std::min(best, c.residual);
    // The fewest columns (then the first ones) that fit within the allowance of the best.
    const double allowed = best * (1 + parsimony) + 1e-12 * total;
    const Candidate* chosen = nullptr;
    for (const auto& c : candidates)
        if (c.residual <= allowed &&
            (!chosen || c.size < chosen->size || (c.size == chosen->size && c.mask < chosen->mask)))
            chosen = &c;
    return chosen->x;
}

std::vector<EventEnergy> read_event_table(const std::string& file) {
    const std::string field = "--power-events " + file;
    std::ifstream in(file);
    if (!in) throw ConfigError(fmt::format("{}: cannot be read", field));
    nlohmann::json j;
    try {
        in >> j;
    } catch (const nlohmann::json::exception& x) {
        throw ConfigError(fmt::format("{}: not JSON: {}", field, x.what()));
    }
    const nlohmann::json* table = nullptr;
    if (j.is_object() && j.contains("power") && j["power"].is_object() &&
        j["power"].contains("event_table"))
        table = &j["power"]["event_table"];
    else if (j.is_object() && j.contains("event_table"))
        table = &j["event_table"];
    if (!table || !table->is_array() || table->empty())
        throw ConfigError(fmt::format(
            "{}: no event_table (write one with `wormcast run ... --rtl all --power --json FILE` "
            "on a run with traffic)",
            field));
    std::vector<EventEnergy> out;
    for (const auto& entry : *table) out.push_back(EventEnergy::from_json(entry, field));
    return out;
}

EventEnergy event_entry(const Scenario& s, const std::vector<std::string>& files) {
    const std::vector<rtl::RtlConfig> configs = s.topology->rtl_configs(s.params);
    if (configs.size() != 1)
        throw ConfigError(fmt::format(
            "--power-events: the network's routers have {} RTL configurations; the event method "
            "prices networks of one configuration only",
            configs.size()));
    std::vector<EventEnergy> found;
    for (const auto& file : files) {
        std::vector<std::string> names;
        bool has = false;
        for (auto& e : read_event_table(file)) {
            names.push_back(e.summary);
            if (e.config != configs.front().canonical()) continue;
            found.push_back(std::move(e));
            has = true;
            break;
        }
        if (!has)
            throw ConfigError(fmt::format(
                "--power-events {}: it has no entry for this network's routers ({}); its "
                "entries: {}",
                file, configs.front().describe(), fmt::join(names, "; ")));
    }
    if (found.size() == 1) return found.front();
    // Several runs: their routers' rows joined, so that events which move together in one run
    // (one message length fixes the share of heads among the flits) are told apart.
    EventEnergy joined = found.front();
    joined.rows.clear();
    for (const auto& e : found)
        for (const auto& r : e.rows) joined.rows.push_back(r);
    if (joined.rows.empty())
        throw ConfigError(
            "--power-events: several files are joined by their fitted rows, and these have none");
    joined.fit();
    return joined;
}

void require_power_source(bool rtl_routers, bool event_table) {
    if (!rtl_routers && !event_table)
        throw ConfigError(
            "--power: this run has no RTL router to measure (give --rtl all) and no event table "
            "(--power-events FILE, the JSON of a run with --rtl all --power)");
}

nlohmann::ordered_json run_power(const Scenario& s, const RunResult& r,
                                 const PowerOptions& options) {
    const bool toggles = !r.rtl_activity.empty();
    require_power_source(toggles, options.events.has_value());
    const double period_ns = s.params.clock_ns;
    const double period_s = period_ns * 1e-9;
    const std::string liberty = options.liberty.empty() ? rtl::kDefaultLiberty : options.liberty;
    const unsigned jobs =
        options.jobs > 0 ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
    const std::vector<rtl::RtlConfig> configs = s.topology->rtl_configs(s.params);

    nlohmann::ordered_json out;
    out["clock_ns"] = period_ns;
    out["cycles"] = r.cycles;
    out["flits_delivered"] = r.flits_consumed;
    out["multicasts_delivered"] = r.multicasts_delivered;

    // ---- rtl-toggles ------------------------------------------------------------------------
    std::vector<EventEnergy> fitted;
    double toggle_total_w = -1;
    if (toggles) {
        const rtl::LibertyCells library = rtl::read_liberty_cells(liberty, "--liberty");
        out["library"] = library.name;
        out["liberty"] = library.path;
        std::map<std::string, const rtl::RtlConfig*> by_key;
        for (const auto& c : configs) by_key[rtl::rtl_cache_key(c)] = &c;
        std::map<std::string, std::vector<const rtl::RouterActivity*>> groups;
        for (const auto& a : r.rtl_activity) groups[a.rtl_key].push_back(&a);
        nlohmann::ordered_json routers = nlohmann::ordered_json::array();
        double total = 0, clock = 0, data = 0, leakage = 0;
        std::uint64_t registers = 0, matched = 0;
        for (const auto& [key, group] : groups) {
            const auto found = by_key.find(key);
            if (found == by_key.end())
                throw ModelError(fmt::format(
                    "--power: an RTL router of key {} is none of the network's configurations",
                    key.substr(0, 12)));
            const rtl::RtlConfig& config = *found->second;
            const rtl::HwCost cost = rtl::hw_cost(config, liberty, options.progress);
            const std::vector<rtl::RouterPower> powers =
                rtl::router_power(cost, library, group, r.rtl_activity_cycles, period_ns, jobs);
            EventEnergy e;
            e.config = config.canonical();
            e.summary = config.summary.empty() ? config.describe() : config.summary;
            e.period_ns = period_ns;
            e.idle_dynamic_w = powers.front().idle.dynamic_w();
            e.leakage_w = powers.front().idle.leakage_w;
            for (const auto& p : powers) {
                const double data_w = std::max(0.0, p.power.dynamic_w() - p.idle.dynamic_w());
                const double seconds = static_cast<double>(r.rtl_activity_cycles) * period_s;
                total += p.power.total_w();
                clock += p.idle.dynamic_w();
                data += data_w;
                leakage += p.power.leakage_w;
                registers += p.registers;
                matched += p.registers_matched;
                routers.push_back({{"router", router_label(s, r, p.router)},
                                   {"total_mw", p.power.total_w() * 1e3},
                                   {"clock_mw", p.idle.dynamic_w() * 1e3},
                                   {"data_mw", data_w * 1e3},
                                   {"leakage_mw", p.power.leakage_w * 1e3},
                                   {"register_activity", p.mean_register_activity},
                                   {"registers_traced", p.registers_matched},
                                   {"registers", p.registers}});
                e.rows.push_back(
                    {event_counts(r.router_counts.at(p.router)), data_w * seconds / kPico});
            }
            e.fit();
            fitted.push_back(e);
        }
        const double seconds = static_cast<double>(r.rtl_activity_cycles) * period_s;
        auto method = figures_json(total, clock, data, leakage, total * seconds, r);
        method["pj_data_per_delivered_flit"] =
            r.flits_consumed > 0 ? nlohmann::ordered_json(data * seconds / kPico / r.flits_consumed)
                                 : nlohmann::ordered_json();
        method["registers_traced"] = matched;
        method["registers"] = registers;
        method["routers"] = routers;
        out["rtl_toggles"] = method;
        toggle_total_w = total;
    }
    out["event_table"] = nlohmann::ordered_json::array();
    for (const auto& e : fitted) out["event_table"].push_back(e.to_json());

    // ---- event-counts ------------------------------------------------------------------------
    if (options.events) {
        const EventEnergy& e = *options.events;
        const double seconds = static_cast<double>(r.cycles) * period_s;
        // The flip-flops' clock load scales with the clock's frequency.
        const double clock_each = e.idle_dynamic_w * e.period_ns / period_ns;
        double data_j = 0;
        for (const auto& c : r.router_counts) data_j += e.data_pj(event_counts(c)) * kPico;
        const std::size_t routers = r.router_counts.size();
        const double clock = clock_each * routers, leakage = e.leakage_w * routers;
        const double data = seconds > 0 ? data_j / seconds : 0;
        const double total = clock + leakage + data;
        auto method = figures_json(total, clock, data, leakage, total * seconds, r);
        method["pj_data_per_delivered_flit"] =
            r.flits_consumed > 0 ? nlohmann::ordered_json(data_j / kPico / r.flits_consumed)
                                 : nlohmann::ordered_json();
        auto table = e.to_json();
        table.erase("rows");  // they are in the files named
        method["event_table"] = table;
        method["events_files"] = options.events_files;
        out["event_counts"] = method;
        if (toggle_total_w > 0) {
            const double toggle_data = out["rtl_toggles"]["data_mw"].get<double>() * 1e-3;
            out["event_vs_toggles"] = {
                {"total", total / toggle_total_w - 1},
                {"data", toggle_data > 0 ? nlohmann::ordered_json(data / toggle_data - 1)
                                         : nlohmann::ordered_json()}};
        }
    }
    return out;
}

std::string power_summary(const nlohmann::ordered_json& p) {
    std::string s;
    const auto line = [&](const char* method, const nlohmann::ordered_json& m) {
        const auto pj = [](const nlohmann::ordered_json& v) {
            return v.is_null() ? std::string("-") : fmt::format("{:.1f}", v.get<double>());
        };
        s += fmt::format(
            "power        {}: {:.3f} mW = clock {:.3f} + data {:.3f} + leakage {:.4f}; {:.3f} uJ "
            "over the run, {} pJ per delivered flit ({} pJ of it data), {} pJ per delivered "
            "message\n",
            method, m["total_mw"].get<double>(), m["clock_mw"].get<double>(),
            m["data_mw"].get<double>(), m["leakage_mw"].get<double>(), m["energy_uj"].get<double>(),
            pj(m["pj_per_delivered_flit"]), pj(m["pj_data_per_delivered_flit"]),
            pj(m["pj_per_message"]));
    };
    if (p.contains("rtl_toggles")) {
        const auto& m = p["rtl_toggles"];
        line("rtl-toggles ", m);
        s += fmt::format(
            "             ({} at {} ns, {} cycles; {} of {} registers traced by name)\n",
            p.value("library", std::string("?")), p["clock_ns"].get<double>(),
            p["cycles"].get<std::uint64_t>(), m["registers_traced"].get<std::uint64_t>(),
            m["registers"].get<std::uint64_t>());
        for (const auto& e : p["event_table"])
            s += fmt::format(
                "event table  {}: {:.2f} pJ/flit, {:.2f} pJ/head, {:.2f} pJ/bubble, {:.2f} "
                "pJ/token "
                "grant (fit error {:.1f}% over {} routers)\n",
                e["summary"].get<std::string>(), e["pj_per_flit"].get<double>(),
                e["pj_per_head"].get<double>(), e["pj_per_bubble"].get<double>(),
                e["pj_per_token_grant"].get<double>(), 100 * e["fit_error"].get<double>(),
                e["routers"].get<std::size_t>());
    }
    if (p.contains("event_counts")) line("event-counts", p["event_counts"]);
    if (p.contains("event_vs_toggles")) {
        const auto& d = p["event_vs_toggles"];
        s += fmt::format("             event-counts against rtl-toggles: total {:+.1f}%, data {}\n",
                         100 * d["total"].get<double>(),
                         d["data"].is_null()
                             ? std::string("-")
                             : fmt::format("{:+.1f}%", 100 * d["data"].get<double>()));
    }
    return s;
}

}  // namespace wormcast::sim
