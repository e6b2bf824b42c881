#include "systemc/pure/MessageTrace.hpp"

#include <algorithm>
#include <map>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace wormcast {

MessageTraceFilter MessageTraceFilter::parse(const std::string& text, const std::string& field) {
    MessageTraceFilter f;
    if (text == "all") {
        f.all = true;
        return f;
    }
    if (!text.empty() && text.back() == ',')
        throw ConfigError(fmt::format(
            "{}: '{}' ends with a comma (give ids separated by commas, or all)", field, text));
    std::stringstream in(text);
    for (std::string item; std::getline(in, item, ',');) {
        std::size_t used = 0;
        unsigned long long id = 0;
        try {
            id = std::stoull(item, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (item.empty() || used != item.size() || item[0] == '-')
            throw ConfigError(
                fmt::format("{}: '{}' is not a message id (give ids separated by commas, or all)",
                            field, item));
        f.ids.insert(static_cast<MessageId>(id));
    }
    if (f.ids.empty())
        throw ConfigError(
            fmt::format("{}: no message ids given (ids separated by commas, or all)", field));
    return f;
}

void MessageTraceLog::add(MessageId m, const char* event, Cycle cycle,
                          nlohmann::ordered_json fields) {
    nlohmann::ordered_json e;
    e["msg"] = m;
    e["event"] = event;
    e["cycle"] = cycle;
    for (auto& [k, v] : fields.items()) e[k] = v;
    events_.push_back(std::move(e));
}

std::string MessageTraceLog::jsonl() const {
    std::vector<const nlohmann::ordered_json*> order;
    for (const auto& e : events_) order.push_back(&e);
    using Event = const nlohmann::ordered_json*;
    std::stable_sort(order.begin(), order.end(), [](Event a, Event b) {
        return std::make_pair((*a)["msg"].get<MessageId>(), (*a)["cycle"].get<Cycle>()) <
               std::make_pair((*b)["msg"].get<MessageId>(), (*b)["cycle"].get<Cycle>());
    });
    std::string out;
    for (const auto* e : order) out += e->dump() + "\n";
    return out;
}

std::vector<nlohmann::ordered_json> read_message_trace(const std::string& text,
                                                       const std::string& path) {
    std::vector<nlohmann::ordered_json> out;
    std::stringstream in(text);
    std::size_t number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        try {
            out.push_back(nlohmann::ordered_json::parse(line));
        } catch (const nlohmann::json::parse_error& e) {
            throw ConfigError(fmt::format("{}: line {} is not JSON (syntax error at byte {})", path,
                                          number, e.byte));
        }
        const auto& e = out.back();
        if (!e.is_object() || !e.contains("msg") || !e.contains("event"))
            throw ConfigError(
                fmt::format("{}: line {} has no \"msg\" and \"event\"", path, number));
        if (!e["msg"].is_number_unsigned() || !e["event"].is_string() || !e.contains("cycle") ||
            !e["cycle"].is_number_unsigned())
            throw ConfigError(fmt::format(
                "{}: line {}: \"msg\" and \"cycle\" must be whole numbers and \"event\" a "
                "text (not a --trace-messages file?)",
                path, number));
    }
    return out;
}

namespace {

std::string list(const nlohmann::ordered_json& values) {
    std::vector<std::string> parts;
    for (const auto& v : values) parts.push_back(v.is_string() ? v.get<std::string>() : v.dump());
    return fmt::format("{}", fmt::join(parts, " "));
}

/// The entries of a wait_output / wait_credit event in words.
std::string describe_waits(const nlohmann::ordered_json& waits) {
    std::vector<std::string> parts;
    for (const auto& w : waits) {
        const std::string on = w.value("on", std::string());
        const std::string output =
            w.contains("vc")
                ? fmt::format("output {} VC {}", w.at("output").dump(), w.at("vc").dump())
                : fmt::format("output {}", w.at("output").dump());
        const std::string message = w.at("message").dump();
        if (on == "taken")
            parts.push_back(fmt::format("{} is taken by message {}", output, message));
        else if (on == "queue")
            parts.push_back(
                fmt::format("{} is free, message {} is ahead in its OCRQ", output, message));
        else
            parts.push_back(fmt::format("a credit on {} (the next buffer holds message {}'s flits)",
                                        output, message));
    }
    return parts.empty() ? std::string("(no holder found)")
                         : fmt::format("{}", fmt::join(parts, "; "));
}

}  // namespace

namespace {

std::string explain_events(const std::vector<nlohmann::ordered_json>& events, MessageId m);

}  // namespace

std::string explain_message(const std::vector<nlohmann::ordered_json>& events, MessageId m) {
    try {
        return explain_events(events, m);
    } catch (const nlohmann::json::exception&) {
        // A field missing or of the wrong type: the file was edited or is not a trace.
        throw ConfigError(fmt::format(
            "message {}: an event in the trace lacks a field or has one of the wrong type (was "
            "the file written by run --trace-messages?)",
            m));
    }
}

namespace {

std::string explain_events(const std::vector<nlohmann::ordered_json>& events, MessageId m) {
    std::vector<const nlohmann::ordered_json*> mine;
    for (const auto& e : events)
        if (e.at("msg") == m) mine.push_back(&e);
    if (mine.empty())
        throw ConfigError(
            fmt::format("message {}: not in the trace (was it chosen with --trace-messages?)", m));
    std::string out;
    const nlohmann::ordered_json* summary = nullptr;
    for (const auto* e : mine)
        if ((*e).at("event") == "message") summary = e;
    if (summary) {
        const auto& s = *summary;
        out += fmt::format(
            "message {}: {} -> {} ({} payload flits, {} header flit(s)), injected at cycle {}\n", m,
            s.value("source", std::string("?")), list(s.at("destinations")), s.value("length", 0),
            s.value("header_flits", 0), s.value("injected", Cycle{0}));
    } else {
        out += fmt::format("message {}\n", m);
    }
    // Per router, the head's visit: routed -> (token) -> outputs taken -> head leaves. A tree
    // worm's branches interleave, so each router keeps its own times.
    std::map<std::string, Cycle> routed, ready, outputs,
        token_wait;  // ready: the route, or the token
    std::size_t hops = 0, bubbles = 0;
    for (const auto* ep : mine) {
        const auto& e = *ep;
        const std::string ev = e.at("event");
        const Cycle c = e.at("cycle");
        const std::string router = e.value("router", std::string("?"));
        if (ev == "routed") {
            routed[router] = c;
            ready[router] = e.at("ready");
            out += fmt::format(
                "  cycle {:>6}  {} in port {} VC {}: header read, route -> output(s) {}\n", c,
                router, e.at("in_port").dump(), e.at("in_vc").dump(), list(e.at("outputs")));
        } else if (ev == "wait_token") {
            token_wait[router] = c;
            const auto holder = e.value("holder_stop", nlohmann::ordered_json());
            out += fmt::format(
                "  cycle {:>6}  {}: a tree operation, waits for the token{}\n", c, router,
                holder.is_number()
                    ? fmt::format(" (stop {} of the ring holds it; this switch is stop {})",
                                  holder.dump(), e.value("stop", nlohmann::ordered_json()).dump())
                    : std::string(" (travelling on the ring)"));
        } else if (ev == "wait_output" || ev == "wait_credit") {
            out += fmt::format("  cycle {:>6}  {}: {} {}\n", c, router,
                               ev == "wait_output" ? "waits in the OCRQ:" : "head waits for",
                               describe_waits(e.at("waits")));
        } else if (ev == "token") {
            ready[router] = c;
            out += fmt::format("  cycle {:>6}  {}: holds the token (waited {} cycles for it)\n", c,
                               router, c - token_wait[router]);
        } else if (ev == "outputs") {
            outputs[router] = c;
            out += fmt::format(
                "  cycle {:>6}  {}: took output(s) {} VC(s) {} (waited {} cycles in the OCRQ)\n", c,
                router, list(e.at("outputs")), list(e.at("out_vcs")),
                c > ready[router] ? c - ready[router] : 0);
        } else if (ev == "head") {
            ++hops;
            const std::size_t copies = e.at("outputs").size();
            out += fmt::format(
                "  cycle {:>6}  {}: head leaves on output(s) {}{} ({} cycles after routing, {} "
                "waiting for credits)\n",
                c, router, list(e.at("outputs")),
                copies > 1 ? fmt::format(", replicated x{}", copies) : "", c - routed[router],
                c > outputs[router] ? c - outputs[router] : 0);
        } else if (ev == "bubble") {
            ++bubbles;
            out += fmt::format(
                "  cycle {:>6}  {}: bubble on output(s) {} (another branch is blocked)\n", c,
                router, list(e.at("outputs")));
        }
    }
    out += fmt::format("  {} router hop(s) of the head, {} bubble(s)\n", hops, bubbles);
    if (summary && summary->contains("arrived")) {
        for (const auto& [node, cycle] : (*summary).at("arrived").items())
            out += fmt::format("  delivered at {} at cycle {}\n", node, cycle.dump());
    }
    return out;
}

}  // namespace

}  // namespace wormcast
