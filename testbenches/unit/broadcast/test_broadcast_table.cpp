// The table of docs/broadcast.md (not part of the suite: hidden, run by name): start-ups and
// transmission of ATD and EDST schedules beside Chen & Chen's Lemma 1-3, Theorem 1 and Table 1.
// Run: build/wormcast_tests "[.broadcast-table]"
#include <catch2/catch.hpp>

#include <cstdio>
#include <random>

#include "topologies/broadcast/AtdSchedule.hpp"
#include "topologies/broadcast/BroadcastPlanner.hpp"
#include "topologies/broadcast/FiveAryReduction.hpp"
#include "topologies/broadcast/ScheduleChecks.hpp"

using namespace wormcast;
using namespace wormcast::broadcast;

namespace {

/// Sum over the rounds of the largest send: the transmission term of the round model, flits.
std::uint64_t transmission(const BroadcastSchedule& s) {
    std::uint64_t flits = 0;
    for (std::size_t i = 0; i < s.steps.size(); ++i) flits += s.max_flits(i);
    return flits;
}

}  // namespace

TEST_CASE("broadcast table: measured rounds and flits against the paper's formulas",
          "[.broadcast-table]") {
    const std::uint32_t m = 4;  // flits per message
    std::printf(
        "| n | scheme | s | start-ups | formula | transmission (flits) | formula (flits) |\n"
        "|---|---|---|---|---|---|---|\n");
    std::mt19937_64 rng(15);
    for (std::uint32_t n : {10u, 20u, 25u, 50u}) {
        const auto shape =
            mesh::MeshShape::parse(std::to_string(n) + "x" + std::to_string(n), true);
        for (std::uint32_t s : {n, n * n / 4, n * n}) {
            const auto sources = random_sources(shape, s, rng);
            std::vector<std::string> algorithms{"edst"};
            for (std::uint32_t h : {2u, 5u, 10u, 25u})
                if (n % h == 0) algorithms.push_back("atd:h=" + std::to_string(h));
            for (const auto& algorithm : algorithms) {
                BroadcastConfig c;
                c.shape = shape;
                parse_broadcast_algorithm(algorithm, c);
                c.message_flits = m;
                c.sources = sources;
                const auto schedule = plan_broadcast(c);
                REQUIRE(replay_schedule(schedule).empty());
                std::uint64_t startups = 0, flits = 0;
                if (c.scheme == BroadcastScheme::Edst) {
                    // Table 1: O(2 floor(n/2)) start-ups, O(2 floor(n/2) sm/4) transmission.
                    startups = 2 * (n / 2);
                    flits = 2 * (n / 2) * std::uint64_t{s} * m / 4;
                } else {
                    // Theorem 1 with the lemmas' terms (and Lemma 2's 4 ceil(log5 n) where the
                    // theorem prints 4 ceil(log5 h)): control messages count one flit.
                    const std::uint32_t h = c.h, p = n / h;
                    const std::uint64_t tilde = (std::uint64_t{s} + h - 1) / h * m;
                    const unsigned lh = ceil_log(5, h), ln = ceil_log(5, n), lp = ceil_log(5, p);
                    std::uint64_t five = 1;
                    for (unsigned i = 0; i < lh; ++i) five *= 5;
                    startups = 3 * lh + 4 * ln + 6 * lp + ceil_log(3, h) + h - 1;
                    flits = (4 * lp + ceil_log(3, h) + h - 1) * tilde +
                            (2 * lh + (five - 1) / 4) * m + (4 * ln + 2 * lp);
                }
                std::printf("| %u | %s | %u | %zu | %llu | %llu | %llu |\n", n, algorithm.c_str(),
                            s, schedule.startups(), static_cast<unsigned long long>(startups),
                            static_cast<unsigned long long>(transmission(schedule)),
                            static_cast<unsigned long long>(flits));
            }
        }
    }
}
