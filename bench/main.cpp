// The boardsearch benchmark suite: every solver beside its plain baseline in
// the same run (`make bench`; pass Google Benchmark flags via BENCH_ARGS, e.g.
// make bench BENCH_ARGS=--benchmark_filter=tour).
#include <benchmark/benchmark.h>

BENCHMARK_MAIN();
