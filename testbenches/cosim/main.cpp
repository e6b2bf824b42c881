// Catch2 entry point for the co-simulation tests (SystemC model vs Verilated RTL, issue 6). The
// configurations they build on first use go to the build tree's cache (WORMCAST_TEST_RTL_CACHE),
// not the user's, unless WORMCAST_RTL_CACHE names one; the programs they run inherit it.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdlib>

int main(int argc, char* argv[]) {
    setenv("WORMCAST_RTL_CACHE", WORMCAST_TEST_RTL_CACHE, 0);
    return Catch::Session().run(argc, argv);
}
