// Unit tests of the mesh multicast algorithms (pure C++): chain order, the Umesh split rule,
// SPUmesh rotation, HL/SQHL/SCHL leaders and worms, the NIC firmware and single-multicast plans.
// Kesavan & Panda §2.2, §3 (Theorem 4: contention freedom), §4; issue 4, definitions 1-5.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>
#include <set>

#include "topologies/mesh/DimensionOrderedChain.hpp"
#include "topologies/mesh/LeaderHierarchy.hpp"
#include "topologies/mesh/MeshMulticastFirmware.hpp"
#include "topologies/mesh/MeshMulticastPlan.hpp"
#include "topologies/mesh/MeshMulticastTree.hpp"
#include "topologies/mesh/MulticastWorkloads.hpp"
#include "topologies/mesh/UmeshSplit.hpp"

using namespace wormcast;
using namespace wormcast::mesh;

namespace {

const MeshMulticastAlgorithm kAllAlgorithms[] = {
    MeshMulticastAlgorithm::Umesh, MeshMulticastAlgorithm::SpUmesh, MeshMulticastAlgorithm::Hl,
    MeshMulticastAlgorithm::Sqhl, MeshMulticastAlgorithm::Schl};

std::vector<NodeId> nodes_at(const MeshShape& shape, const std::string& list) {
    std::vector<NodeId> nodes;
    std::size_t begin = 0;
    while (begin <= list.size()) {
        const std::size_t end = std::min(list.find(';', begin), list.size());
        nodes.push_back(shape.parse_node(list.substr(begin, end - begin)));
        begin = end + 1;
    }
    return nodes;
}

std::vector<std::string> formatted(const MeshShape& shape, const std::vector<NodeId>& nodes) {
    std::vector<std::string> out;
    for (NodeId node : nodes) out.push_back(shape.format(node));
    return out;
}

unsigned ceil_log2(std::size_t value) {
    unsigned bits = 0;
    while ((std::size_t{1} << bits) < value) ++bits;
    return bits;
}

/// One random multicast: a source and `set_size - 1` destinations.
MulticastRequest random_multicast(const MeshShape& shape, std::uint32_t set_size,
                                  std::mt19937_64& rng) {
    return random_overlap_workload(shape.nodes(), 1, set_size, rng).front();
}

/// Directed links (router pairs) that two sends of the same step both use, over a whole plan.
std::size_t links_shared_within_a_step(const MeshMulticastPlan& plan) {
    std::map<std::uint32_t, std::set<std::pair<NodeId, NodeId>>> used;
    std::size_t shared = 0;
    for (const PlanSend& send : plan.sends)
        for (std::size_t hop = 1; hop < send.path.size(); ++hop)
            if (!used[send.step].insert({send.path[hop - 1], send.path[hop]}).second) ++shared;
    return shared;
}

MeshMulticastConfig config_for(const std::string& size, MeshMulticastAlgorithm algorithm,
                               LeaderPhase phase = LeaderPhase::Umesh) {
    return MeshMulticastConfig{MeshShape::parse(size, false), algorithm, phase};
}

}  // namespace

TEST_CASE("chain order sorts x0 most significant and removes duplicates", "[mesh-multicast]") {
    const MeshShape mesh = MeshShape::parse("8x8", false);
    const NodeId source = mesh.parse_node("3,3");
    const auto chain =
        dimension_ordered_chain(mesh, source, nodes_at(mesh, "7,0;1,5;1,2;3,1;7,0;3,3"));
    REQUIRE(formatted(mesh, chain) == std::vector<std::string>{"1,2", "1,5", "3,1", "3,3", "7,0"});
    // Node ids run dimension 0 fastest, so id order differs from chain order: (7,0) has id 7.
    REQUIRE(precedes_in_dimension_order(mesh, mesh.parse_node("1,5"), mesh.parse_node("7,0")));
    REQUIRE_FALSE(
        precedes_in_dimension_order(mesh, mesh.parse_node("7,0"), mesh.parse_node("1,5")));

    const MeshShape cube = MeshShape::parse("4x4x4", false);
    const auto chain3 = dimension_ordered_chain(cube, cube.parse_node("2,0,0"),
                                                nodes_at(cube, "1,3,0;1,0,3;2,0,1;0,3,3;1,0,2"));
    REQUIRE(formatted(cube, chain3) ==
            std::vector<std::string>{"0,3,3", "1,0,2", "1,0,3", "1,3,0", "2,0,0", "2,0,1"});
}

TEST_CASE("SPUmesh rotates the chain left until the source leads it", "[mesh-multicast]") {
    REQUIRE(rotate_to_front({4, 9, 2, 7, 5}, 7) == std::vector<NodeId>{7, 5, 4, 9, 2});
    REQUIRE(rotate_to_front({4, 9, 2}, 4) == std::vector<NodeId>{4, 9, 2});
    REQUIRE_THROWS_AS(rotate_to_front({4, 9, 2}, 3), ModelError);

    const MeshMulticastConfig config = config_for("8x8", MeshMulticastAlgorithm::SpUmesh);
    const MeshShape& mesh = config.shape;
    MulticastRequest request;
    request.source = mesh.parse_node("3,3");
    request.destinations = nodes_at(mesh, "1,0;2,0;7,7;5,2");
    const MeshMulticastTree tree(config, request);
    REQUIRE(formatted(mesh, tree.chain()) ==
            std::vector<std::string>{"3,3", "5,2", "7,7", "1,0", "2,0"});
    REQUIRE(tree.source_index() == 0);

    // Umesh keeps Φ as it is: the source sits at index 2.
    const MeshMulticastTree umesh(config_for("8x8", MeshMulticastAlgorithm::Umesh), request);
    REQUIRE(formatted(mesh, umesh.chain()) ==
            std::vector<std::string>{"1,0", "2,0", "3,3", "5,2", "7,7"});
    REQUIRE(umesh.source_index() == 2);
}

TEST_CASE("Umesh split rule: lower, upper and middle holder", "[mesh-multicast]") {
    SECTION("holder in the lower part sends to lo+h and delegates the upper part") {
        const UmeshSplit split = umesh_split(0, {0, 14});
        REQUIRE(split.receiver == 7);
        REQUIRE(split.delegated == ChainRange{7, 14});
        REQUIRE(split.kept == ChainRange{0, 6});
        const UmeshSplit even = umesh_split(7, {0, 15});
        REQUIRE(even.receiver == 8);
        REQUIRE(even.delegated == ChainRange{8, 15});
        REQUIRE(even.kept == ChainRange{0, 7});
    }
    SECTION("holder in the upper part sends to hi-h and delegates the lower part") {
        const UmeshSplit split = umesh_split(14, {0, 14});
        REQUIRE(split.receiver == 7);
        REQUIRE(split.delegated == ChainRange{0, 7});
        REQUIRE(split.kept == ChainRange{8, 14});
        const UmeshSplit even = umesh_split(8, {0, 15});
        REQUIRE(even.receiver == 7);
        REQUIRE(even.delegated == ChainRange{0, 7});
        REQUIRE(even.kept == ChainRange{8, 15});
        const UmeshSplit offset = umesh_split(12, {10, 13});
        REQUIRE(offset.receiver == 11);
        REQUIRE(offset.delegated == ChainRange{10, 11});
        REQUIRE(offset.kept == ChainRange{12, 13});
    }
    SECTION("odd range with the holder in the middle sends to its successor") {
        const UmeshSplit split = umesh_split(7, {0, 14});
        REQUIRE(split.receiver == 8);
        REQUIRE(split.delegated == ChainRange{8, 14});
        REQUIRE(split.kept == ChainRange{0, 7});
        const UmeshSplit three = umesh_split(4, {3, 5});
        REQUIRE(three.receiver == 5);
        REQUIRE(three.delegated == ChainRange{5, 5});
        REQUIRE(three.kept == ChainRange{3, 4});
    }
    SECTION("a range the holder cannot split is a model error") {
        REQUIRE_THROWS_AS(umesh_split(3, {3, 3}), ModelError);
        REQUIRE_THROWS_AS(umesh_split(9, {0, 5}), ModelError);
    }
    SECTION("odd chains: the common half-node makes fewer start-ups than Theorem 1 counts") {
        // Complete overlap on Φ of D nodes: every source's first send goes to index (D-1)/2
        // (lo+h from below, hi-h from above), which then splits the larger half, (D+1)/2 nodes,
        // keeping the smaller part: ceil(log2((D+1)/2)) sends when (D+1)/2 is a power of two
        // (D = 2^k - 1, Tables 1 and 4), one fewer for D = 129 and 201 (docs/reproduction.md).
        for (std::size_t d : {15u, 31u, 63u, 129u, 201u}) {
            const std::size_t half_node = (d - 1) / 2;
            for (std::size_t source = 0; source < d; ++source) {
                if (source == half_node) continue;
                const UmeshSplit first = umesh_split(source, {0, d - 1});
                REQUIRE(first.receiver == half_node);
                REQUIRE(first.delegated.size() == (d + 1) / 2);
            }
            const std::size_t sends =
                umesh_schedule(half_node, umesh_split(0, {0, d - 1}).delegated).size();
            const std::size_t theorem1 = ceil_log2((d + 1) / 2);
            REQUIRE(sends == ((d == 129 || d == 201) ? theorem1 - 1 : theorem1));
        }
    }
    SECTION("repeated splits reach every index exactly once within ceil(log2 m) rounds") {
        for (std::size_t size = 1; size <= 70; ++size)
            for (std::size_t source = 0; source < size; ++source) {
                // Breadth-first over (holder, range, step of arrival).
                std::vector<unsigned> arrival(size, 0);
                std::vector<unsigned> received(size, 0);
                received[source] = 1;
                std::vector<std::pair<std::size_t, ChainRange>> holders{{source, {0, size - 1}}};
                while (!holders.empty()) {
                    const auto [holder, range] = holders.back();
                    holders.pop_back();
                    unsigned step = arrival[holder];
                    const auto schedule = umesh_schedule(holder, range);
                    REQUIRE(schedule.size() <= ceil_log2(range.size()));
                    for (const UmeshSplit& split : schedule) {
                        ++step;
                        REQUIRE(split.delegated.contains(split.receiver));
                        REQUIRE((split.receiver == split.delegated.lo ||
                                 split.receiver == split.delegated.hi));
                        ++received[split.receiver];
                        arrival[split.receiver] = step;
                        holders.push_back({split.receiver, split.delegated});
                    }
                }
                REQUIRE(std::all_of(received.begin(), received.end(),
                                    [](unsigned r) { return r == 1; }));
                REQUIRE(*std::max_element(arrival.begin(), arrival.end()) == ceil_log2(size));
            }
    }
}

TEST_CASE("HL, SQHL and SCHL choose leaders per Figs. 8 and 12 in 2-D", "[mesh-multicast]") {
    const MeshShape mesh = MeshShape::parse("8x8", false);
    // Rows (lines along x) y=1: x=1,4,6; y=5: x=2,6; y=6: x=5. Source (5,6) joins row 6.
    const NodeId source = mesh.parse_node("5,6");
    const auto destinations = nodes_at(mesh, "1,1;4,1;6,1;2,5;6,5;2,6");

    SECTION("HL: lowest node of every line") {
        const LeaderHierarchy hl(mesh, LeaderScheme::Hl, source, destinations);
        REQUIRE(hl.levels() == 2);
        REQUIRE(formatted(mesh, hl.leaders(1)) == std::vector<std::string>{"1,1", "2,5", "2,6"});
        REQUIRE(formatted(mesh, hl.leaders(2)) == std::vector<std::string>{"1,1", "2,5"});
        const auto& rows = hl.groups(1);
        REQUIRE(rows.size() == 3);
        REQUIRE(formatted(mesh, rows[0].worm) == std::vector<std::string>{"4,1", "6,1"});
        // Row 6: leader (2,6); the source (5,6) is a member but not on the worm: empty worm.
        REQUIRE(mesh.format(rows[2].leader) == "2,6");
        REQUIRE(rows[2].members.size() == 2);
        REQUIRE(rows[2].worm.empty());
        const auto& columns = hl.groups(2);
        REQUIRE(columns.size() == 2);
        REQUIRE(mesh.format(columns[1].leader) == "2,5");
        REQUIRE(formatted(mesh, columns[1].worm) == std::vector<std::string>{"2,6"});
    }
    SECTION("SQHL: the end of each line on the source's half (s = (5,6): high x, high y)") {
        const LeaderHierarchy sqhl(mesh, LeaderScheme::Sqhl, source, destinations);
        REQUIRE(formatted(mesh, sqhl.leaders(1)) == std::vector<std::string>{"5,6", "6,1", "6,5"});
        REQUIRE(formatted(mesh, sqhl.leaders(2)) == std::vector<std::string>{"5,6", "6,5"});
        const auto& rows = sqhl.groups(1);
        REQUIRE(formatted(mesh, rows[0].worm) == std::vector<std::string>{"4,1", "1,1"});
        const auto& columns = sqhl.groups(2);
        REQUIRE(mesh.format(columns[1].leader) == "6,5");
        REQUIRE(formatted(mesh, columns[1].worm) == std::vector<std::string>{"6,1"});
        // s_r = floor(k/2) - 1 = 3 still counts as the low half; the source's own row is {(3,3)}.
        const LeaderHierarchy low(mesh, LeaderScheme::Sqhl, mesh.parse_node("3,3"), destinations);
        REQUIRE(formatted(mesh, low.leaders(1)) ==
                std::vector<std::string>{"1,1", "2,5", "2,6", "3,3"});
        REQUIRE(formatted(mesh, low.leaders(2)) == std::vector<std::string>{"1,1", "2,5", "3,3"});
        // s_r = floor(k/2) = 4 is the high half already.
        const LeaderHierarchy high(mesh, LeaderScheme::Sqhl, mesh.parse_node("4,4"), destinations);
        REQUIRE(formatted(mesh, high.leaders(1)) ==
                std::vector<std::string>{"2,6", "4,4", "6,1", "6,5"});
        REQUIRE(formatted(mesh, high.leaders(2)) == std::vector<std::string>{"2,6", "4,4", "6,5"});
    }
    SECTION("SCHL: around the planes through the source") {
        const LeaderHierarchy schl(mesh, LeaderScheme::Schl, source, destinations);
        // Row 1 splits into {1,4} led by (4,1) and {6} led by (6,1).
        const auto& rows = schl.groups(1);
        REQUIRE(rows.size() == 5);
        REQUIRE(formatted(mesh, schl.leaders(1)) ==
                std::vector<std::string>{"2,5", "4,1", "5,6", "6,1", "6,5"});
        for (const LeaderGroup& group : rows)
            if (mesh.format(group.leader) == "4,1")
                REQUIRE(formatted(mesh, group.worm) == std::vector<std::string>{"1,1"});
        // Column x=6: y=1 and y=5 both <= 6 form one group led by the highest, (6,5).
        REQUIRE(formatted(mesh, schl.leaders(2)) ==
                std::vector<std::string>{"2,5", "4,1", "5,6", "6,5"});
        for (const LeaderGroup& group : schl.groups(2))
            if (mesh.format(group.leader) == "6,5")
                REQUIRE(formatted(mesh, group.worm) == std::vector<std::string>{"6,1"});
    }
    SECTION("SCHL: a line straddling the source gets two leaders next to the plane") {
        const LeaderHierarchy schl(mesh, LeaderScheme::Schl, mesh.parse_node("3,2"),
                                   nodes_at(mesh, "0,4;1,4;3,4;4,4;7,4"));
        REQUIRE(formatted(mesh, schl.leaders(1)) == std::vector<std::string>{"3,2", "3,4", "4,4"});
        for (const LeaderGroup& group : schl.groups(1)) {
            if (mesh.format(group.leader) == "3,4")
                REQUIRE(formatted(mesh, group.worm) == std::vector<std::string>{"1,4", "0,4"});
            if (mesh.format(group.leader) == "4,4")
                REQUIRE(formatted(mesh, group.worm) == std::vector<std::string>{"7,4"});
        }
        // Column 3: (3,2) <= s_y = 2 and (3,4) > 2 stay apart; column 4 is alone.
        REQUIRE(formatted(mesh, schl.leaders(2)) == std::vector<std::string>{"3,2", "3,4", "4,4"});
    }
}

TEST_CASE("HL, SQHL and SCHL choose leaders per Figs. 8 and 12 in 3-D", "[mesh-multicast]") {
    const MeshShape cube = MeshShape::parse("4x4x4", false);
    // A full 4x4x4 broadcast: L1 is one plane x = const, L2 one column, L3 one node.
    std::vector<NodeId> everyone;
    const NodeId source = cube.parse_node("2,1,3");
    for (NodeId node = 0; node < cube.nodes(); ++node)
        if (node != source) everyone.push_back(node);

    const LeaderHierarchy hl(cube, LeaderScheme::Hl, source, everyone);
    REQUIRE(hl.levels() == 3);
    REQUIRE(hl.leaders(1).size() == 16);
    for (NodeId leader : hl.leaders(1)) REQUIRE(cube.coord(leader)[0] == 0);
    REQUIRE(hl.leaders(2).size() == 4);
    for (NodeId leader : hl.leaders(2))
        REQUIRE((cube.coord(leader)[0] == 0 && cube.coord(leader)[1] == 0));
    REQUIRE(formatted(cube, hl.leaders(3)) == std::vector<std::string>{"0,0,0"});

    // SQHL from (2,1,3) on k=4: x=2 > 1 -> high end, y=1 <= 1 -> low end, z=3 -> high end.
    const LeaderHierarchy sqhl(cube, LeaderScheme::Sqhl, source, everyone);
    REQUIRE(formatted(cube, sqhl.leaders(3)) == std::vector<std::string>{"3,0,3"});
    for (const LeaderGroup& group : sqhl.groups(3))
        REQUIRE(formatted(cube, group.worm) == std::vector<std::string>{"3,0,2", "3,0,1", "3,0,0"});

    // SCHL: x in {0,1,2} led by x=2, {3} by x=3; y {0,1} by y=1, {2,3} by y=2; z {0..3} by z=3.
    const LeaderHierarchy schl(cube, LeaderScheme::Schl, source, everyone);
    REQUIRE(schl.leaders(1).size() == 32);  // x in {2, 3}, every y and z
    for (NodeId leader : schl.leaders(1)) REQUIRE(cube.coord(leader)[0] >= 2);
    REQUIRE(schl.leaders(2).size() == 16);  // x in {2, 3}, y in {1, 2}, every z
    for (NodeId leader : schl.leaders(2))
        REQUIRE((cube.coord(leader)[1] == 1 || cube.coord(leader)[1] == 2));
    REQUIRE(formatted(cube, schl.leaders(3)) ==
            std::vector<std::string>{"2,1,3", "2,2,3", "3,1,3", "3,2,3"});
    for (const LeaderGroup& group : schl.groups(1))
        if (cube.format(group.leader) == "2,1,3")  // the source leads its row: itself excluded
            REQUIRE(formatted(cube, group.worm) == std::vector<std::string>{"1,1,3", "0,1,3"});

    // A sparse 3-D set. Rows (along x): (0,2,0)+(2,2,0) led by (0,2,0); (1,1,0)+(3,1,0) by
    // (1,1,0). Columns (along y): all alone. Pillars (along z): (1,1,0)+(1,1,3) led by (1,1,0).
    const NodeId sparse_source = cube.parse_node("2,0,3");
    const auto sparse_destinations = nodes_at(cube, "0,2,0;2,2,0;1,1,0;3,1,0;1,1,3");
    const LeaderHierarchy sparse(cube, LeaderScheme::Hl, sparse_source, sparse_destinations);
    const std::vector<std::string> l1{"0,2,0", "1,1,0", "1,1,3", "2,0,3"};
    REQUIRE(formatted(cube, sparse.leaders(1)) == l1);
    REQUIRE(formatted(cube, sparse.leaders(2)) == l1);
    REQUIRE(formatted(cube, sparse.leaders(3)) ==
            std::vector<std::string>{"0,2,0", "1,1,0", "2,0,3"});
    // (1,1,0) leads a level-3 and a level-1 worm (none at level 2): sent level 3 first.
    MulticastRequest request;
    request.source = sparse_source;
    request.destinations = sparse_destinations;
    const MeshMulticastTree tree(
        MeshMulticastConfig{cube, MeshMulticastAlgorithm::Hl, LeaderPhase::Umesh}, request);
    const auto& worms = tree.worms_led_by(cube.parse_node("1,1,0"));
    REQUIRE(worms.size() == 2);
    REQUIRE(worms[0].level == 3);
    REQUIRE(formatted(cube, worms[0].destinations) == std::vector<std::string>{"1,1,3"});
    REQUIRE(worms[1].level == 1);
    REQUIRE(formatted(cube, worms[1].destinations) == std::vector<std::string>{"3,1,0"});
    REQUIRE(formatted(cube, tree.chain()) == std::vector<std::string>{"0,2,0", "1,1,0", "2,0,3"});
}

TEST_CASE("firmware: source sends, notes drive receivers, unicasts before worms n..1",
          "[mesh-multicast]") {
    SECTION("Umesh on the issue's example: (3,3) -> 1,0; 2,0; 7,7") {
        MeshMulticastFirmware firmware(config_for("8x8", MeshMulticastAlgorithm::Umesh));
        const MeshShape& mesh = firmware.config().shape;
        MulticastRequest request;
        request.multicast = 5;
        request.source = mesh.parse_node("3,3");
        request.destinations = nodes_at(mesh, "1,0;2,0;7,7");
        request.length = 50;
        // Φ = (1,0) (2,0) (3,3) (7,7); source at 2 of [0,3]: hi-p = 1 < 2 -> send to index 1.
        const auto sends = firmware.start(request);
        REQUIRE(sends.size() == 2);
        REQUIRE(sends[0].header == Header::unicast(mesh.parse_node("2,0")));
        REQUIRE(sends[0].length == 50);
        REQUIRE(sends[0].level == 0);
        REQUIRE(sends[0].note != nullptr);
        REQUIRE(sends[1].header == Header::unicast(mesh.parse_node("7,7")));
        REQUIRE(sends[1].note == nullptr);  // a leaf has nothing to do
        // The receiver (2,0) continues with its delegated sub-chain [0,1].
        const auto next = firmware.received(mesh.parse_node("2,0"), 5, sends[0].note.get());
        REQUIRE(next.size() == 1);
        REQUIRE(next[0].header == Header::unicast(mesh.parse_node("1,0")));
        REQUIRE(firmware.received(mesh.parse_node("7,7"), 5, nullptr).empty());
        // A note delivered to the wrong node is a model error.
        REQUIRE_THROWS_AS(firmware.received(mesh.parse_node("7,7"), 5, sends[0].note.get()),
                          ModelError);
    }
    SECTION("HL broadcast: leader sends its level-2 worm then its level-1 worm") {
        MeshMulticastFirmware firmware(config_for("4x4", MeshMulticastAlgorithm::Hl));
        const MeshShape& mesh = firmware.config().shape;
        MulticastRequest request;
        request.source = mesh.parse_node("2,3");
        for (NodeId node = 0; node < mesh.nodes(); ++node)
            if (node != request.source) request.destinations.push_back(node);
        // L2 = {(0,0)}; chain {(0,0), (2,3)}: the source unicasts to (0,0), then sends nothing
        // else ((2,3) leads no group: its row is led by (0,3)).
        const auto sends = firmware.start(request);
        REQUIRE(sends.size() == 1);
        REQUIRE(sends[0].header == Header::unicast(mesh.parse_node("0,0")));
        const auto corner = firmware.received(mesh.parse_node("0,0"), 0, sends[0].note.get());
        REQUIRE(corner.size() == 2);
        REQUIRE(corner[0].level == 2);
        REQUIRE(corner[0].header == Header::dest_list(nodes_at(mesh, "0,1;0,2;0,3")));
        REQUIRE(corner[1].level == 1);
        REQUIRE(corner[1].header == Header::dest_list(nodes_at(mesh, "1,0;2,0;3,0")));
        // Row leader (0,3) got the level-2 worm: it sends its level-1 worm, source excluded.
        const auto row = firmware.received(mesh.parse_node("0,3"), 0, corner[0].note.get());
        REQUIRE(row.size() == 1);
        REQUIRE(row[0].header == Header::dest_list(nodes_at(mesh, "1,3;3,3")));
        // Plain members of a level-1 worm have nothing left to do: no note is sent at all.
        REQUIRE(corner[1].note == nullptr);
    }
    SECTION("every node sends unicasts first, then worms of strictly decreasing level") {
        std::mt19937_64 rng(11);
        for (MeshMulticastAlgorithm algorithm : kAllAlgorithms)
            for (const char* size : {"8x8", "4x4x4"}) {
                const MeshMulticastConfig config = config_for(size, algorithm);
                for (int trial = 0; trial < 40; ++trial) {
                    const auto request =
                        random_multicast(config.shape, 2 + rng() % (config.shape.nodes() - 1), rng);
                    const auto plan =
                        plan_mesh_multicast(config, request.source, request.destinations);
                    std::map<NodeId, std::vector<const PlanSend*>> by_sender;
                    for (const PlanSend& send : plan.sends) by_sender[send.from].push_back(&send);
                    for (const auto& entry : by_sender) {
                        int previous_level = -1;
                        bool worms_started = false;
                        for (const PlanSend* send : entry.second) {
                            if (send->kind == PlanSendKind::Unicast) {
                                REQUIRE_FALSE(worms_started);
                                REQUIRE(send->level == 0);
                                continue;
                            }
                            REQUIRE(uses_multidestination_worms(algorithm));
                            if (worms_started) REQUIRE(send->level < previous_level);
                            worms_started = true;
                            previous_level = send->level;
                        }
                        // One start-up per step at a node, consecutive once it has begun.
                        for (std::size_t i = 1; i < entry.second.size(); ++i)
                            REQUIRE(entry.second[i]->step == entry.second[i - 1]->step + 1);
                    }
                }
            }
    }
    SECTION("bad requests and tori are refused with configuration errors") {
        MeshMulticastFirmware firmware(config_for("4x4", MeshMulticastAlgorithm::Schl));
        MulticastRequest request;
        request.source = 3;
        request.destinations = {1, 3};
        REQUIRE_THROWS_AS(firmware.start(request), ConfigError);
        request.destinations = {1, 2, 1};
        REQUIRE_THROWS_AS(firmware.start(request), ConfigError);
        request.destinations = {16};
        REQUIRE_THROWS_AS(firmware.start(request), ConfigError);
        request.source = 16;
        request.destinations = {1};
        REQUIRE_THROWS_AS(firmware.start(request), ConfigError);
        REQUIRE_THROWS_AS(
            MeshMulticastFirmware(MeshMulticastConfig{
                MeshShape::parse("4x4", true), MeshMulticastAlgorithm::Umesh, LeaderPhase::Umesh}),
            ConfigError);
        REQUIRE(parse_mesh_multicast_algorithm("SPUmesh") == MeshMulticastAlgorithm::SpUmesh);
        REQUIRE(parse_leader_phase("spumesh") == LeaderPhase::SpUmesh);
        REQUIRE_THROWS_AS(parse_mesh_multicast_algorithm("binomial"), ConfigError);
        REQUIRE_THROWS_AS(parse_leader_phase("hl"), ConfigError);
    }
}

TEST_CASE("every destination receives exactly once in every plan", "[mesh-multicast]") {
    std::mt19937_64 rng(2024);
    for (const char* size : {"8x8", "5x7", "2x2", "4x4x4", "3x5x4"})
        for (MeshMulticastAlgorithm algorithm : kAllAlgorithms)
            for (LeaderPhase phase : {LeaderPhase::Umesh, LeaderPhase::SpUmesh}) {
                const MeshMulticastConfig config = config_for(size, algorithm, phase);
                const MeshShape& shape = config.shape;
                for (int trial = 0; trial < 60; ++trial) {
                    const std::uint32_t set_size =
                        trial == 0 ? shape.nodes()
                                   : 1 + static_cast<std::uint32_t>(rng() % shape.nodes());
                    const auto request = random_multicast(shape, set_size, rng);
                    const auto plan =
                        plan_mesh_multicast(config, request.source, request.destinations);
                    std::map<NodeId, int> copies;
                    for (const PlanSend& send : plan.sends) {
                        REQUIRE(send.level >= 0);
                        REQUIRE(send.level <= static_cast<int>(shape.dimensions()));
                        REQUIRE(send.path.front() == send.from);
                        REQUIRE(send.path.back() == send.to.back());
                        if (send.kind == PlanSendKind::Unicast) {
                            REQUIRE(send.to.size() == 1);
                        } else {
                            // The worm follows the e-cube route from its sender to its last
                            // destination, meeting the others on the way (BRCP conformance).
                            REQUIRE(send.path == shape.ecube_path(send.from, send.to.back()));
                            REQUIRE(send.level >= 1);
                        }
                        for (NodeId node : send.to) ++copies[node];
                    }
                    INFO(to_string(algorithm) << " on " << size << ", |Φ| = " << set_size);
                    REQUIRE(copies.size() == request.destinations.size());
                    for (NodeId destination : request.destinations)
                        REQUIRE(copies[destination] == 1);
                    REQUIRE(copies.count(request.source) == 0);
                }
            }
}

TEST_CASE("a single Umesh or SPUmesh multicast takes ceil(log2 |Φ|) steps", "[mesh-multicast]") {
    std::mt19937_64 rng(7);
    for (const char* size : {"8x8", "16x16", "6x6x6"})
        for (MeshMulticastAlgorithm algorithm :
             {MeshMulticastAlgorithm::Umesh, MeshMulticastAlgorithm::SpUmesh}) {
            const MeshMulticastConfig config = config_for(size, algorithm);
            for (int trial = 0; trial < 200; ++trial) {
                const std::uint32_t set_size =
                    1 + static_cast<std::uint32_t>(rng() % config.shape.nodes());
                const auto request = random_multicast(config.shape, set_size, rng);
                const auto plan = plan_mesh_multicast(config, request.source, request.destinations);
                REQUIRE(plan.steps == ceil_log2(set_size));
                REQUIRE(plan.sends.size() == set_size - 1);
            }
        }
}

TEST_CASE("Umesh and SPUmesh paths of one multicast never share a link in a step",
          "[mesh-multicast]") {
    SECTION("the checker itself sees two sends on one link") {
        MeshMulticastPlan plan;
        const MeshShape mesh = MeshShape::parse("4x4", false);
        plan.sends.push_back({1, 0, PlanSendKind::Unicast, {3}, mesh.ecube_path(0, 3), 0});
        plan.sends.push_back({1, 1, PlanSendKind::Unicast, {2}, mesh.ecube_path(1, 2), 0});
        REQUIRE(links_shared_within_a_step(plan) == 1);
        plan.sends.back().step = 2;
        REQUIRE(links_shared_within_a_step(plan) == 0);
    }
    std::mt19937_64 rng(99);
    for (const char* size : {"8x8", "5x7", "16x16", "4x4x4", "3x5x4", "6x6x6"})
        for (MeshMulticastAlgorithm algorithm :
             {MeshMulticastAlgorithm::Umesh, MeshMulticastAlgorithm::SpUmesh}) {
            const MeshMulticastConfig config = config_for(size, algorithm);
            for (int trial = 0; trial < 300; ++trial) {
                const std::uint32_t set_size =
                    2 + static_cast<std::uint32_t>(rng() % (config.shape.nodes() - 1));
                const auto request = random_multicast(config.shape, set_size, rng);
                const auto plan = plan_mesh_multicast(config, request.source, request.destinations);
                INFO(to_string(algorithm)
                     << " on " << size << ", source " << config.shape.format(request.source));
                REQUIRE(links_shared_within_a_step(plan) == 0);
            }
        }
}

TEST_CASE("single multicast steps of the HL family on broadcasts", "[mesh-multicast]") {
    const auto broadcast_steps = [](MeshMulticastAlgorithm algorithm, const char* source) {
        const MeshMulticastConfig config = config_for("8x8", algorithm);
        const NodeId from = config.shape.parse_node(source);
        std::vector<NodeId> everyone;
        for (NodeId node = 0; node < config.shape.nodes(); ++node)
            if (node != from) everyone.push_back(node);
        return plan_mesh_multicast(config, from, everyone).steps;
    };
    // HL: unicast to (0,0), level-2 worm, level-1 worm; from the corner itself only the worms.
    REQUIRE(broadcast_steps(MeshMulticastAlgorithm::Hl, "3,3") == 3);
    REQUIRE(broadcast_steps(MeshMulticastAlgorithm::Hl, "0,0") == 2);
    // SQHL from the high quadrant leads from (7,7).
    REQUIRE(broadcast_steps(MeshMulticastAlgorithm::Sqhl, "7,7") == 2);
    REQUIRE(broadcast_steps(MeshMulticastAlgorithm::Sqhl, "4,4") == 3);
    // SCHL: four L2 leaders around the source (2 Umesh steps) + 2 worm levels (Table 6: 4).
    REQUIRE(broadcast_steps(MeshMulticastAlgorithm::Schl, "3,3") == 4);
    // Source on the right edge: L2 = {(7,3), (7,4)}; in the corner L2 is the source alone.
    REQUIRE(broadcast_steps(MeshMulticastAlgorithm::Schl, "7,3") == 3);
    REQUIRE(broadcast_steps(MeshMulticastAlgorithm::Schl, "7,7") == 2);
}
