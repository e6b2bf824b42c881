// The broadcast firmware alone, without a network: messages delivered in seeded random orders
// (any order the dependencies allow), checked against a reference of the data-driven rule, and
// every node must end with every source's message exactly once, the run's sends exactly the plan's.
#include <catch2/catch.hpp>

#include <map>
#include <random>
#include <set>

#include "topologies/broadcast/BroadcastFirmware.hpp"
#include "topologies/broadcast/BroadcastPlanner.hpp"

using namespace wormcast;
using namespace wormcast::broadcast;

namespace {

struct InFlight {
    NodeId from = 0;
    SendOrder order;
};

/// Runs every node's firmware, delivering in-flight messages in a random order. Returns how often
/// each (node, multicast) was served, and checks each release against the rule in the reference.
std::map<std::pair<NodeId, std::uint32_t>, int> random_order_run(const BroadcastSchedule& schedule,
                                                                 std::mt19937_64& rng,
                                                                 std::size_t& delivered) {
    auto run = std::make_shared<const BroadcastRun>(schedule);
    const std::uint32_t nodes = schedule.shape.nodes();
    std::vector<std::unique_ptr<BroadcastFirmware>> firmware;
    for (NodeId v = 0; v < nodes; ++v)
        firmware.push_back(std::make_unique<BroadcastFirmware>(run, v));
    // Reference state: which sends each node has received and started.
    std::set<std::pair<std::uint32_t, std::uint32_t>> received_sends, started_sends;
    std::vector<InFlight> flight;
    const auto released = [&](NodeId v, std::vector<SendOrder> orders) {
        for (auto& o : orders) {
            const auto* note = dynamic_cast<const BroadcastNote*>(o.note.get());
            REQUIRE(note != nullptr);
            const ScheduleSend& send = run->send(note->send);
            REQUIRE(send.from == v);
            REQUIRE(o.length == send.flits);
            REQUIRE(o.carries.has_value());
            REQUIRE(o.carries->size() == send.messages.size());
            // The rule: control messages to v of earlier steps have arrived (all messages, for a
            // control send); v's earlier sends in the same direction have started.
            for (const auto& in : run->sends_to(v))
                if (in.step < note->send.step && (send.control() || run->send(in).control()))
                    REQUIRE(received_sends.count({in.step, in.index}) == 1);
            const int direction = schedule.shape.ecube_port(v, send.to);
            for (const auto& mine : run->sends_from(v))
                if (mine.step < note->send.step &&
                    schedule.shape.ecube_port(v, run->send(mine).to) == direction)
                    REQUIRE(started_sends.count({mine.step, mine.index}) == 1);
            REQUIRE(started_sends.emplace(note->send.step, note->send.index).second);
            flight.push_back({v, std::move(o)});
        }
    };
    for (NodeId v = 0; v < nodes; ++v) released(v, firmware[v]->boot(v));
    std::uint32_t next_id = 1000;
    std::map<std::uint32_t, std::pair<NodeId, std::uint32_t>> multicast_of;  // id -> source, part
    for (const auto& request : broadcast_requests(schedule)) {
        MulticastRequest r = request;
        r.multicast = next_id++;
        multicast_of[r.multicast] = {r.source, 0};
        released(r.source, firmware[r.source]->start(r));
    }
    std::map<std::pair<NodeId, std::uint32_t>, int> served;
    delivered = 0;
    while (!flight.empty()) {
        const std::size_t pick = rng() % flight.size();
        InFlight message = std::move(flight[pick]);
        flight.erase(flight.begin() + static_cast<std::ptrdiff_t>(pick));
        const auto* note = dynamic_cast<const BroadcastNote*>(message.order.note.get());
        const NodeId to = message.order.header.destinations.front();
        received_sends.emplace(note->send.step, note->send.index);
        for (std::uint32_t id : *message.order.carries) {
            REQUIRE(multicast_of.count(id) == 1);
            ++served[{to, id}];
        }
        ++delivered;
        released(to, firmware[to]->received(to, 0, note));
    }
    for (NodeId v = 0; v < nodes; ++v) REQUIRE(firmware[v]->pending() == 0);
    for (const auto& [id, source] : multicast_of)
        for (NodeId v = 0; v < nodes; ++v)
            if (v != source.first) REQUIRE(served[{v, id}] == 1);
    return served;
}

}  // namespace

TEST_CASE("the broadcast firmware finishes every schedule in any delivery order, each message once",
          "[broadcast][firmware]") {
    std::mt19937_64 rng(31);
    for (const char* algorithm : {"atd:h=1", "atd:h=2", "atd:h=5", "atd:h=10", "edst", "naive"})
        for (std::uint32_t s : {1u, 17u, 100u}) {
            BroadcastConfig c;
            c.shape = mesh::MeshShape::parse("10x10", true);
            parse_broadcast_algorithm(algorithm, c);
            c.message_flits = 4;
            c.sources = random_sources(c.shape, s, rng);
            const auto schedule = plan_broadcast(c);
            INFO(algorithm << " s " << s);
            std::size_t delivered = 0, worms = 0;
            const auto served = random_order_run(schedule, rng, delivered);
            for (const auto& step : schedule.steps) worms += step.sends.size();
            REQUIRE(delivered == worms);
            REQUIRE(served.size() == std::size_t{s} * schedule.parts() * (c.shape.nodes() - 1));
        }
}

TEST_CASE("the broadcast firmware refuses a wrong request and a message delivered twice",
          "[broadcast][firmware]") {
    BroadcastConfig c;
    c.shape = mesh::MeshShape::parse("5x5", true);
    c.scheme = BroadcastScheme::Atd;
    c.h = 5;
    c.sources = {7};
    const auto schedule = plan_broadcast(c);
    auto run = std::make_shared<const BroadcastRun>(schedule);
    BroadcastFirmware source(run, 7), other(run, 8);
    MulticastRequest r = broadcast_requests(schedule)[0];
    r.length = 2;
    REQUIRE_THROWS_WITH(source.start(r), Catch::Contains("every other node with 1 flits"));
    r = broadcast_requests(schedule)[0];
    r.source = 8;
    REQUIRE_THROWS_WITH(other.start(r), Catch::Contains("not a source"));
    r = broadcast_requests(schedule)[0];
    r.multicast = 4;
    source.boot(7);
    auto orders = source.start(r);
    REQUIRE_FALSE(orders.empty());
    REQUIRE_THROWS_WITH(source.start(r), Catch::Contains("more than its 1 request"));
    // Deliver the first send twice at its receiver.
    const NodeId to = orders[0].header.destinations.front();
    BroadcastFirmware receiver(run, to);
    receiver.boot(to);
    receiver.received(to, 4, orders[0].note.get());
    REQUIRE_THROWS_AS(receiver.received(to, 4, orders[0].note.get()), ModelError);
}
