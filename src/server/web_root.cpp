// Finding web/ from the executable's location (see find_web_root), so that
// the server finds its page from any working directory: in the build tree,
// in an installed tree wherever it was installed (PREFIX, DESTDIR, the .deb's
// /usr), and in a developer's checkout.

#include <array>
#include <system_error>

#include "server/server.hpp"

// The web folder relative to the installed executable's folder, derived by
// cmake/install.cmake from the install directories (bin/ -> share/boardsearch/web).
#ifndef BOARDSEARCH_INSTALLED_WEB_ROOT
#define BOARDSEARCH_INSTALLED_WEB_ROOT "../share/boardsearch/web"
#endif

namespace boardsearch::server {

bool is_web_root(const std::filesystem::path& folder) {
  std::error_code error;
  return std::filesystem::is_regular_file(folder / "index.html", error);
}

std::optional<std::filesystem::path> find_web_root() {
  std::error_code error;
  // 1. Next to the running executable. Linux names it here, symbolic links
  //    resolved, whatever the working directory: no argv[0] guessing.
  const auto executable = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) {
    const auto folder = executable.parent_path();
    const std::array<std::filesystem::path, 3> candidates = {folder / "web", folder / ".." / "web",
                                                             folder / BOARDSEARCH_INSTALLED_WEB_ROOT};
    for (const auto& candidate : candidates)
      if (is_web_root(candidate)) return std::filesystem::weakly_canonical(candidate, error);
  }
  // 2. The checkout this binary was built from: a build folder outside the
  //    source tree.
  const std::filesystem::path source_tree = BOARDSEARCH_SOURCE_WEB_ROOT;
  if (is_web_root(source_tree)) return source_tree;
  return std::nullopt;
}

}  // namespace boardsearch::server
