// Switching activity of every traced bit, read from a VCD as it is written (no file kept): how
// many times each bit changed and how long it was 1. `wormcast run --power` feeds it the
// Verilator trace of the RTL routers (systemc/rtl/RtlActivity) and hands the rates to OpenSTA
// (systemc/rtl/HwPower); docs/hardware-cost.md.
//
// The text is taken in chunks of any size (a line may span two). What is read: $scope/$upscope,
// $var (the identifier code, width and reference with its optional [msb:lsb] or [bit]), #time,
// and value changes "0c", "1c", "xc", "zc", "bVALUE c" (x and z read as 0; a binary value shorter
// than its variable is extended with 0s as the VCD standard says, or with x/z when it starts with
// one). Reals ("r...") and the rest of the header are skipped.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace wormcast {

class VcdToggles {
  public:
    /// One traced variable: its full name (scopes joined with '.', e.g. "net.r0_0.rtl.wc_router.
    /// u_core.valid_q"), its bits lsb first and, per bit, the changes counted and the time at 1.
    struct Variable {
        std::string scope;  ///< the scopes, joined with '.'
        std::string name;   ///< the reference without its range
        int lsb = 0;        ///< index of bit 0 ([7:0] -> 0, [8:1] -> 1; none -> 0)
        int width = 1;
        bool ranged = false;  ///< declared with [msb:lsb] or [bit]
        std::vector<std::uint64_t> toggles;
        std::vector<std::uint64_t> high_time;  ///< time at 1, up to the last change or finish()
        /// "name" for a 1-bit variable without a range, else "name[i]" for bit i (i counted from
        /// the declared lsb): how a netlist names the bit.
        std::string bit_name(int bit) const;
    };

    /// Reads the next piece of the stream.
    void feed(const char* text, std::size_t size);
    /// Closes the time at 1 of every bit at `end_time` (after the last #time read).
    void finish(std::uint64_t end_time);

    const std::vector<Variable>& variables() const { return variables_; }
    std::uint64_t last_time() const { return time_; }
    /// Value changes read (after the first dump of each variable).
    std::uint64_t changes() const { return changes_; }

  private:
    void line(const std::string& text);
    void header_word(const std::string& word);
    void change(const std::string& code, const std::string& value);

    struct Code {  ///< one identifier code: the variables traced under it (aliases share one)
        std::vector<std::size_t> variables;
        std::vector<char> value;  ///< '0'/'1' per bit, lsb first; empty before the first dump
        std::vector<std::uint64_t> since;  ///< per bit: when it last became 1 (while it is 1)
    };

    std::vector<Variable> variables_;
    std::unordered_map<std::string, Code> codes_;
    std::vector<std::string> scopes_;
    std::vector<std::string> pending_;  ///< words of the header command being read
    bool in_header_ = true;
    bool in_command_ = false;
    std::string partial_;  ///< an unfinished line carried to the next chunk
    std::uint64_t time_ = 0;
    std::uint64_t changes_ = 0;
};

}  // namespace wormcast
