// The wormcast command line (see Cli.hpp).
#include "app/Cli.hpp"

#include <fstream>
#include <sstream>
#include <iostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "app/Results.hpp"
#include "app/Runner.hpp"
#include "app/MeshMulticastRuns.hpp"
#include "app/Reproduce.hpp"
#include "app/Scenario.hpp"
#include "topologies/mesh/MeshMulticastFirmware.hpp"
#include "topologies/mesh/MeshMulticastJson.hpp"
#include "topologies/mesh/MeshMulticastPlan.hpp"
#include "topologies/mesh/MeshMulticastRender.hpp"
#include "topologies/mesh/StartupStepModel.hpp"
#include "topologies/min/AtbmPlan.hpp"
#include "topologies/min/MinJson.hpp"
#include "topologies/min/SoftwareMinMulticast.hpp"
#include "topologies/min/SwitchGrouping.hpp"

namespace wormcast::app {

namespace {

int run_command(const std::string& scenario_path, const std::vector<std::string>& sets, const std::string& vcd,
                const std::string& json_path, const std::optional<std::uint64_t>& seed, const std::string& rtl) {
    std::vector<std::string> overrides = sets;
    if (seed) overrides.push_back(fmt::format("run.seed={}", *seed));
    if (!rtl.empty()) overrides.push_back(fmt::format("network.rtl={}", rtl));
    Scenario s = load_scenario(scenario_path, overrides);
    s.run.vcd_path = vcd;
    s.run.trace_routers = s.traced_routers();
    if (!vcd.empty() && s.trace_routers == "auto" && s.shape.nodes() > 64)
        std::cerr << "note: large network: tracing router 0,0 only (set trace.routers to choose)\n";
    RunResult r = run_network(s.network(), s.params, s.schedule(), s.run);
    print_summary(std::cout, r, s.params);
    std::cout << fmt::format("multicast    {} (nic.multicast)\n", s.multicast);
    if (!r.rtl_routers.empty()) {
        std::vector<std::string> nodes;
        for (std::size_t router : r.rtl_routers) nodes.push_back(s.shape.format(static_cast<NodeId>(router)));
        std::cout << fmt::format("rtl routers  {} of {} are the verilated RTL ({}): {}\n", r.rtl_routers.size(),
                                 r.routers, s.rtl_model(), fmt::join(nodes, " "));
    }
    if (!json_path.empty()) {
        std::ofstream out(json_path);
        if (!out) throw ConfigError(fmt::format("--json: cannot write '{}'", json_path));
        out << to_json(r, s.params).dump(2) << "\n";
    }
    if (!vcd.empty()) std::cout << "waveform     " << vcd << "\n";
    if (!r.rtl_vcd_path.empty()) std::cout << "rtl waveform " << r.rtl_vcd_path << "\n";
    return r.ok() ? 0 : 3;
}

/// "mesh:8x8", "mesh:6x6x6" (the multicast algorithms are defined on meshes).
mesh::MeshShape parse_mesh_topology(const std::string& text) {
    const auto colon = text.find(':');
    if (colon == std::string::npos) throw ConfigError(fmt::format("--topology '{}': expected mesh:KxK[xK...]", text));
    const std::string family = text.substr(0, colon);
    if (family != "mesh")
        throw ConfigError(fmt::format("--topology '{}': the mesh multicast algorithms need a mesh (mesh:8x8)", text));
    return mesh::MeshShape::parse(text.substr(colon + 1), false);
}

mesh::MeshMulticastConfig mesh_config(const std::string& topology, const std::string& algorithm,
                                      const std::string& leader_phase) {
    mesh::MeshMulticastConfig c;
    c.shape = parse_mesh_topology(topology);
    c.algorithm = mesh::parse_mesh_multicast_algorithm(algorithm);
    c.leader_phase = mesh::parse_leader_phase(leader_phase);
    c.validate();
    return c;
}

/// Node list "5,9,63" of a MIN (node numbers).
std::vector<NodeId> parse_min_nodes(const min::MinShape& shape, const std::string& text) {
    std::vector<NodeId> out;
    std::stringstream ss(text);
    for (std::string item; std::getline(ss, item, ',');) {
        if (item.empty() || item.find_first_not_of("0123456789") != std::string::npos || item.size() > 9)
            throw ConfigError(fmt::format("--dests: '{}' is not a node number", item));
        const auto node = static_cast<NodeId>(std::stoul(item));
        shape.check_node(node, "--dests");
        out.push_back(node);
    }
    if (out.empty()) throw ConfigError("--dests: name at least one destination, e.g. 5,9,63");
    return out;
}

int min_plan_command(const std::string& topology, const std::string& algorithm, const std::string& source,
                     const std::string& dests, bool json) {
    const auto shape = min::MinShape::parse(topology);
    const auto src = parse_min_nodes(shape, source);
    if (src.size() != 1) throw ConfigError("--source: one node number");
    const auto destinations = parse_min_nodes(shape, dests);
    if (algorithm == "atbm") {
        const min::MinWiring wiring(shape);
        const auto plan = min::plan_atbm(wiring, src[0], destinations);
        if (json) {
            std::cout << min::atbm_plan_json(plan) << "\n";
            return 0;
        }
        std::cout << fmt::format("atbm on {}: source {}, bit-string {}, turnaround {}\n", shape.name(), src[0],
                                 plan.bitstring, plan.turnaround_stage ? std::to_string(*plan.turnaround_stage) : "none");
        for (const auto& h : plan.hops)
            std::cout << fmt::format("  stage {} row {} {:<8} in {} out {}{}\n", h.switch_id.stage, h.switch_id.row,
                                     min::to_string(h.direction), h.in_port, fmt::join(h.out_ports, ","),
                                     h.tree_op ? "  (tree operation)" : "");
        return 0;
    }
    const auto soft = min::parse_software_min_algorithm(algorithm);
    min::check_algorithm_fits(soft, shape);
    const auto plan = min::plan_software_multicast(shape, soft, src[0], destinations);
    if (json) {
        std::cout << min::software_plan_json(plan) << "\n";
        return 0;
    }
    std::cout << fmt::format("{} on {}: source {}, {} destinations, {} steps\n", algorithm, shape.name(), src[0],
                             destinations.size(), plan.steps);
    for (const auto& send : plan.sends) std::cout << fmt::format("  step {}: {} -> {}\n", send.step, send.from, send.to);
    return 0;
}

int groups_command(const std::string& topology, unsigned consumption, bool json) {
    const auto shape = min::MinShape::parse(topology);
    const min::MinWiring wiring(shape);
    const min::SwitchGrouping grouping(wiring, consumption);
    if (json) {
        std::cout << min::groups_json(grouping) << "\n";
        return 0;
    }
    std::cout << fmt::format("{} with {} consumption channel(s): {} token groups\n", shape.name(), consumption,
                             grouping.domains().size());
    std::cout << "stage  row  k   copy      tag                group (size)\n";
    for (const auto& g : grouping.switches())
        std::cout << fmt::format("{:<6} {:<4} {:<3} {:<9} {:<18} {}\n", g.switch_id.stage, g.switch_id.row, g.kstage,
                                 shape.kind == min::MinKind::Bidirectional ? (g.backward ? "backward" : "forward") : "-",
                                 fmt::format("{{{}}}", fmt::join(grouping.tag(g.kstage, g.switch_id.row), ",")),
                                 g.group ? fmt::format("{} ({})", *g.group, g.group_size) : std::string("none"));
    return 0;
}

int plan_command(const std::string& topology, const std::string& algorithm, const std::string& leader_phase,
                 const std::string& source, const std::string& dests, bool json, const std::string& dot) {
    if (topology.rfind("min-", 0) == 0) {
        if (!dot.empty()) throw ConfigError("--dot: only for mesh multicast plans");
        return min_plan_command(topology, algorithm, source, dests, json);
    }
    const auto config = mesh_config(topology, algorithm, leader_phase);
    std::vector<NodeId> destinations;
    std::stringstream ds(dests);
    for (std::string d; std::getline(ds, d, ';');) destinations.push_back(config.shape.parse_node(d));
    if (destinations.empty()) throw ConfigError("--dests: name at least one destination, e.g. \"1,0;2,0\"");
    const auto plan = mesh::plan_mesh_multicast(config, config.shape.parse_node(source), destinations);
    if (json) std::cout << mesh::plan_to_json(plan).dump() << "\n";
    else std::cout << mesh::render_plan_text(plan);
    if (!dot.empty()) {
        std::ofstream out(dot);
        if (!out) throw ConfigError(fmt::format("--dot: cannot write '{}'", dot));
        out << mesh::render_plan_dot(plan);
    }
    return 0;
}

int steps_command(const std::string& topology, const std::string& algorithm, const std::string& leader_phase,
                  const std::string& pattern_file, unsigned consumption, bool json, bool model) {
    const auto config = mesh_config(topology, algorithm, leader_phase);
    if (consumption == 0) consumption = 2 * config.shape.dimensions();
    std::ifstream in(pattern_file);
    if (!in) throw ConfigError(fmt::format("--pattern: cannot read '{}'", pattern_file));
    std::stringstream text;
    text << in.rdbuf();
    auto pattern = mesh::pattern_from_json(config.shape, text.str());
    for (std::size_t i = 0; i < pattern.size(); ++i) pattern[i].multicast = static_cast<std::uint32_t>(i);
    mesh::StepModelResult steps;
    if (model) {
        // The pure start-up model (a cross-check): no network at all.
        steps = mesh::StartupStepModel(config.shape.nodes(),
                                       [&](NodeId) -> std::unique_ptr<Firmware> {
                                           return std::make_unique<mesh::MeshMulticastFirmware>(config);
                                       })
                    .run(pattern, false);
    } else {
        const NetworkParams params = startup_only_params(config.shape, consumption);
        const RunResult r = run_mesh_pattern(config, params, pattern);
        if (!r.ok()) {
            for (const auto& p : r.problems) std::cerr << p << "\n";
            std::cerr << r.deadlock_report;
            throw ModelError("the start-up-only run did not deliver every multicast");
        }
        steps.steps = startup_steps(r, params);
        for (auto s : r.startups_per_node) steps.startups_per_node.push_back(static_cast<std::uint32_t>(s));
        steps.max_startups = static_cast<std::uint32_t>(r.startups_max);
    }
    if (json) {
        std::cout << mesh::steps_to_json(config.shape, steps).dump() << "\n";
    } else {
        std::cout << fmt::format("{} multicasts, {} on {}: {} steps, at most {} start-ups at one node\n", pattern.size(),
                                 mesh::to_string(config.algorithm), config.shape.name(), steps.steps, steps.max_startups);
    }
    return 0;
}

}  // namespace

int run_cli(int argc, char** argv) {
    CLI::App cli{"wormcast: cycle-accurate SystemC model of multicast wormhole networks"};
    cli.require_subcommand(1);
    cli.set_version_flag("--version", "wormcast 0.1.0");

    auto* run = cli.add_subcommand("run", "simulate a scenario file and print its results");
    std::string scenario, vcd, json, rtl;
    std::vector<std::string> sets;
    std::optional<std::uint64_t> seed;
    run->add_option("scenario", scenario, "scenario YAML file")->required()->check(CLI::ExistingFile);
    run->add_option("--set", sets, "override a scenario key: section.key=value (repeatable)");
    run->add_option("--vcd", vcd,
                    "write a VCD waveform of the traced routers' links (RTL routers: also FILE.rtl.vcd of their "
                    "internals)");
    run->add_option("--json", json, "write the results as JSON");
    run->add_option("--seed", seed, "random seed (overrides run.seed)");
    run->add_option("--rtl", rtl,
                    "routers that are the verilated RTL: all | none | \"x,y;x,y\" (overrides network.rtl)");

    auto* plan = cli.add_subcommand("plan", "print the sends of one multicast (start-up-only model)");
    std::string topology, algorithm, leader_phase = "umesh", source, dests, dot;
    bool plan_json = false;
    plan->add_option("--topology", topology, "network: mesh:8x8, mesh:6x6x6, min-uni:b=2,n=3, min-bi:b=8,n=2")->required();
    plan->add_option("--algorithm", algorithm, "mesh: umesh | spumesh | hl | sqhl | schl; MIN: atbm | cmin | umin")
        ->required();
    plan->add_option("--leader-phase", leader_phase, "HL family: umesh (chain order) or spumesh (rotated chain)");
    plan->add_option("--source", source, "source node: 3,3 on a mesh, 0 on a MIN")->required();
    plan->add_option("--dests", dests, "destinations: \"1,0;2,0;7,7\" on a mesh, 5,9,63 on a MIN")->required();
    plan->add_flag("--json", plan_json, "print JSON");
    plan->add_option("--dot", dot, "also write the tree as Graphviz to this file");

    auto* steps = cli.add_subcommand("steps", "run a multicast pattern in start-up-only mode and count steps");
    std::string pattern_file;
    unsigned consumption = 0;
    bool steps_json = false, model = false;
    steps->add_option("--topology", topology, "network, e.g. mesh:8x8")->required();
    steps->add_option("--algorithm", algorithm, "umesh | spumesh | hl | sqhl | schl")->required();
    steps->add_option("--leader-phase", leader_phase, "HL family: umesh or spumesh");
    steps->add_option("--pattern", pattern_file,
                      "JSON {\"multicasts\":[{\"source\":[x,y],\"destinations\":[[x,y],...]},...]}")
        ->required();
    steps->add_option("--consumption", consumption, "consumption channels per node (default 2n: one per input direction)");
    steps->add_flag("--json", steps_json, "print JSON");
    steps->add_flag("--model", model, "use the pure start-up model instead of the cycle-accurate network");

    auto* groups = cli.add_subcommand("groups", "the ATBM switch groups (token domains) of a multistage network");
    unsigned group_consumption = 1;
    bool groups_json_flag = false;
    groups->add_option("--topology", topology, "min-uni:b=2,n=3 or min-bi:b=4,n=2")->required();
    groups->add_option("--consumption", group_consumption, "consumption channels per node: 1 or b (default 1)");
    groups->add_flag("--json", groups_json_flag, "print JSON");

    auto* reproduce = cli.add_subcommand("reproduce", "reproduce a paper's table or figure (list: reproduce --list)");
    std::string what;
    bool list = false;
    ReproduceOptions ropts;
    reproduce->add_option("name", what, "e.g. kp-table1");
    reproduce->add_flag("--list", list, "list the reproductions");
    reproduce->add_option("--runs", ropts.runs, "random patterns averaged per point (default 30; with --quick 2 for figures, 5 for tables)");
    reproduce->add_flag("--quick", ropts.quick, "scaled-down sizes, and fewer runs unless --runs is given");
    reproduce->add_option("--out", ropts.out_dir, "directory for CSV and PNG files (default results)");
    reproduce->add_option("--seed", ropts.seed, "base random seed");
    reproduce->add_option("--jobs", ropts.jobs, "parallel worker processes (default: one per core)");
    reproduce->add_option("--max-nodes", ropts.max_nodes,
                          "atbm-fig15..23: largest system shown (default: all the paper names; 64 with --quick)");
    reproduce->add_option("--leader-phase", ropts.leader_phase,
                          "kp-fig*: leader phase of HL, SQHL and SCHL, umesh (default) or spumesh");
    reproduce->add_option(
        "--min-forward", ropts.min_forward,
        "atbm-fig15..23: BI-MIN forward ports, adaptive (default: the lowest free "
        "right port) or fixed (always the lowest)");

    try {
        cli.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return cli.exit(e);
    }
    try {
        if (*run) return run_command(scenario, sets, vcd, json, seed, rtl);
        if (*plan) return plan_command(topology, algorithm, leader_phase, source, dests, plan_json, dot);
        if (*steps) return steps_command(topology, algorithm, leader_phase, pattern_file, consumption, steps_json, model);
        if (*groups) return groups_command(topology, group_consumption, groups_json_flag);
        if (*reproduce) {
            min::parse_min_forward(ropts.min_forward, "--min-forward");  // refuse a bad value early
            const auto all = all_reproductions();
            if (list || what.empty()) {
                for (const auto& r : all) std::cout << fmt::format("{:<14} {}\n", r.name, r.description);
                return what.empty() && !list ? 2 : 0;
            }
            for (const auto& r : all)
                if (r.name == what) return r.run(ropts);
            throw ConfigError(fmt::format("reproduce: no experiment named '{}' (see reproduce --list)", what));
        }
    } catch (const ConfigError& e) {
        std::cerr << "wormcast: error: " << e.what() << "\n";
        return 2;
    } catch (const ModelError& e) {
        std::cerr << "wormcast: model error: " << e.what() << "\n";
        return 4;
    }
    return 0;
}

}  // namespace wormcast::app
