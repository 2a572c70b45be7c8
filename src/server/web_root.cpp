// Finding web/ from the executable's location (see find_web_root).

#include <array>
#include <system_error>

#include "server/server.hpp"

namespace boardsearch::server {

bool is_web_root(const std::filesystem::path& folder) {
  std::error_code error;
  return std::filesystem::is_regular_file(folder / "index.html", error);
}

std::optional<std::filesystem::path> find_web_root() {
  std::error_code error;
  // Linux names the running executable here; no argv[0] guessing needed.
  const auto executable = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) {
    const auto folder = executable.parent_path();
    const std::array<std::filesystem::path, 3> candidates = {folder / "web", folder / ".." / "web",
                                                             folder / ".." / "share" / "boardsearch" / "web"};
    for (const auto& candidate : candidates)
      if (is_web_root(candidate)) return std::filesystem::weakly_canonical(candidate, error);
  }
  const std::filesystem::path source_tree = BOARDSEARCH_SOURCE_WEB_ROOT;
  if (is_web_root(source_tree)) return source_tree;
  return std::nullopt;
}

}  // namespace boardsearch::server
