// The event table of `run --power` (testbenches/sim/Power.hpp) is a non-negative least-squares
// fit of each router's data energy to its event counts: on random systems it never returns a
// negative energy, recovers an exact non-negative solution, and no non-negative point sampled
// around it fits better.
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "testbenches/sim/Power.hpp"

using wormcast::sim::nonnegative_least_squares;

namespace {
double residual(const std::vector<std::vector<double>>& a, const std::vector<double>& b,
                const std::vector<double>& x) {
    double r = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        double fit = 0;
        for (std::size_t k = 0; k < x.size(); ++k) fit += a[i][k] * x[k];
        r += (fit - b[i]) * (fit - b[i]);
    }
    return r;
}
}  // namespace

TEST_CASE("power: the event table's non-negative least squares", "[sim][power]") {
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> u(0, 1);
    for (int round = 0; round < 200; ++round) {
        const std::size_t rows = 4 + rng() % 20, columns = 1 + rng() % 3;
        std::vector<std::vector<double>> a(rows, std::vector<double>(columns));
        std::vector<double> truth(columns), b(rows, 0);
        for (auto& t : truth) t = u(rng) < 0.3 ? 0 : 1 + 200 * u(rng);
        for (std::size_t i = 0; i < rows; ++i)
            for (std::size_t k = 0; k < columns; ++k) {
                a[i][k] = std::floor(1000 * u(rng));
                b[i] += a[i][k] * truth[k];
            }
        const bool noisy = round % 2 == 1;
        if (noisy)
            for (auto& v : b) v = std::max(0.0, v + (u(rng) - 0.5) * 0.4 * v - 50 * u(rng));
        const std::vector<double> x = nonnegative_least_squares(a, b);
        REQUIRE(x.size() == columns);
        for (double e : x) CHECK(e >= 0);
        INFO("round " << round);
        if (!noisy)
            for (std::size_t k = 0; k < columns; ++k) CHECK(x[k] == Approx(truth[k]).margin(1e-6));
        const double best = residual(a, b, x);
        for (int probe = 0; probe < 50; ++probe) {
            std::vector<double> y = x;
            for (auto& e : y) e = std::max(0.0, e + (u(rng) - 0.5) * (1 + e));
            CHECK(residual(a, b, y) >= best * (1 - 1e-9));
        }
    }
}

TEST_CASE("power: the event fit gives collinear events' energy to the first of them",
          "[sim][power]") {
    // Heads are a fixed share of the flits (one message length): the exact optimum is a line of
    // solutions; the parsimonious fit takes the first column alone, unless the second helps.
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> u(0, 1);
    for (int round = 0; round < 50; ++round) {
        std::vector<std::vector<double>> a;
        std::vector<double> b;
        const double share = 0.05 + 0.2 * u(rng), pj = 100 + 300 * u(rng);
        for (int r = 0; r < 16; ++r) {
            const double flits = std::floor(100 + 5000 * u(rng));
            a.push_back({flits, flits * share, 0, 0});
            b.push_back(flits * pj * (1 + 0.1 * (u(rng) - 0.5)));
        }
        const auto x = nonnegative_least_squares(a, b, 0.01);
        CHECK(x[0] > 0);
        CHECK(x[1] == 0);
        // Two shares (two message lengths): the head's own energy is found.
        const double share2 = share + 0.3, head = 50 + 500 * u(rng);
        std::vector<std::vector<double>> a2;
        std::vector<double> b2;
        for (int r = 0; r < 32; ++r) {
            const double flits = std::floor(100 + 5000 * u(rng));
            const double heads = flits * (r < 16 ? share : share2);
            a2.push_back({flits, heads, 0, 0});
            b2.push_back(flits * pj + heads * head);
        }
        const auto y = nonnegative_least_squares(a2, b2, 0.01);
        CHECK(y[0] == Approx(pj).epsilon(1e-6));
        CHECK(y[1] == Approx(head).epsilon(1e-6));
    }
}
