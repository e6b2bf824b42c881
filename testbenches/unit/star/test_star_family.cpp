// The star family behind the seam (topologies/star/network/StarFamily): topology strings, node
// names, the schemes and their checks, and the hamiltonian scheme's routers reaching a scenario's
// network through MulticastScheme::network.
#include <catch2/catch.hpp>

#include <algorithm>

#include "testbenches/sim/Scenario.hpp"
#include "topologies/TopologyFamily.hpp"
#include "topologies/star/StarRouting.hpp"
#include "topologies/star/network/StarFamily.hpp"

using namespace wormcast;

TEST_CASE("star topology strings, names and schemes through the family seam", "[star][family]") {
    const auto a = parse_topology("star:n=5", "--topology");
    const auto b = parse_topology("star:5", "--topology");
    REQUIRE(a->spec() == "star:n=5");
    REQUIRE(b->spec() == "star:n=5");
    REQUIRE(a->nodes() == 120);
    REQUIRE(a->format_node(a->parse_node("54321", "node")) == "54321");
    REQUIRE(a->parse_node("54321", "node") == 102);  // the check l(54321) = 102
    REQUIRE(star::star_shape_of(*a, "x").dimension() == 5);
    REQUIRE_THROWS_WITH(a->parse_node("5432", "--source"), Catch::StartsWith("--source"));
    REQUIRE_THROWS_AS(parse_topology("star:n=5,n=6", "--topology"), ConfigError);
    REQUIRE_THROWS_AS(parse_topology("star:", "--topology"), ConfigError);

    std::vector<std::string> names;
    for (const auto& s : a->schemes({})) names.push_back(s.name);
    REQUIRE(names == std::vector<std::string>{"unicast", "hamiltonian", "dual-path", "multipath",
                                              "two-phase"});
    for (const auto& s : a->schemes({})) {
        INFO(s.name);
        NetworkParams p;
        a->default_params(p);
        REQUIRE_NOTHROW(s.check(p));
        // Only the hamiltonian scheme needs routers of its own.
        REQUIRE(static_cast<bool>(s.network) == (s.name == "hamiltonian"));
        p.consumption_channels = 1;
        if (s.name == "unicast")
            REQUIRE_NOTHROW(s.check(p));
        else
            REQUIRE_THROWS_WITH(s.check(p), Catch::StartsWith("nic.consumption_channels:"));
        p.consumption_channels = 2;
        p.path_worms = false;
        if (s.name != "unicast")
            REQUIRE_THROWS_WITH(s.check(p), Catch::Contains("router.path_worms: true"));
    }
    REQUIRE_THROWS_WITH(a->schemes({{"--leader-phase", "umesh"}}),
                        Catch::Contains("not an option"));
}

TEST_CASE("a scenario running the hamiltonian scheme gets routers that route lists along the path",
          "[star][family]") {
    const std::string file =
        std::string(WORMCAST_SOURCE_DIR) + "/testbenches/scenarios/star-two-phase.yaml";
    for (const char* scheme : {"hamiltonian", "dual-path"}) {
        INFO(scheme);
        const sim::Scenario s = sim::load_scenario(file, {std::string("nic.multicast=") + scheme});
        NetworkSpec spec = s.network();
        REQUIRE(spec.routers.size() == 24);
        const auto* routing = dynamic_cast<const star::StarRouting*>(spec.routers[8].routing.get());
        REQUIRE(routing != nullptr);
        // From 2143 (8) a list headed for 4231 (23): along the path to 4123 (9), or by RF to the
        // largest neighbour label not beyond 23 (15: 3142, docs/star.md §6).
        const PortId port = routing->next_port(23, true);
        const NodeId next = routing->neighbour_labels().at(port);
        REQUIRE(next == (std::string(scheme) == "hamiltonian" ? 9u : 15u));
        // Unicasts go by RF in both.
        REQUIRE(routing->neighbour_labels().at(routing->next_port(23, false)) == 15u);
    }
}
