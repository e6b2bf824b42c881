// The SPAM reproductions' parts (Libeskind-Hadas, Mazzoni & Rajagopalan §4): the paper's timing,
// 128-flit messages, the negative-binomial arrivals, the confidence-interval sampler, and single
// runs of both schemes against the start-up lower bound.
#include <catch2/catch.hpp>

#include <cmath>

#include "systemc/pure/Header.hpp"
#include "testbenches/experiments/spam/SpamRuns.hpp"

using namespace wormcast;
using namespace wormcast::spam;

TEST_CASE("spam timing is the paper's §4 in cycles of 10 ns, messages 128 flits with the header",
          "[reproduce][spam]") {
    const NetworkParams p = spam_paper_params();
    CHECK(p.clock_ns * p.t_startup == 10000);       // t_s = 10 us
    CHECK(p.clock_ns * (p.t_node + p.t_sw) == 40);  // router set-up 40 ns
    CHECK(p.clock_ns * p.t_phy == 10);              // channel propagation 10 ns
    CHECK(p.t_node_multidest == p.t_node);
    for (std::uint32_t nodes : {128u, 256u})
        for (std::size_t d : {std::size_t{1}, std::size_t{2}, std::size_t{nodes - 1}}) {
            const HeaderFormat f = p.header_format(nodes);
            std::vector<NodeId> members;
            for (NodeId i = 0; i < d; ++i) members.push_back(i);
            const std::uint32_t header = d > 1 ? header_flits(Header::bit_string(nodes, members), f)
                                               : header_flits(Header::unicast(0), f);
            CHECK(spam_payload_flits(p, nodes, "spam", d) + header == kSpamMessageFlits);
            CHECK(spam_payload_flits(p, nodes, "unicast", d) + 1 == kSpamMessageFlits);
        }
}

TEST_CASE("negative-binomial arrivals have the asked mean rate and multicast share",
          "[reproduce][spam]") {
    LoadSpec spec;
    spec.nodes = 64;
    spec.destinations = 16;
    spec.rate_per_us = 0.05;
    spec.warmup_cycles = 10000;
    spec.measure_cycles = 200000;
    const NetworkParams p = spam_paper_params();
    const auto sends = negative_binomial_schedule(spec, p);
    const double us = (spec.warmup_cycles + spec.measure_cycles) * p.clock_ns / 1000.0;
    const double rate = static_cast<double>(sends.size()) / spec.nodes / us;
    CHECK(rate == Approx(0.05).epsilon(0.05));
    std::size_t multicasts = 0, measured = 0;
    for (const auto& s : sends) {
        REQUIRE((s.destinations.size() == 1 || s.destinations.size() == 16));
        for (NodeId d : s.destinations) REQUIRE(d != s.source);
        multicasts += s.destinations.size() == 16;
        measured += s.measured;
        CHECK(s.measured == (s.at >= spec.warmup_cycles));
    }
    CHECK(static_cast<double>(multicasts) / sends.size() == Approx(0.1).margin(0.02));
    CHECK(measured > 0);
    // Seeded: the same spec gives the same schedule.
    const auto again = negative_binomial_schedule(spec, p);
    REQUIRE(again.size() == sends.size());
    CHECK(again.back().at == sends.back().at);
}

TEST_CASE("the confidence interval: Student's t and the half-width", "[reproduce][spam]") {
    CHECK(student_t975(1) == Approx(12.706));
    CHECK(student_t975(10) == Approx(2.228));
    CHECK(student_t975(1000) == Approx(1.96));
    PointSample s;
    s.values = {10, 12, 14};
    summarise(s);
    CHECK(s.mean == Approx(12));
    CHECK(s.half_width == Approx(4.303 * 2 / std::sqrt(3.0)));
    // The sampler stops a point as soon as its interval is within the target, and runs others on.
    const auto samples = sample_until_converged(
        2,
        [](std::size_t point, unsigned run) {
            RunOutcome o;
            o.ok = true;
            o.latency_us = point == 0 ? 100.0 : 100.0 + ((run % 2) ? 30.0 : -30.0);
            return o;
        },
        [](const RunOutcome& o) { return o.latency_us; }, 4, 12, 0.01, 1, "test");
    CHECK(samples[0].converged);
    CHECK(samples[0].runs == 4);
    CHECK_FALSE(samples[1].converged);
    CHECK(samples[1].runs == 12);
}

TEST_CASE(
    "a single SPAM multicast beats the binomial unicasts, which pay ceil(log2(d+1)) start-ups",
    "[reproduce][spam]") {
    for (std::uint32_t d : {1u, 7u, 31u}) {
        SingleSpec spec;
        spec.nodes = 32;
        spec.destinations = d;
        spec.network_seed = 5;
        spec.seed = 9;
        const RunOutcome spam = run_single(spec);
        spec.scheme = "unicast";
        const RunOutcome software = run_single(spec);
        INFO("d = " << d << " " << spam.problem << software.problem);
        REQUIRE(spam.ok);
        REQUIRE(software.ok);
        const double bound = std::ceil(std::log2(d + 1.0)) * kSpamStartupUs;
        CHECK(software.latency_us >= bound);
        CHECK(spam.latency_us >= kSpamStartupUs);
        CHECK(spam.latency_us < kSpamStartupUs + 3);
        if (d > 1) CHECK(spam.latency_us < software.latency_us);
    }
}

TEST_CASE("a multicast in k groups pays one start-up per worm", "[reproduce][spam][groups]") {
    SingleSpec spec;
    spec.nodes = 32;
    spec.destinations = 31;
    spec.network_seed = 5;
    spec.seed = 9;
    for (unsigned k : {1u, 3u, 31u}) {
        spec.groups = k;
        const RunOutcome o = run_single(spec);
        INFO("k = " << k << " " << o.problem);
        REQUIRE(o.ok);
        // The k sends start up one after the other; the last worm then crosses the network.
        CHECK(o.latency_us >= k * kSpamStartupUs);
        CHECK(o.latency_us < k * kSpamStartupUs + 3);
    }
}
