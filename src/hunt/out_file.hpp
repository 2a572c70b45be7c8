#pragma once
// The --out file: checked before hunting (so that a bad path is a usage error
// with nothing on stdout, not a surprise after minutes of hunting) and
// written at the end.

#include <optional>
#include <string>
#include <string_view>

namespace boardsearch::hunt {

// Why the minimal input could not be written to `path` ("it is a
// directory", "directory 'd': No such file or directory"), or nullopt if it
// can: an existing path must be a writable non-directory; a new one needs
// an existing, writable directory. Creates and truncates nothing. (A check
// ahead of time cannot promise the later write: the disk may fill up, see
// write_out_file.)
std::optional<std::string> out_file_problem(const std::string& path);

// Creates or truncates `path` and writes `contents`. Returns the reason
// ("No space left on device") if any step failed, nullopt on success.
std::optional<std::string> write_out_file(const std::string& path, std::string_view contents);

}  // namespace boardsearch::hunt
