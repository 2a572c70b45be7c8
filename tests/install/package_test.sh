#!/usr/bin/env bash
# `make package` without installing it: CPack builds the .deb into a
# temporary folder; the package must hold the executables, the page and the
# core's CMake package under /usr, and depend on Debian runtime packages only
# (dpkg-shlibdeps' list: no -dev package, the libraries the binaries link).
# Installing it with apt-get needs root and is checked by hand (README).
# Usage: package_test.sh BUILD_DIR CPACK
set -euo pipefail
build=$1 cpack=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
command -v dpkg-deb >/dev/null || fail "dpkg-deb not found (Debian's dpkg)"

"$cpack" --config "$build/CPackConfig.cmake" -B "$work" >"$work/cpack.log" 2>&1 || { cat "$work/cpack.log"; fail "cpack"; }
debs=("$work"/boardsearch_*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || fail "expected one boardsearch_*.deb, found: $(ls "$work")"
deb=${debs[0]}
[[ $(basename "$deb") =~ ^boardsearch_[0-9]+\.[0-9]+\.[0-9]+_[a-z0-9]+\.deb$ ]] || fail "package name $(basename "$deb")"

contents=$(dpkg-deb --contents "$deb" | awk '{print $NF}')
for file in ./usr/bin/boardsearch ./usr/bin/boardsearch-server ./usr/share/boardsearch/web/index.html \
  ./usr/share/doc/boardsearch/README.md ./usr/include/boardsearch/core/limits.hpp \
  ./usr/share/cmake/boardsearch/boardsearchConfig.cmake; do
  grep -qx -- "$file" <<<"$contents" || fail "the package lacks $file"
done

depends=$(dpkg-deb --field "$deb" Depends)
[ -n "$depends" ] || fail "the package has no dependencies (dpkg-shlibdeps did not run?)"
# The package names alone, one a line ("libfmt9 (>= 9.1.0+ds1)" -> "libfmt9").
names=$(tr ',|' '\n\n' <<<"$depends" | sed 's/(.*)//; s/ //g' | sort -u)
for package in libc6 libstdc++6 libfmt9 libcpp-httplib0.11 libtbb12; do
  grep -qxF "$package" <<<"$names" || fail "Depends lacks $package: $depends"
done
grep -q -- '-dev$' <<<"$names" && fail "Depends names a -dev package: $depends"
# Every dependency is a package apt knows (what apt-get install ./*.deb
# resolves on a fresh machine).
if command -v apt-cache >/dev/null; then
  for package in $names; do
    apt-cache show "$package" >/dev/null 2>&1 || fail "Depends names $package, which apt does not know"
  done
fi
echo "package: ok ($(basename "$deb"); Depends: $depends)"
