#include "core/file_read.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

namespace bgb::files {

namespace {
std::string size_text(std::size_t n) {
  if (n >= (1u << 20) && n % (1u << 20) == 0) return std::to_string(n >> 20) + " MiB";
  return std::to_string(n) + " bytes";
}

const char* kind_of(mode_t m) {
  if (S_ISDIR(m)) return "a directory";
  if (S_ISFIFO(m)) return "a FIFO";
  if (S_ISCHR(m)) return "a character device";
  if (S_ISBLK(m)) return "a block device";
  if (S_ISSOCK(m)) return "a socket";
  return "not a plain file";
}
}  // namespace

bool read_regular_file(const std::string& path, std::size_t max_bytes, std::string& out, std::string& error) {
  out.clear();
  if (path.empty() || path.find('\0') != std::string::npos) {
    error = "a file name is required";
    return false;
  }
  // Opened without blocking (a FIFO with no writer would wait for ever), then checked on the
  // open descriptor, so that the file checked is the file read.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    error = path + ": cannot read the file (missing or unreadable)";
    return false;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    error = path + ": not a regular file (" + (::fstat(fd, &st) == 0 ? kind_of(st.st_mode) : "cannot stat") + ")";
    ::close(fd);
    return false;
  }
  if (std::size_t(st.st_size) > max_bytes) {
    error = path + ": larger than " + size_text(max_bytes) + "; not read";
    ::close(fd);
    return false;
  }
  // The file may still grow while it is read: never keep more than the limit.
  char buf[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      error = path + ": cannot read the file (read error)";
      ::close(fd);
      return false;
    }
    if (n == 0) break;
    if (out.size() + std::size_t(n) > max_bytes) {
      error = path + ": larger than " + size_text(max_bytes) + "; not read";
      ::close(fd);
      out.clear();
      return false;
    }
    out.append(buf, std::size_t(n));
  }
  ::close(fd);
  return true;
}

}  // namespace bgb::files
