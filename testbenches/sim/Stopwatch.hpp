// Wall-clock timing of one call, for the run outcomes and progress lines of `wormcast reproduce`.
#pragma once

#include <chrono>
#include <utility>

namespace wormcast::sim {

/// Calls f() and returns its result together with the wall-clock seconds the call took.
template <typename F>
auto timed(F&& f) {
    const auto start = std::chrono::steady_clock::now();
    auto result = std::forward<F>(f)();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return std::make_pair(std::move(result), seconds);
}

}  // namespace wormcast::sim
