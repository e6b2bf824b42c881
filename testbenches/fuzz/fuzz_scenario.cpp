// libFuzzer target: a scenario file and its --set overrides, read as `wormcast run` reads them
// (load_scenario), then the network and the schedule made from it. Input: the YAML text,
// optionally followed by a line "%%" and one override ("section.key=value") per line.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "testbenches/fuzz/FuzzSupport.hpp"
#include "testbenches/sim/Scenario.hpp"

using namespace wormcast;

namespace {

/// A message file the scenarios may name (traffic: {kind: file, file: messages.txt}).
const bool kMessages = [] {
    fuzz::write_scratch("messages.txt", "0 0,0 3,3 4\n5 1,2 0,1;2,2 2\n# comment\n9 3 0 1\n");
    return true;
}();

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    (void)kMessages;
    const std::string input(reinterpret_cast<const char*>(data), size);
    std::string yaml = input;
    std::vector<std::string> overrides;
    const std::size_t split = input.find("\n%%\n");
    if (split != std::string::npos) {
        yaml = input.substr(0, split + 1);
        overrides = fuzz::split_lines(input.substr(split + 4));
        if (!overrides.empty() && overrides.back().empty()) overrides.pop_back();
    }
    // Bounded runs only: a scenario may ask for gigabytes legitimately (the limit is a setting).
    overrides.push_back("run.memory_limit_mb=64");
    const std::string path = fuzz::write_scratch("scenario.yaml", yaml);
    fuzz::refuse_only_with_config_errors([&] {
        const sim::Scenario scenario = sim::load_scenario(path, overrides);
        (void)scenario.traced_routers();
        (void)scenario.rtl_routers();
        (void)scenario.network();
        // What `wormcast run` makes: uniform traffic of many sends a node is drawn during the
        // run, so only its generators are made here.
        SendPlan plan = scenario.send_plan();
        (void)plan.take_streams(scenario.topology->nodes());
    });
    return 0;
}
