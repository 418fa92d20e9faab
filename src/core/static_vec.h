// A fixed-capacity vector on the stack: no allocation, trivially copyable when T is.
#pragma once
#include <cassert>
#include <cstdint>

namespace bgb {

template <class T, int N>
struct StaticVec {
  T items[N];
  int n = 0;
  void push(const T& v) {
    assert(n < N);
    items[n++] = v;
  }
  void clear() { n = 0; }
  int size() const { return n; }
  bool empty() const { return n == 0; }
  T& operator[](int i) { return items[i]; }
  const T& operator[](int i) const { return items[i]; }
  T* begin() { return items; }
  T* end() { return items + n; }
  const T* begin() const { return items; }
  const T* end() const { return items + n; }
  bool contains(const T& v) const {
    for (int i = 0; i < n; ++i)
      if (items[i] == v) return true;
    return false;
  }
};

}  // namespace bgb
