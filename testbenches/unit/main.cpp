// Catch2 entry point for the wormcast unit and property tests.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
