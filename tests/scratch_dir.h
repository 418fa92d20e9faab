// A test process's own directory under the system's temporary directory, for the files its tests
// write (program input and output, saved games, databases). It is removed when the process ends
// if every test passed, and kept (its path printed) if one failed, to look at. Without it every
// run of the suite left hundreds of directories in /tmp: ctest runs each test in a process of
// its own.
#pragma once
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <system_error>

namespace bgb::test {

class ScratchDir {
 public:
  explicit ScratchDir(const std::string& prefix)
      : path_(std::filesystem::temp_directory_path() / (prefix + "-" + std::to_string(::getpid()))) {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
    std::filesystem::create_directories(path_, ec);
  }
  ~ScratchDir() {
    // gtest's UnitTest was made before this (a test made this), so it is still there.
    if (::testing::UnitTest::GetInstance()->Failed()) {
      std::fprintf(stderr, "test files kept in %s\n", path_.string().c_str());
      return;
    }
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace bgb::test
