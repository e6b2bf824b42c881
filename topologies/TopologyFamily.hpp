// The topology-family seam (docs/architecture.md): what every folder topologies/<family>/ offers
// the simulation layer and the program, so that neither names a family. A family parses its
// topology strings and scenario keys into a Topology; a Topology names its nodes and routers,
// builds its network, offers its multicast schemes with their checks, renders plans and
// descriptions, and puts RTL routers in where it has them.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "systemc/NetworkSpec.hpp"
#include "systemc/pure/Firmware.hpp"
#include "systemc/pure/Types.hpp"
#include "systemc/rtl/RtlConfig.hpp"

namespace wormcast {

/// key=value settings of a topology: the arguments of a topology string ("b=4,n=2") or the keys
/// of a scenario's network section. Every key must be used: check_all_used() refuses the rest,
/// naming them with `where` ("network" -> "network.b", "--topology" -> "--topology: b").
class TopologyKeys {
  public:
    TopologyKeys(std::string where, std::vector<std::pair<std::string, std::string>> items);
    /// Where relative file paths among the values are read from (a scenario's folder); empty:
    /// the working directory.
    void set_base_directory(std::string directory) { base_directory_ = std::move(directory); }
    /// The value of `key` as a file path, a relative one taken from the base directory; marks
    /// the key used. `fallback` when absent.
    std::string path(const std::string& key, const std::string& fallback) const;
    /// Parse "k=v,k=v" (each key once) of a topology string.
    static TopologyKeys parse_list(const std::string& where, const std::string& text);

    bool has(const std::string& key) const;
    /// The value of `key`, or `fallback` when absent; marks the key used.
    std::string text(const std::string& key, const std::string& fallback) const;
    /// A whole number in [min, max]; ConfigError naming the key otherwise.
    std::uint64_t whole(const std::string& key, std::uint64_t fallback, std::uint64_t min,
                        std::uint64_t max) const;
    /// true/false (also yes/no, on/off).
    bool flag(const std::string& key, bool fallback) const;
    /// The name of a key in error messages: "network.size" or "--topology mesh:...: size".
    std::string field(const std::string& key) const;
    /// Throws ConfigError naming the first key nobody asked for, with the allowed ones.
    void check_all_used(const std::vector<std::string>& allowed) const;
    const std::string& where() const { return where_; }

  private:
    std::string where_;
    std::string base_directory_;
    std::vector<std::pair<std::string, std::string>> items_;
    mutable std::vector<bool> used_;
};

/// What a collective scheme makes of a run's whole workload (MulticastScheme::collective).
struct CollectiveRun {
    /// The firmware of every NIC.
    std::function<std::unique_ptr<Firmware>(NodeId)> firmware;
    /// The requests the hosts submit instead of the workload's, all at the workload's cycle (a
    /// scheme may cut a message into parts, each its own multicast).
    std::vector<MulticastRequest> requests;
};

/// One way a NIC sends a message of several destinations (`nic.multicast`, `plan --algorithm`).
struct MulticastScheme {
    std::string name;         ///< e.g. "hl"
    std::string description;  ///< one line
    /// Refuses (ConfigError naming the scenario key and the reason) parameters the scheme cannot
    /// run with: router mechanisms it needs, consumption channels, topology limits.
    std::function<void(const NetworkParams&)> check;
    /// The firmware of every NIC (null: the network's default).
    std::function<std::function<std::unique_ptr<Firmware>(NodeId)>(const NetworkParams&)> firmware;
    /// What the scheme changes in the network besides the NICs' firmware, e.g. switches that route
    /// its worms their own way; null: nothing. Scenario::network and sim::scheme_network apply it.
    std::function<void(NetworkSpec&, const NetworkParams&)> adapt_network;
    /// Set for a collective scheme, one that plans every message of a run together before it
    /// starts (e.g. a multinode broadcast whose sources the planner knows): from the requests of
    /// the whole run, all submitted in one cycle, the NICs' firmware and the requests to submit.
    /// ConfigError (naming the key) for a workload it cannot plan. `firmware` is then unset.
    std::function<CollectiveRun(const NetworkParams&, const std::vector<MulticastRequest>&)>
        collective;
};

/// An option a family or an experiment adds to a subcommand; the program adds it to the command
/// line without knowing what it means, and hands its value back as text.
struct CommandOption {
    std::string name;  ///< "--leader-phase"
    std::string help;
    bool is_flag = false;  ///< a flag's value is "true" when given
};
/// Option values as given on the command line, by name ("--leader-phase" -> "spumesh"); options
/// not given are absent.
using OptionValues = std::map<std::string, std::string>;

/// Throws ConfigError for an option in `values` that is not one of `known` ("--x: not an option
/// of <what> (its options: ...)").
void check_options(const OptionValues& values, const std::vector<CommandOption>& known,
                   const std::string& what);

/// `wormcast plan`: one multicast's plan in every form the family renders.
struct PlanRequest {
    std::string algorithm;
    std::string source;        ///< as the user wrote it
    std::string destinations;  ///< as the user wrote it (the family's list syntax)
    OptionValues options;      ///< the family's own plan options
};
struct PlanOutput {
    std::string text;
    nlohmann::ordered_json json;
    std::string dot;  ///< Graphviz; empty when the family draws no picture of this plan
};

/// An extra subcommand of a family (e.g. the switch groups of a multistage network).
struct FamilyCommand {
    std::string name;
    std::string help;
    std::vector<CommandOption> options;  ///< besides --topology and --json
    /// Writes the output; returns the exit code.
    std::function<int(const class Topology&, const OptionValues&, bool json, std::ostream&)> run;
};

/// Where a router sits in a family's natural drawing of its network, in router spacings (x to
/// the right, y up).
struct LayoutPoint {
    double x = 0;
    double y = 0;
};

/// One network of a family, as a topology string or scenario names it.
class Topology {
  public:
    virtual ~Topology() = default;

    /// The canonical topology string, e.g. "mesh:8x8", "min-bi:b=4,n=2".
    virtual std::string spec() const = 0;
    /// In words for summaries, e.g. "mesh 8x8".
    virtual std::string name() const = 0;
    virtual std::uint32_t nodes() const = 0;
    virtual std::uint32_t routers() const = 0;

    /// A node as users write it ("3,3" on a mesh, "17" on a MIN); ConfigError naming `field`.
    virtual NodeId parse_node(const std::string& text, const std::string& field) const = 0;
    virtual std::string format_node(NodeId node) const = 0;
    /// A node in JSON documents (pattern files, plans): the family's form; by default its text.
    virtual nlohmann::ordered_json node_json(NodeId node) const { return format_node(node); }
    /// A node read from JSON: a string as parse_node, a non-negative integer as the node id.
    virtual NodeId node_from_json(const nlohmann::json& value, const std::string& field) const;
    /// A router as users write it (trace.routers, network.rtl); by default as its node.
    virtual std::size_t parse_router(const std::string& text, const std::string& field) const;
    virtual std::string format_router(std::size_t router) const;
    /// Router `router`'s place in the family's natural drawing (run --heatmap: a mesh's grid, a
    /// MIN's stages); nullopt (the default): Graphviz lays the network out.
    virtual std::optional<LayoutPoint> router_position(std::size_t router) const {
        (void)router;
        return std::nullopt;
    }
    /// The syntax of a node and a router list in help and errors, e.g. "x,y" and "x,y;x,y".
    virtual std::string node_syntax() const = 0;

    /// Parameter defaults of this topology, applied before a scenario's keys (e.g. 2 VCs on a
    /// torus with datelines).
    virtual void default_params(NetworkParams& params) const { (void)params; }
    /// Refuses parameters this network cannot be built with (ConfigError naming the key).
    virtual void check_params(const NetworkParams& params) const { (void)params; }
    /// The network's description, with its default firmware (one unicast per destination unless
    /// the family's hardware multicasts by default).
    virtual NetworkSpec build(const NetworkParams& params) const = 0;
    /// `nic.multicast: hardware`: the name of the family's hardware multicast scheme (tree or
    /// path worms replicated or absorbed by the routers), after setting in `params` the router
    /// mechanisms and NIC channels it needs; a scenario's own keys are applied afterwards and still
    /// override them. The one scheme name a scenario keeps when its network changes family.
    /// Default: ConfigError naming nic.multicast (the network has no hardware multicast).
    virtual std::string hardware_multicast(NetworkParams& params) const;
    /// Consumption channels a start-up-only pattern run (`wormcast steps`) uses by default.
    virtual unsigned default_consumption_channels() const { return 1; }

    /// The multicast schemes of this topology besides "separate" (one unicast per destination,
    /// which every topology has), with the family's scheme options (plan_options()) applied.
    virtual std::vector<MulticastScheme> schemes(const OptionValues& options) const = 0;
    /// Scheme options (among the family's plan_options()) a scenario may set in its nic section,
    /// as nic.<name without "--", "-" read as "_"> (e.g. --groups -> nic.groups); handed to
    /// schemes(). Default: none.
    virtual std::vector<CommandOption> scheme_options() const { return {}; }

    /// `wormcast plan`; ConfigError when the algorithm or an option does not apply.
    virtual PlanOutput plan(const PlanRequest& request) const;
    /// `wormcast topology`: the network in words and as JSON, with the family's topology options
    /// (TopologyFamily::topology_options; ConfigError for one that does not apply).
    virtual std::string describe_text(const OptionValues& options) const;
    virtual nlohmann::ordered_json describe_json(const OptionValues& options) const;

    /// The RTL configurations (systemc/rtl/RtlConfig: a top module and its Verilog parameters)
    /// that stand in for this network's routers with these parameters, derived at run time and
    /// built on first use; ConfigError naming the mechanism the RTL lacks. By default table-routed
    /// wc_routers (rtl/wc_route_table.sv) holding the tables compiled from the routers' routing
    /// functions (systemc/pure/RouteTable) of build(params).
    virtual std::vector<rtl::RtlConfig> rtl_configs(const NetworkParams& params) const;
    /// rtl_configs in words: "wc_router ..." or "N configurations: ...; ..."; ConfigError as
    /// rtl_configs, with the field network.rtl.
    std::string rtl_model(const NetworkParams& params) const;
    /// NetworkSpec::router_factory putting RTL routers at `routers` (indices) of `spec`, the
    /// network being built (its routing functions as a multicast scheme left them), their
    /// configurations loaded or built now. By default table-routed wc_routers with the tables of
    /// `spec`'s routing functions.
    virtual RouterFactory rtl_factory(const NetworkParams& params,
                                      const std::vector<std::size_t>& routers,
                                      const NetworkSpec& spec) const;
    /// The bit-string groups of this network's route tables (RouteTable): a bit-string header is
    /// looked up under the first group holding all its destinations, so every router must route
    /// the headers of one group alike (one way, or split per destination). Empty (default): the
    /// tables route no bit-strings.
    virtual std::vector<std::vector<NodeId>> route_table_groups() const { return {}; }
};

/// A topology family: the prefixes of its topology strings and how to read them.
class TopologyFamily {
  public:
    virtual ~TopologyFamily() = default;
    virtual std::string name() const = 0;
    /// Topology-string prefixes and scenario `network.topology` values, e.g. {"mesh", "torus"}.
    virtual std::vector<std::string> kinds() const = 0;
    /// Help: the topology strings and scenario keys, e.g. "mesh:8x8 | torus:4x4x4 (keys: size,
    /// dateline)".
    virtual std::string syntax() const = 0;
    /// A topology string's arguments (after "kind:") as keys, e.g. "8x8" -> size=8x8.
    virtual TopologyKeys keys_of(const std::string& kind, const std::string& arguments,
                                 const std::string& where) const = 0;
    /// The topology of `kind` with these keys; every key must be used (TopologyKeys).
    virtual std::unique_ptr<Topology> make(const std::string& kind,
                                           const TopologyKeys& keys) const = 0;
    /// Options the family adds to `wormcast plan` and `wormcast steps` (scheme options).
    virtual std::vector<CommandOption> plan_options() const { return {}; }
    /// Options the family adds to `wormcast topology`.
    virtual std::vector<CommandOption> topology_options() const { return {}; }
    /// Subcommands of the family's own.
    virtual std::vector<FamilyCommand> commands() const { return {}; }
};

/// Every family, in a stable order (topologies/Families.cpp: one line per family).
const std::vector<const TopologyFamily*>& topology_families();

/// The family whose kinds include `kind`; null if none.
const TopologyFamily* find_family(const std::string& kind);

/// Parse a topology string "kind:arguments" (e.g. "mesh:8x8"); ConfigError naming `field` and the
/// topology strings every family accepts. Relative file paths in it are read from
/// `base_directory` (empty: the working directory).
std::unique_ptr<Topology> parse_topology(const std::string& text, const std::string& field,
                                         const std::string& base_directory = "");

/// The topology strings every family accepts, one per line, for help and errors.
std::string topology_syntax();

}  // namespace wormcast
