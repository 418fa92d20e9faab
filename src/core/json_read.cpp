#include "core/json_read.h"

#include <exception>
#include <new>

namespace bgb::jsonr {

std::string show(const json& j) {
  std::string s = j.dump(-1, ' ', false, json::error_handler_t::replace);
  if (s.size() > 60) s = s.substr(0, 57) + "...";
  return s;
}

const char* kind_of(const json& j) {
  if (j.is_number_integer()) return "an integer";
  if (j.is_number()) return "a number";
  if (j.is_string()) return "a string";
  if (j.is_boolean()) return "a boolean";
  if (j.is_null()) return "null";
  if (j.is_array()) return "an array";
  return "an object";
}

std::string key_path(const std::string& path, const std::string& key) { return path.empty() ? key : path + "." + key; }
std::string index_path(const std::string& path, std::size_t i) { return path + "[" + std::to_string(i) + "]"; }

void fail(const std::string& path, const std::string& what) { throw LoadError{path, what}; }

void fail_type(const std::string& path, const char* expected, const json& j) {
  fail(path, std::string("expected ") + expected + ", got " + (j.is_object() || j.is_array() ? kind_of(j) : show(j)));
}

Obj::Obj(const json& j, std::string path, std::initializer_list<const char*> keys) : j_(j), path_(std::move(path)) {
  if (!j.is_object()) fail_type(path_, "an object", j);
  for (auto it = j.begin(); it != j.end(); ++it) {
    bool known = false;
    for (const char* k : keys)
      if (it.key() == k) known = true;
    if (!known) fail(key_path(path_, it.key()), "unknown field");
  }
}

const json& Obj::req(const char* key) const {
  auto it = j_.find(key);
  if (it == j_.end()) fail(path(key), "missing");
  return *it;
}

const json* Obj::opt(const char* key) const {
  auto it = j_.find(key);
  return it == j_.end() ? nullptr : &*it;
}

long long get_int(const json& j, const std::string& path, long long lo, long long hi) {
  if (!j.is_number_integer()) fail_type(path, "an integer", j);
  long long v;
  if (j.is_number_unsigned()) {
    unsigned long long u = j.get<unsigned long long>();
    if (u > (unsigned long long)hi) fail(path, show(j) + " is out of range " + std::to_string(lo) + ".." + std::to_string(hi));
    v = (long long)u;
  } else {
    v = j.get<long long>();
  }
  if (v < lo || v > hi) fail(path, show(j) + " is out of range " + std::to_string(lo) + ".." + std::to_string(hi));
  return v;
}

uint8_t get_flag(const json& j, const std::string& path) {
  if (j.is_boolean()) return j.get<bool>() ? 1 : 0;
  if (j.is_number_integer()) return get_u8(j, path);
  fail_type(path, "a boolean", j);
}

std::string get_str(const json& j, const std::string& path) {
  if (!j.is_string()) fail_type(path, "a string", j);
  return j.get<std::string>();
}

const json& get_array(const json& j, const std::string& path, std::size_t max, const char* what) {
  if (!j.is_array()) fail_type(path, "an array", j);
  if (j.size() > max)
    fail(path, std::to_string(j.size()) + " " + what + ", at most " + std::to_string(max) + " allowed");
  return j;
}

void get_u8_array(const json& j, const std::string& path, uint8_t* out, std::size_t n) {
  if (!j.is_array()) fail_type(path, "an array", j);
  if (j.size() != n) fail(path, "expected " + std::to_string(n) + " entries, got " + std::to_string(j.size()));
  for (std::size_t i = 0; i < n; ++i) out[i] = get_u8(j[i], index_path(path, i));
}

int get_name(const json& j, const std::string& path, const char* const* names, std::size_t n, const char* what) {
  std::string s = get_str(j, path);
  for (std::size_t i = 0; i < n; ++i)
    if (s == names[i]) return int(i);
  std::string list;
  for (std::size_t i = 0; i < n; ++i) list += std::string(i ? ", " : "") + names[i];
  fail(path, show(j) + " is not " + what + " (" + list + ")");
}

uint32_t get_bits(const json& j, const std::string& path, const char* const* names, std::size_t n, const char* what) {
  get_array(j, path, n, "names");
  uint32_t v = 0;
  for (std::size_t i = 0; i < j.size(); ++i) {
    int bit = get_name(j[i], index_path(path, i), names, n, what);
    if (v & (1u << bit)) fail(index_path(path, i), show(j[i]) + " is listed twice");
    v |= 1u << bit;
  }
  return v;
}

json bits_json(uint32_t v, const char* const* names, std::size_t n) {
  json a = json::array();
  for (std::size_t b = 0; b < n; ++b)
    if (v & (1u << b)) a.push_back(names[b]);
  return a;
}

json pair_u8_json(const uint8_t (&v)[2]) { return json{{"top", int(v[0])}, {"bottom", int(v[1])}}; }

json u8_array_json(const uint8_t* v, std::size_t n) {
  json a = json::array();
  for (std::size_t i = 0; i < n; ++i) a.push_back(int(v[i]));
  return a;
}

std::string describe_current_exception() {
  try {
    throw;
  } catch (const json::exception& e) {
    return std::string("bad JSON value: ") + e.what();
  } catch (const std::bad_alloc&) {
    return "out of memory";
  } catch (const std::exception& e) {
    return std::string("error: ") + e.what();
  } catch (...) {
    return "unknown error";
  }
}

bool depth_within(const std::string& s, int max_depth) {
  int depth = 0;
  bool in_string = false, escaped = false;
  for (char c : s) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    else if (c == '[' || c == '{') {
      if (++depth > max_depth) return false;
    } else if ((c == ']' || c == '}') && depth > 0) --depth;
  }
  return true;
}

}  // namespace bgb::jsonr
