// One run of the Libeskind-Hadas, Mazzoni & Rajagopalan (SPAM) reproductions: a single multicast
// alone on a random lattice network (§4, Fig. 2) or mixed unicast/multicast traffic with
// negative-binomial arrivals (§4, Fig. 3); and the sampling of a point until its 95 % confidence
// interval is within 1 % of the mean, as the paper's points are.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "systemc/NetworkParams.hpp"
#include "testbenches/traffic/TrafficSchedule.hpp"

namespace wormcast::spam {

/// §4's timing and the choices the paper leaves open (docs/reproduction.md): a 10 ns clock, one
/// flit per clock on every channel (so the 10 ns channel propagation is one flit time); router
/// set-up 40 ns = t_node 3 + t_sw 1 cycles, for unicast and multicast headers alike; start-up
/// t_s = 10 us = 1000 cycles; 64-bit flits with the tagged header (a unicast header is 1 flit, a
/// bit-string header ceil((2 + N) / 64) flits: 3 at 128 processors, 5 at 256); 4-flit input
/// buffers, one VC; t_inj = t_cons = 1 cycle; tree worms with atomic OCRQs.
NetworkParams spam_paper_params();

/// §4: "Each message comprised 128 flits" (the header included here).
constexpr std::uint32_t kSpamMessageFlits = 128;
/// §4: t_s = 10 us.
constexpr double kSpamStartupUs = 10.0;

/// Payload flits of a message to `destinations` processors of an `nodes`-processor network sent
/// as `scheme` ("spam": one worm with a bit-string header unless d = 1; "unicast": unicast
/// headers), so that each worm is kSpamMessageFlits long with its header.
std::uint32_t spam_payload_flits(const NetworkParams& params, std::uint32_t nodes,
                                 const std::string& scheme, std::size_t destinations);

/// A contention-free run (Fig. 2): one multicast from a random source to d random processors on
/// lattice:switches=nodes,seed=network_seed.
struct SingleSpec {
    std::uint32_t nodes = 128;
    std::string scheme = "spam";  ///< spam or unicast (the binomial software scheme)
    std::uint32_t destinations = 1;
    std::uint64_t network_seed = 1;
    std::uint64_t seed = 1;  ///< draws the source and the destinations
    /// spam: worms per multicast (nic.groups; 1 = one SPAM worm). Every worm carries the
    /// payload of one bit-string worm, so a message's data is the same for every k.
    unsigned groups = 1;
};

/// What one run measured; travels from a worker process as JSON.
struct RunOutcome {
    bool ok = false;
    /// Fig. 3: the traffic was not delivered within the drain bound (the load is past saturation);
    /// not a failure of the model.
    bool saturated = false;
    double latency_us = 0;  ///< Fig. 2: start-up to last tail; Fig. 3: mean message latency
    double multicast_latency_us = 0;  ///< Fig. 3: mean multicast latency (submission to last tail)
    double root_share = 0;            ///< the root switch's share of switch-to-switch flits
    std::uint64_t messages = 0;       ///< measured messages
    std::string problem;
    /// Fig. 3 by kind, start-up to last tail: the multicasts alone, the unicasts alone. A saturated
    /// run fills them (and latency_us) from the measured messages delivered by the drain bound:
    /// a lower bound, the others still queued.
    double multicast_alone_us = 0;
    double unicast_alone_us = 0;
    double delivered = 0;  ///< share of the measured messages delivered

    static RunOutcome failed(std::string why);
};
/// Outcomes travel between worker processes as JSON, one key per member.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(RunOutcome, ok, saturated, latency_us, multicast_latency_us,
                                   root_share, messages, problem, multicast_alone_us,
                                   unicast_alone_us, delivered)

RunOutcome run_single(const SingleSpec& spec);

/// Mixed traffic (Fig. 3): every processor draws its messages' inter-arrival times (in cycles)
/// from a negative binomial distribution with `shape` r and mean 1/rate; each message is a
/// unicast to a random other processor, or with probability multicast_share a multicast to
/// `destinations` random other processors. Messages submitted in [warmup, warmup + measure)
/// are measured.
struct LoadSpec {
    std::uint32_t nodes = 128;
    std::uint32_t destinations = 8;
    double multicast_share = 0.1;
    double rate_per_us = 0.01;  ///< mean messages per processor per microsecond
    unsigned shape = 2;         ///< r of the negative binomial
    std::uint64_t warmup_cycles = 20000;
    std::uint64_t measure_cycles = 100000;
    std::uint64_t network_seed = 1;
    std::uint64_t seed = 1;
    unsigned groups = 1;  ///< SPAM worms per multicast (as SingleSpec::groups)
};

/// The schedule of a load run (seeded; processor i's draws depend on (seed, i)).
std::vector<ScheduledSend> negative_binomial_schedule(const LoadSpec& spec,
                                                      const NetworkParams& params);

RunOutcome run_load(const LoadSpec& spec);

/// A point sampled until its 95 % confidence interval is within `target` of the mean.
struct PointSample {
    unsigned runs = 0;
    unsigned failed = 0;
    unsigned saturated = 0;  ///< runs past saturation (sampling of the point then stops)
    double mean = 0;
    double half_width = 0;   ///< of the 95 % confidence interval (Student's t)
    bool converged = false;  ///< half_width <= target * mean before max_runs
    std::string first_problem;
    std::vector<double> values;
    double relative() const { return mean > 0 ? half_width / mean : 0; }
};

/// "mean ± half-width (relative %, runs)", or why the point has no value.
std::string interval_text(const PointSample& s);

/// How many runs a figure's points take: until the 95 % interval is within `target` of the
/// mean, between min_runs and max_runs (--quick: 3..4; --runs N: exactly N).
struct Sampling {
    unsigned min_runs = 10, max_runs = 200;
    double target = 0.01;
};
Sampling sampling_of(bool quick, std::optional<unsigned> runs);

/// A lattice seed from the experiment's seed and a point's coordinates.
std::uint64_t lattice_seed(std::uint64_t seed, std::initializer_list<std::uint64_t> parts);

/// The 0.975 quantile of Student's t with `df` degrees of freedom.
double student_t975(unsigned df);

/// Mean and 95 % half-width of `values` (0 half-width for fewer than two).
void summarise(PointSample& sample);

/// The multicast latency and root share averaged over the runs of a point that ended well (0
/// when none did).
struct OkMeans {
    double multicast_latency_us = 0;
    double root_share = 0;
    double multicast_alone_us = 0;
    double unicast_alone_us = 0;
};
OkMeans mean_of_ok_runs(const std::vector<RunOutcome>& outcomes);

/// Samples every point in rounds: each round runs `batch(point, run_index)` for the points not yet
/// converged (runs min_runs first, then `step` more at a time) in the worker pool, until every
/// point's interval is within `target` of its mean or has max_runs runs, or a run of it saturated.
/// `value` picks the number sampled from an outcome.
std::vector<PointSample> sample_until_converged(
    std::size_t points, const std::function<RunOutcome(std::size_t point, unsigned run)>& run_one,
    const std::function<double(const RunOutcome&)>& value, unsigned min_runs, unsigned max_runs,
    double target, unsigned jobs, const std::string& name,
    std::vector<std::vector<RunOutcome>>* outcomes = nullptr);

}  // namespace wormcast::spam
