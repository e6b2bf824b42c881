// Size and kind of a multistage interconnection network of b x b switches (pure C++): the
// unidirectional baseline MIN or the bidirectional butterfly MIN. Varavithya & Mohapatra §2.
#pragma once

#include <cstdint>
#include <string>

#include "systemc/pure/Types.hpp"

namespace wormcast::min {

/// UNI-MIN: baseline network, nodes inject at stage 0 and receive from stage n-1 (wrap-around).
/// BI-MIN: butterfly network of bidirectional links, nodes attached to the left of stage 0.
enum class MinKind { Unidirectional, Bidirectional };

const char* to_string(MinKind kind);  ///< "min-uni" or "min-bi"

/// How a BI-MIN worm below its turnaround stage picks a right port (§4.3, §5: "if multiple links
/// are available in the forward routing phase, the lowest-number port is selected").
/// Adaptive: the switch takes the lowest-numbered right port that is available when the worm is
/// routed, and chooses again every cycle while none is (RouteBranch::alternatives). Fixed: always
/// the lowest right port b, waiting for it when it is busy.
enum class MinForward { Adaptive, Fixed };

const char* to_string(MinForward forward);  ///< "adaptive" or "fixed"
/// "adaptive" or "fixed"; ConfigError naming `what` otherwise.
MinForward parse_min_forward(const std::string& text, const std::string& what);

/// A MIN of `stages` (n) stages of radix x radix (b x b) switches: N = b^n nodes, r = b^(n-1)
/// rows. Addresses are written in base b, digit 0 least significant.
struct MinShape {
    static constexpr std::uint32_t kMaxNodes = 65536;  ///< bit-string headers stay below 8 KiB

    MinKind kind = MinKind::Unidirectional;
    std::uint32_t radix = 2;   ///< b: ports per side of a switch
    std::uint32_t stages = 1;  ///< n
    /// BI-MIN forward-port choice, carried with the topology string (`forward=`); a routing
    /// option rather than wiring; ignored on a UNI-MIN (which has one path; parse() refuses it).
    MinForward forward = MinForward::Adaptive;

    /// Parse "min-uni:b=2,n=3" or "min-bi:b=8,n=2" (keys in any order, each exactly once);
    /// min-bi also takes "forward=adaptive|fixed" (default adaptive), e.g.
    /// "min-bi:b=4,n=3,forward=fixed". Throws ConfigError naming the field and the reason.
    static MinShape parse(const std::string& text);

    /// Throws ConfigError for b < 2, n < 1 or more than kMaxNodes nodes.
    void validate() const;

    std::uint32_t nodes() const { return power(stages); }       ///< N = b^n
    std::uint32_t rows() const { return power(stages - 1); }    ///< r = b^(n-1)
    std::uint32_t switches() const { return rows() * stages; }  ///< physical switches
    /// Stages of the network the grouping algorithm sees: n for UNI, 2n for BI (forward stages
    /// followed by the backward stages, Fig. 10).
    std::uint32_t effective_stages() const {
        return kind == MinKind::Bidirectional ? 2 * stages : stages;
    }
    /// Ports of one switch: b (UNI: inputs 0..b-1 and outputs 0..b-1 are separate links) or 2b
    /// (BI: left ports 0..b-1, right ports b..2b-1, each a bidirectional link).
    PortId switch_ports() const {
        return static_cast<PortId>(kind == MinKind::Bidirectional ? 2 * radix : radix);
    }
    /// The parse form, e.g. "min-bi:b=8,n=2"; ",forward=fixed" appended when not the default.
    std::string name() const;

    /// b^exponent (exponent <= n).
    std::uint32_t power(std::uint32_t exponent) const;
    /// Base-b digit `position` of value (position 0 is the least significant).
    std::uint32_t digit(std::uint32_t value, std::uint32_t position) const;
    /// value with digit `position` replaced by new_digit (< b).
    std::uint32_t with_digit(std::uint32_t value, std::uint32_t position,
                             std::uint32_t new_digit) const;
    /// Throws ConfigError unless node < N; `what` names the field in the message.
    void check_node(NodeId node, const std::string& what) const;
};

}  // namespace wormcast::min
