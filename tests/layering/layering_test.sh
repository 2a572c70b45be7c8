#!/usr/bin/env bash
# The module contract, checked on the source tree (docs/architecture.md):
#   1. the front ends and the shared libraries include no game's header;
#   2. they name no puzzle and no puzzle namespace: the one list is
#      BOARDSEARCH_PUZZLES in the root CMakeLists.txt, and everything else
#      learns the puzzles from app::all_puzzles();
#   3. every header in include/boardsearch/core/ is used by code outside tests/.
# Usage: layering_test.sh SOURCE_DIR
set -u
cd "$1" || exit 2
front_ends=(apps src/server src/hunt src/common src/app include/boardsearch/app)
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

hits=$(grep -rn --include='*.cpp' --include='*.hpp' --include='*.in' '#include "games/' "${front_ends[@]}")
[ -z "$hits" ] || fail "a front end includes a game's header:"$'\n'"$hits"

# The puzzles and the namespaces their modules use.
names=$(ls src/games)
namespaces=$(sed -n 's/^namespace boardsearch::\([a-z0-9_]*\) {.*/\1/p' src/games/*/*.cpp src/games/*/*.hpp | sort -u)
for word in $(printf "%s\n" $names $namespaces | sort -u); do
  case "$word" in app | core | detail) continue ;; esac
  hits=$(grep -rnwi --include='*.cpp' --include='*.hpp' --include='*.in' --include='CMakeLists.txt' -- "$word" "${front_ends[@]}")
  [ -z "$hits" ] || fail "'$word' is named outside its module:"$'\n'"$hits"
done

for header in include/boardsearch/core/*.hpp; do
  name=$(basename "$header")
  users=$(grep -rln --include='*.cpp' --include='*.hpp' "boardsearch/core/$name" src apps include bench | grep -v "^$header$")
  [ -n "$users" ] || fail "include/boardsearch/core/$name is used by no code outside tests/"
done

[ "$failures" = 0 ] && echo "layering: ok ($(echo $names | wc -w) puzzles)"
exit $((failures > 0))
