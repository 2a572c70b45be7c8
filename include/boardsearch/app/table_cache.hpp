#pragma once
// Tables kept on disk between processes (pattern databases, endgame
// tables): built once, checked by a header, mapped read-only by every later
// process instead of being rebuilt. Any puzzle with tables uses this one
// helper.
//
// Where: $BOARDSEARCH_CACHE_DIR when set (the tests point it into the build
// tree), else $XDG_CACHE_HOME/boardsearch, else ~/.cache/boardsearch.
//
// A file is one page of header, then the payload:
//
//   offset 0     "boardsearch table\n"
//                <the key's header line>\n        (board, partition, version...)
//                "bytes <payload size>\n"
//                '\n' padding up to kTableHeaderBytes
//   offset 4096  the payload, as store_table wrote it
//
// A file whose first page is not exactly the expected one (another version,
// another board, a different size, a truncated file) is not used: the
// caller rebuilds the table and stores it again over it.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>

namespace boardsearch::app {

inline constexpr std::size_t kTableHeaderBytes = 4096;

// The cache directory (see the top of this file); not created here.
std::filesystem::path table_cache_directory();

// What identifies a table: its file name in the cache directory, the header
// line that must match (everything the payload depends on, with a version
// number changed whenever the layout changes), and the payload's size.
struct TableKey {
  std::string file_name;
  std::string header;
  std::uint64_t bytes = 0;
};

// A table mapped read-only (shared with every process that maps it: the
// page cache holds one copy). Move-only; unmapped when destroyed.
class MappedTable {
 public:
  MappedTable() = default;
  MappedTable(const MappedTable&) = delete;
  MappedTable& operator=(const MappedTable&) = delete;
  MappedTable(MappedTable&& other) noexcept;
  MappedTable& operator=(MappedTable&& other) noexcept;
  ~MappedTable();

  std::span<const std::uint8_t> bytes() const;

 private:
  friend std::optional<MappedTable> open_table(const TableKey& key);
  void* base_ = nullptr;
  std::size_t length_ = 0;
};

// The table of `key`, mapped, when its file exists with the expected header
// and size; nullopt otherwise (missing, mismatched or unreadable).
std::optional<MappedTable> open_table(const TableKey& key);

// Writes `payload` as the table of `key` (a temporary file renamed into
// place, so no reader ever sees half a table), then maps it. Creates the
// directory if needed. Throws std::runtime_error naming the path when it
// cannot be written. Precondition: payload.size() == key.bytes.
MappedTable store_table(const TableKey& key, std::span<const std::uint8_t> payload);

// The path of `key`'s file (for messages: which table is missing).
std::filesystem::path table_path(const TableKey& key);

}  // namespace boardsearch::app
