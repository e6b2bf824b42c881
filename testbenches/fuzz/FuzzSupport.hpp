// What the libFuzzer targets of testbenches/fuzz/ share (docs/hardening.md): bad input must end
// in a ConfigError; any other exception, a crash or a sanitizer report is a finding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <typeinfo>
#include <vector>

#include "systemc/pure/Types.hpp"

namespace wormcast::fuzz {

/// Runs `body`; a ConfigError is the expected refusal of bad input, anything else aborts (the
/// program would print an unclear message for it, or worse).
template <typename Body>
void refuse_only_with_config_errors(Body&& body) {
    try {
        body();
    } catch (const ConfigError&) {
    } catch (const std::exception& e) {
        std::fprintf(stderr, "finding: %s escaped instead of a ConfigError: %s\n", typeid(e).name(),
                     e.what());
        std::abort();
    }
}

/// A property of accepted input does not hold: print it and abort.
inline void finding(const std::string& what) {
    std::fprintf(stderr, "finding: %s\n", what.c_str());
    std::abort();
}

/// A private folder for the files a target writes (made once per process).
const std::string& scratch_directory();
/// Writes `text` to `name` in the scratch folder; returns its path.
std::string write_scratch(const std::string& name, const std::string& text);

/// Small networks of every family (topologies/Families.cpp), for targets that need one: mesh,
/// torus, min-uni, min-bi, star, irregular (the repository's small10.yaml), anynet (a small file;
/// both in the scratch folder) and lattice.
const std::vector<std::string>& sample_topologies();

/// Splits the input into lines at '\n'.
std::vector<std::string> split_lines(const std::string& text);

}  // namespace wormcast::fuzz
