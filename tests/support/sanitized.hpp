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

// True in the ThreadSanitizer build (`make test-tsan`, the parallel tests).
#if defined(__SANITIZE_THREAD__)
inline constexpr bool kThreadSanitizer = true;
#else
inline constexpr bool kThreadSanitizer = false;
#endif

// Random-case counts of the parallel tests: scaled(release_count), and
// under ThreadSanitizer (5 to 15 times slower once threads work, with a
// real thread started per parallel call) `slowdown` times fewer again, at
// least 1.
inline int thread_scaled(int release_count, int slowdown) {
  return kThreadSanitizer ? std::max(1, scaled(release_count) / slowdown) : scaled(release_count);
}

}  // namespace boardsearch::testing
