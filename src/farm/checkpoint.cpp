#include "checkpoint.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace boardsearch::farm {

namespace {

constexpr std::string_view kMagic = "boardsearch farm checkpoint";
// The checkpoint reaches the disk (fsync) at least this often; every line
// reaches the kernel at once.
constexpr double kSyncSeconds = 2.0;
constexpr std::size_t kHeaderLines = 5;

std::vector<std::string> header_lines(const Job& job) {
  return {std::string(kMagic), fmt::format("format {}", kCheckpointFormat), "problem " + job.problem,
          "split " + job.split, fmt::format("tasks {}", job.tasks)};
}

// Reads the whole file; `whole` is the length of its text up to the last
// newline (what is kept).
std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw CheckpointError(fmt::format("checkpoint {}: cannot open it to read", path));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The header of an existing checkpoint against the job's; throws naming
// the first line that differs.
void check_header(const std::string& path, const std::vector<std::string>& lines, const Job& job) {
  const std::vector<std::string> expected = header_lines(job);
  if (lines.empty() || lines[0] != kMagic)
    throw CheckpointError(
        fmt::format("checkpoint {}: not a boardsearch farm checkpoint (line 1 is not '{}')", path, kMagic));
  if (lines.size() < kHeaderLines)
    throw CheckpointError(fmt::format("checkpoint {}: corrupted: its header is cut short ({} of {} lines)", path,
                                      lines.size(), kHeaderLines));
  if (lines[1] != expected[1])
    throw CheckpointError(
        fmt::format("checkpoint {}: line 2 is '{}', this build reads '{}'", path, lines[1].substr(0, 60), expected[1]));
  for (std::size_t i = 2; i < kHeaderLines; ++i)
    if (lines[i] != expected[i])
      throw CheckpointError(fmt::format("checkpoint {}: it is another job's (line {} is '{}', this run's is '{}')",
                                        path, i + 1, lines[i].substr(0, 80), expected[i]));
}

// One task line "<index> <result> <checksum>" into `results`.
void read_task_line(const std::string& path, std::size_t line_number, const std::string& line, const Job& job,
                    std::vector<std::optional<std::string>>& results, std::size_t& resumed) {
  const auto corrupted = [&](std::string_view what) {
    return CheckpointError(fmt::format("checkpoint {}: corrupted: line {} {}", path, line_number, what));
  };
  const std::size_t last_space = line.rfind(' ');
  const std::size_t first_space = line.find(' ');
  if (last_space == std::string::npos || first_space == last_space) throw corrupted("is not '<task> <result> <sum>'");
  const std::string body = line.substr(0, last_space);
  if (checksum(body) != line.substr(last_space + 1)) throw corrupted("fails its checksum");
  std::size_t index = 0;
  const char* end = line.data() + first_space;
  const auto [ptr, error] = std::from_chars(line.data(), end, index);
  if (error != std::errc() || ptr != end) throw corrupted("does not start with a task number");
  if (index >= job.tasks) throw corrupted(fmt::format("names task {}, beyond the job's {} tasks", index, job.tasks));
  std::string result = line.substr(first_space + 1, last_space - first_space - 1);
  std::optional<std::string>& slot = results[index];
  if (slot && *slot != result) throw corrupted(fmt::format("gives task {} a second, different result", index));
  if (!slot) ++resumed;
  slot = std::move(result);
}

}  // namespace

std::string checksum(std::string_view text) {
  std::uint32_t hash = 2166136261u;
  for (const char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 16777619u;
  }
  return fmt::format("{:08x}", hash);
}

Checkpoint::Checkpoint(const std::string& path, const Job& job, std::vector<std::optional<std::string>>& results)
    : path_(path), last_sync_(std::chrono::steady_clock::now()) {
  results.assign(job.tasks, std::nullopt);
  std::error_code error;
  const bool exists = std::filesystem::exists(path, error);
  if (exists && std::filesystem::is_directory(path, error))
    throw CheckpointError(fmt::format("checkpoint {}: is a directory", path));
  const std::string text = exists ? read_file(path) : std::string();
  if (text.empty()) {
    // Step 1a. A new checkpoint: the header.
    file_ = std::fopen(path.c_str(), "wb");
    if (file_ == nullptr)
      throw CheckpointError(fmt::format("checkpoint {}: cannot create it ({})", path, std::strerror(errno)));
    for (const std::string& line : header_lines(job)) std::fprintf(file_, "%s\n", line.c_str());
    std::fflush(file_);
    return;
  }
  // Step 1b. An existing one: its whole lines (a cut last line is dropped),
  // the header, then the tasks.
  const std::size_t whole = text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1;
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < whole;) {
    const std::size_t end = text.find('\n', at);
    lines.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  check_header(path, lines, job);
  for (std::size_t i = kHeaderLines; i < lines.size(); ++i)
    read_task_line(path, i + 1, lines[i], job, results, resumed_);
  if (whole < text.size()) std::filesystem::resize_file(path, whole, error);
  if (error) throw CheckpointError(fmt::format("checkpoint {}: cannot cut its last, partial line", path));
  file_ = std::fopen(path.c_str(), "ab");
  if (file_ == nullptr)
    throw CheckpointError(fmt::format("checkpoint {}: cannot open it to append ({})", path, std::strerror(errno)));
}

Checkpoint::~Checkpoint() {
  if (file_ == nullptr) return;
  std::fflush(file_);
  fsync(fileno(file_));
  std::fclose(file_);
}

void Checkpoint::append(std::size_t index, const std::string& result) {
  const std::string body = fmt::format("{} {}", index, result);
  if (std::fprintf(file_, "%s %s\n", body.c_str(), checksum(body).c_str()) < 0 || std::fflush(file_) != 0)
    throw std::runtime_error(fmt::format("checkpoint {}: cannot write ({})", path_, std::strerror(errno)));
  const auto now = std::chrono::steady_clock::now();
  if (std::chrono::duration<double>(now - last_sync_).count() >= kSyncSeconds) {
    fsync(fileno(file_));
    last_sync_ = now;
  }
}

}  // namespace boardsearch::farm
