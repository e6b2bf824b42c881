// What §5 of Kesavan & Panda reports about each of Figs. 15-21 (facts paraphrased, not quoted),
// each paired with the function that reads wormcast's numbers for it from a figure's results.
#include <cmath>

#include <fmt/format.h>

#include "testbenches/experiments/kp/KpFigures.hpp"

namespace wormcast::kp {

using namespace sim;  // the simulation layer this experiment runs on

namespace {

using A = mesh::MeshMulticastAlgorithm;

/// "um 7090 us / sp 1380 us = 5.1x at S = 256, d = 200" (panel, fixed, x as in the figure).
std::string ratio(const KpFigureResults& r, char panel, A slow, A fast, std::uint32_t fixed,
                  std::uint32_t x) {
    const auto a = r.mean(panel, slow, fixed, x), b = r.mean(panel, fast, fixed, x);
    const KpPanel* p = nullptr;
    for (const auto& candidate : r.figure().panels)
        if (candidate.label == panel) p = &candidate;
    const bool by_sources = p && p->sweep == KpSweep::Sources;
    const std::string where =
        fmt::format("S = {}, d = {}", by_sources ? x : fixed, by_sources ? fixed : x);
    if (!a || !b) return fmt::format("{}: not run in this grid", where);
    return fmt::format("{}: {} {:.0f} / {} {:.0f} us = {:.2f}x", where, kp_short_name(slow), *a,
                       kp_short_name(fast), *b, *a / *b);
}

const KpPanel* find_panel(const KpFigureResults& r, char label) {
    for (const auto& p : r.figure().panels)
        if (p.label == label) return &p;
    return nullptr;
}

/// The curve of one algorithm along a panel's x axis: "d = 64: 2010, 96: 1500, ... us".
std::string series(const KpFigureResults& r, char panel, A a, std::uint32_t fixed) {
    const KpPanel* p = find_panel(r, panel);
    if (!p) return "no such panel";
    std::string text = fmt::format("{} ({}): ", kp_short_name(a),
                                   p->sweep == KpSweep::Destinations ? fmt::format("S = {}", fixed)
                                   : p->sweep == KpSweep::Sources    ? fmt::format("d = {}", fixed)
                                                                     : std::string("by k"));
    const char* axis = p->sweep == KpSweep::Sources        ? "S"
                       : p->sweep == KpSweep::Destinations ? "d"
                                                           : "k";
    bool first = true;
    for (std::uint32_t x : p->x) {
        const auto v = r.mean(panel, a, fixed, x);
        text +=
            fmt::format("{}{}{}: {}", first ? "" : ", ", first ? fmt::format("{} = ", axis) : "", x,
                        v ? fmt::format("{:.0f}", *v) : std::string("-"));
        first = false;
    }
    return text + " us";
}

/// Where `later` becomes and stays faster than `other` along a panel's x axis.
std::string crossover(const KpFigureResults& r, char panel, A later, A other, std::uint32_t fixed) {
    const KpPanel* p = find_panel(r, panel);
    if (!p) return "no such panel";
    // The first x of the last run of points where `later` is faster (none: it is not faster at
    // the largest x). A plain flag beside the value: GCC 12 misreads an optional here.
    bool faster = false;
    std::uint32_t from = 0;
    std::string detail;
    for (std::uint32_t x : p->x) {
        const auto a = r.mean(panel, later, fixed, x), b = r.mean(panel, other, fixed, x);
        if (!a || !b) continue;
        if (*a < *b) {
            if (!faster) from = x;
            faster = true;
        } else {
            faster = false;
        }
        detail += fmt::format("{}{}: {:.2f}", detail.empty() ? "" : ", ", x, *b / *a);
    }
    const std::string head =
        faster
            ? (from == p->x.front() ? fmt::format("{} faster than {} at every d of the grid",
                                                  kp_short_name(later), kp_short_name(other))
                                    : fmt::format("{} faster than {} from d = {} on",
                                                  kp_short_name(later), kp_short_name(other), from))
            : fmt::format("{} not faster than {} at the largest d", kp_short_name(later),
                          kp_short_name(other));
    return fmt::format("S = {}: {} ({}/{} by d: {})", fixed, head, kp_short_name(other),
                       kp_short_name(later), detail);
}

/// Latency at the largest system over the smallest (Fig. 21).
std::string growth(const KpFigureResults& r, char panel) {
    const KpPanel* p = find_panel(r, panel);
    if (!p) return "no such panel";
    std::string text;
    for (A a : r.figure().algorithms) {
        const auto lo = r.mean(panel, a, 0, p->x.front()), hi = r.mean(panel, a, 0, p->x.back());
        text +=
            fmt::format("{}{} {}", text.empty() ? "" : "; ", kp_short_name(a),
                        lo && hi ? fmt::format("{:.0f} -> {:.0f} us ({:.1f}x)", *lo, *hi, *hi / *lo)
                                 : std::string("not run"));
    }
    return fmt::format("{}x{} -> {}x{}: {}", p->x.front(), p->x.front(), p->x.back(), p->x.back(),
                       text);
}

std::string join(const std::vector<std::string>& parts) {
    std::string text;
    for (const auto& part : parts) text += (text.empty() ? "" : "; ") + part;
    return text;
}

/// Two values of one curve, and the change between them.
std::string pair_change(const KpFigureResults& r, char panel, A a, std::uint32_t fixed1,
                        std::uint32_t x1, std::uint32_t fixed2, std::uint32_t x2,
                        const std::string& what1, const std::string& what2) {
    const auto v1 = r.mean(panel, a, fixed1, x1), v2 = r.mean(panel, a, fixed2, x2);
    if (!v1 || !v2)
        return fmt::format("{} {} vs {}: not run in this grid", kp_short_name(a), what1, what2);
    return fmt::format("{} {} {:.0f} vs {} {:.0f} us ({:+.0f}%)", kp_short_name(a), what1, *v1,
                       what2, *v2, 100.0 * (*v2 - *v1) / *v1);
}

std::vector<KpClaim> claims_unicast(std::uint32_t big_s, bool three_d) {
    std::vector<KpClaim> c;
    if (!three_d) {
        c.push_back({"(a) complete overlap, S = 256, d = 200: SPUmesh about 5-6x faster than Umesh",
                     [](const KpFigureResults& r) {
                         return ratio(r, 'a', A::Umesh, A::SpUmesh, 200, 256);
                     }});
        c.push_back({"(a) complete overlap, S = 256, d = 128: SPUmesh about 4x faster",
                     [](const KpFigureResults& r) {
                         return ratio(r, 'a', A::Umesh, A::SpUmesh, 128, 256);
                     }});
        c.push_back({"(a) complete overlap, S = 128: SPUmesh about 5x faster",
                     [](const KpFigureResults& r) {
                         return join({ratio(r, 'a', A::Umesh, A::SpUmesh, 128, 128),
                                      ratio(r, 'a', A::Umesh, A::SpUmesh, 200, 128)});
                     }});
    } else {
        // §5.1.2 writes "large S (200)" and "small S (128)"; Fig. 16(a) fixes d at 128 and 200,
        // so we read them as d, at the largest S of the grid.
        c.push_back(
            {"(a) complete overlap, d = 200 (the text says S = 200): SPUmesh 5-6x faster "
             "than Umesh",
             [big_s](const KpFigureResults& r) {
                 return join({ratio(r, 'a', A::Umesh, A::SpUmesh, 200, big_s),
                              ratio(r, 'a', A::Umesh, A::SpUmesh, 200, 128)});
             }});
        c.push_back({"(a) complete overlap, d = 128 (the text: S = 128): SPUmesh about 4x faster",
                     [big_s](const KpFigureResults& r) {
                         return join({ratio(r, 'a', A::Umesh, A::SpUmesh, 128, big_s),
                                      ratio(r, 'a', A::Umesh, A::SpUmesh, 128, 128)});
                     }});
    }
    c.push_back(
        {"(a)/(b) complete overlap: SPUmesh about equally fast for d = 128 and d = 200; "
         "Umesh clearly slower at d = 200",
         [big_s](const KpFigureResults& r) {
             return join({pair_change(r, 'a', A::SpUmesh, 128, big_s, 200, big_s,
                                      fmt::format("S = {} d = 128", big_s), "d = 200"),
                          pair_change(r, 'a', A::Umesh, 128, big_s, 200, big_s,
                                      fmt::format("S = {} d = 128", big_s), "d = 200")});
         }});
    c.push_back(
        {"(b) complete overlap: Umesh latency grows with d, SPUmesh changes little",
         [big_s](const KpFigureResults& r) {
             return join({series(r, 'b', A::Umesh, big_s), series(r, 'b', A::SpUmesh, big_s)});
         }});
    c.push_back(
        {"(b) complete overlap, S <= D: Umesh slower for even d (odd D) than for odd d "
         "(even D), as Theorem 1 predicts",
         [](const KpFigureResults& r) {
             return join(
                 {pair_change(r, 'b', A::Umesh, 128, 127, 128, 128, "S = 128 d = 127", "d = 128"),
                  pair_change(r, 'b', A::Umesh, 128, 199, 128, 200, "S = 128 d = 199", "d = 200")});
         }});
    c.push_back({"(c) random overlap, large d: SPUmesh about 2x faster than Umesh",
                 [big_s](const KpFigureResults& r) {
                     return join({ratio(r, 'c', A::Umesh, A::SpUmesh, 200, big_s),
                                  ratio(r, 'c', A::Umesh, A::SpUmesh, 128, big_s)});
                 }});
    c.push_back(
        {"(d) random overlap: Umesh latency shoots up with d, SPUmesh about constant; "
         "lower than with complete overlap",
         [big_s](const KpFigureResults& r) {
             return join({series(r, 'd', A::Umesh, big_s), series(r, 'd', A::SpUmesh, big_s)});
         }});
    c.push_back(
        {"(d) random overlap: no odd/even d effect for Umesh", [](const KpFigureResults& r) {
             return pair_change(r, 'd', A::Umesh, 128, 127, 128, 128, "S = 128 d = 127", "d = 128");
         }});
    return c;
}

std::vector<KpClaim> claims_hl_family(std::uint32_t big_s, bool three_d) {
    std::vector<KpClaim> c;
    if (!three_d) {
        c.push_back(
            {"(a) complete overlap, large d (200): SCHL about 2x faster than SQHL and "
             "6-7x faster than HL",
             [big_s](const KpFigureResults& r) {
                 return join({ratio(r, 'a', A::Sqhl, A::Schl, 200, big_s),
                              ratio(r, 'a', A::Hl, A::Schl, 200, big_s),
                              ratio(r, 'a', A::Sqhl, A::Schl, 200, 128),
                              ratio(r, 'a', A::Hl, A::Schl, 200, 128)});
             }});
    } else {
        c.push_back({"(a)/(b) complete overlap: SCHL and SQHL faster than HL",
                     [big_s](const KpFigureResults& r) {
                         return join({ratio(r, 'a', A::Hl, A::Sqhl, 200, big_s),
                                      ratio(r, 'a', A::Hl, A::Schl, 200, big_s),
                                      ratio(r, 'a', A::Hl, A::Sqhl, 128, big_s),
                                      ratio(r, 'a', A::Hl, A::Schl, 128, big_s)});
                     }});
    }
    c.push_back(
        {"(a) complete overlap: the HL schemes are faster at d = 200 than at d = 128 "
         "(latency falls as d grows)",
         [big_s](const KpFigureResults& r) {
             std::vector<std::string> parts;
             for (A a : {A::Hl, A::Sqhl, A::Schl})
                 parts.push_back(pair_change(r, 'a', a, 128, big_s, 200, big_s,
                                             fmt::format("S = {} d = 128", big_s), "d = 200"));
             return join(parts);
         }});
    const std::uint32_t small_d = three_d ? 32 : 64, large_d = three_d ? 215 : 255;
    c.push_back({three_d ? "(b) complete overlap: SCHL falls from about 2000 us at d = 32 to about "
                           "500 us at d = 215"
                         : "(b) complete overlap: SCHL falls from about 2000 us at d = 64 to about "
                           "250 us at d = 255 (about 10x)",
                 [big_s, small_d, large_d](const KpFigureResults& r) {
                     return join({pair_change(r, 'b', A::Schl, big_s, small_d, big_s, large_d,
                                              fmt::format("S = {} d = {}", big_s, small_d),
                                              fmt::format("d = {}", large_d)),
                                  pair_change(r, 'b', A::Schl, 128, small_d, 128, large_d,
                                              fmt::format("S = 128 d = {}", small_d),
                                              fmt::format("d = {}", large_d))});
                 }});
    c.push_back({three_d ? "(b) complete overlap: SQHL faster for small d; SCHL overtakes it at a "
                           "much larger d than in 2-D"
                         : "(b) complete overlap: SQHL faster for small d; SCHL faster for d "
                           "above 128",
                 [big_s](const KpFigureResults& r) {
                     return join({crossover(r, 'b', A::Schl, A::Sqhl, big_s),
                                  crossover(r, 'b', A::Schl, A::Sqhl, 128)});
                 }});
    c.push_back({three_d ? "(c) random overlap: SCHL about 1.5x faster than SQHL and 5x faster "
                           "than HL"
                         : "(c) random overlap: SCHL 2-3x faster than SQHL and 5-7x faster than HL",
                 [big_s](const KpFigureResults& r) {
                     return join({ratio(r, 'c', A::Sqhl, A::Schl, 200, big_s),
                                  ratio(r, 'c', A::Hl, A::Schl, 200, big_s),
                                  ratio(r, 'c', A::Sqhl, A::Schl, 128, big_s),
                                  ratio(r, 'c', A::Hl, A::Schl, 128, big_s)});
                 }});
    c.push_back({"(d) random overlap: SQHL faster for small d, SCHL after a crossover",
                 [big_s](const KpFigureResults& r) {
                     return join({crossover(r, 'd', A::Schl, A::Sqhl, big_s),
                                  crossover(r, 'd', A::Schl, A::Sqhl, 128)});
                 }});
    return c;
}

std::vector<KpClaim> claims_sp_vs_schl(std::uint32_t big_s, bool three_d) {
    std::vector<KpClaim> c;
    if (!three_d) {
        c.push_back({"(a)/(b) large d: SCHL beats SPUmesh more as S grows, by up to almost 2.5x",
                     [](const KpFigureResults& r) {
                         const KpPanel* p = find_panel(r, 'a');
                         std::vector<std::string> parts;
                         if (p)
                             for (std::uint32_t s : p->x)
                                 parts.push_back(ratio(r, 'a', A::SpUmesh, A::Schl, 200, s));
                         return join(parts);
                     }});
        c.push_back(
            {"(b) SPUmesh faster for small d; crossover at about d = 100, SCHL better "
             "beyond",
             [big_s](const KpFigureResults& r) {
                 return join({crossover(r, 'b', A::Schl, A::SpUmesh, 128),
                              crossover(r, 'b', A::Schl, A::SpUmesh, big_s)});
             }});
        c.push_back({"(b) SPUmesh latency steady as d grows", [big_s](const KpFigureResults& r) {
                         return series(r, 'b', A::SpUmesh, big_s);
                     }});
        c.push_back({"(c) random overlap: SCHL faster than SPUmesh for both d = 128 and d = 200",
                     [](const KpFigureResults& r) {
                         return join({ratio(r, 'c', A::SpUmesh, A::Schl, 128, 256),
                                      ratio(r, 'c', A::SpUmesh, A::Schl, 200, 256),
                                      ratio(r, 'c', A::SpUmesh, A::Schl, 128, 128),
                                      ratio(r, 'c', A::SpUmesh, A::Schl, 200, 128)});
                     }});
        c.push_back({"(d) random overlap: SCHL faster at every d, about 4-6x at large d",
                     [big_s](const KpFigureResults& r) {
                         return join({crossover(r, 'd', A::Schl, A::SpUmesh, big_s),
                                      ratio(r, 'd', A::SpUmesh, A::Schl, big_s, 255),
                                      ratio(r, 'd', A::SpUmesh, A::Schl, 128, 255)});
                     }});
    } else {
        c.push_back({"(a) complete overlap: SCHL faster than SPUmesh for d = 200, not for d = 128",
                     [](const KpFigureResults& r) {
                         const KpPanel* p = find_panel(r, 'a');
                         std::vector<std::string> parts;
                         if (p)
                             for (std::uint32_t d : {200u, 128u})
                                 for (std::uint32_t s : p->x)
                                     parts.push_back(ratio(r, 'a', A::SpUmesh, A::Schl, d, s));
                         return join(parts);
                     }});
        c.push_back({"(b) complete overlap: SCHL overtakes SPUmesh at about d = 180",
                     [big_s](const KpFigureResults& r) {
                         return join({crossover(r, 'b', A::Schl, A::SpUmesh, big_s),
                                      crossover(r, 'b', A::Schl, A::SpUmesh, 128)});
                     }});
        c.push_back({"(c) random overlap: SCHL faster than SPUmesh for both d = 128 and d = 200",
                     [big_s](const KpFigureResults& r) {
                         return join({ratio(r, 'c', A::SpUmesh, A::Schl, 128, big_s),
                                      ratio(r, 'c', A::SpUmesh, A::Schl, 200, big_s),
                                      ratio(r, 'c', A::SpUmesh, A::Schl, 128, 128),
                                      ratio(r, 'c', A::SpUmesh, A::Schl, 200, 128)});
                     }});
        c.push_back(
            {"(d) random overlap: SPUmesh almost as fast as SCHL up to about d = 100, "
             "SCHL clearly faster beyond",
             [big_s](const KpFigureResults& r) {
                 return join({crossover(r, 'd', A::Schl, A::SpUmesh, big_s),
                              crossover(r, 'd', A::Schl, A::SpUmesh, 128)});
             }});
    }
    return c;
}

std::vector<KpClaim> claims_scalability() {
    std::vector<KpClaim> c;
    const char* labels[] = {
        "(a) complete overlap, S = N/2, d = N-1", "(b) complete overlap, S = N, d = N/2",
        "(c) random overlap, S = N/2, d = N-1", "(d) random overlap, S = N, d = N/2"};
    const char panels[] = {'a', 'b', 'c', 'd'};
    for (int i = 0; i < 4; ++i) {
        const char panel = panels[i];
        const bool all_dests = panel == 'a' || panel == 'c';
        c.push_back({fmt::format("{}: SPUmesh, SQHL and SCHL grow less with system size than "
                                 "Umesh and HL{}",
                                 labels[i], all_dests ? "; SCHL the only one about constant" : ""),
                     [panel](const KpFigureResults& r) { return growth(r, panel); }});
    }
    return c;
}

}  // namespace

std::vector<KpClaim> kp_claims(int number) {
    switch (number) {
        case 15:
            return claims_unicast(256, false);
        case 16:
            return claims_unicast(216, true);
        case 17:
            return claims_hl_family(256, false);
        case 18:
            return claims_hl_family(216, true);
        case 19:
            return claims_sp_vs_schl(216, false);
        case 20:
            return claims_sp_vs_schl(216, true);
        case 21:
            return claims_scalability();
        default:
            return {};
    }
}

}  // namespace wormcast::kp
