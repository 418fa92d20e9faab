# Top-level entry points. `make play` and `make test` are the two set-up commands of the README.
JOBS ?= 2
BUILD ?= build
ASAN_BUILD ?= build-asan

.PHONY: all deps build python play serve test test-asan bench fuzz clean

all: build

deps:
	@scripts/install-deps

$(BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

# The Python module alone, into build/python (docs/python.md); `make build` builds it too.
python: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS) --target bgbot_python

# Only the program: the tests and benchmarks are not built to reach the first prompt.
play: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS) --target bgbot
	$(BUILD)/bgbot play

# The browser game: the program and the page, then the server on http://localhost:8080/.
serve: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS) --target bgbot web
	$(BUILD)/bgbot serve --port 8080

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# Debug build of the tests under AddressSanitizer and UndefinedBehaviorSanitizer (CI runs it).
test-asan: deps
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DBGBOT_SANITIZE=ON
	cmake --build $(ASAN_BUILD) -j $(JOBS) --target bgbot_tests bgbot_quinn_tests bgbot_wrg6_tests
	cd $(ASAN_BUILD) && BGBOT_RANDOM_GAMES=300 BGBOT_QUINN_RANDOM_GAMES=10 ctest --output-on-failure -j $(JOBS)

# libFuzzer targets (clang + AddressSanitizer) for the protocol handler and the position parser,
# each run for FUZZ_SECONDS (default 60). See fuzz/run.
fuzz: deps
	JOBS=$(JOBS) fuzz/run

bench: build
	$(BUILD)/bgbot bench

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) build-fuzz
