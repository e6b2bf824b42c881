// The wormcast command line (see Cli.hpp). Thin: it parses arguments, hands topology strings to
// the family seam, scenario files to the simulation layer and reproductions to the experiment
// seam, and prints what they return. It names no topology family and no paper: their commands,
// options and schemes reach it through topologies/Families.cpp and testbenches/experiments/.
#include "app/Cli.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <CLI/CLI.hpp>

#include "systemc/Kernel.hpp"
#include "systemc/NetworkParams.hpp"
#include "systemc/pure/FlitText.hpp"
#include "systemc/pure/InputLimits.hpp"
#include "systemc/pure/MessageTrace.hpp"
#include "systemc/pure/StartupStepModel.hpp"
#include "systemc/rtl/DelayModel.hpp"
#include "systemc/rtl/HwCost.hpp"
#include "systemc/rtl/RtlCache.hpp"
#include "testbenches/sim/Experiment.hpp"
#include "testbenches/sim/Explore.hpp"
#include "testbenches/sim/Heatmap.hpp"
#include "testbenches/sim/PatternRun.hpp"
#include "testbenches/sim/Picture.hpp"
#include "testbenches/sim/Power.hpp"
#include "testbenches/sim/Results.hpp"
#include "testbenches/sim/Runner.hpp"
#include "testbenches/sim/Sampling.hpp"
#include "testbenches/sim/Scenario.hpp"
#include "testbenches/sim/ScenarioKeys.hpp"
#include "testbenches/sim/Slurm.hpp"
#include "testbenches/sim/Sweep.hpp"
#include "testbenches/sim/SweepTable.hpp"
#include "testbenches/sim/Waveform.hpp"
#include "topologies/TopologyFamily.hpp"

namespace wormcast::app {

namespace {

constexpr const char* kVersion = sim::kProgramVersion;

/// Options declared by families or suites, added to a subcommand as text; after parsing, the
/// ones given are collected by name.
class DeclaredOptions {
  public:
    void add(CLI::App* command, const std::vector<CommandOption>& options) {
        for (const CommandOption& o : options) {
            if (values_.count(o.name)) continue;  // two families may share an option
            values_[o.name];
            if (o.is_flag)
                flags_[o.name] = command->add_flag(o.name, o.help);
            else
                command->add_option(o.name, values_[o.name], o.help);
            commands_[o.name] = command;
        }
    }
    OptionValues given() const {
        OptionValues out;
        for (const auto& [name, value] : values_) {
            if (commands_.at(name)->count(name) == 0) continue;
            out[name] = flags_.count(name) ? "true" : value;
        }
        return out;
    }

  private:
    std::map<std::string, std::string> values_;
    std::map<std::string, CLI::Option*> flags_;
    std::map<std::string, CLI::App*> commands_;
};

std::string read_file(const std::string& path, const std::string& option) {
    return limits::read_input_file(path, option);
}

struct RunOutputs {
    bool progress = false;  ///< --progress: progress lines even when stderr is not a terminal
    std::string fst;
    std::vector<std::string> trace_messages;  ///< IDS|all, FILE
    std::string deadlock_dot;
    std::string heatmap;                    ///< --heatmap FILE.png|.svg
    std::string heatmap_router = "flits";   ///< --heatmap-router COUNT
    bool power = false;                     ///< --power
    std::vector<std::string> power_events;  ///< --power-events FILE ...
    std::string liberty;                    ///< --liberty FILE (with --power)
    std::string hw_cache;                   ///< --hw-cache DIR (with --power)
};

int run_command(const std::string& scenario_path, const std::vector<std::string>& sets,
                const std::string& vcd, const std::string& json_path, const std::string& seed,
                const std::string& rtl, const RunOutputs& outputs) {
    std::vector<std::string> overrides = sets;
    if (!seed.empty()) overrides.push_back(fmt::format("run.seed={}", seed));
    if (!rtl.empty()) overrides.push_back(fmt::format("network.rtl={}", rtl));
    sim::Scenario s = sim::load_scenario(scenario_path, overrides);
    s.run.vcd_path = vcd;
    s.run.fst_path = outputs.fst;
    s.run.trace_routers = s.traced_routers();
    if (!outputs.trace_messages.empty()) {
        s.run.trace_messages =
            MessageTraceFilter::parse(outputs.trace_messages[0], "--trace-messages");
        s.run.trace_messages_path = outputs.trace_messages[1];
    }
    if ((!vcd.empty() || !outputs.fst.empty()) && s.trace_routers == "auto" &&
        s.topology->routers() > 64)
        std::cerr << fmt::format(
            "note: large network: tracing router {} only (set trace.routers to choose)\n",
            s.topology->format_router(0));
    if (sim::is_png_name(outputs.deadlock_dot)) sim::check_dot_renderer("--deadlock-dot");
    if (!outputs.heatmap.empty()) {
        sim::check_picture(outputs.heatmap, "neato", "--heatmap", true);
        sim::check_heatmap_router_count(outputs.heatmap_router, "--heatmap-router");
    }
    const bool terminal = isatty(STDERR_FILENO) != 0;
    if (outputs.progress || terminal)
        s.run.progress = sim::run_progress_printer(std::cerr, terminal);
    if (!outputs.power &&
        (!outputs.power_events.empty() || !outputs.liberty.empty() || !outputs.hw_cache.empty()))
        throw ConfigError("--power-events, --liberty and --hw-cache (of run) go with --power");
    sim::PowerOptions po;
    if (outputs.power) {
        // Everything the power analysis reads is read and checked before the run.
        if (!outputs.liberty.empty()) rtl::read_liberty_cells(outputs.liberty, "--liberty");
        if (!outputs.hw_cache.empty()) rtl::set_hw_cache_directory(outputs.hw_cache);
        s.run.rtl_activity = !s.rtl_routers().empty();
        sim::require_power_source(s.run.rtl_activity, !outputs.power_events.empty());
        po.liberty = outputs.liberty;
        po.events_files = outputs.power_events;
        if (!outputs.power_events.empty()) po.events = sim::event_entry(s, outputs.power_events);
        po.progress = [](const std::string& line) { std::cerr << line << std::endl; };
    }
    // The traffic first: a message file is read and checked before the network is built.
    SendPlan plan = s.send_plan();
    sim::RunResult r = sim::run_network(s.network(), s.params, std::move(plan), s.run);
    sim::print_summary(std::cout, r, s.params);
    nlohmann::ordered_json power;
    if (outputs.power) {
        power = sim::run_power(s, r, po);
        std::cout << sim::power_summary(power);
    }
    std::string scheme_options;
    for (const auto& [option, value] : s.multicast_options)
        scheme_options += fmt::format(", {} {}", option, value);
    std::cout << fmt::format("multicast    {} (nic.multicast){}\n", s.multicast, scheme_options);
    if (!r.rtl_routers.empty()) {
        std::vector<std::string> routers;
        for (std::size_t router : r.rtl_routers)
            routers.push_back(s.topology->format_router(router));
        std::cout << fmt::format("rtl routers  {} of {} are the verilated RTL ({}): {}\n",
                                 r.rtl_routers.size(), r.routers, s.rtl_model(),
                                 fmt::join(routers, " "));
    }
    if (!json_path.empty()) {
        auto results = sim::results_json(r, s, kVersion);
        if (outputs.power) results["power"] = power;
        sim::write_output_file(json_path, results.dump(2) + "\n", "--json");
    }
    if (!outputs.heatmap.empty()) {
        const std::string title =
            fmt::format("{}: {} ({} cycles, seed {}); links by flits/cycle, routers by {}",
                        s.source, r.network, r.cycles, r.seed, outputs.heatmap_router);
        sim::render_picture(sim::heatmap_dot(r, *s.topology, outputs.heatmap_router, title),
                            outputs.heatmap, "neato", "--heatmap");
        std::cout << "heat map     " << outputs.heatmap << " (drawn from " << outputs.heatmap
                  << ".dot)\n";
    }
    if (!r.vcd_path.empty()) std::cout << "waveform     " << r.vcd_path << "\n";
    if (!r.fst_path.empty()) std::cout << "waveform     " << r.fst_path << "\n";
    if (!s.run.trace_messages_path.empty())
        std::cout << "messages     " << s.run.trace_messages_path
                  << " (wormcast explain FILE MSG)\n";
    if (!outputs.deadlock_dot.empty()) {
        if (r.deadlock && sim::is_png_name(outputs.deadlock_dot)) {
            // The graph beside the picture: NAME.png is drawn from NAME.dot.
            const std::string dot =
                outputs.deadlock_dot.substr(0, outputs.deadlock_dot.size() - 4) + ".dot";
            sim::write_output_file(dot, r.deadlock_dot, "--deadlock-dot");
            sim::render_png(dot, outputs.deadlock_dot);
            std::cout << "wait-for     " << outputs.deadlock_dot << " (drawn from " << dot << ")\n";
        } else if (r.deadlock) {
            sim::write_output_file(outputs.deadlock_dot, r.deadlock_dot, "--deadlock-dot");
            std::cout << "wait-for     " << outputs.deadlock_dot << " (dot -Tpng)\n";
        } else {
            std::cout << "wait-for     no deadlock: " << outputs.deadlock_dot << " not written\n";
        }
    }
    if (!r.rtl_vcd_path.empty()) std::cout << "rtl waveform " << r.rtl_vcd_path << "\n";
    if (!r.rtl_fst_path.empty()) std::cout << "rtl waveform " << r.rtl_fst_path << "\n";
    return r.ok() ? 0 : 3;
}

int params_command(bool json) {
    const NetworkParams defaults;
    if (json) {
        nlohmann::ordered_json out = nlohmann::ordered_json::array();
        for (const auto& d : network_parameters()) {
            nlohmann::ordered_json p;
            p["name"] = d.name();
            p["meaning"] = d.meaning;
            p["unit"] = d.unit;
            p["range"] = d.range();
            p["default"] = d.format(defaults);
            p["rtl"] = d.rtl;
            out.push_back(std::move(p));
        }
        for (const auto& k : sim::scenario_keys()) {
            nlohmann::ordered_json p;
            p["name"] = k.name();
            p["meaning"] = k.meaning;
            p["unit"] = k.unit;
            p["range"] = k.range();
            p["default"] = k.fallback;
            p["rtl"] = false;
            if (!k.kinds.empty()) p["traffic_kinds"] = k.kinds;
            out.push_back(std::move(p));
        }
        std::cout << out.dump(2) << "\n";
        return 0;
    }
    std::cout
        << "Network parameters (scenario key, range, default, unit; * fixed by a verilated RTL "
           "configuration):\n";
    for (const auto& d : network_parameters())
        std::cout << fmt::format("  {:<28} {:<18} {:<9} {:<7}{} {}\n", d.name(), d.range(),
                                 d.format(defaults), d.unit, d.rtl ? "*" : " ", d.meaning);
    std::cout << "Latencies in cycles may also be given as times (20ns, 5us): a whole number of "
                 "clock_ns.\n"
                 "A topology may change a default (see the family's documentation).\n"
                 "Traffic and run keys (scenario key, range, default, unit; [traffic kinds]):\n";
    for (const auto& k : sim::scenario_keys())
        std::cout << fmt::format("  {:<31} {:<23} {:<9} {:<8} {}{}\n", k.name(), k.range(),
                                 k.fallback.empty() ? "-" : k.fallback, k.unit, k.meaning,
                                 k.kinds.empty() ? "" : " [" + k.kinds + "]");
    return 0;
}

int topology_command(const std::string& topology_text, const OptionValues& options, bool json) {
    const auto topology = parse_topology(topology_text, "--topology");
    if (json)
        std::cout << topology->describe_json(options).dump() << "\n";
    else
        std::cout << topology->describe_text(options);
    return 0;
}

int plan_command(const std::string& topology_text, const PlanRequest& request, bool json,
                 const std::string& dot) {
    const auto topology = parse_topology(topology_text, "--topology");
    if (!dot.empty()) sim::check_picture(dot, "dot", "--dot", false);
    const PlanOutput plan = topology->plan(request);
    // Refused before the plan is printed: no output that looks complete.
    if (!dot.empty() && plan.dot.empty())
        throw ConfigError(fmt::format("--dot: there is no picture of {} plans on the {}",
                                      request.algorithm, topology->name()));
    if (json)
        std::cout << plan.json.dump() << "\n";
    else
        std::cout << plan.text;
    if (!dot.empty()) {
        if (sim::picture_format(dot).empty())
            sim::write_output_file(dot, plan.dot, "--dot");
        else
            sim::render_picture(plan.dot, dot, "dot", "--dot");
    }
    return 0;
}

int steps_command(const std::string& topology_text, const std::string& algorithm,
                  const OptionValues& options, const std::string& pattern_file,
                  unsigned consumption, bool json, bool model) {
    const auto topology = parse_topology(topology_text, "--topology");
    if (consumption == 0) consumption = topology->default_consumption_channels();
    const NetworkParams params = sim::startup_only_params(consumption);
    const auto firmware = sim::scheme_firmware(*topology, algorithm, options, params);
    auto pattern = sim::read_pattern(*topology, read_file(pattern_file, "--pattern"));
    StepModelResult steps;
    if (model) {
        // The pure start-up model (a cross-check): no network at all.
        steps = StartupStepModel(topology->nodes(), firmware).run(pattern, false);
    } else {
        // The scheme's own network where it has one (routers that differ from the topology's).
        NetworkSpec spec = sim::scheme_network(*topology, algorithm, options, params);
        const sim::RunResult r = sim::run_pattern(std::move(spec), params, pattern);
        if (!r.ok()) {
            for (const auto& p : r.problems) std::cerr << p << "\n";
            std::cerr << r.deadlock_report;
            throw ModelError("the start-up-only run did not deliver every multicast");
        }
        steps.steps = sim::startup_steps(r, params);
        for (auto s : r.startups_per_node)
            steps.startups_per_node.push_back(static_cast<std::uint32_t>(s));
        steps.max_startups = static_cast<std::uint32_t>(r.startups_max);
    }
    if (json)
        std::cout << sim::steps_json(*topology, steps).dump() << "\n";
    else
        std::cout << fmt::format(
            "{} multicasts, {} on {}: {} steps, at most {} start-ups at one node\n", pattern.size(),
            algorithm, topology->name(), steps.steps, steps.max_startups);
    return 0;
}

int reproduce_command(const std::string& what, bool list, sim::ReproduceOptions options,
                      const sim::ReproduceRunOptions& run) {
    const auto suites = sim::experiment_suites();
    if (list || what.empty()) {
        for (const auto& suite : suites)
            for (const auto& e : suite.experiments)
                std::cout << fmt::format("{:<14} {}\n", e.name, e.description);
        if (what.empty() && !list)
            throw ConfigError(
                "reproduce: name an experiment (one of those listed above), or "
                "give --list");
        return 0;
    }
    for (const auto& suite : suites)
        for (const auto& e : suite.experiments) {
            if (e.name != what) continue;
            check_options(options.options, suite.options, what);
            if (suite.check_options) suite.check_options(options.options);
            sim::make_output_directory(options.out_dir);  // refuse a bad --out before any run
            return sim::run_reproduction(e, options, run, std::cout);
        }
    throw ConfigError(
        fmt::format("reproduce: no experiment named '{}' (see reproduce --list)", what));
}

int sweep_command(sim::SweepOptions options, const std::string& collect_dir) {
    if (!collect_dir.empty()) {
        if (!options.scenario.empty() || !options.vary.empty())
            throw ConfigError(
                "--collect: give either a scenario to sweep or --collect DIR, not both");
        sim::collect_sweep(collect_dir, std::cout);
        return 0;
    }
    options.progress_bar = isatty(STDERR_FILENO) != 0;
    return sim::run_sweep(options, std::cout, std::cerr);
}

int explain_command(const std::string& path, MessageId message) {
    const auto events = read_message_trace(read_file(path, "explain"), path);
    if (events.empty())
        throw ConfigError(fmt::format(
            "explain: '{}' holds no events (write one with run --trace-messages IDS FILE)", path));
    std::cout << explain_message(events, message);
    return 0;
}

/// GTKWave's translate filter process: one value per line in, one text line out, until end of
/// input.
int wave_filter_command(const std::string& topology_text, std::uint32_t nodes, unsigned flit_width,
                        const std::string& encoding) {
    FlitTextOptions options;
    options.format.flit_width = flit_width;
    options.format.encoding = header_encoding_from_string(encoding);
    options.format.nodes = nodes;
    std::unique_ptr<Topology> topology;
    if (!topology_text.empty()) {
        topology = parse_topology(topology_text, "--topology");
        options.format.nodes = topology->nodes();
        const Topology* t = topology.get();
        options.node_name = [t](NodeId n) { return t->format_node(n); };
    }
    options.format.validate();
    std::string line;
    while (std::getline(std::cin, line)) std::cout << wave_filter_line(line, options) << std::endl;
    return 0;
}

/// GTKWave starts a filter process with everything after the program's name as one argument:
/// split such a lone argument at blanks so `wormcast wave-filter --topology T` works from a save
/// file.
std::vector<std::string> split_lone_argument(int argc, char** argv) {
    std::vector<std::string> args(argv, argv + argc);
    if (argc != 2 || args[1].find_first_of(" \t") == std::string::npos) return args;
    std::istringstream words(args[1]);
    args.resize(1);
    for (std::string w; words >> w;) args.push_back(w);
    return args;
}

std::string topology_help() {
    return "network, one of:\n" + topology_syntax();
}

}  // namespace

/// --slurm and its options on `sweep` or `reproduce` (docs/cluster.md).
void add_slurm_options(CLI::App* sub, sim::SlurmOptions& slurm) {
    sub->add_flag("--slurm", slurm.submit,
                  "submit the runs still to do as a Slurm array job (docs/cluster.md)");
    sub->add_option("--slurm-opt", slurm.opts,
                    "an sbatch option, e.g. --slurm-opt=--partition=short or --slurm-opt "
                    "time=01:00:00 (repeatable)")
        ->allow_extra_args(false);
    sub->add_option("--slurm-chunk", slurm.chunk,
                    "runs per array task (default: as few as keep the array at 1000 tasks)")
        ->check(CLI::Range(1u, 1000000u));
    sub->add_flag("--slurm-dry-run", slurm.dry_run,
                  "with --slurm: write the run list and the job script, do not submit");
    sub->add_option("--slurm-task", slurm.task_file,
                    "run one array task of a --slurm job (the job script gives it)");
}

/// `wormcast rtl list|build|clean`: the cache of verilated configurations (docs/rtl.md).
int rtl_command(const std::string& action, const std::vector<std::string>& arguments,
                const std::vector<std::string>& sets, bool json) {
    if (action == "list") {
        if (!arguments.empty())
            throw ConfigError(
                fmt::format("rtl list: takes no arguments (got '{}')", arguments.front()));
        const auto entries = rtl::rtl_cache_entries();
        if (json) {
            nlohmann::ordered_json out;
            out["cache"] = rtl::rtl_cache_directory();
            out["entries"] = nlohmann::ordered_json::array();
            for (const auto& e : entries)
                out["entries"].push_back({{"key", e.key},
                                          {"top", e.top},
                                          {"summary", e.summary},
                                          {"parameters", e.parameters},
                                          {"bytes", e.bytes},
                                          {"build_seconds", e.build_seconds},
                                          {"built", e.built},
                                          {"loadable", e.loadable}});
            std::cout << out.dump(2) << "\n";
            return 0;
        }
        std::uint64_t bytes = 0;
        for (const auto& e : entries) bytes += e.bytes;
        std::cout << fmt::format("cache        {} ({} configurations, {:.1f} MB)\n",
                                 rtl::rtl_cache_directory(), entries.size(), bytes / 1e6);
        for (const auto& e : entries)
            std::cout << fmt::format(
                "{}  {}  built {} in {:.1f} s, {:.1f} MB{}\n    {}\n", e.key.substr(0, 12),
                e.summary, e.built, e.build_seconds, e.bytes / 1e6,
                e.loadable ? "" : " (another program's: not used)", e.parameters);
        return 0;
    }
    if (action == "clean") {
        if (!sets.empty()) throw ConfigError("rtl clean: --set applies to rtl build only");
        for (const auto& key : arguments)
            if (key.empty() || key.find_first_not_of("0123456789abcdef") != std::string::npos)
                throw ConfigError(fmt::format(
                    "rtl clean: '{}' is not a cache key (hex digits, as `wormcast rtl list` "
                    "shows them)",
                    key));
        const auto removed = rtl::clean_rtl_cache(arguments);
        std::cout << fmt::format("removed {} configuration(s) from {}\n", removed.size(),
                                 rtl::rtl_cache_directory());
        return 0;
    }
    if (action == "build") {
        if (arguments.size() != 1)
            throw ConfigError(
                "rtl build: name one scenario file (its network's RTL routers are built as "
                "`run --rtl all` would use them)");
        std::vector<std::string> overrides = sets;
        overrides.push_back("network.rtl=all");
        const sim::Scenario s = sim::load_scenario(arguments.front(), overrides);
        s.network();  // derives the configurations and builds those the cache lacks
        std::cout << fmt::format("ready in {}: {}\n", rtl::rtl_cache_directory(), s.rtl_model());
        return 0;
    }
    throw ConfigError(fmt::format("rtl: '{}' is not an action (list, build, clean)", action));
}

/// `wormcast hw SCENARIO`: area, critical path and leakage of each RTL configuration of the
/// scenario's network, synthesised onto a cell library (docs/hardware-cost.md).
int hw_command(const std::string& scenario_file, const std::vector<std::string>& sets,
               const std::string& liberty, double clock_ns, const std::string& json_file) {
    const sim::Scenario s = sim::load_scenario(scenario_file, sets);
    const std::vector<rtl::RtlConfig> configs = s.topology->rtl_configs(s.params);
    if (configs.empty())
        throw ConfigError("hw: the network has no RTL configuration (network.rtl)");
    // A bad library is refused before any work.
    const rtl::LibertyCells cells = rtl::read_liberty_cells(liberty, "--liberty");
    // The Peh-Dally estimate of each configuration and the library's FO4 delay, also before any
    // synthesis: a router the model cannot describe, or no OpenSTA, fails in seconds. A library
    // without the inverter FO4 is measured on gets no comparison (a user's library may name its
    // cells otherwise); the costs are still reported.
    constexpr const char* kFo4Inverter = "INVX1";
    std::vector<rtl::RouterShape> shapes;
    std::vector<rtl::RouterDelayModel> models;
    for (const auto& config : configs) {
        shapes.push_back(rtl::router_shape(config));
        models.push_back(rtl::peh_dally_router(shapes.back().ports(), shapes.back().vcs,
                                               shapes.back().flit_bits));
    }
    const bool have_fo4 = cells.find(kFo4Inverter) != nullptr;
    const double fo4_ps = have_fo4 ? rtl::measure_fo4_ps(liberty, "--liberty", kFo4Inverter) : 0;
    std::vector<rtl::HwCost> costs;
    for (const auto& config : configs)
        costs.push_back(rtl::hw_cost(
            config, liberty, [](const std::string& line) { std::cerr << line << std::endl; }));
    const std::size_t routers = s.topology->routers();
    nlohmann::ordered_json out;
    out["scenario"] = scenario_file;
    out["library"] = costs.front().library;
    out["liberty"] = costs.front().liberty;
    out["clock_ns"] = clock_ns > 0 ? nlohmann::ordered_json(clock_ns) : nlohmann::ordered_json();
    out["routers"] = routers;
    out["configurations"] = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < costs.size(); ++i) {
        const auto& c = costs[i];
        auto j = c.to_json();
        if (clock_ns > 0) {
            j["critical_path"]["slack_ps"] = clock_ns * 1000 - c.min_period_ps;
            j["critical_path"]["meets_clock"] = c.min_period_ps <= clock_ns * 1000;
        }
        if (have_fo4) {
            const rtl::RouterDelayModel& m = models[i];
            const double ps_per_tau = fo4_ps / rtl::kTauPerFo4;
            nlohmann::ordered_json stages = nlohmann::ordered_json::array();
            for (const auto& st : m.stages)
                stages.push_back({{"stage", st.stage},
                                  {"latency_tau", st.latency_tau},
                                  {"overhead_tau", st.overhead_tau},
                                  {"fo4", st.latency_tau / rtl::kTauPerFo4},
                                  {"ps", st.latency_tau * ps_per_tau}});
            const double model_ps = m.single_cycle_tau() * ps_per_tau;
            j["delay_model"] = {{"model", m.virtual_channels ? "Peh-Dally virtual-channel router"
                                                             : "Peh-Dally wormhole router"},
                                {"ports", m.ports},
                                {"inputs", shapes[i].inputs},
                                {"outputs", shapes[i].outputs},
                                {"vcs", m.vcs},
                                {"flit_bits", m.flit_bits},
                                {"fo4_ps", fo4_ps},
                                {"fo4_inverter", kFo4Inverter},
                                {"stages", stages},
                                {"single_cycle_fo4", m.single_cycle_fo4()},
                                {"single_cycle_ps", model_ps},
                                {"measured_ps", c.min_period_ps},
                                {"measured_fo4", c.min_period_ps / fo4_ps},
                                {"measured_over_model", c.min_period_ps / model_ps}};
        } else {
            j["delay_model"] = nullptr;
        }
        out["configurations"].push_back(j);
    }
    // One configuration for every router: the network's totals.
    if (costs.size() == 1)
        out["network"] = {{"area_um2", costs.front().area_um2 * routers},
                          {"flip_flops", costs.front().flip_flops * routers},
                          {"leakage_uw", costs.front().leakage_uw * routers},
                          {"fmax_mhz", costs.front().fmax_mhz()}};
    else
        out["network"] = nullptr;
    if (!json_file.empty()) {
        std::ofstream f(json_file);
        if (!f) throw ConfigError(fmt::format("--json {}: cannot be written", json_file));
        f << out.dump(2) << "\n";
    }
    std::cout << fmt::format("{} router configuration(s) of {} ({} routers), library {} ({})\n",
                             costs.size(), scenario_file, routers, costs.front().library,
                             costs.front().liberty);
    if (!have_fo4)
        std::cout << fmt::format(
            "(no Peh-Dally comparison: the library has no {} to measure its FO4 delay on)\n",
            kFo4Inverter);
    for (std::size_t i = 0; i < costs.size(); ++i) {
        const auto& c = costs[i];
        std::cout << fmt::format("\n{}\n",
                                 c.config.summary.empty() ? c.config.describe() : c.config.summary);
        std::cout << fmt::format("  {}\n", c.config.describe());
        std::cout << fmt::format(
            "  area           {:.0f} um^2 ({:.4f} mm^2), {} cells, {} flip-flops (flattened)\n",
            c.area_um2, c.area_um2 / 1e6, c.cells, c.flip_flops);
        std::cout << fmt::format(
            "  by unit        synthesised apart, {:.0f} um^2 in all (+{:.0f}% without "
            "optimisation across units)\n",
            c.units_area_um2, c.area_um2 > 0 ? 100 * (c.units_area_um2 / c.area_um2 - 1) : 0.0);
        for (const auto& u : c.units)
            std::cout << fmt::format(
                "    {:<20} x{:<3} {:>10.0f} um^2 {:>5.1f}%  {:>7} cells  {:>6} "
                "flip-flops\n",
                u.unit, u.instances, u.area_um2, 100 * u.area_um2 / c.units_area_um2, u.cells,
                u.flip_flops);
        std::cout << fmt::format(
            "  critical path  {:.0f} ps + setup = {:.0f} ps: fmax {:.1f} MHz\n", c.arrival_ps,
            c.min_period_ps, c.fmax_mhz());
        std::cout << fmt::format("    from {} ({})\n    to   {} ({})\n", c.path_start, c.start_unit,
                                 c.path_end, c.end_unit);
        std::vector<std::string> through;
        for (const auto& [unit, count] : c.path_units)
            through.push_back(fmt::format("{} {}", unit, count));
        std::cout << fmt::format("    cells on it by unit (as yosys named them) {}\n",
                                 fmt::join(through, ", "));
        if (clock_ns > 0)
            std::cout << fmt::format("    at {} ns: slack {:.0f} ps ({})\n", clock_ns,
                                     clock_ns * 1000 - c.min_period_ps,
                                     c.min_period_ps <= clock_ns * 1000 ? "met" : "VIOLATED");
        std::cout << fmt::format("  leakage        {:.4g} uW\n", c.leakage_uw);
        if (!have_fo4) continue;
        // The model's estimate of the same router next to the measured path (the RTL does every
        // stage in one clock, so its path is the stages' sum, not one pipeline stage).
        const rtl::RouterDelayModel& m = models[i];
        std::vector<std::string> stages;
        for (const auto& st : m.stages) {
            std::string name = st.stage;
            std::replace(name.begin(), name.end(), '_', ' ');
            if (name == "vc allocation") name = "VC allocation";
            stages.push_back(fmt::format("{} {:.1f} FO4", name, st.latency_tau / rtl::kTauPerFo4));
        }
        const double model_ps = m.single_cycle_fo4() * fo4_ps;
        std::cout << fmt::format(
            "  Peh-Dally model of a {} router, p {} ports, v {}, w {} bits (FO4 = {:.1f} ps on "
            "this library):\n    {};\n    a single-cycle router (the RTL's, unpipelined) = sum = "
            "{:.1f} FO4 = {:.0f} ps,\n    measured critical path (+ setup) {:.0f} ps (ratio "
            "{:.2f})\n",
            m.virtual_channels ? "virtual-channel" : "wormhole", m.ports, m.vcs, m.flit_bits,
            fo4_ps, fmt::join(stages, ", "), m.single_cycle_fo4(), model_ps, c.min_period_ps,
            c.min_period_ps / model_ps);
    }
    if (costs.size() == 1)
        std::cout << fmt::format(
            "\nnetwork        {} routers: {:.3f} mm^2, {} flip-flops, leakage {:.4g} uW\n", routers,
            costs.front().area_um2 * routers / 1e6, costs.front().flip_flops * routers,
            costs.front().leakage_uw * routers);
    return 0;
}

/// The options of `sweep` and `explore`: the scenario, the grid and how its points run.
void add_sweep_options(CLI::App* command, sim::SweepOptions& options) {
    command->add_option("scenario", options.scenario, "scenario YAML file")
        ->check(CLI::ExistingFile);
    command->add_option(
        "--vary", options.vary,
        "a scenario key and its values: key=start:end:step or key=v1,v2,... (repeatable)");
    command->add_flag("--zip", options.zip,
                      "pair the --vary values (all as many) instead of crossing them");
    command->add_option("--set", options.sets,
                        "override a scenario key for every point (repeatable)");
    command
        ->add_option("--seeds", options.seeds,
                     "runs per combination, each with its own seed (default 1)")
        ->check(CLI::Range(1u, 100000u));
    command->add_option("--jobs", options.jobs, "parallel worker processes (default: one per core)")
        ->check(CLI::Range(1u, 4096u));
    command
        ->add_option(
            "--point-timeout", options.point_timeout,
            "seconds a run may take before it is killed and recorded as failed (default: no limit)")
        ->check(CLI::Validator(
            [](const std::string& text) {
                double v = 0;
                std::size_t used = 0;
                try {
                    v = std::stod(text, &used);
                } catch (const std::exception&) {
                    used = 0;
                }
                if (used == 0 || used != text.size() || !std::isfinite(v) || v < 0)
                    return std::string("must be a finite number of seconds, 0 or more");
                return std::string();
            },
            "SECONDS"));
    command->add_option("--out", options.out_dir,
                        "directory of the runs (points/) and of the tables and figures");
    command->add_flag("--force", options.force, "rerun points that already have a file");
    command->add_flag("--retry-failed", options.retry_failed,
                      "rerun the points recorded as failed");
}

/// `--rtl-cache DIR` on a command that may build RTL routers.
void add_rtl_cache_option(CLI::App* command, std::string& directory) {
    command->add_option("--rtl-cache", directory,
                        "cache of verilated RTL configurations (default: $WORMCAST_RTL_CACHE, "
                        "$XDG_CACHE_HOME/wormcast/rtl or ~/.cache/wormcast/rtl)");
}

int run_cli(int argc_in, char** argv_in) {
    std::vector<std::string> arg_text = split_lone_argument(argc_in, argv_in);
    std::vector<char*> arg_ptrs;
    for (std::string& a : arg_text) arg_ptrs.push_back(a.data());
    const int argc = static_cast<int>(arg_ptrs.size());
    char** argv = arg_ptrs.data();
    CLI::App cli{"wormcast: cycle-accurate SystemC model of multicast wormhole networks"};
    cli.require_subcommand(1);
    cli.set_version_flag("--version", fmt::format("wormcast {}", kVersion));

    auto* run = cli.add_subcommand("run", "simulate a scenario file and print its results");
    std::string scenario, vcd, json, rtl;
    std::vector<std::string> sets;
    std::string seed;
    RunOutputs run_outputs;
    run->add_option("scenario", scenario, "scenario YAML file")
        ->required()
        ->check(CLI::ExistingFile);
    run->add_option(
        "--set", sets,
        "override a scenario key: section.key=value (repeatable; see `wormcast params`)");
    run->add_option("--vcd", vcd,
                    "write a VCD waveform of the traced routers' links (RTL routers: also "
                    "FILE.rtl.vcd of their "
                    "internals)");
    run->add_option("--fst", run_outputs.fst,
                    "write the same waveforms as FST (made from the VCD by GTKWave's vcd2fst; "
                    "also: --vcd FILE.fst)");
    run->add_option("--json", json,
                    "write the results as JSON: the effective scenario, every figure, per-link and "
                    "per-router counts (docs/results.md)");
    run->add_option("--heatmap", run_outputs.heatmap,
                    "draw the run: links coloured by utilisation and routers by a count, in the "
                    "family's layout (FILE.png or FILE.svg, drawn by Graphviz's neato; the DOT "
                    "beside it as FILE.png.dot)");
    run->add_option("--heatmap-router", run_outputs.heatmap_router,
                    "the router count the heat map colours: flits (default), bubbles, "
                    "token_wait_cycles, token_grants, active_cycles, blocked_cycles");
    run->add_flag("--progress", run_outputs.progress,
                  "print progress lines on stderr even when it is not a terminal (on a terminal "
                  "they are on by default)");
    run->add_option("--seed", seed, "random seed (overrides run.seed)");
    run->add_option("--rtl", rtl,
                    "routers that are the verilated RTL: all | none | routers separated by ';' "
                    "(overrides network.rtl)");
    std::string rtl_cache;
    add_rtl_cache_option(run, rtl_cache);
    run->add_flag("--power", run_outputs.power,
                  "the routers' power and energy (docs/hardware-cost.md): from their RTL's toggles "
                  "with --rtl all (synthesised onto --liberty, analysed by OpenSTA; also fits an "
                  "event table), and/or from event counts priced by --power-events");
    run->add_option("--power-events", run_outputs.power_events,
                    "with --power: a JSON holding an event table (the --json of a run with --rtl "
                    "all --power) to price this run's events with; several: the table refitted "
                    "on all their runs' routers (e.g. runs of two message lengths); repeat the "
                    "option for each file")
        ->expected(1)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    run->add_option(
        "--liberty", run_outputs.liberty,
        fmt::format("with --power: the cell library (default {})", rtl::kDefaultLiberty));
    run->add_option("--hw-cache", run_outputs.hw_cache,
                    "with --power: cache of synthesised configurations (as `wormcast hw`)");
    run->add_option("--trace-messages", run_outputs.trace_messages,
                    "IDS|all FILE: follow these messages (ids separated by commas) router by "
                    "router; JSON lines "
                    "to FILE (read them with `wormcast explain`)")
        ->expected(2);
    run->add_option(
        "--deadlock-dot", run_outputs.deadlock_dot,
        "if the watchdog finds a deadlock, write its wait-for graph as Graphviz DOT to this file "
        "(a name ending in .png: the picture, drawn by Graphviz's dot from NAME.dot)");

    auto* explain =
        cli.add_subcommand("explain", "tell one message's story from a --trace-messages file");
    std::string explain_file;
    MessageId explain_message_id = 0;
    explain->add_option("file", explain_file, "JSON lines written by run --trace-messages")
        ->required();
    explain->add_option("message", explain_message_id, "message id")->required();

    auto* params = cli.add_subcommand("params", "list the network parameters a scenario sets");
    bool params_json = false;
    params->add_flag("--json", params_json, "print JSON");

    auto* topo = cli.add_subcommand("topology", "describe a topology");
    std::string topology;
    bool topology_json = false;
    topo->add_option("--topology", topology, topology_help())->required();
    topo->add_flag("--json", topology_json, "print JSON");
    DeclaredOptions topology_options;
    for (const TopologyFamily* family : topology_families())
        topology_options.add(topo, family->topology_options());

    auto* plan = cli.add_subcommand("plan",
                                    "print the sends of one multicast, or of a collective a family "
                                    "plans (start-up-only model)");
    PlanRequest request;
    std::string dot;
    bool plan_json = false;
    DeclaredOptions plan_options;
    plan->add_option("--topology", topology, topology_help())->required();
    plan->add_option("--algorithm", request.algorithm, "multicast scheme of the topology's family")
        ->required();
    plan->add_option(
        "--source", request.source,
        "source node as the family names nodes (plans of one multicast; a family's collective "
        "plans take their own options instead)");
    plan->add_option("--dests", request.destinations, "destinations in the family's list syntax");
    plan->add_flag("--json", plan_json, "print JSON");
    plan->add_option("--dot", dot,
                     "also write the plan as Graphviz DOT to this file (a name ending in .png or "
                     ".svg: the picture, drawn by Graphviz's dot, with the DOT beside it as "
                     "NAME.dot)");

    auto* steps = cli.add_subcommand(
        "steps", "run a multicast pattern in start-up-only mode and count steps");
    std::string algorithm, pattern_file;
    unsigned consumption = 0;
    bool steps_json = false, model = false;
    DeclaredOptions steps_options;
    steps->add_option("--topology", topology, topology_help())->required();
    steps->add_option("--algorithm", algorithm, "multicast scheme of the topology's family")
        ->required();
    steps
        ->add_option("--pattern", pattern_file,
                     "JSON {\"multicasts\":[{\"source\":NODE,\"destinations\":[NODE,...]},...]}, "
                     "nodes as the "
                     "family writes them in JSON")
        ->required();
    steps
        ->add_option("--consumption", consumption,
                     "consumption channels per node (default: the topology's)")
        ->check(CLI::Range(1u, 16u));
    steps->add_flag("--json", steps_json, "print JSON");
    steps->add_flag("--model", model,
                    "use the pure start-up model instead of the cycle-accurate network");
    for (const TopologyFamily* family : topology_families()) {
        plan_options.add(plan, family->plan_options());
        steps_options.add(steps, family->plan_options());
    }

    // The families' own subcommands.
    struct FamilySubcommand {
        CLI::App* app;
        FamilyCommand command;
        DeclaredOptions options;
        bool json = false;
    };
    std::vector<std::unique_ptr<FamilySubcommand>> family_commands;
    for (const TopologyFamily* family : topology_families())
        for (const FamilyCommand& command : family->commands()) {
            auto sub = std::make_unique<FamilySubcommand>();
            sub->app = cli.add_subcommand(command.name, command.help);
            sub->command = command;
            sub->app->add_option("--topology", topology, topology_help())->required();
            sub->app->add_flag("--json", sub->json, "print JSON");
            sub->options.add(sub->app, command.options);
            family_commands.push_back(std::move(sub));
        }

    auto* reproduce = cli.add_subcommand(
        "reproduce", "reproduce a paper's table or figure (list: reproduce --list)");
    std::string what;
    bool list = false;
    sim::ReproduceOptions ropts;
    DeclaredOptions suite_options;
    reproduce->add_option("name", what, "e.g. the first name reproduce --list prints");
    reproduce->add_flag("--list", list, "list the reproductions");
    reproduce->add_option("--runs", ropts.runs,
                          "random patterns averaged per point (default 30; with --quick 2 for "
                          "figures, 5 for tables)");
    reproduce->add_flag("--quick", ropts.quick,
                        "scaled-down sizes, and fewer runs unless --runs is given");
    reproduce->add_option("--out", ropts.out_dir,
                          "directory for CSV and PNG files (default results)");
    reproduce->add_option("--seed", ropts.seed, "base random seed");
    reproduce->add_option("--jobs", ropts.jobs, "parallel worker processes (default: one per core)")
        ->check(CLI::Range(1u, 4096u));
    sim::ReproduceRunOptions rrun;
    reproduce->add_flag("--force", rrun.force,
                        "rerun every run, even those kept from before in OUT/points/");
    reproduce->add_flag("--retry-failed", rrun.retry_failed, "rerun the runs recorded as failed");
    reproduce->add_flag("--collect", rrun.collect,
                        "run nothing: print the results from the runs in OUT/points/ (after "
                        "--slurm; exit 3 when some are missing)");
    add_slurm_options(reproduce, rrun.slurm);
    add_rtl_cache_option(reproduce, rtl_cache);
    for (const auto& suite : sim::experiment_suites()) suite_options.add(reproduce, suite.options);

    auto* sweep = cli.add_subcommand("sweep",
                                     "run a scenario over a grid of keys and seeds, each point in "
                                     "its own process (docs/sweep.md)");
    sim::SweepOptions sweep_options;
    std::string collect_dir;
    add_sweep_options(sweep, sweep_options);
    sweep->add_option("--collect", collect_dir,
                      "only write the table and figure of the sweep in DIR");
    add_slurm_options(sweep, sweep_options.slurm);
    add_rtl_cache_option(sweep, rtl_cache);

    auto* explore = cli.add_subcommand(
        "explore",
        "a sweep joined with the silicon cost of each point's routers: latency and throughput "
        "against area and clock, Pareto fronts (docs/hardware-cost.md)");
    sim::ExploreOptions explore_options;
    explore_options.liberty = rtl::kDefaultLiberty;
    add_sweep_options(explore, explore_options.sweep);
    explore->add_option("--liberty", explore_options.liberty,
                        "Liberty cell library (default: Debian's OSU 0.18 um)");
    std::string explore_hw_cache;
    explore->add_option("--hw-cache", explore_hw_cache, "cache of synthesised configurations");
    explore->add_flag("--power", explore_options.power,
                      "also the energy per delivered flit and the power of every point: each "
                      "configuration's event table fitted on one co-simulated run of its RTL "
                      "(DIR/power-table.json), every point priced from its own event counts");
    add_slurm_options(explore, explore_options.sweep.slurm);
    add_rtl_cache_option(explore, rtl_cache);

    auto* rtl_cmd = cli.add_subcommand(
        "rtl",
        "the cache of RTL routers verilated on first use: list | build SCENARIO | clean [KEY...]");
    std::string rtl_action;
    std::vector<std::string> rtl_arguments, rtl_sets;
    bool rtl_json = false;
    rtl_cmd->add_option("action", rtl_action, "list, build or clean")->required();
    rtl_cmd->add_option("arguments", rtl_arguments,
                        "build: the scenario file; clean: cache keys (or their first digits)");
    rtl_cmd->add_option("--set", rtl_sets, "build: override a scenario key, as run --set");
    rtl_cmd->add_flag("--json", rtl_json, "list: print JSON");
    add_rtl_cache_option(rtl_cmd, rtl_cache);

    auto* hw = cli.add_subcommand(
        "hw",
        "area, critical path and leakage of the network's RTL router configurations on a cell "
        "library (yosys, OpenSTA)");
    std::string hw_scenario, hw_liberty = rtl::kDefaultLiberty, hw_json, hw_cache;
    std::vector<std::string> hw_sets;
    double hw_clock_ns = 0;
    hw->add_option("scenario", hw_scenario, "scenario YAML file")->required();
    hw->add_option("--set", hw_sets, "override a scenario key, as run --set");
    hw->add_option("--liberty", hw_liberty,
                   fmt::format("Liberty cell library (default: {}, Debian's "
                               "qflow-tech-osu018)",
                               rtl::kDefaultLiberty));
    hw->add_option("--clock-ns", hw_clock_ns, "also report the slack at this clock period (ns)")
        ->check(CLI::PositiveNumber);
    hw->add_option("--json", hw_json, "write the results as JSON to FILE");
    hw->add_option("--hw-cache", hw_cache,
                   "cache of synthesised configurations (default: $WORMCAST_HW_CACHE, "
                   "$XDG_CACHE_HOME/wormcast/hw or ~/.cache/wormcast/hw)");

    auto* wave_filter = cli.add_subcommand(
        "wave-filter",
        "GTKWave translate filter process: packed flits (hex, one per line) in, decoded text out");
    std::string wf_encoding = "tagged";
    std::uint32_t wf_nodes = 64;
    unsigned wf_flit_width = 32;
    wave_filter->add_option("--topology", topology,
                            "name nodes as this topology does (and take N from it)");
    wave_filter
        ->add_option("--nodes", wf_nodes,
                     "number of nodes N when no --topology is given (default 64)")
        ->check(CLI::Range(2u, 1u << 24));
    wave_filter->add_option("--flit-width", wf_flit_width,
                            "flit_width of the traced run (default 32)");
    wave_filter->add_option("--encoding", wf_encoding,
                            "header encoding: tagged (default) | bitstring");

    // SystemC's own reports (its info lines, its warnings as it words them): before or after the
    // command name.
    bool verbose = false;
    const std::string verbose_help =
        "show the SystemC kernel's own reports (info lines, warnings in its words)";
    cli.add_flag("-v,--verbose", verbose, verbose_help);
    for (CLI::App* sub : cli.get_subcommands([](CLI::App*) { return true; }))
        sub->add_flag("-v,--verbose", verbose, verbose_help);

    if (argc > 1 && argv[1][0] != '-') {
        std::vector<std::string> names;
        for (const CLI::App* sub : cli.get_subcommands([](CLI::App*) { return true; }))
            names.push_back(sub->get_name());
        if (std::find(names.begin(), names.end(), argv[1]) == names.end()) {
            std::cerr << fmt::format("wormcast: error: '{}' is not a command (commands: {})\n",
                                     argv[1], fmt::join(names, ", "));
            return 2;
        }
    }
    try {
        cli.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // --help and --version succeed; every command-line error is exit 2, as in scenarios.
        return cli.exit(e) == 0 ? 0 : 2;
    }
    set_kernel_reports(verbose ? KernelReports::verbose : KernelReports::quiet);
    try {
        if (!rtl_cache.empty()) rtl::set_rtl_cache_directory(rtl_cache);
        if (*run) return run_command(scenario, sets, vcd, json, seed, rtl, run_outputs);
        if (*rtl_cmd) return rtl_command(rtl_action, rtl_arguments, rtl_sets, rtl_json);
        if (*hw) {
            if (!hw_cache.empty()) rtl::set_hw_cache_directory(hw_cache);
            return hw_command(hw_scenario, hw_sets, hw_liberty, hw_clock_ns, hw_json);
        }
        if (*explain) return explain_command(explain_file, explain_message_id);
        if (*params) return params_command(params_json);
        if (*wave_filter)
            return wave_filter_command(topology, wf_nodes, wf_flit_width, wf_encoding);
        if (*topo) return topology_command(topology, topology_options.given(), topology_json);
        if (*plan) {
            request.options = plan_options.given();
            return plan_command(topology, request, plan_json, dot);
        }
        if (*steps)
            return steps_command(topology, algorithm, steps_options.given(), pattern_file,
                                 consumption, steps_json, model);
        for (const auto& sub : family_commands)
            if (*sub->app) {
                const auto parsed = parse_topology(topology, "--topology");
                return sub->command.run(*parsed, sub->options.given(), sub->json, std::cout);
            }
        if (*explore) {
            if (!explore_hw_cache.empty()) rtl::set_hw_cache_directory(explore_hw_cache);
            explore_options.sweep.slurm.command = sim::slurm_task_command(argc, argv);
            explore_options.sweep.progress_bar = isatty(STDERR_FILENO) != 0;
            return sim::run_explore(explore_options, std::cout, std::cerr);
        }
        if (*sweep) {
            sweep_options.slurm.command = sim::slurm_task_command(argc, argv);
            return sweep_command(sweep_options, collect_dir);
        }
        if (*reproduce) {
            ropts.options = suite_options.given();
            rrun.slurm.command = sim::slurm_task_command(argc, argv);
            return reproduce_command(what, list, ropts, rrun);
        }
    } catch (const ConfigError& e) {
        std::cerr << "wormcast: error: " << e.what() << "\n";
        return 2;
    } catch (const ModelError& e) {
        std::cerr << "wormcast: model error: " << e.what() << "\n";
        return 4;
    } catch (const std::exception& e) {
        // SystemC reports, YAML conversions, file-system errors: none may reach terminate.
        std::cerr << "wormcast: error: " << e.what() << "\n";
        return 2;
    }
    return 0;
}

}  // namespace wormcast::app
