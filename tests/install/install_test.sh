#!/usr/bin/env bash
# `make install` end to end, without root: installs the build into a
# temporary prefix (and once more through DESTDIR into a staging folder),
# runs the installed CLI and server from an unrelated working directory, and
# builds tests/install/consumer against the installed CMake package.
# Usage: install_test.sh BUILD_DIR SOURCE_DIR CMAKE CXX_COMPILER
set -euo pipefail
build=$1 source=$2 cmake=$3 cxx=$4
work=$(mktemp -d)
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }
checks=0
pass() { checks=$((checks + 1)); }

# 1. Install into a prefix: every part where the layout says
#    (cmake/install.cmake).
prefix=$work/prefix
"$cmake" --install "$build" --prefix "$prefix" >"$work/install.log" || { cat "$work/install.log"; fail "cmake --install"; }
for file in bin/boardsearch bin/boardsearch-server share/boardsearch/web/index.html share/boardsearch/web/app.js \
  share/doc/boardsearch/README.md share/doc/boardsearch/api.md share/doc/boardsearch/boards/standard.json \
  include/boardsearch/core/branch_and_bound.hpp share/cmake/boardsearch/boardsearchConfig.cmake \
  share/cmake/boardsearch/boardsearchConfigVersion.cmake share/cmake/boardsearch/boardsearchTargets.cmake; do
  [ -e "$prefix/$file" ] || fail "not installed: $file"
done
pass
# Only the core's headers: the module contract is no installed library.
[ ! -e "$prefix/include/boardsearch/app" ] || fail "include/boardsearch/app installed"
pass

# 2. The installed CLI, from a folder that has nothing to do with the tree.
elsewhere=$work/elsewhere
mkdir -p "$elsewhere"
cd "$elsewhere"
answer=$("$prefix/bin/boardsearch" 2048 <"$source/tests/data/2048/01.in")
[ "$answer" = "$(cat "$source/tests/data/2048/01.out")" ] || fail "installed CLI answered '$answer'"
pass
"$prefix/bin/boardsearch" --version >/dev/null || fail "installed boardsearch --version"
pass

# The HTTP side of the server checks, in Python (a test dependency already).
http_check() {
  python3 - "$@" <<'PY'
import json, sys, urllib.request
port, index = sys.argv[1], sys.argv[2]
base = f"http://127.0.0.1:{port}"
with urllib.request.urlopen(base + "/", timeout=30) as reply:
    page = reply.read()
if page != open(index, "rb").read():
    sys.exit("GET / is not the installed index.html")
with urllib.request.urlopen(base + "/api/puzzles", timeout=30) as reply:
    names = [p["name"] for p in json.load(reply)["puzzles"]]
if "2048" not in names:
    sys.exit(f"GET /api/puzzles lists {names}")
body = json.dumps({"puzzle": "2048", "input": "2\n2 2\n0 0\n"}).encode()
request = urllib.request.Request(base + "/api/solve", data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
with urllib.request.urlopen(request, timeout=30) as reply:
    answer = json.load(reply)["answer"]
if answer != "4\n":
    sys.exit(f"POST /api/solve answered {answer!r}")
PY
}

# 3. The installed server (through `boardsearch serve`, which execs the
#    installed boardsearch-server): it must serve the installed page, found
#    from its own location, not the source tree's, from any working folder.
#    $1: the installed tree's root (prefix, or DESTDIR + prefix).
check_server() {
  local root=$1 out=$work/serve.out
  : >"$out"
  "$root/bin/boardsearch" serve --port 0 --quiet >"$out" 2>"$work/serve.err" &
  server_pid=$!
  for _ in $(seq 1 300); do
    grep -q '^serving ' "$out" && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$work/serve.err"; fail "the installed server exited"; }
    sleep 0.1
  done
  local line
  line=$(head -n 1 "$out")
  [[ $line =~ ^serving\ http://127\.0\.0\.1:([0-9]+)/\ \(web\ root\ (.*)\;\ Ctrl-C\ stops\)$ ]] ||
    fail "unexpected serve line: '$line'"
  local port=${BASH_REMATCH[1]} web=${BASH_REMATCH[2]}
  [ "$web" = "$(realpath "$root/share/boardsearch/web")" ] || fail "server under $root serves $web"
  http_check "$port" "$root/share/boardsearch/web/index.html" || fail "HTTP checks of the server under $root"
  kill "$server_pid"
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
  pass
}
check_server "$prefix"

# 4. DESTDIR: a staged install (what a packager does) lands under DESTDIR
#    and still runs where it lies.
DESTDIR=$work/stage "$cmake" --install "$build" --prefix /opt/boardsearch >/dev/null || fail "DESTDIR install"
staged=$work/stage/opt/boardsearch
[ -x "$staged/bin/boardsearch" ] || fail "DESTDIR install: no $staged/bin/boardsearch"
pass
check_server "$staged"

# 5. Another project builds against the installed package alone: no package
#    registry, only the prefix on CMAKE_PREFIX_PATH.
"$cmake" -S "$source/tests/install/consumer" -B "$work/consumer" -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF >"$work/consumer.log" 2>&1 ||
  { cat "$work/consumer.log"; fail "configuring the consumer"; }
grep -q "^boardsearch_DIR:PATH=$prefix/share/cmake/boardsearch\$" "$work/consumer/CMakeCache.txt" ||
  fail "the consumer found boardsearch elsewhere: $(grep boardsearch_DIR "$work/consumer/CMakeCache.txt")"
"$cmake" --build "$work/consumer" >>"$work/consumer.log" 2>&1 || { cat "$work/consumer.log"; fail "building the consumer"; }
[ "$("$work/consumer/consumer")" = "knapsack 105 105" ] || fail "the consumer printed '$("$work/consumer/consumer")'"
pass

echo "install: ok ($checks checks)"
