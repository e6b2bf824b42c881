// Catch2 entry point for the co-simulation tests (SystemC model vs Verilated RTL, issue 6).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
