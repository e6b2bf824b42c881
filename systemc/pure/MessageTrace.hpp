// Per-message traces (pure C++): which messages to follow, the events routers record for their
// heads (one JSON object per line of the --trace-messages file), and the story `wormcast explain`
// tells from them. Routers hold a pointer to the log, null when tracing is off: the only cost of
// the feature in an untraced run is that test.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "systemc/pure/Types.hpp"

namespace wormcast {

/// "all", or message ids separated by commas; throws ConfigError naming `field` otherwise.
struct MessageTraceFilter {
    bool all = false;
    std::set<MessageId> ids;

    static MessageTraceFilter parse(const std::string& text, const std::string& field);
    bool wants(MessageId m) const { return all || ids.count(m) != 0; }
};

class MessageTraceLog {
  public:
    explicit MessageTraceLog(MessageTraceFilter filter) : filter_(std::move(filter)) {}
    bool wants(MessageId m) const { return filter_.wants(m); }
    /// One event of message `m` ("event" names it; the rest are its fields).
    void add(MessageId m, const char* event, Cycle cycle, nlohmann::ordered_json fields);
    const std::vector<nlohmann::ordered_json>& events() const { return events_; }
    /// The events as JSON lines, each message's lines together in cycle order.
    std::string jsonl() const;

  private:
    MessageTraceFilter filter_;
    std::vector<nlohmann::ordered_json> events_;
};

/// Reads a --trace-messages file; throws ConfigError naming the file and line if one is not JSON.
std::vector<nlohmann::ordered_json> read_message_trace(const std::string& text,
                                                       const std::string& path);

/// One message's story in words, from its lines; throws ConfigError if the file has none.
std::string explain_message(const std::vector<nlohmann::ordered_json>& events, MessageId m);

}  // namespace wormcast
