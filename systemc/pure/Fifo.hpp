// Fixed-capacity ring-buffer FIFO used for input-VC buffers and delay lines (pure C++).
// Capacity is set once at construction; push/pop never allocate, and misuse throws ModelError.
#pragma once

#include <cstddef>
#include <vector>

#include "systemc/pure/Types.hpp"

namespace wormcast {

template <typename T>
class Fifo {
  public:
    explicit Fifo(std::size_t capacity = 1) : slots_(capacity) {
        if (capacity == 0) throw ConfigError("FIFO capacity must be at least 1");
    }

    std::size_t capacity() const { return slots_.size(); }
    std::size_t size() const { return count_; }
    bool empty() const { return count_ == 0; }
    bool full() const { return count_ == slots_.size(); }

    void push(const T& value) {
        if (full()) throw ModelError("FIFO overflow: push into a full FIFO");
        slots_[wrap(head_ + count_)] = value;
        ++count_;
    }
    const T& front() const {
        if (empty()) throw ModelError("FIFO underflow: front of an empty FIFO");
        return slots_[head_];
    }
    T& front() {
        if (empty()) throw ModelError("FIFO underflow: front of an empty FIFO");
        return slots_[head_];
    }
    /// Element i positions behind the front (0 = front).
    const T& at(std::size_t i) const {
        if (i >= count_) throw ModelError("FIFO index out of range");
        return slots_[wrap(head_ + i)];
    }
    T pop() {
        if (empty()) throw ModelError("FIFO underflow: pop from an empty FIFO");
        T value = slots_[head_];
        head_ = wrap(head_ + 1);
        --count_;
        return value;
    }
    void clear() { head_ = count_ = 0; }

  private:
    /// i mod capacity for i below twice the capacity (every index here): no division.
    std::size_t wrap(std::size_t i) const { return i >= slots_.size() ? i - slots_.size() : i; }

    std::vector<T> slots_;
    std::size_t head_ = 0;
    std::size_t count_ = 0;
};

}  // namespace wormcast
