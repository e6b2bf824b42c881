// The Peh–Dally delay model of systemc/rtl/DelayModel (L.-S. Peh and W. J. Dally, "A Delay Model
// and Speculative Architecture for Pipelined Routers", HPCA 2001, Table 1): each stage's delay
// grows (not strictly) with the ports, the allocators' with the VCs and the crossbar's with the
// flit width, as a router architect reading `wormcast hw` expects; the values at points where the
// logarithms are exact equal the equations worked by hand; an RTL configuration's ports come
// from its top module's parameters.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "systemc/pure/Types.hpp"
#include "systemc/rtl/DelayModel.hpp"

using namespace wormcast;
using namespace wormcast::rtl;

TEST_CASE(
    "delay model: every stage grows with the ports, the allocators with the VCs, the "
    "crossbar with the flit width",
    "[delay-model]") {
    for (unsigned p = 2; p < 64; ++p) {
        INFO("p " << p);
        CHECK(switch_arbiter_delay(p + 1).latency_tau >= switch_arbiter_delay(p).latency_tau);
        CHECK(routing_delay().latency_tau > 0);
        for (unsigned v : {1u, 2u, 3u, 8u}) {
            INFO("v " << v);
            CHECK(vc_allocator_delay(p + 1, v).latency_tau >= vc_allocator_delay(p, v).latency_tau);
            CHECK(switch_allocator_delay(p + 1, v).latency_tau >=
                  switch_allocator_delay(p, v).latency_tau);
        }
        for (unsigned w : {1u, 8u, 32u, 64u}) {
            INFO("w " << w);
            CHECK(crossbar_delay(p + 1, w).latency_tau >= crossbar_delay(p, w).latency_tau);
            // The whole single-cycle router too, wormhole and with VCs.
            CHECK(peh_dally_router(p + 1, 1, w).single_cycle_tau() >=
                  peh_dally_router(p, 1, w).single_cycle_tau());
            CHECK(peh_dally_router(p + 1, 4, w).single_cycle_tau() >=
                  peh_dally_router(p, 4, w).single_cycle_tau());
        }
    }
    for (unsigned p : {2u, 5u, 8u, 17u}) {
        for (unsigned v = 1; v < 16; ++v) {
            INFO("p " << p << " v " << v);
            CHECK(vc_allocator_delay(p, v + 1).latency_tau >= vc_allocator_delay(p, v).latency_tau);
            CHECK(switch_allocator_delay(p, v + 1).latency_tau >=
                  switch_allocator_delay(p, v).latency_tau);
        }
        for (unsigned w = 1; w < 128; ++w) {
            INFO("p " << p << " w " << w);
            CHECK(crossbar_delay(p, w + 1).latency_tau >= crossbar_delay(p, w).latency_tau);
        }
    }
    // Every latency is positive, every overhead not negative, at the smallest router.
    for (const auto& s : peh_dally_router(2, 2, 1).stages) {
        INFO(s.stage);
        CHECK(s.latency_tau > 0);
        CHECK(s.overhead_tau >= 0);
    }
}

TEST_CASE("delay model: the stage equations at points worked by hand", "[delay-model]") {
    // p = 4, v = 4, w = 64: log4 p = log4 v = 1, log2 p = 2, log8(w floor(p/2)) = log8 128 = 7/3.
    // Switch arbiter, t_SB(p) = 23 log4 p + 20 5/6: 23 + 20 5/6 = 43 5/6, overhead 9.
    CHECK(switch_arbiter_delay(4).latency_tau == Approx(43.0 + 5.0 / 6));
    CHECK(switch_arbiter_delay(4).overhead_tau == Approx(9));
    // Crossbar, t_XB(p, w) = 9 log8(w floor(p/2)) + 6 log2 p + 6: 9 x 7/3 + 12 + 6 = 39.
    CHECK(crossbar_delay(4, 64).latency_tau == Approx(39));
    CHECK(crossbar_delay(4, 64).overhead_tau == 0);
    // floor(p/2): 5 ports switch like 4 in the first term; 16 ports of 4 bits:
    // 9 log8 32 + 6 x 4 + 6 = 15 + 30 = 45.
    CHECK(crossbar_delay(5, 64).latency_tau == Approx(21 + 6 * std::log2(5.0) + 6));
    CHECK(crossbar_delay(16, 4).latency_tau == Approx(45));
    // Switch allocator, t_SL(p, v) = 11 1/2 log4 p + 23 log4 v + 20 5/6: 55 1/3, overhead 9.
    CHECK(switch_allocator_delay(4, 4).latency_tau == Approx(55.0 + 1.0 / 3));
    CHECK(switch_allocator_delay(4, 4).overhead_tau == Approx(9));
    // VC allocator (R -> v), t_VC(p, v) = 16 1/2 log4 p + 33 log4 v + 14 1/12: 63 7/12.
    CHECK(vc_allocator_delay(4, 4).latency_tau == Approx(63.0 + 7.0 / 12));
    // p = 16, v = 2: log4 16 = 2, log4 2 = 1/2: 33 + 16 1/2 + 14 1/12 = 63 7/12 as well.
    CHECK(vc_allocator_delay(16, 2).latency_tau == Approx(63.0 + 7.0 / 12));
    // Routing: one 20 FO4 clock of the paper's pipelines, 100 tau.
    CHECK(routing_delay().latency_tau == Approx(100));

    // The routers: the wormhole model for one VC, the VC model otherwise; the single-cycle
    // router is the latencies' sum (100 + 43 5/6 + 39 tau = 36 17/30 FO4).
    const RouterDelayModel wormhole = peh_dally_router(4, 1, 64);
    CHECK_FALSE(wormhole.virtual_channels);
    REQUIRE(wormhole.stages.size() == 3);
    CHECK(wormhole.stages[0].stage == "routing");
    CHECK(wormhole.stages[1].stage == "switch_allocation");
    CHECK(wormhole.stages[2].stage == "crossbar");
    CHECK(wormhole.single_cycle_tau() == Approx(100 + 43.0 + 5.0 / 6 + 39));
    CHECK(wormhole.single_cycle_fo4() == Approx((100 + 43.0 + 5.0 / 6 + 39) / 5));
    const RouterDelayModel vc = peh_dally_router(4, 4, 64);
    CHECK(vc.virtual_channels);
    REQUIRE(vc.stages.size() == 4);
    CHECK(vc.stages[1].stage == "vc_allocation");
    CHECK(vc.stages[2].stage == "switch_allocation");
    CHECK(vc.single_cycle_tau() == Approx(100 + 63.0 + 7.0 / 12 + 55.0 + 1.0 / 3 + 39));
}

TEST_CASE("delay model: a router it cannot describe is refused", "[delay-model]") {
    CHECK_THROWS_AS(peh_dally_router(1, 1, 32), ConfigError);
    CHECK_THROWS_AS(peh_dally_router(5, 0, 32), ConfigError);
    CHECK_THROWS_AS(peh_dally_router(5, 1, 0), ConfigError);
    CHECK_THROWS_AS(crossbar_delay(1, 32), ConfigError);
    RtlConfig unknown;
    unknown.top = "wc_something_else";
    CHECK_THROWS_AS(router_shape(unknown), ConfigError);
}

TEST_CASE("delay model: an RTL configuration's ports, VCs and flit width", "[delay-model]") {
    // The mesh router's defaults: 4 network ports, 1 injection and 1 consumption channel.
    RtlConfig mesh;
    mesh.top = "wc_router";
    mesh.set("MESH_X", 4).set("MESH_Y", 4);
    RouterShape s = router_shape(mesh);
    CHECK(s.inputs == 5);
    CHECK(s.outputs == 5);
    CHECK(s.ports() == 5);
    CHECK(s.vcs == 1);
    CHECK(s.flit_bits == 32);
    // 4 consumption channels, 2 VCs, 8-bit flits: the larger side counts.
    mesh.set("NUM_CONS", 4).set("NUM_VCS", 2).set("FLIT_WIDTH", 8);
    s = router_shape(mesh);
    CHECK(s.inputs == 5);
    CHECK(s.outputs == 8);
    CHECK(s.ports() == 8);
    CHECK(s.vcs == 2);
    CHECK(s.flit_bits == 8);
    // A table-routed switch of 8 network ports and no local ones.
    RtlConfig table;
    table.top = "wc_router";
    table.set("ROUTE_TABLE", 1).set("NUM_NET", 8).set("NUM_INJ", 0).set("NUM_CONS", 0);
    CHECK(router_shape(table).ports() == 8);
    // MIN switches: a BI-MIN exit switch (stage 0) of radix 4 with b consumption channels has
    // 8 inputs and 8 + 3 x 4 outputs; a UNI-MIN middle stage has b each way.
    RtlConfig bi;
    bi.top = "wc_min_switch";
    bi.set("BIDIRECTIONAL", 1).set("B", 4).set("STAGES", 2).set("STAGE", 0).set("CONSUMPTION", 4);
    s = router_shape(bi);
    CHECK(s.inputs == 8);
    CHECK(s.outputs == 20);
    RtlConfig uni;
    uni.top = "wc_min_switch";
    uni.set("STAGE", 1).set("CONSUMPTION", 2);
    s = router_shape(uni);
    CHECK(s.inputs == 2);
    CHECK(s.outputs == 2);
}

TEST_CASE("delay model: a library without the FO4 inverter is refused naming it", "[delay-model]") {
    const auto lib = std::filesystem::temp_directory_path() /
                     ("wormcast_fo4_test_" + std::to_string(::getpid()) + ".lib");
    // A flip-flop only: a usable library for the flow, with nothing to measure FO4 on.
    std::ofstream(lib) << "library (ffonly) {\n  cell (DFFX1) {\n    area : 20;\n"
                          "    ff (IQ, IQN) { clocked_on : \"CLK\"; next_state : \"D\"; }\n"
                          "    pin (D) { direction : input; }\n"
                          "    pin (CLK) { direction : input; clock : true; }\n"
                          "    pin (Q) { direction : output; function : \"IQ\"; }\n  }\n}\n";
    try {
        measure_fo4_ps(lib.string());
        FAIL("measured an FO4 delay without an inverter");
    } catch (const ConfigError& e) {
        const std::string what = e.what();
        CHECK(what.find("INVX1") != std::string::npos);
        CHECK(what.find("--liberty") != std::string::npos);
    }
    std::filesystem::remove(lib);
}
