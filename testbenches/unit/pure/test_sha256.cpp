// SHA-256 (systemc/pure/Sha256), the RTL cache's keys: FIPS 180-4's test vectors, and the same
// digest whatever the pieces a message is added in.
#include <catch2/catch.hpp>

#include <random>
#include <string>

#include "systemc/pure/Sha256.hpp"

using namespace wormcast;

TEST_CASE("SHA-256 gives the FIPS 180-4 digests", "[pure][sha256]") {
    REQUIRE(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    REQUIRE(sha256_hex("abc") ==
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    REQUIRE(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    REQUIRE(sha256_hex(std::string(1000000, 'a')) ==
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("SHA-256 of a message added in random pieces equals its digest in one piece",
          "[pure][sha256]") {
    std::mt19937_64 rng(17);
    for (int trial = 0; trial < 200; ++trial) {
        std::string message(rng() % 300, '\0');
        for (char& c : message) c = static_cast<char>(rng());
        Sha256 pieces;
        for (std::size_t at = 0; at < message.size();) {
            const std::size_t take = std::min<std::size_t>(1 + rng() % 70, message.size() - at);
            pieces.update(message.data() + at, take);
            at += take;
        }
        INFO("length " << message.size());
        REQUIRE(pieces.hex() == sha256_hex(message));
    }
}
