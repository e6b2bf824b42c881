// VcdToggles (systemc/pure/VcdToggles.hpp), the counter `run --power` reads Verilator's trace
// with: on random waveforms written as a VCD and fed in random chunks, every bit's changes and
// time at 1 equal a direct count over the waveform, whatever the chunking.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "systemc/pure/VcdToggles.hpp"

using wormcast::VcdToggles;

namespace {

struct RandomWave {
    std::vector<int> widths;
    std::vector<std::vector<std::vector<int>>> values;  ///< [variable][time][bit]
    std::string vcd;
};

/// Variables of random widths (1-bit ones without a range, vectors as "[w-1:0]"; one alias of the
/// first), changing at random times 0..steps-1.
RandomWave random_wave(std::mt19937& rng, int variables, int steps) {
    RandomWave w;
    std::uniform_int_distribution<int> width(1, 12), coin(0, 3);
    std::string h = "$timescale 1ps $end\n $scope module top $end\n  $scope module u_a $end\n";
    for (int v = 0; v < variables; ++v) {
        w.widths.push_back(width(rng));
        const std::string code = std::string(1, static_cast<char>('!' + v));
        if (w.widths[v] == 1)
            h += fmt::format("   $var wire 1 {} s{} $end\n", code, v);
        else
            h += fmt::format("   $var wire {} {} s{} [{}:0] $end\n", w.widths[v], code, v,
                             w.widths[v] - 1);
    }
    h += fmt::format("   $var wire {} ! alias0 $end\n", w.widths[0]);  // same code as s0
    h += "  $upscope $end\n $upscope $end\n$enddefinitions $end\n";
    std::string body;
    w.values.assign(variables, {});
    for (int t = 0; t < steps; ++t) {
        body += fmt::format("#{}\n", t);
        for (int v = 0; v < variables; ++v) {
            std::vector<int> bits(w.widths[v]);
            for (int b = 0; b < w.widths[v]; ++b)
                bits[b] = t == 0 ? coin(rng) % 2 : w.values[v][t - 1][b];
            if (t > 0 && coin(rng) == 0)
                for (int b = 0; b < w.widths[v]; ++b)
                    if (coin(rng) < 2) bits[b] ^= 1;
            w.values[v].push_back(bits);
            if (t > 0 && bits == w.values[v][t - 1]) continue;
            const std::string code = std::string(1, static_cast<char>('!' + v));
            if (w.widths[v] == 1) {
                body += fmt::format("{}{}\n", bits[0], code);
            } else {
                std::string text;
                for (int b = w.widths[v] - 1; b >= 0; --b) text += bits[b] ? '1' : '0';
                const auto first_one = text.find('1');  // leading 0s may be dropped
                if (coin(rng) == 0)
                    text = first_one == std::string::npos ? "0" : text.substr(first_one);
                body += fmt::format("b{} {}\n", text, code);
            }
        }
    }
    w.vcd = h + body;
    return w;
}

}  // namespace

TEST_CASE("VcdToggles: changes and time at 1 of every bit, any chunking", "[pure][power]") {
    std::mt19937 rng(7);
    for (int round = 0; round < 40; ++round) {
        const int variables = 1 + static_cast<int>(rng() % 8),
                  steps = 2 + static_cast<int>(rng() % 60);
        const RandomWave w = random_wave(rng, variables, steps);
        VcdToggles t;
        for (std::size_t at = 0; at < w.vcd.size();) {
            const std::size_t n = std::min<std::size_t>(1 + rng() % 40, w.vcd.size() - at);
            t.feed(w.vcd.data() + at, n);
            at += n;
        }
        t.finish(static_cast<std::uint64_t>(steps));
        REQUIRE(t.variables().size() == static_cast<std::size_t>(variables) + 1);
        for (int v = 0; v <= variables; ++v) {
            const int source = v == variables ? 0 : v;  // the alias reads s0
            const auto& var = t.variables()[v];
            INFO("round " << round << " variable " << var.name);
            CHECK(var.scope == "top.u_a");
            REQUIRE(var.width == w.widths[source]);
            for (int b = 0; b < var.width; ++b) {
                std::uint64_t toggles = 0, high = 0;
                for (int s = 0; s < steps; ++s) {
                    high += w.values[source][s][b];
                    if (s > 0 && w.values[source][s][b] != w.values[source][s - 1][b]) ++toggles;
                }
                CHECK(var.toggles[b] == toggles);
                CHECK(var.high_time[b] == high);
            }
        }
        CHECK(t.variables()[0].bit_name(0) == (w.widths[0] == 1 ? "s0" : "s0[0]"));
    }
}

TEST_CASE("VcdToggles: a value for an undeclared code is an error", "[pure][power]") {
    VcdToggles t;
    const std::string vcd =
        "$scope module m $end $var wire 1 ! a $end $upscope $end\n"
        "$enddefinitions $end\n#0\n1!\n#1\n0?\n";
    CHECK_THROWS_WITH(t.feed(vcd.data(), vcd.size()), Catch::Contains("'?'"));
}
