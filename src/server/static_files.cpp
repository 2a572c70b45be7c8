// Static files: a conservative mapping from URL paths to files in web/.

#include "server/static_files.hpp"

#include <algorithm>
#include <array>
#include <system_error>
#include <utility>

namespace boardsearch::server {

namespace {

// True if `segment` may appear in a served path: non-empty, not hidden (so
// neither "." nor ".."), no backslash (a Windows separator) and no control
// characters.
bool is_plain_segment(std::string_view segment) {
  if (segment.empty() || segment.front() == '.') return false;
  return std::none_of(segment.begin(), segment.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return c == '\\' || byte < 0x20 || byte == 0x7f;
  });
}

// True if `inner` is `outer` or lies below it (both already canonical).
bool is_within(const std::filesystem::path& outer, const std::filesystem::path& inner) {
  auto [outer_end, inner_it] = std::mismatch(outer.begin(), outer.end(), inner.begin(), inner.end());
  return outer_end == outer.end();
}

}  // namespace

std::optional<std::filesystem::path> resolve_static_path(const std::filesystem::path& web_root,
                                                         std::string_view url_path) {
  // 1. Split the path into segments; a trailing '/' asks for index.html.
  if (url_path.empty() || url_path.front() != '/') return std::nullopt;
  std::string relative(url_path.substr(1));
  if (relative.empty() || relative.back() == '/') relative += "index.html";
  std::filesystem::path candidate = web_root;
  std::size_t start = 0;
  while (start <= relative.size()) {
    const std::size_t end = std::min(relative.find('/', start), relative.size());
    const std::string_view segment(relative.data() + start, end - start);
    if (!is_plain_segment(segment)) return std::nullopt;
    candidate /= std::string(segment);
    start = end + 1;
  }

  // 2. The real file must exist, be a regular file, and lie inside the real
  //    web root (a symbolic link may not lead out).
  std::error_code error;
  const auto real_root = std::filesystem::canonical(web_root, error);
  if (error) return std::nullopt;
  const auto real_file = std::filesystem::canonical(candidate, error);
  if (error) return std::nullopt;
  if (!std::filesystem::is_regular_file(real_file, error) || error) return std::nullopt;
  if (!is_within(real_root, real_file)) return std::nullopt;
  return real_file;
}

std::string content_type_for(const std::filesystem::path& file) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 10> kTypes = {{
      {".html", "text/html; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".json", "application/json"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".ico", "image/x-icon"},
      {".txt", "text/plain; charset=utf-8"},
      {".md", "text/plain; charset=utf-8"},
  }};
  const std::string extension = file.extension().string();
  for (const auto& [known, type] : kTypes)
    if (extension == known) return std::string(type);
  return "application/octet-stream";
}

}  // namespace boardsearch::server
