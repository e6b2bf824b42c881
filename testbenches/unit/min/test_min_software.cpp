// Unit tests of the CMIN / UMIN software multicasts: address-ordered chain, recursive halving in
// ceil(log2(d+1)) steps, step-wise contention on the wiring, and the firmware replaying the plan.
#include <catch2/catch.hpp>

#include <cmath>
#include <deque>
#include <map>
#include <random>
#include <set>
#include <tuple>
#include <vector>

#include "testbenches/unit/min/MinTestSupport.hpp"
#include "topologies/min/MinJson.hpp"
#include "topologies/min/MinSoftwareFirmware.hpp"
#include "topologies/min/SoftwareMinMulticast.hpp"

using namespace wormcast;
using namespace wormcast::min;
using wormcast::testing::random_destinations;

namespace {

std::uint32_t ceil_log2(std::size_t value) {
    std::uint32_t bits = 0;
    while ((std::size_t{1} << bits) < value) ++bits;
    return bits;
}

/// Checks the plan is a valid one-port unicast multicast tree in ceil(log2(d+1)) steps.
void check_plan(const SoftwareMulticastPlan& plan, NodeId source,
                const std::vector<NodeId>& dests) {
    std::map<NodeId, std::uint32_t> informed_at{{source, 0}};
    std::set<std::pair<std::uint32_t, NodeId>> sending;
    for (const UnicastSend& send : plan.sends) {
        REQUIRE(informed_at.count(send.from));
        CHECK(informed_at[send.from] < send.step);              // sender already holds it
        CHECK(sending.insert({send.step, send.from}).second);   // one send per step
        CHECK(informed_at.emplace(send.to, send.step).second);  // reached exactly once
    }
    CHECK(informed_at.size() == dests.size() + 1);
    for (NodeId d : dests) CHECK(informed_at.count(d) == 1);
    CHECK(plan.steps == ceil_log2(dests.size() + 1));
    CHECK(plan.sends.size() == dests.size());
}

}  // namespace

TEST_CASE("software multicast chain and halving rule", "[min][software]") {
    const MinShape shape = MinShape::parse("min-uni:b=2,n=3");
    CHECK(address_ordered_chain(shape, 5, {1, 7, 6, 0}) == std::vector<NodeId>{5, 6, 7, 0, 1});
    const auto sends = halving_sends({5, 6, 7, 0, 1}, 4);
    REQUIRE(sends.size() == 3);
    CHECK(sends[0].step == 4);
    CHECK(sends[0].delegated == std::vector<NodeId>{0, 1});
    CHECK(sends[1].step == 5);
    CHECK(sends[1].delegated == std::vector<NodeId>{7});
    CHECK(sends[2].step == 6);
    CHECK(sends[2].delegated == std::vector<NodeId>{6});
    CHECK(halving_sends({3}, 1).empty());

    const SoftwareMulticastPlan plan =
        plan_software_multicast(shape, SoftwareMinAlgorithm::Cmin, 5, {1, 7, 6, 0});
    CHECK(plan.steps == 3);
    const std::vector<std::tuple<std::uint32_t, NodeId, NodeId>> expected = {
        {1, 5, 0}, {2, 5, 7}, {2, 0, 1}, {3, 5, 6}};
    std::vector<std::tuple<std::uint32_t, NodeId, NodeId>> actual;
    for (const UnicastSend& s : plan.sends) actual.emplace_back(s.step, s.from, s.to);
    CHECK(actual == expected);
    CHECK(software_plan_json(plan).dump() ==
          "{\"sends\":[{\"step\":1,\"from\":5,\"kind\":\"unicast\",\"to\":[0]},"
          "{\"step\":2,\"from\":5,\"kind\":\"unicast\",\"to\":[7]},"
          "{\"step\":2,\"from\":0,\"kind\":\"unicast\",\"to\":[1]},"
          "{\"step\":3,\"from\":5,\"kind\":\"unicast\",\"to\":[6]}]}");
}

TEST_CASE("software multicasts reach every destination once in ceil(log2(d+1)) steps",
          "[min][software]") {
    std::mt19937_64 rng(31337);
    for (const char* size : {"min-uni:b=2,n=4", "min-uni:b=4,n=3", "min-uni:b=8,n=2",
                             "min-bi:b=2,n=5", "min-bi:b=4,n=3", "min-bi:b=8,n=3"}) {
        const MinShape shape = MinShape::parse(size);
        const auto algorithm = shape.kind == MinKind::Bidirectional ? SoftwareMinAlgorithm::Umin
                                                                    : SoftwareMinAlgorithm::Cmin;
        for (int trial = 0; trial < 100; ++trial) {
            const NodeId source = static_cast<NodeId>(rng() % shape.nodes());
            const auto dests = random_destinations(shape.nodes(), source, rng);
            INFO(size << " source " << source << " d = " << dests.size());
            check_plan(plan_software_multicast(shape, algorithm, source, dests), source, dests);
        }
    }
}

TEST_CASE("UMIN on the butterfly is step-wise contention-free", "[min][software]") {
    std::mt19937_64 rng(4242);
    for (const char* size : {"min-bi:b=2,n=3", "min-bi:b=2,n=6", "min-bi:b=4,n=3", "min-bi:b=8,n=2",
                             "min-bi:b=8,n=3"}) {
        const MinWiring wiring(MinShape::parse(size));
        const std::uint32_t nodes = wiring.shape().nodes();
        std::vector<NodeId> everyone_but_last;
        for (NodeId a = 0; a + 1 < nodes; ++a) everyone_but_last.push_back(a);
        CHECK(step_channel_conflicts(
                  wiring, plan_software_multicast(wiring.shape(), SoftwareMinAlgorithm::Umin,
                                                  nodes - 1, everyone_but_last)) == 0);
        for (int trial = 0; trial < 60; ++trial) {
            const NodeId source = static_cast<NodeId>(rng() % nodes);
            const auto dests = random_destinations(nodes, source, rng);
            INFO(size << " source " << source << " d = " << dests.size());
            CHECK(step_channel_conflicts(
                      wiring, plan_software_multicast(wiring.shape(), SoftwareMinAlgorithm::Umin,
                                                      source, dests)) == 0);
        }
    }
}

TEST_CASE("CMIN on the baseline: contention-free for 8 nodes, not in general", "[min][software]") {
    // Every source and every destination set of the 8-node 2x2 baseline.
    const MinWiring small(MinShape::parse("min-uni:b=2,n=3"));
    for (NodeId source = 0; source < 8; ++source)
        for (std::uint32_t subset = 1; subset < 256; ++subset) {
            if (subset & (1U << source)) continue;
            std::vector<NodeId> dests;
            for (NodeId a = 0; a < 8; ++a)
                if (subset & (1U << a)) dests.push_back(a);
            INFO("source " << source << " subset " << subset);
            CHECK(step_channel_conflicts(
                      small, plan_software_multicast(small.shape(), SoftwareMinAlgorithm::Cmin,
                                                     source, dests)) == 0);
        }
    // The 16-node baseline: in the last step of a broadcast 0->1 and 2->3 share the channel
    // after stage 1 (Chiang & Ni: optimal software multicast need not exist on baselines).
    const MinWiring larger(MinShape::parse("min-uni:b=2,n=4"));
    std::vector<NodeId> everyone;
    for (NodeId a = 1; a < 16; ++a) everyone.push_back(a);
    CHECK(step_channel_conflicts(
              larger, plan_software_multicast(larger.shape(), SoftwareMinAlgorithm::Cmin, 0,
                                              everyone)) == 4);
}

TEST_CASE("CMIN/UMIN firmware replays the plan message by message", "[min][software]") {
    std::mt19937_64 rng(99);
    for (const char* size : {"min-uni:b=2,n=5", "min-bi:b=4,n=3"}) {
        const MinShape shape = MinShape::parse(size);
        const auto algorithm = shape.kind == MinKind::Bidirectional ? SoftwareMinAlgorithm::Umin
                                                                    : SoftwareMinAlgorithm::Cmin;
        MinSoftwareFirmware firmware(shape, algorithm);
        for (int trial = 0; trial < 40; ++trial) {
            MulticastRequest request;
            request.multicast = static_cast<std::uint32_t>(trial);
            request.source = static_cast<NodeId>(rng() % shape.nodes());
            request.destinations = random_destinations(shape.nodes(), request.source, rng);
            request.length = 1 + static_cast<std::uint32_t>(rng() % 100);
            const auto plan =
                plan_software_multicast(shape, algorithm, request.source, request.destinations);
            std::set<std::tuple<std::uint32_t, NodeId, NodeId>> expected, replayed;
            for (const UnicastSend& s : plan.sends) expected.emplace(s.step, s.from, s.to);

            std::deque<std::pair<NodeId, std::vector<SendOrder>>> outbox{
                {request.source, firmware.start(request)}};
            while (!outbox.empty()) {
                auto [sender, orders] = std::move(outbox.front());
                outbox.pop_front();
                for (const SendOrder& order : orders) {
                    REQUIRE(order.header.kind == HeaderKind::Unicast);
                    const NodeId to = order.header.destinations.at(0);
                    CHECK(order.length == request.length);
                    const auto* note = dynamic_cast<const ChainNote*>(order.note.get());
                    REQUIRE(note != nullptr);
                    CHECK(note->chain.front() == to);
                    CHECK(note->step == static_cast<std::uint32_t>(order.level));
                    replayed.emplace(note->step, sender, to);
                    outbox.emplace_back(to, firmware.received(to, request.multicast, note));
                }
            }
            CHECK(replayed == expected);
        }
    }
}

TEST_CASE("software multicast input is checked", "[min][software]") {
    using Catch::Matchers::Contains;
    const MinShape bi = MinShape::parse("min-bi:b=2,n=3");
    CHECK_THROWS_WITH(plan_software_multicast(bi, SoftwareMinAlgorithm::Cmin, 0, {1}),
                      Contains("cmin runs on min-uni"));
    CHECK_THROWS_WITH(
        MinSoftwareFirmware(MinShape::parse("min-uni:b=2,n=3"), SoftwareMinAlgorithm::Umin),
        Contains("umin runs on min-bi"));
    CHECK(parse_software_min_algorithm("UMIN") == SoftwareMinAlgorithm::Umin);
    CHECK_THROWS_WITH(parse_software_min_algorithm("atbm"), Contains("cmin, umin"));
    CHECK_THROWS_AS(address_ordered_chain(bi, 0, {0}), ConfigError);

    MinSoftwareFirmware firmware(bi, SoftwareMinAlgorithm::Umin);
    CHECK(firmware.received(3, 0, nullptr).empty());
    ChainNote elsewhere;
    elsewhere.chain = {4, 5};
    CHECK_THROWS_AS(firmware.received(3, 0, &elsewhere), ModelError);
    struct ForeignNote : FirmwareNote {};
    const ForeignNote foreign;
    CHECK_THROWS_AS(firmware.received(3, 0, &foreign), ModelError);
    MulticastRequest empty_message;
    empty_message.destinations = {1};
    empty_message.length = 0;
    CHECK_THROWS_AS(firmware.start(empty_message), ConfigError);
}
