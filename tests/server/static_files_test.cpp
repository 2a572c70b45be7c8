// resolve_static_path on a scratch web root: only plain paths to regular
// files inside the root are served; symbolic links may not lead out.

#include "server/static_files.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

namespace boardsearch::server {
namespace {

namespace fs = std::filesystem;

// A temporary tree:  <base>/secret.txt  <base>/web/index.html
// <base>/web/js/app.js  <base>/web/.hidden  <base>/web/escape -> ../secret.txt
// <base>/web/inside -> js/app.js
class ScratchRoot : public ::testing::Test {
 protected:
  void SetUp() override {
    base_ = fs::temp_directory_path() / ("boardsearch-static-" + std::to_string(std::random_device{}()));
    fs::create_directories(base_ / "web" / "js");
    write(base_ / "secret.txt");
    write(base_ / "web" / "index.html");
    write(base_ / "web" / "js" / "app.js");
    write(base_ / "web" / ".hidden");
    fs::create_symlink("../secret.txt", base_ / "web" / "escape");
    fs::create_symlink("js/app.js", base_ / "web" / "inside");
    root_ = base_ / "web";
  }
  void TearDown() override { fs::remove_all(base_); }
  static void write(const fs::path& path) { std::ofstream(path) << "x"; }

  fs::path base_;
  fs::path root_;
};

TEST_F(ScratchRoot, PlainPathsResolveToTheirFiles) {
  EXPECT_EQ(resolve_static_path(root_, "/"), fs::canonical(root_ / "index.html"));
  EXPECT_EQ(resolve_static_path(root_, "/index.html"), fs::canonical(root_ / "index.html"));
  EXPECT_EQ(resolve_static_path(root_, "/js/app.js"), fs::canonical(root_ / "js" / "app.js"));
  EXPECT_EQ(resolve_static_path(root_, "/inside"), fs::canonical(root_ / "js" / "app.js"));
}

TEST_F(ScratchRoot, EverythingElseIsRefused) {
  for (const char* path :
       {"", "index.html", "/../secret.txt", "/js/../../secret.txt", "/js/..", "/./index.html", "/js//app.js",
        "/.hidden", "/escape", "/js", "/js/", "/missing", "/..\\secret.txt", "/index.html\n", "/js/app.js/"}) {
    SCOPED_TRACE(path);
    EXPECT_FALSE(resolve_static_path(root_, path).has_value());
  }
  EXPECT_FALSE(resolve_static_path(root_, std::string_view("/index.html\0x", 13)).has_value());
  EXPECT_FALSE(resolve_static_path(base_ / "no-such-root", "/").has_value());
}

TEST(StaticFiles, ContentTypesByExtension) {
  EXPECT_EQ(content_type_for("a/index.html"), "text/html; charset=utf-8");
  EXPECT_EQ(content_type_for("app.js"), "text/javascript; charset=utf-8");
  EXPECT_EQ(content_type_for("style.css"), "text/css; charset=utf-8");
  EXPECT_EQ(content_type_for("data.bin"), "application/octet-stream");
}

}  // namespace
}  // namespace boardsearch::server
