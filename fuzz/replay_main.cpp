// The fuzz targets without libFuzzer: replays every file named on the
// command line (folders: every regular file in them, recursively, in name
// order) through LLVMFuzzerTestOneInput, so the committed seeds and every
// crash once found run in the ordinary test suite, in every build. A target
// aborts on a broken contract, which fails the test; this driver adds only
// that it replayed something.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

// The regular files at `path`: itself, or those under it when a folder.
std::vector<std::filesystem::path> inputs_at(const std::filesystem::path& path) {
  std::vector<std::filesystem::path> files;
  if (std::filesystem::is_directory(path)) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(path))
      if (entry.is_regular_file()) files.push_back(entry.path());
    std::sort(files.begin(), files.end());
  } else if (std::filesystem::is_regular_file(path)) {
    files.push_back(path);
  }
  return files;
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t replayed = 0;
  for (int i = 1; i < argc; ++i) {
    const std::vector<std::filesystem::path> files = inputs_at(argv[i]);
    if (files.empty()) {
      std::cerr << "replay: no input at " << argv[i] << '\n';
      return 1;
    }
    for (const auto& file : files) {
      std::ifstream in(file, std::ios::binary);
      const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
      if (!in.good() && !in.eof()) {
        std::cerr << "replay: cannot read " << file << '\n';
        return 1;
      }
      // Copied to a buffer of exactly its size, as libFuzzer hands inputs
      // over, so that ASan sees a read past the end.
      const std::vector<std::uint8_t> data(bytes.begin(), bytes.end());
      LLVMFuzzerTestOneInput(data.data(), data.size());
      ++replayed;
    }
  }
  if (replayed == 0) {
    std::cerr << "replay: nothing to replay\n";
    return 1;
  }
  std::cout << "replayed " << replayed << " inputs\n";
  return 0;
}
