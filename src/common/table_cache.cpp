#include "boardsearch/app/table_cache.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <utility>

namespace boardsearch::app {

namespace {

constexpr std::string_view kMagic = "boardsearch table\n";

// The first page of `key`'s file, exactly.
std::string header_page(const TableKey& key) {
  std::string page = fmt::format("{}{}\nbytes {}\n", kMagic, key.header, key.bytes);
  if (page.size() > kTableHeaderBytes || key.header.find('\n') != std::string::npos)
    throw std::logic_error("a table header must be one line shorter than a page");
  page.resize(kTableHeaderBytes, '\n');
  return page;
}

const char* nonempty_env(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? value : nullptr;
}

}  // namespace

std::filesystem::path table_cache_directory() {
  if (const char* dir = nonempty_env("BOARDSEARCH_CACHE_DIR")) return dir;
  if (const char* xdg = nonempty_env("XDG_CACHE_HOME")) return std::filesystem::path(xdg) / "boardsearch";
  if (const char* home = nonempty_env("HOME")) return std::filesystem::path(home) / ".cache" / "boardsearch";
  return std::filesystem::temp_directory_path() / "boardsearch-cache";
}

std::filesystem::path table_path(const TableKey& key) { return table_cache_directory() / key.file_name; }

MappedTable::MappedTable(MappedTable&& other) noexcept
    : base_(std::exchange(other.base_, nullptr)), length_(std::exchange(other.length_, 0)) {}

MappedTable& MappedTable::operator=(MappedTable&& other) noexcept {
  if (this != &other) {
    if (base_ != nullptr) munmap(base_, length_);
    base_ = std::exchange(other.base_, nullptr);
    length_ = std::exchange(other.length_, 0);
  }
  return *this;
}

MappedTable::~MappedTable() {
  if (base_ != nullptr) munmap(base_, length_);
}

std::span<const std::uint8_t> MappedTable::bytes() const {
  if (base_ == nullptr) return {};
  return {static_cast<const std::uint8_t*>(base_) + kTableHeaderBytes, length_ - kTableHeaderBytes};
}

std::optional<MappedTable> open_table(const TableKey& key) {
  const std::string expected = header_page(key);
  const std::filesystem::path path = table_path(key);
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  // Step 1. The size and the header page, before anything is mapped.
  struct stat info {};
  const std::size_t length = kTableHeaderBytes + key.bytes;
  std::string page(kTableHeaderBytes, '\0');
  const bool fits = fstat(fd, &info) == 0 && static_cast<std::uint64_t>(info.st_size) == length &&
                    pread(fd, page.data(), page.size(), 0) == static_cast<ssize_t>(page.size()) && page == expected;
  if (!fits) {
    ::close(fd);
    return std::nullopt;
  }
  // Step 2. The whole file mapped read-only (the mapping outlives the fd).
  void* base = mmap(nullptr, length, PROT_READ, MAP_SHARED, fd, 0);
  ::close(fd);
  if (base == MAP_FAILED) return std::nullopt;
  MappedTable table;
  table.base_ = base;
  table.length_ = length;
  return table;
}

MappedTable store_table(const TableKey& key, std::span<const std::uint8_t> payload) {
  if (payload.size() != key.bytes) throw std::logic_error("store_table: the payload is not the key's size");
  const std::filesystem::path path = table_path(key);
  std::error_code error;
  std::filesystem::create_directories(path.parent_path(), error);
  // A name no other process writes at the same time, renamed into place.
  const std::filesystem::path temporary = path.string() + fmt::format(".tmp{}", getpid());
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    const std::string page = header_page(key);
    out.write(page.data(), static_cast<std::streamsize>(page.size()));
    out.write(reinterpret_cast<const char*>(payload.data()), static_cast<std::streamsize>(payload.size()));
    out.close();
    if (!out) {
      std::filesystem::remove(temporary, error);
      throw std::runtime_error(fmt::format("cannot write the table {}", path.string()));
    }
  }
  std::filesystem::rename(temporary, path, error);
  if (error) {
    std::filesystem::remove(temporary, error);
    throw std::runtime_error(fmt::format("cannot write the table {}", path.string()));
  }
  std::optional<MappedTable> table = open_table(key);
  if (!table) throw std::runtime_error(fmt::format("cannot map the table just written, {}", path.string()));
  return std::move(*table);
}

}  // namespace boardsearch::app
