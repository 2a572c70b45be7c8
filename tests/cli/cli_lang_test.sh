#!/bin/bash
# The CLI's languages: Korean under LANG=ko_KR.UTF-8 (no Korean locale needs
# to be generated: the program reads the variable itself), English under
# LANG=C, --lang overriding both, LC_ALL and LC_MESSAGES before LANG; the
# judge answers byte-identical in both languages for every sample.
# Usage: cli_lang_test.sh BOARDSEARCH TESTS_DATA_DIR
bin="$1"
data="$2"
source "$(dirname "$0")/cli_lib.sh"

ko() { env -u LC_ALL -u LC_MESSAGES LANG=ko_KR.UTF-8 "$@"; }
en() { env -u LC_ALL -u LC_MESSAGES LANG=C "$@"; }

# expect_err_has TEXT DESCRIPTION: stderr of the last command holds TEXT.
expect_err_has() {
  grep -qF -- "$1" "$tmp/err" || fail "$2: stderr lacks '$1': $(cat "$tmp/err")"
}

# Step 1. Errors in each language, one line, exit 2.
printf '2\n2 x\n2 2\n' >"$tmp/bad2048"
STDIN="$tmp/bad2048" expect 2 "bad 2048 tile, Korean" -- 2048 --lang ko
expect_err_has "2번째 줄 2번째 값" "bad 2048 tile, Korean"
STDIN="$tmp/bad2048" expect 2 "bad 2048 tile, English" -- 2048 --lang en
expect_err_has "line 2, field 2" "bad 2048 tile, English"
ko "$bin" 2048 <"$tmp/bad2048" >"$tmp/out" 2>"$tmp/err"
[ $? = 2 ] && grep -qF "2번째 줄 2번째 값" "$tmp/err" || fail "LANG=ko_KR.UTF-8 gives Korean: $(cat "$tmp/err")"
en "$bin" 2048 <"$tmp/bad2048" >"$tmp/out" 2>"$tmp/err"
[ $? = 2 ] && grep -qF "line 2, field 2" "$tmp/err" || fail "LANG=C gives English: $(cat "$tmp/err")"
ko "$bin" 2048 --lang en <"$tmp/bad2048" >"$tmp/out" 2>"$tmp/err"
grep -qF "line 2, field 2" "$tmp/err" || fail "--lang en overrides LANG=ko: $(cat "$tmp/err")"
env LC_ALL=ko_KR.UTF-8 LANG=C "$bin" 2048 <"$tmp/bad2048" >"$tmp/out" 2>"$tmp/err"
grep -qF "2번째 줄" "$tmp/err" || fail "LC_ALL before LANG: $(cat "$tmp/err")"
env -u LC_ALL LC_MESSAGES=C LANG=ko_KR.UTF-8 "$bin" 2048 <"$tmp/bad2048" >"$tmp/out" 2>"$tmp/err"
grep -qF "line 2" "$tmp/err" || fail "LC_MESSAGES before LANG: $(cat "$tmp/err")"
expect 2 "unknown command, Korean" -- --lang ko no-such-command
expect_err_has "알 수 없는 명령" "unknown command, Korean"
expect 2 "a bad --lang value" -- 2048 --lang fr
expect_err_has "--lang" "a bad --lang value"
expect 2 "missing file, Korean" -- 2048 --lang ko /no/such/file
expect_err_has "파일을 열 수 없습니다" "missing file, Korean"
expect 2 "option out of range, Korean" -- 2048 --lang ko --moves x
expect_err_has "이상" "option out of range, Korean"
printf '2 2\n1 1\n1 1\n5 0\n1 1\n' >"$tmp/badfoot"
STDIN="$tmp/badfoot" expect 2 "footholds row out of range, Korean" -- footholds --lang ko
expect_err_has "A의 행" "footholds row out of range, Korean"
STDIN=/dev/null expect 3 "a node limit, Korean" -- queens --lang ko --max-nodes 1 "$data/queens/01.in"
expect_err_has "탐색이 멈췄습니다" "a node limit, Korean"

# Step 2. --explain and --help speak the language; the answer line does not.
ko "$bin" 2048 --explain "$data/2048/01.in" >"$tmp/out" 2>"$tmp/err"
grep -qF "가장 큰 타일" "$tmp/out" || fail "2048 --explain in Korean: $(head -5 "$tmp/out")"
ko "$bin" footholds --explain "$data/footholds/01.in" >"$tmp/out" 2>"$tmp/err"
grep -qF "승리" "$tmp/out" || fail "footholds --explain in Korean: $(head -5 "$tmp/out")"
ko "$bin" yut --expected --turns 2 --explain </dev/null >"$tmp/out" 2>"$tmp/err"
grep -qF "기대 점수" "$tmp/out" || fail "yut --expected --explain in Korean: $(head -5 "$tmp/out")"
ko "$bin" marble --explain "$data/marble/01.in" >"$tmp/out" 2>"$tmp/err"
grep -qF "기울이기" "$tmp/out" || fail "marble --explain in Korean: $(head -5 "$tmp/out")"
ko "$bin" 2048 --help >"$tmp/out" 2>&1
grep -qF "최적의 수순" "$tmp/out" || fail "2048 --help in Korean: $(head -5 "$tmp/out")"

# Step 3. Judge answers byte-identical in both languages, every sample.
for puzzle in $puzzles; do
  for input in "$data/$puzzle"/*.in; do
    [ -e "$input" ] || continue
    args=()
    [ -f "${input%.in}.args" ] && read -r -a args <"${input%.in}.args"
    ko "$bin" "$puzzle" "${args[@]}" "$input" >"$tmp/ko" 2>/dev/null
    en "$bin" "$puzzle" "${args[@]}" "$input" >"$tmp/en" 2>/dev/null
    if ! cmp -s "$tmp/ko" "$tmp/en" || [ ! -s "$tmp/en" ]; then
      fail "$puzzle $(basename "$input"): the judge answer differs between LANG=ko_KR.UTF-8 and LANG=C"
    fi
  done
done
echo "ok: judge answers byte-identical in Korean and English"

finish "language"
