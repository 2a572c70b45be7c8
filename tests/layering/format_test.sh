#!/usr/bin/env bash
# Fails on any C++ line that clang-format (the .clang-format at the root,
# Debian's clang-format) would change, naming the files.
# Usage: format_test.sh SOURCE_DIR [CLANG_FORMAT]
set -u
cd "$1" || exit 2
tool=${2:-clang-format}
command -v "$tool" >/dev/null || { echo "FAIL: $tool not found (make deps installs it)"; exit 1; }
files=$(find apps bench fuzz include src tests -name node_modules -prune -o \( -name '*.cpp' -o -name '*.hpp' \) -print | sort)
bad=()
for file in $files; do
  "$tool" --dry-run --Werror "$file" >/dev/null 2>&1 || bad+=("$file")
done
if [ ${#bad[@]} -gt 0 ]; then
  echo "FAIL: clang-format would change ${#bad[@]} file(s); run: clang-format -i ${bad[*]}"
  exit 1
fi
echo "format: ok ($(echo "$files" | wc -l) files)"
