// Switching activity read from a VCD stream (see VcdToggles.hpp).
#include "systemc/pure/VcdToggles.hpp"

#include <cctype>
#include <cstdlib>

#include <fmt/format.h>

#include "systemc/pure/Types.hpp"

namespace wormcast {

std::string VcdToggles::Variable::bit_name(int bit) const {
    if (!ranged && width == 1) return name;
    return fmt::format("{}[{}]", name, lsb + bit);
}

void VcdToggles::feed(const char* text, std::size_t size) {
    std::size_t start = 0;
    for (std::size_t i = 0; i < size; ++i) {
        if (text[i] != '\n') continue;
        if (partial_.empty()) {
            line(std::string(text + start, i - start));
        } else {
            partial_.append(text + start, i - start);
            line(partial_);
            partial_.clear();
        }
        start = i + 1;
    }
    partial_.append(text + start, size - start);
}

void VcdToggles::finish(std::uint64_t end_time) {
    if (!partial_.empty()) {
        line(partial_);
        partial_.clear();
    }
    for (auto& [code, c] : codes_)
        for (std::size_t b = 0; b < c.value.size(); ++b)
            if (c.value[b] == '1' && end_time > c.since[b]) {
                for (std::size_t v : c.variables)
                    variables_[v].high_time[b] += end_time - c.since[b];
                c.since[b] = end_time;
            }
}

void VcdToggles::line(const std::string& text) {
    std::size_t i = 0;
    const std::size_t n = text.size();
    std::string vector_value;  // a "bVALUE" read, waiting for its code
    while (i < n) {
        while (i < n && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        if (i >= n) break;
        std::size_t j = i;
        while (j < n && !std::isspace(static_cast<unsigned char>(text[j]))) ++j;
        const std::string word = text.substr(i, j - i);
        i = j;
        if (in_header_) {
            header_word(word);
            continue;
        }
        if (!vector_value.empty()) {
            change(word, vector_value);
            vector_value.clear();
            continue;
        }
        if (in_command_) {  // $dumpvars ... $end and the like: their values are read as changes
            if (word == "$end") in_command_ = false;
            continue;
        }
        switch (word[0]) {
            case '#':
                time_ = std::strtoull(word.c_str() + 1, nullptr, 10);
                break;
            case 'b':
            case 'B':
                vector_value = word.size() > 1 ? word.substr(1) : std::string("0");
                break;
            case 'r':
            case 'R':  // a real: its code follows; reals carry no bits
                vector_value.clear();
                while (i < n && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
                while (i < n && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
                break;
            case '0':
            case '1':
            case 'x':
            case 'X':
            case 'z':
            case 'Z':
                change(word.substr(1), word.substr(0, 1));
                break;
            case '$':
                // $dumpvars/$dumpall/$dumpon/$dumpoff open a block of values closed by $end; the
                // values inside are changes like any other.
                break;
            default:
                throw ModelError(fmt::format("VCD: unexpected '{}' after the definitions", word));
        }
    }
}

void VcdToggles::header_word(const std::string& word) {
    if (word == "$end") {
        const std::vector<std::string> w = std::move(pending_);
        pending_.clear();
        if (w.empty()) return;
        if (w[0] == "$scope" && w.size() >= 3) {
            scopes_.push_back(w[2]);
        } else if (w[0] == "$upscope") {
            if (!scopes_.empty()) scopes_.pop_back();
        } else if (w[0] == "$var" && w.size() >= 5) {
            Variable v;
            std::string scope;
            for (const auto& s : scopes_) scope += (scope.empty() ? "" : ".") + s;
            v.scope = scope;
            v.width = std::max(1, std::atoi(w[2].c_str()));
            v.name = w[4];
            // The range: a separate word "[7:0]", or glued to the reference "name[7:0]".
            std::string range = w.size() >= 6 ? w[5] : std::string();
            if (range.empty() && !v.name.empty() && v.name.back() == ']') {
                const std::size_t open = v.name.rfind('[');
                range = v.name.substr(open);
                v.name.erase(open);
            }
            if (!range.empty() && range.front() == '[') {
                v.ranged = true;
                const std::size_t colon = range.find(':');
                const int a = std::atoi(range.c_str() + 1);
                const int b = colon == std::string::npos ? a : std::atoi(range.c_str() + colon + 1);
                v.lsb = std::min(a, b);
            }
            v.toggles.assign(v.width, 0);
            v.high_time.assign(v.width, 0);
            Code& code = codes_[w[3]];
            if (code.value.empty()) code.since.assign(v.width, 0);
            code.variables.push_back(variables_.size());
            variables_.push_back(std::move(v));
        } else if (w[0] == "$enddefinitions") {
            in_header_ = false;
        }
        return;
    }
    if (!pending_.empty() || word[0] == '$') pending_.push_back(word);
}

void VcdToggles::change(const std::string& code_text, const std::string& value) {
    const auto found = codes_.find(code_text);
    if (found == codes_.end())
        throw ModelError(fmt::format("VCD: a value for '{}', which no $var declares", code_text));
    Code& code = found->second;
    const int width = variables_[code.variables.front()].width;
    // Bits lsb first; a shorter value is extended with its leading x/z, else with 0.
    std::vector<char> bits(width, '0');
    const char pad =
        (value[0] == 'x' || value[0] == 'X' || value[0] == 'z' || value[0] == 'Z') ? value[0] : '0';
    for (int b = 0; b < width; ++b) {
        const int at = static_cast<int>(value.size()) - 1 - b;
        const char c = at >= 0 ? value[at] : pad;
        bits[b] = c == '1' ? '1' : '0';  // x and z read as 0
    }
    const bool first = code.value.empty();
    if (first) {
        code.value.assign(width, '0');
        code.since.assign(width, time_);
    } else {
        ++changes_;
    }
    for (int b = 0; b < width; ++b) {
        const char was = code.value[b], now = bits[b];
        if (was == now) {
            if (first && now == '1') code.since[b] = time_;
            continue;
        }
        for (std::size_t v : code.variables) {
            Variable& var = variables_[v];
            if (!first) ++var.toggles[b];
            if (was == '1') var.high_time[b] += time_ - code.since[b];
        }
        code.value[b] = now;
        code.since[b] = time_;
    }
}

}  // namespace wormcast
