// Text and SVG renderings of a broadcast schedule (see ScheduleRender.hpp).
#include "topologies/broadcast/ScheduleRender.hpp"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "topologies/broadcast/ScheduleChecks.hpp"
#include "topologies/broadcast/TorusPartition.hpp"

namespace wormcast::broadcast {

namespace {

std::string scheme_name(const BroadcastSchedule& s) {
    return s.scheme == BroadcastScheme::Atd ? fmt::format("atd:h={}", s.h) : to_string(s.scheme);
}

std::string message_list(const ScheduleSend& send) {
    if (send.control()) return "control";
    std::string text = "[";
    for (std::size_t i = 0; i < send.messages.size(); ++i)
        text += (i ? " " : "") + std::to_string(send.messages[i]);
    return text + "]";
}

/// A colour for k of count, evenly round the hue circle.
std::string hue(std::uint32_t k, std::uint32_t count, int saturation, int lightness) {
    return fmt::format("hsl({},{}%,{}%)", count ? 360 * k / count : 0, saturation, lightness);
}

constexpr double kCell = 32;    // pixels between neighbouring nodes
constexpr double kMargin = 40;  // around the grid, room for wrap-around stubs
constexpr double kTitle = 40;   // two lines of title above the grid

class SvgStep {
  public:
    SvgStep(const BroadcastSchedule& schedule, std::size_t step)
        : s_(schedule), step_(step), n1_(schedule.shape.radix[0]), n2_(schedule.shape.radix[1]) {}

    std::string draw() {
        const double width = std::max(2 * kMargin + (n2_ - 1) * kCell, 440.0);
        const double height = kTitle + 2 * kMargin + (n1_ - 1) * kCell;
        out_ += fmt::format(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{:.0f}\" height=\"{:.0f}\" "
            "viewBox=\"0 0 {:.0f} {:.0f}\" font-family=\"sans-serif\">\n",
            width, height, width, height);
        out_ +=
            "<defs><marker id=\"head\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" "
            "markerWidth=\"6\" markerHeight=\"6\" orient=\"auto-start-reverse\">"
            "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"context-stroke\"/></marker></defs>\n";
        out_ += fmt::format("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        title();
        partition();
        nodes();
        worms();
        out_ += "</svg>\n";
        return out_;
    }

  private:
    // Drawn as the paper's matrix P_{i,j}: x (= i, dimension 0) down, y (= j) to the right.
    double px(std::uint32_t y) const { return kMargin + y * kCell; }
    double py(std::uint32_t x) const { return kTitle + kMargin + x * kCell; }

    void title() {
        const ScheduleStep& st = s_.steps[step_];
        out_ += fmt::format(
            "<text x=\"10\" y=\"18\" font-size=\"13\">{} on the {}, step {} of {}: {} {}</text>\n"
            "<text x=\"10\" y=\"36\" font-size=\"11\">{} worm(s), largest {} flit(s); x down, "
            "y right</text>\n",
            scheme_name(s_), s_.shape.name(), step_ + 1, s_.steps.size(), st.phase, st.level,
            st.sends.size(), s_.max_flits(step_));
    }

    /// ATD: DDN_k's lines tinted with k's colour, DCN blocks outlined.
    void partition() {
        if (s_.scheme != BroadcastScheme::Atd || s_.h == 0) return;
        const std::uint32_t h = s_.h;
        for (std::uint32_t x = 0; x < n1_; ++x)  // the line x, along dimension 1: a row
            out_ += fmt::format(
                "<line x1=\"{1:.1f}\" y1=\"{0:.1f}\" x2=\"{2:.1f}\" y2=\"{0:.1f}\" stroke=\"{3}\" "
                "stroke-width=\"5\" opacity=\"0.35\"/>\n",
                py(x), px(0), px(n2_ - 1), hue(x % h, h, 70, 75));
        for (std::uint32_t y = 0; y < n2_; ++y)  // the line y, along dimension 0: a column
            out_ += fmt::format(
                "<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"{3}\" "
                "stroke-width=\"5\" opacity=\"0.35\"/>\n",
                px(y), py(0), py(n1_ - 1), hue(y % h, h, 70, 75));
        if (h == 1) return;
        for (std::uint32_t a = 0; a < n1_ / h; ++a)
            for (std::uint32_t b = 0; b < n2_ / h; ++b)
                out_ += fmt::format(
                    "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" "
                    "fill=\"none\" stroke=\"#999\" stroke-dasharray=\"4 3\"/>\n",
                    px(b * h) - kCell / 2 + 2, py(a * h) - kCell / 2 + 2, h * kCell - 4,
                    h * kCell - 4);
    }

    void nodes() {
        std::vector<bool> source(s_.shape.nodes(), false);
        for (NodeId v : s_.sources) source[v] = true;
        std::optional<TorusPartition> partition;
        if (s_.scheme == BroadcastScheme::Atd && s_.h > 0) partition.emplace(s_.shape, s_.h);
        for (NodeId v = 0; v < s_.shape.nodes(); ++v) {
            const std::uint32_t x = v % n1_, y = v / n1_;
            std::string fill = "#e8e8e8";
            if (partition)
                if (auto k = partition->ddn(v)) fill = hue(*k, s_.h, 70, 55);
            out_ += fmt::format(
                "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"6\" fill=\"{}\" stroke=\"{}\" "
                "stroke-width=\"{}\"><title>{}</title></circle>\n",
                px(y), py(x), fill, source[v] ? "black" : "#bbb", source[v] ? 2 : 1,
                s_.shape.format(v));
        }
    }

    void worms() {
        const RouteTracer tracer(s_.shape);
        for (const ScheduleSend& send : s_.steps[step_].sends) {
            const std::string colour =
                send.control() ? "#e07000"
                               : (s_.scheme == BroadcastScheme::Edst ? hue(send.part, 4, 80, 35)
                                                                     : std::string("#1f3fbf"));
            const std::string dash = send.control() ? " stroke-dasharray=\"4 2\"" : "";
            std::string points;
            const auto flush = [&](bool last) {
                if (points.empty()) return;
                out_ += fmt::format(
                    "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.8\"{}{}>"
                    "<title>{} -> {} {} {} flit(s)</title></polyline>\n",
                    points, colour, dash, last ? " marker-end=\"url(#head)\"" : "",
                    s_.shape.format(send.from), s_.shape.format(send.to), message_list(send),
                    send.flits);
                points.clear();
            };
            const auto point = [&](double x, double y) {
                points += fmt::format("{}{:.1f},{:.1f}", points.empty() ? "" : " ", x, y);
            };
            // A small sideways shift per direction keeps opposite worms on a line apart.
            // Dimension 0 runs down the picture, dimension 1 to the right.
            for (const Channel& c : tracer.channels(send.from, send.to)) {
                const std::uint32_t x = c.node % n1_, y = c.node / n1_;
                const unsigned dim = c.port / 2;
                const bool plus = c.port % 2;
                const double shift = plus ? 2.5 : -2.5;
                const double ax = px(y) + (dim == 0 ? shift : 0),
                             ay = py(x) + (dim == 1 ? shift : 0);
                const double dx = dim == 1 ? (plus ? kCell : -kCell) : 0;
                const double dy = dim == 0 ? (plus ? kCell : -kCell) : 0;
                if (points.empty()) point(ax, ay);
                const bool wraps = s_.shape.crosses_dateline(c.node, c.port);
                if (!wraps) {
                    point(ax + dx, ay + dy);
                    continue;
                }
                point(ax + dx / 2, ay + dy / 2);  // leave the picture...
                flush(false);
                const std::uint32_t nx = dim == 0 ? (plus ? 0 : n1_ - 1) : x;
                const std::uint32_t ny = dim == 1 ? (plus ? 0 : n2_ - 1) : y;
                const double bx = px(ny) + (dim == 0 ? shift : 0),
                             by = py(nx) + (dim == 1 ? shift : 0);
                point(bx - dx / 2, by - dy / 2);  // ...and come back on the other side
                point(bx, by);
            }
            flush(true);
        }
    }

    const BroadcastSchedule& s_;
    std::size_t step_;
    std::uint32_t n1_, n2_;
    std::string out_;
};

}  // namespace

std::string render_schedule_text(const BroadcastSchedule& schedule) {
    const mesh::MeshShape& shape = schedule.shape;
    std::string out = fmt::format(
        "multinode broadcast {} on the {}: {} source(s), {} flit(s) per message",
        scheme_name(schedule), shape.name(), schedule.sources.size(), schedule.message_flits);
    if (schedule.parts() > 1)
        out += fmt::format(" in {} parts of {}", schedule.parts(),
                           fmt::join(schedule.part_flits, "/"));
    out += "\nsources:";
    for (std::size_t i = 0; i < schedule.sources.size(); ++i)
        out += fmt::format(" {}={}", i, shape.format(schedule.sources[i]));
    out += "\n";
    std::uint64_t flits = 0, worms = 0;
    for (std::size_t s = 0; s < schedule.steps.size(); ++s) {
        const ScheduleStep& step = schedule.steps[s];
        out += fmt::format("step {}: {} {}, {} worm(s), largest {} flit(s)\n", s + 1, step.phase,
                           step.level, step.sends.size(), schedule.max_flits(s));
        for (const ScheduleSend& send : step.sends) {
            out += fmt::format("    {} -> {}  {}", shape.format(send.from), shape.format(send.to),
                               message_list(send));
            if (schedule.parts() > 1) out += fmt::format(" part {}", send.part);
            out += fmt::format("  {} flit(s)\n", send.flits);
        }
        flits += schedule.max_flits(s);
        worms += step.sends.size();
    }
    out += fmt::format("startups: {}, flits (largest send of each step, summed): {}, worms: {}\n",
                       schedule.startups(), flits, worms);
    return out;
}

std::string render_step_svg(const BroadcastSchedule& schedule, std::size_t step) {
    if (step >= schedule.steps.size())
        throw ConfigError(fmt::format("step {} is not one of the schedule's {} steps", step + 1,
                                      schedule.steps.size()));
    return SvgStep(schedule, step).draw();
}

std::string render_schedule_dot(const BroadcastSchedule& schedule) {
    static const char* kColours[] = {"red", "blue", "darkgreen", "orange", "purple", "brown"};
    const mesh::MeshShape& shape = schedule.shape;
    std::string out = fmt::format(
        "digraph broadcast {{\n  label=\"{} on {}: {} sources, {} rounds\";\n  labelloc=t;\n"
        "  layout=neato;\n  node [shape=circle, fontname=Helvetica, "
        "fontsize=9, width=0.5, fixedsize=true];\n  edge [fontsize=7];\n",
        scheme_name(schedule), shape.name(), schedule.sources.size(), schedule.steps.size());
    for (NodeId n = 0; n < shape.nodes(); ++n) {
        const auto c = shape.coord(n);
        const bool source = std::find(schedule.sources.begin(), schedule.sources.end(), n) !=
                            schedule.sources.end();
        out +=
            fmt::format("  n{} [label=\"{}\", pos=\"{},{}!\"{}];\n", n, shape.format(n), 1.1 * c[1],
                        -1.1 * c[0], source ? ", style=filled, fillcolor=lightblue" : "");
    }
    for (std::size_t k = 0; k < schedule.steps.size(); ++k)
        for (const ScheduleSend& send : schedule.steps[k].sends)
            out += fmt::format("  n{} -> n{} [color={}, label=\"{}\"{}];\n", send.from, send.to,
                               kColours[k % 6], k + 1, send.control() ? ", style=dashed" : "");
    return out + "}\n";
}

}  // namespace wormcast::broadcast
