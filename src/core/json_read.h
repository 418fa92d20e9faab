// Reading JSON documents that a person or another program wrote: each helper checks one value
// and, when it is wrong, throws LoadError naming the value's path ("state.units[3].hex") and what
// is wrong with it. The public loaders of a format wrap their reading in guarded(), which turns
// every exception (ours, nlohmann's, bad_alloc, anything) into an error message, so that nothing
// escapes a loader whatever the input. No game lives here: a game's own field types (hexes,
// cards, sides) are built on these (cca/json_fields.h).
#pragma once
#include <cstddef>
#include <initializer_list>
#include <string>

#include <nlohmann/json.hpp>

namespace bgb::jsonr {

using json = nlohmann::json;

struct LoadError {
  std::string path;  // empty: the document itself
  std::string what;
};

// A value inside a message: compact JSON, cut at 60 characters, invalid UTF-8 replaced.
std::string show(const json& j);
// "an integer", "a string", "an object", ... for messages.
const char* kind_of(const json& j);

std::string key_path(const std::string& path, const std::string& key);
std::string index_path(const std::string& path, std::size_t i);

[[noreturn]] void fail(const std::string& path, const std::string& what);
// "expected <expected>, got <the value>" (an object or array is named by its kind).
[[noreturn]] void fail_type(const std::string& path, const char* expected, const json& j);

// A JSON object being read: refuses keys it does not know and names the path of its fields.
class Obj {
 public:
  Obj(const json& j, std::string path, std::initializer_list<const char*> keys);
  const json& req(const char* key) const;  // a missing key fails
  const json* opt(const char* key) const;  // nullptr when absent
  std::string path(const char* key) const { return key_path(path_, key); }
  const std::string& path() const { return path_; }

 private:
  const json& j_;
  std::string path_;
};

long long get_int(const json& j, const std::string& path, long long lo, long long hi);
inline uint8_t get_u8(const json& j, const std::string& path, int lo = 0, int hi = 255) {
  return uint8_t(get_int(j, path, lo, hi));
}
// A yes/no field: a boolean (an integer 0..255 is accepted too, for values stored in a byte).
uint8_t get_flag(const json& j, const std::string& path);
std::string get_str(const json& j, const std::string& path);
// An array of at most `max` entries; `what` names them in the message ("12 units, at most 10").
const json& get_array(const json& j, const std::string& path, std::size_t max, const char* what);
// A fixed-length array of small integers.
void get_u8_array(const json& j, const std::string& path, uint8_t* out, std::size_t n);
template <std::size_t N>
void get_u8_array(const json& j, const std::string& path, uint8_t (&out)[N]) {
  get_u8_array(j, path, out, N);
}

// One of the names of a table (its index); the message lists the table.
int get_name(const json& j, const std::string& path, const char* const* names, std::size_t n, const char* what);
template <std::size_t N>
int get_name(const json& j, const std::string& path, const char* const (&names)[N], const char* what) {
  return get_name(j, path, names, N, what);
}
// A set of bits written as the names of the bits set, e.g. ["ordered", "moved"].
uint32_t get_bits(const json& j, const std::string& path, const char* const* names, std::size_t n, const char* what);
template <std::size_t N>
uint32_t get_bits(const json& j, const std::string& path, const char* const (&names)[N], const char* what) {
  static_assert(N <= 32);
  return get_bits(j, path, names, N, what);
}

// {"top": ..., "bottom": ...} into out[0], out[1] (the side order of the games with two seats).
template <class T, class F>
void get_pair(const json& j, const std::string& path, T (&out)[2], F&& read) {
  Obj o(j, path, {"top", "bottom"});
  out[0] = read(o.req("top"), o.path("top"));
  out[1] = read(o.req("bottom"), o.path("bottom"));
}

// Writing: the counterparts of the readers above.
json bits_json(uint32_t v, const char* const* names, std::size_t n);
template <std::size_t N>
json bits_json(uint32_t v, const char* const (&names)[N]) {
  return bits_json(v, names, N);
}
template <std::size_t N>
const char* name_of(const char* const (&names)[N], int i) {
  return i >= 0 && i < int(N) ? names[i] : "?";
}
template <class T>
json pair_json(const T (&v)[2]) {
  return json{{"top", v[0]}, {"bottom", v[1]}};
}
json pair_u8_json(const uint8_t (&v)[2]);
json u8_array_json(const uint8_t* v, std::size_t n);
template <std::size_t N>
json u8_array_json(const uint8_t (&v)[N]) {
  return u8_array_json(v, N);
}

// Runs body; true when it returned. Otherwise false with *error set: "<path>: <what>" for a
// LoadError (`root` names the document when the path is empty), or the kind of any other failure.
// On success *error is cleared.
template <class F>
bool guarded(std::string* error, const char* root, F&& body);

// True when the text nests arrays and objects at most max_depth deep, counted on the raw text
// before parsing (strings skipped): nlohmann's parser is not recursive, but its destructor and
// dump() are, so deep input is refused before it is parsed.
bool depth_within(const std::string& text, int max_depth);

// ---- implementation of guarded ----------------------------------------------------------------
std::string describe_current_exception();  // call inside a catch (...) block

template <class F>
bool guarded(std::string* error, const char* root, F&& body) {
  try {
    body();
    if (error) error->clear();
    return true;
  } catch (const LoadError& e) {
    if (error) *error = (e.path.empty() ? std::string(root) : e.path) + ": " + e.what;
  } catch (...) {
    if (error) *error = describe_current_exception();
  }
  return false;
}

}  // namespace bgb::jsonr
