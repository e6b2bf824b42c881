// The wormcast command line (see Cli.hpp).
#include "app/Cli.hpp"

#include <fstream>
#include <iostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "app/Results.hpp"
#include "app/Runner.hpp"
#include "app/Scenario.hpp"

namespace wormcast::app {

namespace {

int run_command(const std::string& scenario_path, const std::vector<std::string>& sets, const std::string& vcd,
                const std::string& json_path, const std::optional<std::uint64_t>& seed) {
    std::vector<std::string> overrides = sets;
    if (seed) overrides.push_back(fmt::format("run.seed={}", *seed));
    Scenario s = load_scenario(scenario_path, overrides);
    s.run.vcd_path = vcd;
    s.run.trace_routers = s.traced_routers();
    if (!vcd.empty() && s.trace_routers == "auto" && s.shape.nodes() > 64)
        std::cerr << "note: large network: tracing router 0,0 only (set trace.routers to choose)\n";
    RunResult r = run_network(s.network(), s.params, s.schedule(), s.run);
    print_summary(std::cout, r, s.params);
    if (!json_path.empty()) {
        std::ofstream out(json_path);
        if (!out) throw ConfigError(fmt::format("--json: cannot write '{}'", json_path));
        out << to_json(r, s.params).dump(2) << "\n";
    }
    if (!vcd.empty()) std::cout << "waveform     " << vcd << "\n";
    return r.ok() ? 0 : 3;
}

}  // namespace

int run_cli(int argc, char** argv) {
    CLI::App cli{"wormcast: cycle-accurate SystemC model of multicast wormhole networks"};
    cli.require_subcommand(1);
    cli.set_version_flag("--version", "wormcast 0.1.0");

    auto* run = cli.add_subcommand("run", "simulate a scenario file and print its results");
    std::string scenario, vcd, json;
    std::vector<std::string> sets;
    std::optional<std::uint64_t> seed;
    run->add_option("scenario", scenario, "scenario YAML file")->required()->check(CLI::ExistingFile);
    run->add_option("--set", sets, "override a scenario key: section.key=value (repeatable)");
    run->add_option("--vcd", vcd, "write a VCD waveform of the traced routers' links");
    run->add_option("--json", json, "write the results as JSON");
    run->add_option("--seed", seed, "random seed (overrides run.seed)");

    try {
        cli.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return cli.exit(e);
    }
    try {
        if (*run) return run_command(scenario, sets, vcd, json, seed);
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
