// The --out file: refused before hunting when it cannot be written, without
// creating or truncating anything; write errors reported, not swallowed.

#include "hunt/out_file.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace boardsearch::hunt {
namespace {

namespace fs = std::filesystem;

// A fresh scratch directory, removed with everything in it.
struct ScratchDir {
  ScratchDir() : path(fs::temp_directory_path() / ("hunt_out_file_" + std::to_string(::getpid()))) {
    fs::remove_all(path);
    fs::create_directory(path);
  }
  ~ScratchDir() { fs::remove_all(path); }
  fs::path path;
};

std::string contents(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(OutFile, RefusesAMissingDirectory) {
  const auto problem = out_file_problem("/nonexistent/dir/x");
  ASSERT_TRUE(problem.has_value());
  EXPECT_NE(problem->find("/nonexistent/dir"), std::string::npos) << *problem;
}

TEST(OutFile, RefusesADirectoryAndAPathThroughAFile) {
  const ScratchDir scratch;
  EXPECT_TRUE(out_file_problem(scratch.path.string()).has_value());
  EXPECT_TRUE(out_file_problem(scratch.path.string() + "/new-dir/").has_value());
  const fs::path plain = scratch.path / "plain";
  std::ofstream(plain) << "x\n";
  EXPECT_TRUE(out_file_problem((plain / "x").string()).has_value());
}

TEST(OutFile, RefusesAFifoThatWouldBlockTheWrite) {
  const ScratchDir scratch;
  const fs::path fifo = scratch.path / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::optional<std::string> problem = out_file_problem(fifo.string());
  ASSERT_TRUE(problem.has_value());
  EXPECT_EQ(*problem, "it is not a regular file or a device");
  // A device is fine: /dev/null takes the write.
  EXPECT_EQ(out_file_problem("/dev/null"), std::nullopt);
}

TEST(OutFile, AcceptsANewFileWithoutCreatingIt) {
  const ScratchDir scratch;
  const fs::path fresh = scratch.path / "min.in";
  EXPECT_EQ(out_file_problem(fresh.string()), std::nullopt);
  EXPECT_FALSE(fs::exists(fresh));
}

TEST(OutFile, AcceptsAnExistingFileWithoutTruncatingIt) {
  const ScratchDir scratch;
  const fs::path old = scratch.path / "old.in";
  std::ofstream(old) << "keep me\n";
  EXPECT_EQ(out_file_problem(old.string()), std::nullopt);
  EXPECT_EQ(contents(old), "keep me\n");
  // Writing replaces the contents.
  EXPECT_EQ(write_out_file(old.string(), "1\n2\n"), std::nullopt);
  EXPECT_EQ(contents(old), "1\n2\n");
}

TEST(OutFile, ReportsAFailedWrite) {
  // /dev/full takes the open and fails every write with ENOSPC: the full disk
  // that no check ahead of time can foresee.
  if (::access("/dev/full", W_OK) != 0) GTEST_SKIP() << "no writable /dev/full here";
  EXPECT_EQ(out_file_problem("/dev/full"), std::nullopt);
  const auto failure = write_out_file("/dev/full", "1\n");
  ASSERT_TRUE(failure.has_value());
  EXPECT_NE(failure->find("space"), std::string::npos) << *failure;
}

TEST(OutFile, MakesTheOutDirWithItsParents) {
  const ScratchDir scratch;
  const fs::path deep = scratch.path / "a" / "b";
  EXPECT_EQ(make_out_dir(deep.string()), std::nullopt);
  EXPECT_TRUE(fs::is_directory(deep));
  EXPECT_EQ(make_out_dir(deep.string()), std::nullopt);  // already there: fine
  std::ofstream(scratch.path / "plain") << "x\n";
  EXPECT_TRUE(make_out_dir((scratch.path / "plain" / "d").string()).has_value());
  EXPECT_TRUE(make_out_dir("").has_value());
  EXPECT_EQ(out_dir_file("d", "min.in"), "d/min.in");
  EXPECT_EQ(out_dir_file("d/", "min.out"), "d/min.out");
}

}  // namespace
}  // namespace boardsearch::hunt
