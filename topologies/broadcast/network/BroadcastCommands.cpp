// `wormcast plan` for the torus broadcast schemes (see BroadcastCommands.hpp).
#include "topologies/broadcast/network/BroadcastCommands.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>

#include <fmt/format.h>

#include "topologies/broadcast/AtdSchedule.hpp"
#include "topologies/broadcast/BroadcastFirmware.hpp"
#include "topologies/broadcast/BroadcastPlanner.hpp"
#include "topologies/broadcast/ScheduleJson.hpp"
#include "topologies/broadcast/ScheduleRender.hpp"

namespace wormcast::broadcast {

namespace {

const CommandOption kSources{
    "--sources", "broadcast plans on 2-D tori: the source nodes, \"x,y;x,y;...\"", false};
const CommandOption kRandomSources{
    "--random-sources",
    "broadcast plans on 2-D tori: S distinct source nodes drawn at random (--seed)", false};
const CommandOption kSeed{
    "--seed", "broadcast plans on 2-D tori: seed of --random-sources (default 1)", false};
const CommandOption kMessageFlits{
    "--message-flits",
    "broadcast plans on 2-D tori: m, payload flits of each source's message (default 4)", false};
const CommandOption kSvgDir{
    "--svg-dir", "broadcast plans on 2-D tori: write one SVG picture per step into this directory",
    false};

/// A whole number option in [min, max]; ConfigError naming the option otherwise.
std::uint64_t whole_option(const OptionValues& options, const CommandOption& option,
                           std::uint64_t fallback, std::uint64_t min, std::uint64_t max) {
    const auto it = options.find(option.name);
    if (it == options.end()) return fallback;
    const std::string& t = it->second;
    if (t.empty() || t.size() > 18 || t.find_first_not_of("0123456789") != std::string::npos)
        throw ConfigError(fmt::format("{}: '{}' is not a whole number", option.name, t));
    const std::uint64_t v = std::stoull(t);
    if (v < min || v > max)
        throw ConfigError(fmt::format("{}: {} is not in {}..{}", option.name, v, min, max));
    return v;
}

/// The planner's messages name fields as "sources: ...", "h: ...": give them the command line's.
[[noreturn]] void rethrow_for_command_line(const ConfigError& e,
                                           const std::string& sources_option) {
    const std::string what = e.what();
    const std::pair<const char*, std::string> fields[] = {
        {"sources:", sources_option + ":"},     {"h:", "--algorithm: h:"},
        {"algorithm:", "--algorithm:"},         {"topology:", "--topology:"},
        {"message_flits:", "--message-flits:"},
    };
    for (const auto& [field, option] : fields)
        if (what.rfind(field, 0) == 0)
            throw ConfigError(option + what.substr(std::string(field).size()));
    throw ConfigError(fmt::format("{}: {}", sources_option, what));
}

std::vector<NodeId> plan_sources(const mesh::MeshShape& shape, const OptionValues& options) {
    const bool listed = options.count(kSources.name) > 0,
               drawn = options.count(kRandomSources.name) > 0;
    if (listed && drawn)
        throw ConfigError(
            "--random-sources: give the sources as a list (--sources) or a count, not both");
    if (!listed && !drawn)
        throw ConfigError(
            fmt::format("--sources: a broadcast plan needs its sources: --sources \"x,y;x,y\" or "
                        "--random-sources S"));
    if (!drawn && options.count(kSeed.name))
        throw ConfigError("--seed: only used with --random-sources");
    if (listed) {
        try {
            return parse_sources(shape, options.at(kSources.name));
        } catch (const ConfigError& e) {
            rethrow_for_command_line(e, kSources.name);
        }
    }
    const auto count = whole_option(options, kRandomSources, 1, 1, shape.nodes());
    std::mt19937_64 rng(whole_option(options, kSeed, 1, 0, ~0ull >> 1));
    return random_sources(shape, static_cast<std::uint32_t>(count), rng);
}

void write_pictures(const BroadcastSchedule& schedule, const std::string& dir) {
    std::error_code error;
    std::filesystem::create_directories(dir, error);
    if (error)
        throw ConfigError(
            fmt::format("{}: cannot create '{}': {}", kSvgDir.name, dir, error.message()));
    for (std::size_t s = 0; s < schedule.steps.size(); ++s) {
        const auto path = std::filesystem::path(dir) / fmt::format("step-{:03}.svg", s + 1);
        std::ofstream out(path);
        if (!out)
            throw ConfigError(fmt::format("{}: cannot write '{}'", kSvgDir.name, path.string()));
        out << render_step_svg(schedule, s);
    }
}

/// The broadcast of a run's workload: its sources in request order and the common length.
BroadcastConfig workload_config(const mesh::MeshShape& shape, const std::string& algorithm,
                                const std::vector<MulticastRequest>& workload) {
    BroadcastConfig config;
    config.shape = shape;
    parse_broadcast_algorithm(algorithm, config);
    if (workload.empty())
        throw ConfigError(fmt::format(
            "nic.multicast: {} broadcasts the run's messages, and it has none", algorithm));
    for (const MulticastRequest& r : workload) {
        std::vector<NodeId> d = r.destinations;
        std::sort(d.begin(), d.end());
        bool everyone = d.size() + 1 == shape.nodes();
        for (std::size_t i = 0; everyone && i < d.size(); ++i)
            everyone = d[i] == (i < r.source ? i : i + 1);
        if (!everyone)
            throw ConfigError(
                fmt::format("nic.multicast: {} plans a multinode broadcast; the message from {} "
                            "does not go to every other "
                            "node (traffic.kind: broadcast)",
                            algorithm, shape.format(r.source)));
        if (r.length != workload.front().length)
            throw ConfigError(
                fmt::format("nic.multicast: {} needs every message of one length, not {} and {}",
                            algorithm, workload.front().length, r.length));
        config.sources.push_back(r.source);
    }
    config.message_flits = workload.front().length;
    try {
        config.validate();
    } catch (const ConfigError& e) {
        const std::string what = e.what();
        if (what.rfind("message_flits:", 0) == 0)
            throw ConfigError("traffic.length:" +
                              what.substr(std::string("message_flits:").size()));
        throw ConfigError(fmt::format("nic.multicast: {}: {}", algorithm, what));
    }
    return config;
}

MulticastScheme broadcast_scheme(const mesh::MeshShape& shape, const std::string& name,
                                 const std::string& what) {
    MulticastScheme scheme;
    scheme.name = name;
    scheme.description = what;
    scheme.check = [](const NetworkParams&) {};
    scheme.collective = [shape, name](const NetworkParams&,
                                      const std::vector<MulticastRequest>& workload) {
        auto run = std::make_shared<const BroadcastRun>(
            plan_broadcast(workload_config(shape, name, workload)));
        CollectiveRun out;
        out.firmware = [run](NodeId node) {
            return std::make_unique<BroadcastFirmware>(run, node);
        };
        out.requests = broadcast_requests(run->schedule());
        return out;
    };
    return scheme;
}

}  // namespace

std::vector<MulticastScheme> broadcast_schemes(const mesh::MeshShape& shape) {
    std::vector<MulticastScheme> schemes;
    try {
        validate_broadcast_torus(shape);
    } catch (const ConfigError&) {
        return schemes;  // not a 2-D torus these schemes run on
    }
    if (shape.radix[0] == shape.radix[1])
        for (std::uint32_t h = 1; h <= shape.radix[0]; ++h)
            if (shape.radix[0] % h == 0)
                schemes.push_back(
                    broadcast_scheme(shape, fmt::format("atd:h={}", h),
                                     "multinode broadcast: aggregation then distribution over h "
                                     "dilated tori (collective)"));
    schemes.push_back(broadcast_scheme(shape, "edst",
                                       "multinode broadcast over four edge-disjoint spanning "
                                       "trees, a quarter message each (collective)"));
    schemes.push_back(broadcast_scheme(
        shape, "naive", "multinode broadcast: every source on its own binomial tree (collective)"));
    return schemes;
}

const std::vector<CommandOption>& broadcast_plan_options() {
    static const std::vector<CommandOption> options{kSources, kRandomSources, kSeed, kMessageFlits,
                                                    kSvgDir};
    return options;
}

bool is_broadcast_algorithm(const std::string& algorithm) {
    return algorithm == "edst" || algorithm == "naive" || algorithm.rfind("atd", 0) == 0;
}

PlanOutput broadcast_plan(const mesh::MeshShape& shape, const PlanRequest& request) {
    if (!request.source.empty() || !request.destinations.empty())
        throw ConfigError(
            fmt::format("{}: a multinode broadcast has no --source or --dests; name its sources "
                        "with --sources or --random-sources",
                        request.source.empty() ? "--dests" : "--source"));
    BroadcastConfig config;
    try {
        validate_broadcast_torus(shape);
        config.shape = shape;
        parse_broadcast_algorithm(request.algorithm, config);
    } catch (const ConfigError& e) {
        rethrow_for_command_line(e, kSources.name);
    }
    config.sources = plan_sources(shape, request.options);
    config.message_flits =
        static_cast<std::uint32_t>(whole_option(request.options, kMessageFlits, 4, 1, 1u << 20));
    const std::string sources_option =
        request.options.count(kSources.name) ? kSources.name : kRandomSources.name;
    PlanOutput out;
    BroadcastSchedule schedule;
    try {
        config.validate();
        if (config.scheme == BroadcastScheme::Atd) {
            AtdPlan atd = build_atd(config);
            out.json = nlohmann::ordered_json::parse(atd_json(atd).dump());
            schedule = std::move(atd.schedule);
        } else {
            schedule = plan_broadcast(config);
            out.json = nlohmann::ordered_json::parse(schedule_json(schedule).dump());
        }
    } catch (const ConfigError& e) {
        rethrow_for_command_line(e, sources_option);
    }
    out.text = render_schedule_text(schedule);
    out.dot = render_schedule_dot(schedule);
    const auto dir = request.options.find(kSvgDir.name);
    if (dir != request.options.end()) {
        write_pictures(schedule, dir->second);
        out.text += fmt::format("{} pictures, one per step: {}/step-001.svg ...\n",
                                schedule.steps.size(), dir->second);
    }
    return out;
}

}  // namespace wormcast::broadcast
