#pragma once
// The whole of a test data file, byte for byte. A file that cannot be opened
// fails the test that asked for it (and reads as "").

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace boardsearch::testing {

inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << "cannot open " << path;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace boardsearch::testing
