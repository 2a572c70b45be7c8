#pragma once
// Shared by the two executables' main()s (apps/cli, apps/server): a CLI11
// message made fit for the one stderr line their contract promises.

#include <string>

namespace boardsearch::cli {

// `text` with every line break made a space and trailing spaces dropped
// (CLI11's messages may span lines).
inline std::string one_line(std::string text) {
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

}  // namespace boardsearch::cli
