#!/usr/bin/env bash
# The examples in README.md and docs/**/*.md run as they are shown.
#
# Usage: examples_test.sh BOARDSEARCH_BINARY REPOSITORY_ROOT
#
# An example is a `$ ` line inside a fenced block (```) whose command runs
# `build/boardsearch`, followed by the lines it prints, up to the next `$ `
# line or the end of the block. Each one runs through bash from the
# repository root, with LANG=C LC_ALL=C and `build/boardsearch` replaced by
# the binary under test; what it prints on stdout and stderr (merged, as a
# terminal shows them) must equal the lines shown. An exit status is
# compared where the example shows one (`...; echo "exit $?"`). The
# convention (README.md, "Examples in the docs"):
#   - a `$ ` line ending in `# not compared` is not run (a server, a user's
#     program, a time that cannot be repeated);
#   - a line that is only `...` stands for any number of lines (0 or more);
#   - `...` inside a line stands for any text within that line;
#   - a `$ ` line running plain `boardsearch` (an installed binary) is shown
#     but not run: it is listed as skipped.
# Exit 0 when every example matches, 1 otherwise (each mismatch shown as a
# diff of the lines shown against the lines printed).
set -u
bin=$1
root=$2
cd "$root" || exit 2
export LANG=C LC_ALL=C

failures=0
checked=0
not_compared=0
skipped=0

# line_matches PATTERN TEXT: TEXT equals PATTERN, where `...` in PATTERN
# matches any text.
line_matches() {
  local pattern=$1 text=$2
  if [[ $pattern != *...* ]]; then
    [[ $pattern == "$text" ]]
    return
  fi
  local glob='' piece rest=$pattern
  while [[ $rest == *...* ]]; do
    piece=${rest%%...*}
    rest=${rest#*...}
    glob+="$(escape_glob "$piece")*"
  done
  glob+=$(escape_glob "$rest")
  # shellcheck disable=SC2053  # the pattern is meant as a glob
  [[ $text == $glob ]]
}

# escape_glob TEXT: TEXT with the characters a bash pattern treats
# specially escaped, so that it matches itself only.
escape_glob() {
  local s=$1
  s=${s//\\/\\\\}
  s=${s//\*/\\*}
  s=${s//\?/\\?}
  s=${s//\[/\\[}
  s=${s//\]/\\]}
  printf '%s' "$s"
}

# lines_match: the lines of global array `expected` match those of
# `actual`. A line `...` matches any run of lines; the segments between
# such lines are matched in order, the first at the start (unless the
# expected text starts with `...`) and the last at the end (unless it ends
# with `...`).
lines_match() {
  local n_e=${#expected[@]} n_a=${#actual[@]}
  local -a seg_start=() seg_len=()
  local i start=0
  for ((i = 0; i <= n_e; i++)); do
    if ((i == n_e)) || [[ ${expected[i]} == '...' ]]; then
      seg_start+=("$start")
      seg_len+=($((i - start)))
      start=$((i + 1))
    fi
  done
  local n_seg=${#seg_start[@]} s pos=0 p k ok
  for ((s = 0; s < n_seg; s++)); do
    local from=${seg_start[s]} len=${seg_len[s]}
    if ((n_seg == 1)); then
      ((len == n_a)) || return 1
      segment_at "$from" "$len" 0 || return 1
      return 0
    fi
    if ((s == 0)); then
      segment_at "$from" "$len" 0 || return 1
      pos=$len
    elif ((s == n_seg - 1)); then
      p=$((n_a - len))
      ((p >= pos)) || return 1
      segment_at "$from" "$len" "$p" || return 1
    else
      ok=1
      for ((k = pos; k + len <= n_a; k++)); do
        if segment_at "$from" "$len" "$k"; then
          ok=0
          pos=$((k + len))
          break
        fi
      done
      ((ok == 0)) || return 1
    fi
  done
  return 0
}

# segment_at FROM LEN AT: expected[FROM .. FROM+LEN) match actual[AT ..).
segment_at() {
  local from=$1 len=$2 at=$3 j
  ((at + len <= ${#actual[@]})) || return 1
  for ((j = 0; j < len; j++)); do
    line_matches "${expected[from + j]}" "${actual[at + j]}" || return 1
  done
  return 0
}

# run_example FILE LINE COMMAND: run one example against `expected`.
run_example() {
  local file=$1 line=$2 command=$3
  local quoted_bin
  printf -v quoted_bin '%q' "$bin"
  local run=${command//build\/boardsearch/$quoted_bin}
  local output
  output=$(bash -c "$run" 2>&1 < /dev/null)
  actual=()
  if [[ -n $output ]]; then
    mapfile -t actual <<< "$output"
  fi
  # Trailing empty lines shown after the output are layout, not output.
  while ((${#expected[@]} > 0)) && [[ -z ${expected[-1]} ]]; do
    unset 'expected[-1]'
  done
  checked=$((checked + 1))
  echo "compared: $file:$line: \$ $command"
  if ! lines_match; then
    failures=$((failures + 1))
    echo "FAIL $file:$line: \$ $command"
    diff <(printf '%s\n' "${expected[@]}") <(printf '%s\n' "${actual[@]}") | sed 's/^/    /'
  fi
}

# flush: run the example gathered so far, if any, and start afresh.
flush() {
  if [[ -n $command ]]; then
    run_example "$file" "$command_line" "$command"
  fi
  command=''
  expected=()
}

mapfile -t files < <(find README.md docs -name '*.md' | sort)
for file in "${files[@]}"; do
  in_fence=0
  indent=0
  command=''
  command_line=0
  expected=()
  n=0
  while IFS= read -r text || [[ -n $text ]]; do
    n=$((n + 1))
    if [[ $text =~ ^([[:space:]]*)\`\`\` ]]; then
      if ((in_fence)); then
        flush
        in_fence=0
      else
        in_fence=1
        indent=${#BASH_REMATCH[1]}
      fi
      continue
    fi
    ((in_fence)) || continue
    # A block indented under a list item: its lines lose the fence's indent.
    if ((indent > 0)) && [[ ${text:0:indent} =~ ^[[:space:]]*$ ]]; then
      text=${text:indent}
    fi
    if [[ $text == '$ '* ]]; then
      flush
      shown=${text#\$ }
      if [[ $shown =~ \#[[:space:]]*not\ compared ]]; then
        not_compared=$((not_compared + 1))
        echo "not compared: $file:$n: $text"
      elif [[ $shown == *build/boardsearch* ]]; then
        command=$shown
        command_line=$n
      elif [[ $shown =~ (^|[^[:alnum:]_/.-])boardsearch([^[:alnum:]_-]|$) ]]; then
        skipped=$((skipped + 1))
        echo "skipped (runs an installed boardsearch): $file:$n: $text"
      fi
      continue
    fi
    [[ -n $command ]] && expected+=("$text")
  done < "$file"
  flush
done

echo "$checked examples compared, $failures failed; $not_compared not compared, $skipped skipped"
((checked > 0)) || { echo "no example found"; exit 1; }
((failures == 0))
