// Pictures of every family (issue "What a user sees"): `run --heatmap` in each family's layout and
// `plan --dot NAME.png|.svg`, checked to be valid PNG/SVG files of a plausible size.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "testbenches/unit/program/ProgramRunner.hpp"

using wormcast::testing::run_program;
using wormcast::testing::scratch;
using wormcast::testing::slurp;

namespace {

/// Width and height of a PNG file from its IHDR chunk; requires the PNG signature.
std::pair<std::uint32_t, std::uint32_t> png_size(const std::string& path) {
    const std::string bytes = slurp(path);
    REQUIRE(bytes.size() > 24);
    REQUIRE(bytes.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0);
    REQUIRE(bytes.compare(12, 4, "IHDR") == 0);
    const auto word = [&](std::size_t at) {
        std::uint32_t v = 0;
        for (std::size_t i = 0; i < 4; ++i) v = v << 8 | static_cast<unsigned char>(bytes[at + i]);
        return v;
    };
    return {word(16), word(20)};
}

void check_svg(const std::string& path) {
    const std::string text = slurp(path);
    CHECK(text.size() > 2000);
    CHECK(text.find("<svg") != std::string::npos);
    CHECK(text.find("</svg>") != std::string::npos);
}

}  // namespace

TEST_CASE("run --heatmap draws every family in its layout, as PNG and SVG", "[program][pictures]") {
    const std::vector<std::pair<std::string, std::string>> runs{
        {"mesh", "testbenches/scenarios/demo.yaml --set traffic.measure=500"},
        {"torus",
         "testbenches/scenarios/demo.yaml --set network.topology=torus --set "
         "network.size=5x3 --set router.vcs=2 --set traffic.measure=500"},
        {"mesh3d",
         "testbenches/scenarios/demo.yaml --set network.size=3x3x2 --set "
         "traffic.measure=500"},
        {"min-uni",
         "testbenches/scenarios/min-uni.yaml --set traffic.measure=500 --set "
         "traffic.warmup=100"},
        {"min-bi",
         "testbenches/scenarios/min-bi.yaml --set traffic.measure=500 --set "
         "traffic.warmup=100"},
        {"star", "testbenches/scenarios/star-two-phase.yaml --set traffic.measure=500"},
        {"irregular", "testbenches/scenarios/irregular-file.yaml --set traffic.measure=500"},
        {"lattice", "testbenches/scenarios/irregular-lattice.yaml --set traffic.measure=500"},
        {"broadcast", "testbenches/scenarios/torus-broadcast.yaml"},
    };
    for (const auto& [name, args] : runs) {
        INFO(name << ": " << args);
        std::string out;
        const std::string png = scratch("heat-" + name + ".png");
        const int code = run_program("run " + args + " --heatmap " + png, out);
        INFO(out);
        REQUIRE(code == 0);
        CHECK(out.find("heat map     " + png) != std::string::npos);
        const auto [width, height] = png_size(png);
        CHECK(width > 200);
        CHECK(height > 150);
        CHECK(std::filesystem::file_size(png) > 5000);
        const std::string dot = slurp(png + ".dot");
        CHECK(dot.find("link utilisation (flits/cycle)") != std::string::npos);
        CHECK_FALSE(std::filesystem::exists(png + ".partial.png"));
    }
    // SVG, and routers coloured by another count (the ATBM token waits of a MIN).
    std::string out;
    const std::string svg = scratch("heat-tokens.svg");
    REQUIRE(run_program("run testbenches/scenarios/min-bi.yaml --set traffic.measure=500 "
                        "--heatmap " +
                            svg + " --heatmap-router token_wait_cycles",
                        out) == 0);
    check_svg(svg);
    CHECK(slurp(svg).find("router token_wait_cycles (cycles)") != std::string::npos);
    // The family's layout is pinned where it has one (the grid of a mesh).
    CHECK(slurp(scratch("heat-mesh.png.dot")).find("pos=\"2.700,1.800!\"") != std::string::npos);
}

TEST_CASE("run --heatmap refuses a bad name or count before the run", "[program][pictures]") {
    std::string out;
    const std::string run = "run testbenches/scenarios/demo.yaml --set traffic.measure=300";
    CHECK(run_program(run + " --heatmap " + scratch("x.jpg"), out) == 2);
    CHECK(out.find("--heatmap: '" + scratch("x.jpg") + "' must end in .png or .svg") !=
          std::string::npos);
    CHECK(out.find("simulated") == std::string::npos);
    CHECK(run_program(run + " --heatmap " + scratch("x.png") + " --heatmap-router hops", out) == 2);
    CHECK(out.find("--heatmap-router: 'hops' is not one of flits, bubbles") != std::string::npos);
    CHECK(run_program(run + " --heatmap /nonexistent/x.png", out) == 2);
    CHECK(out.find("directory '/nonexistent' does not exist") != std::string::npos);
}

TEST_CASE("plan --dot draws every family's plans when the name ends in .png or .svg",
          "[program][pictures]") {
    const std::vector<std::string> plans{
        "--topology mesh:8x8 --algorithm umesh --source 3,3 --dests '1,0;2,0;7,7'",
        "--topology mesh:4x4x4 --algorithm hl --source 1,1,1 --dests '0,0,0;3,3,3'",
        "--topology min-uni:b=2,n=3 --algorithm atbm --source 1 --dests 0,3,5,6",
        "--topology min-bi:b=4,n=3 --algorithm atbm --source 1 --dests 0,3,5,60",
        "--topology min-bi:b=4,n=2 --algorithm umin --source 2 --dests 0,4,7",
        "--topology min-uni:b=2,n=3 --algorithm cmin --source 2 --dests 0,4,7",
        "--topology star:5 --algorithm multipath --source 12345 --dests '21345;54321;32145'",
        "--topology star:4 --algorithm two-phase --source 1234 --dests '2134;4321'",
        "--topology lattice:switches=8,seed=1 --algorithm spam --source 0 --dests 1,2,5",
        "--topology lattice:switches=8,seed=1 --algorithm naive-tree --source 0 --dests 1,2,5",
        "--topology lattice:switches=8,seed=1 --algorithm unicast --source 0 --dests 1,2,5",
        "--topology torus:6x6 --algorithm atd:h=2 --sources '0,0;3,3'",
        "--topology torus:6x6 --algorithm edst --sources '0,0;3,3'",
        "--topology torus:6x6 --algorithm naive --sources '0,0;3,3'",
    };
    for (std::size_t i = 0; i < plans.size(); ++i) {
        for (const std::string format : {"png", "svg"}) {
            const std::string file = scratch(fmt::format("plan{}.{}", i, format));
            std::string out;
            const int code = run_program("plan " + plans[i] + " --dot " + file, out);
            INFO(plans[i] << "\n" << out);
            REQUIRE(code == 0);
            if (format == "png") {
                const auto [width, height] = png_size(file);
                CHECK(width > 100);
                CHECK(height > 50);
            } else {
                check_svg(file);
            }
            CHECK(std::filesystem::exists(file + ".dot"));
        }
        // Any other name is the DOT text itself, as before.
        const std::string dot = scratch(fmt::format("plan{}.dot", i));
        std::string out;
        REQUIRE(run_program("plan " + plans[i] + " --dot " + dot, out) == 0);
        CHECK(slurp(dot).find("graph") != std::string::npos);
    }
}
