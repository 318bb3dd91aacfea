#!/usr/bin/env bash
# Checks that jx-opt parses, prints and re-parses each MLIR file to a fixed
# point: `jx-opt FILE > a; jx-opt a > b; cmp a b`.
#
# Usage: scripts/check_roundtrip.sh JXOPT FILE...
#
# A file whose RUN line says -split-input-file is handled chunk by chunk
# (`--split-input-file`). Files that use the test-only `interpreter`
# dialect, which jx does not implement, are skipped and counted.
#
# Prints one line per failing file with the stage that failed and the first
# diagnostic (or the first differing line), then a summary; exits non-zero if
# any file fails.
set -u

if [ $# -lt 2 ]; then
  echo "usage: $0 JXOPT FILE..." >&2
  exit 2
fi
jxopt=$1
shift

tmp=$(mktemp -d "${TMPDIR:-/tmp}/jx-roundtrip.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

first_diag() {
  local d
  d=$(grep -m1 -E '(error|warning):' "$1")
  [ -n "$d" ] || d=$(grep -m1 . "$1")
  [ -n "$d" ] || d="(no diagnostic; exit status $2)"
  printf '%s' "$d"
}

total=0
failed=0
skipped=0
for f in "$@"; do
  total=$((total + 1))
  if [ ! -f "$f" ]; then
    echo "FAIL $f: no such file"
    failed=$((failed + 1))
    continue
  fi
  if grep -q 'interpreter\.' "$f"; then
    skipped=$((skipped + 1))
    total=$((total - 1))
    continue
  fi
  split=()
  grep -q -- '-split-input-file' "$f" && split=(--split-input-file)
  "$jxopt" "${split[@]}" "$f" >"$tmp/a" 2>"$tmp/err"
  rc=$?
  if [ $rc -ne 0 ]; then
    echo "FAIL $f: parse: $(first_diag "$tmp/err" $rc)"
    failed=$((failed + 1))
    continue
  fi
  "$jxopt" "${split[@]}" "$tmp/a" >"$tmp/b" 2>"$tmp/err"
  rc=$?
  if [ $rc -ne 0 ]; then
    echo "FAIL $f: re-parse of printed output: $(first_diag "$tmp/err" $rc)"
    failed=$((failed + 1))
    continue
  fi
  if ! cmp -s "$tmp/a" "$tmp/b"; then
    line=$(diff "$tmp/a" "$tmp/b" | grep -m1 -E '^[<>]')
    echo "FAIL $f: printed text changes on re-print: $line"
    failed=$((failed + 1))
    continue
  fi
done

echo "$((total - failed))/$total files round-trip through $(basename "$jxopt") ($skipped skipped: interpreter dialect)"
[ $failed -eq 0 ]
