// SHA-256 (systemc/pure/Sha256), the RTL cache's keys and the results JSON's scenario hash:
// FIPS 180-4's test vectors, the same digest whatever the pieces a message is added in, and
// Debian's sha256sum on seeded random inputs.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <random>
#include <string>

#include <unistd.h>

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

TEST_CASE("sha256 equals sha256sum on seeded random inputs of every padding length",
          "[pure][sha256]") {
    std::mt19937_64 rng(256);
    const std::string path = "/tmp/wormcast_sha_" + std::to_string(::getpid());
    for (int trial = 0; trial < 40; ++trial) {
        // Lengths around the block and padding boundaries (55, 56, 63, 64, 119, 120...) and others.
        const std::size_t length = trial < 20 ? 50 + static_cast<std::size_t>(trial) * 4
                                              : static_cast<std::size_t>(rng() % 5000);
        std::string bytes(length, '\0');
        for (char& c : bytes) c = static_cast<char>(rng() & 0xff);
        std::ofstream(path, std::ios::binary) << bytes;
        std::FILE* pipe = ::popen(("sha256sum " + path).c_str(), "r");
        REQUIRE(pipe);
        char digest[65] = {};
        REQUIRE(std::fread(digest, 1, 64, pipe) == 64);
        ::pclose(pipe);
        INFO("length " << length);
        CHECK(sha256_hex(bytes) == std::string(digest));
    }
    std::remove(path.c_str());
}
