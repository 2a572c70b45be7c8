# boardsearch: the two commands a newcomer needs are `make run` and `make test`.
BUILD      ?= build
ASAN_BUILD ?= build-asan
TSAN_BUILD ?= build-tsan
JOBS       ?= $(shell nproc)
CMAKE_FLAGS ?=
# make install: where to (DESTDIR, when set, is prepended to it: staged installs).
PREFIX     ?= /usr/local
# make fuzz: the clang libFuzzer build, and how long each target fuzzes;
# make test fuzzes each target for TEST_FUZZ_SECONDS.
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 60
TEST_FUZZ_SECONDS ?= 8

.PHONY: all deps build run serve test test-release test-asan test-tsan test-fuzz bench install package fuzz clean

all: build

deps:
	bash scripts/deps.sh
	@if [ -f scripts/browser-deps.sh ]; then bash scripts/browser-deps.sh; fi

build: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS)

# Solves the bundled sample of every puzzle and prints answer and optimal line.
run: build
	bash scripts/run-examples.sh $(BUILD)/boardsearch

# Starts the local web app and prints its address; Ctrl-C stops it.
serve: build
	$(BUILD)/boardsearch serve $(SERVE_ARGS)

# Each stage prints its wall time (`make test` must stay under 30 minutes on
# a 2-core machine; the closing notes quote these lines).
test: deps
	@start=$$(date +%s); $(MAKE) --no-print-directory test-release || exit 1; echo "make test: test-release took $$(( $$(date +%s) - start )) s"
	@start=$$(date +%s); $(MAKE) --no-print-directory test-asan || exit 1; echo "make test: test-asan took $$(( $$(date +%s) - start )) s"
	@start=$$(date +%s); $(MAKE) --no-print-directory test-tsan || exit 1; echo "make test: test-tsan took $$(( $$(date +%s) - start )) s"
	@start=$$(date +%s); $(MAKE) --no-print-directory test-fuzz || exit 1; echo "make test: test-fuzz took $$(( $$(date +%s) - start )) s"

test-release: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

# The same tests, built with AddressSanitizer and UBSan, at -O1 with line
# tables only (-g1: reports still name files and lines; -O2 -g made this the
# longest stage of make test, 19 minutes of its 30). Left out: the tests
# that run no code of ours built here (labels `source`: layering and format
# gate; `packaging`: install and package), and the test whose verdict rests on
# CPU times (`timing`: hunt.slow_guided, which the sanitizers slow 2-3x),
# which test-release runs.
test-asan: deps
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O1 -g1 -DNDEBUG" \
	  -DBOARDSEARCH_SANITIZE=ON -DBOARDSEARCH_BENCH=OFF $(CMAKE_FLAGS)
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	BOARDSEARCH_SANITIZED=1 ctest --test-dir $(ASAN_BUILD) --output-on-failure -j $(JOBS) -LE '^(source|packaging|timing|mpi)$$'

# The parallel tests (label `parallel`: threads against the serial search,
# limits across threads), built with ThreadSanitizer; only their executables
# are built (target boardsearch_parallel_tests), at -O1 with line tables
# only (-g1: the reports name files and lines; compiling stays quick).
test-tsan: deps
	cmake -S . -B $(TSAN_BUILD) -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O1 -g1" \
	  -DBOARDSEARCH_TSAN=ON -DBOARDSEARCH_BENCH=OFF $(CMAKE_FLAGS)
	cmake --build $(TSAN_BUILD) --target boardsearch_parallel_tests -j $(JOBS)
	BOARDSEARCH_SANITIZED=1 TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
	  ctest --test-dir $(TSAN_BUILD) --output-on-failure -j $(JOBS) -L parallel

# Every fuzz target (fuzz/README.md) for FUZZ_SECONDS each; a crash leaves
# its input in $(FUZZ_BUILD)/fuzz/runs/<target>/artifacts/.
fuzz: deps
	cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=Fuzz -DCMAKE_CXX_COMPILER=clang++ \
	  -DBOARDSEARCH_FUZZ=ON -DBOARDSEARCH_TESTS=OFF -DBOARDSEARCH_BENCH=OFF -DBOARDSEARCH_FUZZ_SECONDS=$(FUZZ_SECONDS) $(CMAKE_FLAGS)
	cmake --build $(FUZZ_BUILD) --target boardsearch_fuzzers -j $(JOBS)
	ctest --test-dir $(FUZZ_BUILD) --output-on-failure -j $(JOBS) -R '^fuzz[.]'

test-fuzz:
	$(MAKE) fuzz FUZZ_SECONDS=$(TEST_FUZZ_SECONDS)

# The CLI, the server, the page, the docs and the core's CMake package under
# PREFIX (cmake/install.cmake); `sudo make install` for /usr/local.
install: build
	DESTDIR="$(DESTDIR)" cmake --install $(BUILD) --prefix "$(PREFIX)"

# The Debian package $(BUILD)/boardsearch_<version>_<arch>.deb (CPack);
# install it with: sudo apt-get install ./$(BUILD)/boardsearch_*.deb
package: build
	cmake --build $(BUILD) --target package

bench: build
	$(BUILD)/bench/boardsearch_bench $(BENCH_ARGS)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(TSAN_BUILD) $(FUZZ_BUILD)
