// The traffic and run keys of a scenario (see ScenarioKeys.hpp).
#include "testbenches/sim/ScenarioKeys.hpp"

#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "systemc/pure/InputLimits.hpp"

namespace wormcast::sim {

namespace {

using Kind = ScenarioKey::Kind;

ScenarioKey key(std::string section, std::string name, Kind kind, std::string fallback,
                std::string unit, std::string meaning, std::string kinds = "") {
    ScenarioKey k;
    k.section = std::move(section);
    k.key = std::move(name);
    k.kind = kind;
    k.fallback = std::move(fallback);
    k.unit = std::move(unit);
    k.meaning = std::move(meaning);
    k.kinds = std::move(kinds);
    if (kind == Kind::Flag) k.choices = {"false", "true"};
    return k;
}

ScenarioKey whole(ScenarioKey k, std::uint64_t min, std::uint64_t max) {
    k.whole_min = min;
    k.whole_max = max;
    return k;
}

ScenarioKey real(ScenarioKey k, double min, double max, bool open_min = false) {
    k.min = min;
    k.max = max;
    k.open_min = open_min;
    return k;
}

ScenarioKey choice(ScenarioKey k, std::vector<std::string> choices) {
    k.choices = std::move(choices);
    return k;
}

std::vector<ScenarioKey> declare() {
    const std::uint64_t cycles = limits::kMaxCycles;
    std::vector<ScenarioKey> k;
    k.push_back(choice(key("traffic", "kind", Kind::Choice, "uniform", "",
                           "uniform: random messages at a load; file: a message file; broadcast: "
                           "every source to every other node at cycle 0"),
                       {"uniform", "file", "broadcast"}));
    k.push_back(real(
        key("traffic", "load", Kind::Real, "0.01", "flits/node/cycle", "offered load", "uniform"),
        0, 1, true));
    k.push_back(whole(key("traffic", "length", Kind::Whole, "16", "flits", "payload per message",
                          "uniform|broadcast"),
                      1, 1 << 20));
    k.push_back(choice(key("traffic", "process", Kind::Choice, "bernoulli", "",
                           "injection process of each node", "uniform"),
                       {"bernoulli", "poisson"}));
    k.push_back(whole(key("traffic", "warmup", Kind::Whole, "1000", "cycles", "warm-up", "uniform"),
                      0, cycles));
    k.push_back(whole(
        key("traffic", "measure", Kind::Whole, "10000", "cycles", "measured window", "uniform"), 1,
        cycles));
    k.push_back(real(key("traffic", "multicast_ratio", Kind::Real, "0", "",
                         "share of messages that are multicasts", "uniform"),
                     0, 1));
    k.push_back(key("traffic", "multicast_destinations", Kind::Text, "2..nodes-1", "",
                    "destinations per multicast", "uniform"));
    k.push_back(key("traffic", "file", Kind::Text, "", "",
                    "the message file (relative to the scenario's folder)", "file"));
    k.push_back(key("traffic", "sources", Kind::Text, "", "",
                    "the broadcasting nodes: \"x,y;x,y\" or a YAML list (or random_sources)",
                    "broadcast"));
    k.push_back(
        whole(key("traffic", "random_sources", Kind::Whole, "", "",
                  "that many broadcasting nodes drawn from run.seed (or sources)", "broadcast"),
              1, 0));  // at most the network's nodes
    k.push_back(whole(key("run", "seed", Kind::Whole, "1", "",
                          "seed of every random draw of the run (traffic, random sources)"),
                      0, ~0ull >> 1));
    k.push_back(whole(key("run", "drain_limit", Kind::Whole, "2000000", "cycles",
                          "cycles after the measured window to deliver what is in flight"),
                      1, cycles));
    k.push_back(key("run", "stop_when_saturated", Kind::Flag, "true", "",
                    "end a run early once its sources' queues grow without bound (saturated)"));
    k.push_back(real(key("run", "max_hours", Kind::Real, "24", "hours",
                         "the longest a run's traffic may take at its measured speed; a run "
                         "that would take longer stops with the estimate"),
                     0, 1e6, true));
    k.push_back(whole(key("run", "memory_limit_mb", Kind::Whole, "8192", "MB",
                          "a run whose estimated network and schedule need more is refused"),
                      1, 1ull << 30));
    return k;
}

}  // namespace

std::string ScenarioKey::range() const {
    switch (kind) {
        case Kind::Whole:
            if (whole_max == 0) return fmt::format("{}..nodes", whole_min);
            return fmt::format("{}..{}", whole_min, whole_max);
        case Kind::Real:
            return fmt::format("{}{}, {}]", open_min ? "(" : "[", min, max);
        case Kind::Flag:
        case Kind::Choice:
            return fmt::format("{}", fmt::join(choices, "|"));
        case Kind::Text:
            break;
    }
    return "";
}

double ScenarioKey::number() const {
    if (kind == Kind::Flag) return fallback == "true" ? 1 : 0;
    if (kind != Kind::Real) throw std::logic_error(name() + ": not a number key");
    return std::stod(fallback);
}

std::uint64_t ScenarioKey::whole() const {
    if (kind != Kind::Whole) throw std::logic_error(name() + ": not a whole-number key");
    return fallback.empty() ? 0 : std::stoull(fallback);
}

const std::vector<ScenarioKey>& scenario_keys() {
    static const std::vector<ScenarioKey> keys = declare();
    return keys;
}

const ScenarioKey& scenario_key(const std::string& name) {
    for (const auto& k : scenario_keys())
        if (k.name() == name) return k;
    throw std::logic_error("no scenario key " + name + " is declared");
}

}  // namespace wormcast::sim
