// The schedule checkers catch what they must (a shared channel, two worms from one port, a send of
// data the sender lacks, a double delivery, a node left without a message), the route tracer is
// the router's e-cube route, and the JSON, text and SVG renderings carry the schedule.
#include <catch2/catch.hpp>

#include <random>

#include "topologies/broadcast/AtdSchedule.hpp"
#include "topologies/broadcast/BroadcastPlanner.hpp"
#include "topologies/broadcast/ScheduleChecks.hpp"
#include "topologies/broadcast/ScheduleJson.hpp"
#include "topologies/broadcast/ScheduleRender.hpp"

using namespace wormcast;
using namespace wormcast::broadcast;

namespace {

BroadcastSchedule hand_schedule(std::vector<ScheduleStep> steps, std::vector<NodeId> sources) {
    BroadcastSchedule s;
    s.shape = mesh::MeshShape::parse("6x6", true);
    s.scheme = BroadcastScheme::Naive;
    s.sources = std::move(sources);
    s.steps = std::move(steps);
    return s;
}

NodeId at(std::uint32_t x, std::uint32_t y) {
    return y * 6 + x;
}

ScheduleSend data(NodeId from, NodeId to, std::vector<std::uint32_t> messages) {
    const auto flits = static_cast<std::uint32_t>(messages.size());
    return ScheduleSend{from, to, std::move(messages), 0, flits};
}

bool any_contains(const std::vector<std::string>& problems, const std::string& what) {
    for (const auto& p : problems)
        if (p.find(what) != std::string::npos) return true;
    return false;
}

}  // namespace

TEST_CASE("the route tracer follows the routers' e-cube routes, ties the + way",
          "[broadcast][checks]") {
    for (const char* size : {"5x5", "6x6", "4x7"}) {
        const auto shape = mesh::MeshShape::parse(size, true);
        const RouteTracer tracer(shape);
        for (NodeId a = 0; a < shape.nodes(); ++a)
            for (NodeId b = 0; b < shape.nodes(); ++b) {
                const auto channels = tracer.channels(a, b);
                const auto path = shape.ecube_path(a, b);
                REQUIRE(channels.size() + 1 == path.size());
                for (std::size_t i = 0; i < channels.size(); ++i) {
                    REQUIRE(channels[i].node == path[i]);
                    REQUIRE(shape.neighbour(path[i], channels[i].port) == path[i + 1]);
                }
            }
    }
}

TEST_CASE("the congestion checker catches worms that share a channel or a port",
          "[broadcast][checks]") {
    // (0,0)->(3,0) and (1,0)->(2,0) both cross the channel (1,0) -> (2,0).
    auto shared = hand_schedule(
        {{"made up", 1, {data(at(0, 0), at(3, 0), {0}), data(at(1, 0), at(2, 0), {1})}}},
        {at(0, 0), at(1, 0)});
    REQUIRE(any_contains(check_congestion(shared), "share the channel out of 1,0 port 1"));
    // Two worms leaving (2,2) eastwards share its injection channel (and first link).
    auto injection = hand_schedule(
        {{"made up", 1, {data(at(2, 2), at(3, 2), {0}), data(at(2, 2), at(4, 4), {0})}}},
        {at(2, 2)});
    REQUIRE(any_contains(check_congestion(injection), "the injection channel of 2,2"));
    // Two worms entering (3,3) from the west share its consumption channel (and last link).
    auto consumption = hand_schedule(
        {{"made up", 1, {data(at(2, 3), at(3, 3), {0}), data(at(1, 3), at(3, 3), {1})}}},
        {at(2, 3), at(1, 3)});
    const auto problems = check_congestion(consumption);
    REQUIRE(any_contains(problems, "the consumption channel of 3,3"));
    // The same worms in different steps, or opposite directions on a line, are fine.
    auto apart = hand_schedule(
        {{"made up", 1, {data(at(0, 0), at(3, 0), {0})}},
         {"made up", 2, {data(at(1, 0), at(2, 0), {1})}},
         {"made up", 3, {data(at(4, 0), at(2, 0), {0}), data(at(2, 0), at(4, 0), {1})}}},
        {at(0, 0), at(1, 0)});
    REQUIRE(check_congestion(apart).empty());
    // A real schedule broken on purpose: one aggregation worm sent twice.
    BroadcastConfig c;
    c.shape = mesh::MeshShape::parse("10x10", true);
    c.h = 5;
    for (NodeId v = 0; v < 100; ++v) c.sources.push_back(v);
    auto schedule = build_atd(c).schedule;
    REQUIRE(check_congestion(schedule).empty());
    auto& sends = schedule.steps[0].sends;
    sends.push_back(sends[0]);
    REQUIRE_FALSE(check_congestion(schedule).empty());
}

TEST_CASE("the replay catches data a sender lacks, double deliveries and missing messages",
          "[broadcast][checks]") {
    const NodeId a = at(0, 0), b = at(1, 0);
    auto lacking = hand_schedule({{"made up", 1, {data(b, a, {0})}}}, {a});
    REQUIRE(any_contains(replay_schedule(lacking, 100), "does not hold message 0"));
    auto twice =
        hand_schedule({{"made up", 1, {data(a, b, {0}), data(at(5, 0), b, {0})}}}, {a, at(5, 0)});
    twice.steps[0].sends[1].messages = {1};
    twice.steps[0].sends.push_back(data(a, b, {0}));
    REQUIRE(any_contains(replay_schedule(twice, 100), "reaches the receiver twice"));
    auto back =
        hand_schedule({{"made up", 1, {data(a, b, {0})}}, {"made up", 2, {data(b, a, {0})}}}, {a});
    REQUIRE(any_contains(replay_schedule(back, 100), "already holds message 0"));
    REQUIRE(any_contains(replay_schedule(back, 100), "ends without part 0 of message 0"));
    auto flits = hand_schedule({{"made up", 1, {data(a, b, {0})}}}, {a});
    flits.steps[0].sends[0].flits = 3;
    REQUIRE(any_contains(replay_schedule(flits, 100), "3 flits for 1 messages"));
}

TEST_CASE("plan JSON, text and SVG carry every step and send", "[broadcast][render]") {
    std::mt19937_64 rng(3);
    for (const char* algorithm : {"atd:h=5", "edst", "naive"}) {
        BroadcastConfig c;
        c.shape = mesh::MeshShape::parse("10x10", true);
        parse_broadcast_algorithm(algorithm, c);
        c.message_flits = 8;
        c.sources = random_sources(c.shape, 12, rng);
        const auto schedule = plan_broadcast(c);
        INFO(algorithm);
        const auto j = schedule_json(schedule);
        REQUIRE(j["algorithm"] == algorithm);
        REQUIRE(j["sources"].size() == 12);
        REQUIRE(j["sources"][0] == c.shape.format(c.sources[0]));
        REQUIRE(j["startups"] == schedule.steps.size());
        REQUIRE(j["steps"].size() == schedule.steps.size());
        std::size_t worms = 0;
        for (std::size_t s = 0; s < schedule.steps.size(); ++s) {
            const auto& js = j["steps"][s];
            REQUIRE(js["phase"] == schedule.steps[s].phase);
            REQUIRE(js["sends"].size() == schedule.steps[s].sends.size());
            for (std::size_t i = 0; i < js["sends"].size(); ++i) {
                const auto& send = schedule.steps[s].sends[i];
                REQUIRE(js["sends"][i]["from"] == c.shape.format(send.from));
                REQUIRE(js["sends"][i]["to"] == c.shape.format(send.to));
                REQUIRE(js["sends"][i]["messages"] == send.messages);
                REQUIRE(js["sends"][i]["flits"] == send.flits);
            }
            worms += schedule.steps[s].sends.size();
            const std::string svg = render_step_svg(schedule, s);
            REQUIRE(svg.rfind("<svg", 0) == 0);
            REQUIRE(svg.find("</svg>") != std::string::npos);
            // One arrow head per worm.
            std::size_t heads = 0;
            for (auto p = svg.find("marker-end"); p != std::string::npos;
                 p = svg.find("marker-end", p + 1))
                ++heads;
            REQUIRE(heads == schedule.steps[s].sends.size());
        }
        REQUIRE(j["worms"] == worms);
        REQUIRE(j.contains("trees") == (schedule.scheme == BroadcastScheme::Edst));
        if (j.contains("trees")) {
            REQUIRE(j["trees"].size() == 4);
            REQUIRE(j["trees"][0]["parent"].size() == 99);
            REQUIRE(j["trees"][1]["root"] == "5,5");
        }
        const std::string text = render_schedule_text(schedule);
        REQUIRE(text.find("startups: " + std::to_string(schedule.startups())) != std::string::npos);
        REQUIRE_THROWS_AS(render_step_svg(schedule, schedule.steps.size()), ConfigError);
    }
}

TEST_CASE("algorithm and source parsing name what is wrong", "[broadcast][render]") {
    BroadcastConfig c;
    parse_broadcast_algorithm("atd:h=25", c);
    REQUIRE(c.scheme == BroadcastScheme::Atd);
    REQUIRE(c.h == 25);
    for (const char* bad : {"atd", "atd:h=", "atd:h=x", "atd:5", "edsts", ""})
        REQUIRE_THROWS_WITH(parse_broadcast_algorithm(bad, c), Catch::Contains("algorithm"));
    const auto shape = mesh::MeshShape::parse("5x5", true);
    REQUIRE(parse_sources(shape, "1,2;0,0") == std::vector<NodeId>{11, 0});
    REQUIRE_THROWS_WITH(parse_sources(shape, "1,2;1,2"), Catch::Contains("named twice"));
    REQUIRE_THROWS_AS(parse_sources(shape, "1,9"), ConfigError);
    std::mt19937_64 rng(1);
    REQUIRE_THROWS_WITH(random_sources(shape, 26, rng), Catch::Contains("between 1 and the 25"));
    c.shape = shape;
    c.scheme = BroadcastScheme::Edst;
    c.sources = {0};
    c.message_flits = 3;
    REQUIRE_THROWS_WITH(plan_broadcast(c), Catch::Contains("four parts"));
}
