// The traffic and run keys of a scenario, declared once (as the network parameters are in
// systemc/NetworkParams.hpp): meaning, unit, range, default and the traffic kinds they apply to.
// The scenario reader takes its ranges and defaults from here, `wormcast params` lists them, and
// docs/scenarios.md describes them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace wormcast::sim {

struct ScenarioKey {
    enum class Kind {
        Whole,   ///< a whole number in [min, max]
        Real,    ///< a number in [min, max], or (min, max] when `open_min`
        Flag,    ///< true or false
        Choice,  ///< one of `choices`
        Text,    ///< anything else: a file name, a range, a list of nodes (checked by the reader)
    };
    std::string section;  ///< "traffic" or "run"
    std::string key;
    std::string meaning;
    std::string unit;  ///< e.g. "cycles", "flits/node/cycle"; empty for flags and choices
    Kind kind = Kind::Whole;
    std::uint64_t whole_min = 0;  ///< Whole: the range
    std::uint64_t whole_max = 0;  ///< Whole: 0 for "the network's nodes" (the reader checks it)
    double min = 0;               ///< Real: the range
    double max = 0;
    bool open_min = false;
    std::vector<std::string> choices;
    /// The default as a scenario writes it ("16", "bernoulli", "true"); for a Text key, the default
    /// in words ("2..nodes-1"), or empty where the key has none.
    std::string fallback;
    /// The traffic kinds the key applies to ("uniform", "file|broadcast"); empty: all.
    std::string kinds;

    std::string name() const { return section + "." + key; }
    /// The range or the choices in words: "1..1048576", "(0, 1]", "true|false".
    std::string range() const;
    /// The default as a number (Real and Flag keys), or as a whole number (Whole keys).
    double number() const;
    std::uint64_t whole() const;
};

/// Every traffic and run key, in the order a scenario lists them (network parameters of the run
/// section, e.g. run.watchdog_cycles, are in network_parameters()).
const std::vector<ScenarioKey>& scenario_keys();
/// The declaration of `section.key`; throws std::logic_error for a key nobody declared.
const ScenarioKey& scenario_key(const std::string& name);

}  // namespace wormcast::sim
