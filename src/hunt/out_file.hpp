#pragma once
// The --out file and the --out-dir folder: checked before hunting (so that a bad path is a usage error
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

// Creates the --out-dir folder `dir` and its missing parents. Returns why it
// cannot ("'a/b' is not a directory", "Permission denied"), nullopt when it
// exists now (or already did).
std::optional<std::string> make_out_dir(const std::string& dir);

// The path of `name` in the --out-dir folder `dir` ("d/" + "min.in" gives
// "d/min.in", not "d//min.in").
std::string out_dir_file(const std::string& dir, std::string_view name);

// Creates or truncates `path` and writes `contents`. Returns the reason
// ("No space left on device") if any step failed, nullopt on success.
std::optional<std::string> write_out_file(const std::string& path, std::string_view contents);

}  // namespace boardsearch::hunt
