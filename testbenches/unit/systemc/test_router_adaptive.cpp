// Cycle-level tests of adaptive branches (RouteBranch::alternatives) on a single switch: a worm
// takes its lowest available output, chooses again every cycle while none is, and with the
// alternatives withheld (fixed routing) waits for its one output. Varavithya & Mohapatra §4.3, §5.
#include <catch2/catch.hpp>

#include <map>
#include <utility>
#include <vector>

#include "systemc/Kernel.hpp"
#include "systemc/RouteUnit.hpp"
#include "testbenches/unit/systemc/RouterBench.hpp"

using namespace wormcast;
using namespace wormcast::test;
using namespace sc_core;

namespace {

/// Every unicast goes to output 0; adaptive, outputs 1 and 2 are offered as alternatives (the
/// BI-MIN forward phase in miniature: any of three "right ports" leads on), tried in
/// `order` when it is given (RouteBranch::alternative_order, SPAM's selection order).
class ThreeWayRouting : public RoutingFunction {
  public:
    explicit ThreeWayRouting(bool adaptive, std::vector<PortId> order = {})
        : adaptive_(adaptive), order_(std::move(order)) {}
    RouteDecision route(const RouteQuery&) const override {
        RouteBranch b;
        b.port = 0;
        b.vc_mask = 1;
        if (adaptive_) {
            b.alternatives.set(1);
            b.alternatives.set(2);
            b.alternative_order = order_;
        }
        return RouteDecision{{b}};
    }

  private:
    bool adaptive_;
    std::vector<PortId> order_;
};

struct Worm {
    PortId port = 0;  ///< output it left on
    Cycle head = 0;   ///< cycle its head was seen there
    Cycle tail = 0;
};

/// Head and tail cycle and output of every message seen on the bench's outputs.
std::map<MessageId, Worm> worms_seen(const RouterBench& bench) {
    std::map<MessageId, Worm> out;
    for (PortId q = 0; q < bench.seen.size(); ++q)
        for (const auto& s : bench.seen[q]) {
            if (s.flit.is_head()) {
                REQUIRE(out.count(s.flit.message) == 0);  // one output per worm
                out[s.flit.message] = Worm{q, s.cycle, 0};
            }
            if (s.flit.is_tail()) out.at(s.flit.message).tail = s.cycle;
        }
    return out;
}

/// Four unicasts into a switch whose three outputs all lead on: 10 (input 0, cycle 1, 30 flits),
/// 20 (input 1, cycle 4, 5 flits), 30 (input 2, cycle 6, 30 flits), 40 (input 3, cycle 8, 5).
std::map<MessageId, Worm> run_four_worms(bool adaptive, std::vector<PortId> order = {}) {
    fresh_kernel();
    auto cfg = bench_config(4, 3, 4);
    RouterBench& bench = *new RouterBench(
        "bench", cfg, std::make_unique<ThreeWayRouting>(adaptive, std::move(order)),
        200);  // lives as long as its kernel
    const auto f = cfg.header_format;
    const std::vector<std::pair<Cycle, unsigned>> starts{{1, 30}, {4, 5}, {6, 30}, {8, 5}};
    for (std::size_t p = 0; p < starts.size(); ++p) {
        bench.to_send[p] = make_worm(static_cast<MessageId>(10 * (p + 1)), Header::unicast(0), f,
                                     starts[p].second);
        bench.start[p] = starts[p].first;
    }
    sc_start(sc_time(5 * 600, SC_NS));
    REQUIRE_FALSE(bench.watchdog->fired());
    return worms_seen(bench);
}

}  // namespace

TEST_CASE(
    "an adaptive worm takes the lowest free output while a lower one is held, and waits when fixed",
    "[router][adaptive]") {
    SECTION("adaptive") {
        const auto w = run_four_worms(true);
        REQUIRE(w.size() == 4);
        CHECK(w.at(10).port == 0);  // all free: the lowest
        CHECK(w.at(20).port == 1);  // 0 held by 10: the next one, at once
        CHECK(w.at(30).port == 2);  // 0 and 1 held
        // 40 finds all three held and waits; 20's short worm frees output 1 first, so 40 takes
        // output 1 although output 0 is the lower one: the choice is made again every cycle.
        CHECK(w.at(40).port == 1);
        CHECK(w.at(20).head < w.at(10).tail);
        CHECK(w.at(30).head < w.at(10).tail);
        CHECK(w.at(40).head > w.at(20).tail);
        CHECK(w.at(40).head < w.at(10).tail);
    }
    SECTION("adaptive, alternatives tried in a given order") {
        const auto w = run_four_worms(true, {2, 1});
        REQUIRE(w.size() == 4);
        CHECK(w.at(10).port == 0);  // the branch's own port first
        CHECK(w.at(20).port == 2);  // then the order given, not the lowest number
        CHECK(w.at(30).port == 1);
        CHECK(w.at(40).port == 2);  // 20's short worm frees output 2 first
    }
    SECTION("fixed") {
        const auto w = run_four_worms(false);
        REQUIRE(w.size() == 4);
        for (const auto& [message, worm] : w) CHECK(worm.port == 0);
        // One after the other on output 0, in the order they were routed (the OCRQ).
        CHECK(w.at(20).head > w.at(10).tail);
        CHECK(w.at(30).head > w.at(20).tail);
        CHECK(w.at(40).head > w.at(30).tail);
    }
}

TEST_CASE("the route unit refuses alternatives that another branch or no output has",
          "[router][adaptive]") {
    struct Fixed : RoutingFunction {
        RouteDecision decision;
        RouteDecision route(const RouteQuery&) const override { return decision; }
    };
    auto cfg = bench_config(1, 4, 2);
    const Header tree = Header::bit_string(4, {0, 1});
    auto make = [&](RouteDecision d) {
        auto routing = std::make_unique<Fixed>();
        routing->decision = std::move(d);
        return RouteUnit(cfg, std::move(routing));
    };
    RouteBranch first, second;
    first.port = 0;
    second.port = 1;
    second.alternatives.set(2);
    CHECK(make(RouteDecision{{first, second}}).route(0, 0, tree).branches.size() == 2);
    second.alternatives.set(0);  // another branch's port
    CHECK_THROWS_WITH(make(RouteDecision{{first, second}}).route(0, 0, tree),
                      Catch::Contains("chose output 0 twice"));
    second.alternatives.reset(0);
    second.alternatives.set(4);  // no such output
    CHECK_THROWS_WITH(make(RouteDecision{{first, second}}).route(0, 0, tree),
                      Catch::Contains("chose output 4 of 4"));
    second.alternatives.reset(4);
    second.alternatives.set(3);
    second.alternative_order = {3, 2};
    CHECK(make(RouteDecision{{first, second}}).route(0, 0, tree).branches.size() == 2);
    second.alternative_order = {3};  // leaves out output 2
    CHECK_THROWS_WITH(make(RouteDecision{{first, second}}).route(0, 0, tree),
                      Catch::Contains("leaves out some alternatives"));
    second.alternative_order = {3, 2, 0};  // names a port that is no alternative
    CHECK_THROWS_WITH(make(RouteDecision{{first, second}}).route(0, 0, tree),
                      Catch::Contains("not an alternative"));
}
