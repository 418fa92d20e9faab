// Reading a file a person or a client named: only a regular file is read (a FIFO would block, a
// device such as /dev/zero never ends, a directory is not a file), and only up to a size limit,
// checked before reading. Every refusal says why, starting with the path.
#pragma once
#include <cstddef>
#include <string>

namespace bgb::files {

constexpr std::size_t kMaxScenarioBytes = 4u << 20;  // the largest battle file is about 6 KB
constexpr std::size_t kMaxRecordBytes = 64u << 20;   // a record is about 100 bytes a decision

// The whole file in `out`; false with `error` ("PATH: not a regular file (a directory)", "PATH:
// larger than 4 MiB", "PATH: cannot read the file (missing or unreadable)").
bool read_regular_file(const std::string& path, std::size_t max_bytes, std::string& out, std::string& error);

}  // namespace bgb::files
