#pragma once
// One entry of the embedded message catalog (catalog_text.cpp, generated):
// a key and its English and Korean patterns.

#include <string_view>

namespace boardsearch::app::detail {

struct CatalogEntry {
  std::string_view key;
  std::string_view en;
  std::string_view ko;
};

}  // namespace boardsearch::app::detail
