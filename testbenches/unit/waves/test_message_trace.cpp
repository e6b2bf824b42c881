// Per-message trace files (systemc/pure/MessageTrace.hpp): choosing messages, the JSON lines, the
// story.
#include <catch2/catch.hpp>

#include <string>

#include "systemc/pure/MessageTrace.hpp"

using namespace wormcast;

TEST_CASE("message trace: ids or all, and clear errors otherwise", "[trace-messages]") {
    CHECK(MessageTraceFilter::parse("all", "f").wants(123456));
    const auto f = MessageTraceFilter::parse("3,17", "f");
    CHECK(f.wants(3));
    CHECK(f.wants(17));
    CHECK_FALSE(f.wants(4));
    for (const char* bad : {"", "3,", "x", "-1", "2.5", "3,,4"}) {
        INFO(bad);
        CHECK_THROWS_AS(MessageTraceFilter::parse(bad, "--trace-messages"), ConfigError);
    }
}

TEST_CASE("message trace: lines grouped by message in cycle order, read back, told as a story",
          "[trace-messages]") {
    MessageTraceLog log(MessageTraceFilter::parse("all", "f"));
    // A tree worm whose two branches interleave: each router's waits are its own.
    log.add(7, "routed", 10,
            {{"router", "a"}, {"in_port", 0}, {"in_vc", 0}, {"outputs", {1, 2}}, {"ready", 12}});
    log.add(9, "routed", 11,
            {{"router", "a"}, {"in_port", 1}, {"in_vc", 0}, {"outputs", {3}}, {"ready", 13}});
    log.add(7, "outputs", 15, {{"router", "a"}, {"outputs", {1, 2}}, {"out_vcs", {0, 0}}});
    log.add(7, "head", 16,
            {{"router", "a"}, {"in_port", 0}, {"outputs", {1, 2}}, {"out_vcs", {0, 0}}});
    log.add(7, "routed", 20,
            {{"router", "b"}, {"in_port", 0}, {"in_vc", 0}, {"outputs", {4}}, {"ready", 22}});
    log.add(7, "routed", 21,
            {{"router", "c"}, {"in_port", 0}, {"in_vc", 0}, {"outputs", {4}}, {"ready", 23}});
    log.add(7, "outputs", 22, {{"router", "b"}, {"outputs", {4}}, {"out_vcs", {0}}});
    log.add(7, "head", 25, {{"router", "b"}, {"in_port", 0}, {"outputs", {4}}, {"out_vcs", {0}}});
    log.add(7, "outputs", 30, {{"router", "c"}, {"outputs", {4}}, {"out_vcs", {0}}});
    log.add(7, "bubble", 24, {{"router", "a"}, {"outputs", {1}}, {"out_vcs", {0}}});
    log.add(7, "head", 31, {{"router", "c"}, {"in_port", 0}, {"outputs", {4}}, {"out_vcs", {0}}});
    log.add(7, "message", 5,
            {{"source", "s"},
             {"destinations", nlohmann::ordered_json::array({"x", "y"})},
             {"length", 4},
             {"header_flits", 1},
             {"injected", 5},
             {"arrived", {{"x", 40}, {"y", 41}}}});
    const std::string text = log.jsonl();
    const auto events = read_message_trace(text, "t.jsonl");
    REQUIRE(events.size() == 12);
    CHECK(events.front()["event"] == "message");  // message 7, cycle 5
    CHECK(events.back()["msg"] == 9);
    for (std::size_t i = 1; i + 1 < events.size(); ++i)
        CHECK(events[i]["cycle"].get<Cycle>() >= events[i - 1]["cycle"].get<Cycle>());

    const std::string story = explain_message(events, 7);
    INFO(story);
    CHECK_THAT(story, Catch::Contains("message 7: s -> x y (4 payload flits"));
    CHECK_THAT(
        story,
        Catch::Contains("a: head leaves on output(s) 1 2, replicated x2 (6 cycles after routing, 1 "
                        "waiting for credits)"));
    CHECK_THAT(story, Catch::Contains("c: took output(s) 4 VC(s) 0 (waited 7 cycles in the OCRQ)"));
    CHECK_THAT(story, Catch::Contains("c: head leaves on output(s) 4 (10 cycles after routing"));
    CHECK_THAT(story, Catch::Contains("3 router hop(s) of the head, 1 bubble(s)"));
    CHECK_THAT(story, Catch::Contains("delivered at y at cycle 41"));
    CHECK_THROWS_AS(explain_message(events, 8), ConfigError);
    CHECK_THROWS_AS(read_message_trace("{\"msg\":1,\"event\":\"head\"}\nnot json\n", "t.jsonl"),
                    ConfigError);
}
