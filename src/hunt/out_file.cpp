// The --out file and the --out-dir folder; see out_file.hpp.

#include "hunt/out_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "boardsearch/app/text_input.hpp"

namespace boardsearch::hunt {

namespace {

// Permission bits for a new file, before the umask (what a shell's `>` uses).
constexpr mode_t kNewFileMode = 0666;

// The directory a new file at `path` would be created in.
std::string directory_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

}  // namespace

std::optional<std::string> out_file_problem(const std::string& path) {
  if (path.empty()) return "it is an empty file name";
  struct stat info {};
  // Step 1. An existing path: a file we may write (never a directory).
  if (::stat(path.c_str(), &info) == 0) {
    if (S_ISDIR(info.st_mode)) return "it is a directory";
    // A FIFO or socket would block the write at the end of the hunt until
    // something reads it; a regular file or a device (/dev/null) will not.
    if (!S_ISREG(info.st_mode) && !S_ISCHR(info.st_mode)) return "it is not a regular file or a device";
    if (::access(path.c_str(), W_OK) != 0) return std::string(std::strerror(errno));
    return std::nullopt;
  }
  if (errno != ENOENT) return std::string(std::strerror(errno));
  // Step 2. A new file: "dir/" names no file; its directory must exist and
  // let us create entries (write and search permission).
  if (path.back() == '/') return "it names a directory, not a file";
  const std::string directory = directory_of(path);
  if (::stat(directory.c_str(), &info) != 0)
    return fmt::format("directory '{}': {}", app::printable(directory, app::kShownPathChars), std::strerror(errno));
  if (!S_ISDIR(info.st_mode))
    return fmt::format("'{}' is not a directory", app::printable(directory, app::kShownPathChars));
  if (::access(directory.c_str(), W_OK | X_OK) != 0)
    return fmt::format("directory '{}': {}", app::printable(directory, app::kShownPathChars), std::strerror(errno));
  return std::nullopt;
}

std::optional<std::string> make_out_dir(const std::string& dir) {
  if (dir.empty()) return "it is an empty folder name";
  std::error_code error;
  if (std::filesystem::is_directory(dir, error)) return std::nullopt;
  std::filesystem::create_directories(dir, error);
  if (error) return error.message();
  return std::nullopt;
}

std::string out_dir_file(const std::string& dir, std::string_view name) {
  return dir.ends_with('/') ? dir + std::string(name) : dir + "/" + std::string(name);
}

std::optional<std::string> write_out_file(const std::string& path, std::string_view contents) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, kNewFileMode);
  if (fd < 0) return std::string(std::strerror(errno));
  std::size_t written = 0;
  while (written < contents.size()) {
    const ssize_t put = ::write(fd, contents.data() + written, contents.size() - written);
    if (put < 0 && errno == EINTR) continue;
    if (put <= 0) {
      const std::string reason = put < 0 ? std::strerror(errno) : "short write";
      ::close(fd);
      return reason;
    }
    written += static_cast<std::size_t>(put);
  }
  // close() is where some file systems (NFS) report a failed write.
  if (::close(fd) != 0) return std::string(std::strerror(errno));
  return std::nullopt;
}

}  // namespace boardsearch::hunt
