#pragma once
// Test sizes under the sanitizers. `make test` runs the suite twice, the
// second time built with ASan + UBSan and the environment variable
// BOARDSEARCH_SANITIZED set; everything runs about ten times slower there, so
// the random-case counts shrink (the Release run keeps the full counts).

#include <algorithm>
#include <cstdlib>

namespace boardsearch::testing {

// True when this run is the sanitizer build's.
inline bool sanitized() { return std::getenv("BOARDSEARCH_SANITIZED") != nullptr; }

// `release_count` in the Release run; an eighth of it (at least 1) under the
// sanitizers.
inline int scaled(int release_count) { return sanitized() ? std::max(1, release_count / 8) : release_count; }

}  // namespace boardsearch::testing
