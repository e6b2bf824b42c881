// The interconnect's address map (systemc/tlm/AddressMap.hpp) and the worm lengths of its
// transactions (systemc/tlm/WormLength.hpp), kernel-free.
#include <catch2/catch.hpp>

#include <random>

#include "systemc/tlm/AddressMap.hpp"
#include "systemc/tlm/WormLength.hpp"

using namespace wormcast;
using namespace wormcast::tlm_net;

TEST_CASE("AddressMap decodes an access to the one range holding all of it", "[tlm]") {
    AddressMap map;
    map.add({0x1000, 0x100, 3, 0});
    map.add({0x0, 0x1000, 1, 0x40});
    map.add({0x2000, 0x10, 7, 0});
    REQUIRE(map.decode(0x0, 4)->node == 1);
    REQUIRE(map.decode(0xffc, 4)->node == 1);
    REQUIRE_FALSE(map.decode(0xffd, 4));  // straddles two ranges
    REQUIRE(map.decode(0x1000, 0x100)->node == 3);
    REQUIRE_FALSE(map.decode(0x1000, 0x101));
    REQUIRE_FALSE(map.decode(0x1100, 1));  // the hole between ranges
    REQUIRE(map.decode(0x200f, 1)->node == 7);
    REQUIRE_FALSE(map.decode(0x2010, 1));
    REQUIRE_FALSE(map.decode(0x0, 0));
    REQUIRE(map.ranges_of(1).front().target_base == 0x40);
}

TEST_CASE("AddressMap refuses empty, wrapping and overlapping ranges, naming them", "[tlm]") {
    AddressMap map;
    map.add({0x100, 0x100, 0, 0});
    REQUIRE_THROWS_WITH(map.add({0x0, 0, 1, 0}), Catch::Contains("size must be at least 1"));
    REQUIRE_THROWS_WITH(map.add({~0ull - 1, 4, 1, 0}), Catch::Contains("end of the address space"));
    REQUIRE_THROWS_WITH(map.add({0x1ff, 1, 2, 0}),
                        Catch::Contains("overlaps [0x100, 0x1ff] (node 0)"));
    REQUIRE_THROWS_WITH(map.add({0x0, 0x101, 2, 0}), Catch::Contains("overlaps"));
    map.add({0x200, 1, 2, 0});  // adjacent is fine
    REQUIRE(map.ranges().size() == 2);
}

TEST_CASE("AddressMap decode agrees with a linear search on seeded random maps", "[tlm]") {
    std::mt19937_64 random(5);
    for (int trial = 0; trial < 200; ++trial) {
        AddressMap map;
        std::vector<AddressRange> ranges;
        std::uint64_t at = random() % 64;
        for (int r = 0; r < 6; ++r) {
            const AddressRange range{at, 1 + random() % 64, static_cast<NodeId>(r), 0};
            map.add(range);
            ranges.push_back(range);
            at += range.size + random() % 16;
        }
        for (int probe = 0; probe < 200; ++probe) {
            const std::uint64_t address = random() % (at + 16);
            const std::uint64_t length = 1 + random() % 8;
            std::optional<NodeId> expected;
            for (const AddressRange& r : ranges)
                if (address >= r.base && address + length <= r.base + r.size) expected = r.node;
            const auto got = map.decode(address, length);
            REQUIRE(got.has_value() == expected.has_value());
            if (got) REQUIRE(got->node == *expected);
        }
    }
}

TEST_CASE("Worm lengths follow the payload size and the flit width", "[tlm]") {
    // 32-bit flits: 96 control bits are 3 flits; 64 data bytes are 16 flits; their enables 2.
    REQUIRE(request_flits(false, 64, false, 32) == 3);
    REQUIRE(request_flits(true, 64, false, 32) == 3 + 16);
    REQUIRE(request_flits(true, 64, true, 32) == 3 + 16 + 2);
    REQUIRE(request_flits(true, 5, false, 32) == 3 + 2);
    REQUIRE(response_flits(true, 64, 32) == 1 + 16);
    REQUIRE(response_flits(false, 64, 32) == 1);
    // 16-bit flits: twice as many.
    REQUIRE(request_flits(true, 64, false, 16) == 6 + 32);
    REQUIRE(response_flits(true, 64, 16) == 1 + 32);
}
