# boardsearch: the two commands a newcomer needs are `make run` and `make test`.
BUILD      ?= build
ASAN_BUILD ?= build-asan
JOBS       ?= $(shell nproc)
CMAKE_FLAGS ?=

.PHONY: all deps build run serve test test-release test-asan bench clean

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

test: deps test-release test-asan

test-release: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

# The same tests, built with AddressSanitizer and UBSan.
test-asan: deps
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBOARDSEARCH_SANITIZE=ON -DBOARDSEARCH_BENCH=OFF $(CMAKE_FLAGS)
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	BOARDSEARCH_SANITIZED=1 ctest --test-dir $(ASAN_BUILD) --output-on-failure -j $(JOBS)

bench: build
	$(BUILD)/bench/boardsearch_bench $(BENCH_ARGS)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
