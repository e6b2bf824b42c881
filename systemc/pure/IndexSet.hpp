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
    explicit IndexSet(std::size_t size = 0)
        : words_(size > 64 ? (size + 63) / 64 : 1), rest_(words_ - 1, 0) {}

    std::size_t words() const { return words_; }
    std::uint64_t word(std::size_t w) const { return w == 0 ? first_ : rest_[w - 1]; }

    bool contains(std::size_t i) const { return word(i / 64) & bit_of(i); }
    void set(std::size_t i) { word_ref(i / 64) |= bit_of(i); }
    void reset(std::size_t i) { word_ref(i / 64) &= ~bit_of(i); }
    /// The word holding member i and its bit there, for a writer outside the set that keeps one
    /// bit of it (the link wires' mirrors): the word's address stays valid for the set's lifetime.
    std::uint64_t* word_of(std::size_t i) { return &word_ref(i / 64); }
    static std::uint64_t bit_of(std::size_t i) { return std::uint64_t{1} << (i % 64); }
    bool any() const {
        if (first_) return true;
        for (std::uint64_t w : rest_)
            if (w) return true;
        return false;
    }

    /// Calls f(i) for every member, lowest first (see for_each_index).
    template <typename F>
    void for_each(F&& f) const;

  private:
    std::uint64_t& word_ref(std::size_t w) { return w == 0 ? first_ : rest_[w - 1]; }

    // The first word is held in the object, so that the sets of a router up to 64 input VCs (every
    // one in practice) sit in the router itself rather than each in a heap block of its own.
    std::size_t words_;
    std::uint64_t first_ = 0;
    std::vector<std::uint64_t> rest_;  ///< words 1.. (empty up to 64 members)
};

template <typename WordOf, typename F>
void for_each_index(std::size_t words, WordOf&& word_of, F&& f) {
    for (std::size_t w = 0; w < words; ++w)
        for (std::uint64_t bits = word_of(w); bits; bits &= bits - 1)
            f(w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits)));
}

template <typename F>
void IndexSet::for_each(F&& f) const {
    for_each_index(
        words(), [this](std::size_t w) { return word(w); }, std::forward<F>(f));
}

}  // namespace wormcast
