#pragma once
// Static files of the web page: which file a URL path names (only inside the
// web root, never outside it) and the content type to send it with.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace boardsearch::server {

// The file under `web_root` that the decoded URL path `url_path` names, or
// nothing if the path is not a plain relative path to a regular file inside
// the root. "/" and paths ending in '/' name the folder's index.html.
// Refused: empty, "." or ".." segments, hidden names (leading '.'),
// backslashes, NUL and control characters, and anything whose real path
// (symbolic links resolved) lies outside the real web root.
std::optional<std::filesystem::path> resolve_static_path(const std::filesystem::path& web_root,
                                                         std::string_view url_path);

// The Content-Type for a file name by its extension ("application/octet-stream"
// for unknown ones).
std::string content_type_for(const std::filesystem::path& file);

}  // namespace boardsearch::server
