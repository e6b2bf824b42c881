// Set of small indices 0..size-1 as bits of 64-bit words, sized once (pure C++): which of a
// router's input VCs are in a given state, so that the pipeline stages visit only those instead
// of scanning every VC every cycle.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace wormcast {

class IndexSet {
  public:
    explicit IndexSet(std::size_t size = 0) : words_((size + 63) / 64, 0) {}

    std::size_t words() const { return words_.size(); }
    std::uint64_t word(std::size_t w) const { return words_[w]; }

    void set(std::size_t i) { words_[i / 64] |= std::uint64_t{1} << (i % 64); }
    void reset(std::size_t i) { words_[i / 64] &= ~(std::uint64_t{1} << (i % 64)); }
    bool any() const {
        for (std::uint64_t w : words_)
            if (w) return true;
        return false;
    }

    /// Calls f(i) for every member, lowest first (see for_each_index).
    template <typename F>
    void for_each(F&& f) const;

  private:
    std::vector<std::uint64_t> words_;
};

/// Calls f(i) for every index whose bit is set in word_of(w), lowest first. Each word is read
/// once, when the visit reaches it: f may change the bits of the index it is given.
template <typename WordOf, typename F>
void for_each_index(std::size_t words, WordOf&& word_of, F&& f) {
    for (std::size_t w = 0; w < words; ++w)
        for (std::uint64_t bits = word_of(w); bits; bits &= bits - 1)
            f(w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits)));
}

template <typename F>
void IndexSet::for_each(F&& f) const {
    for_each_index(
        words(), [this](std::size_t w) { return words_[w]; }, std::forward<F>(f));
}

}  // namespace wormcast
