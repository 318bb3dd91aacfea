#!/usr/bin/env bash
# The checks of the AddressSanitizer + UndefinedBehaviorSanitizer build
# (docs/testing.md); jx.sh runs them as `./jx.sh sanitize` and `./jx.sh fuzz`.
#
#   sanitized_checks.sh test   build jxc, jx-opt and the fuzz targets with
#                              ASan+UBSan, run jx-export-tests and the lit
#                              tests under them
#   sanitized_checks.sh fuzz   run each libFuzzer target for JX_FUZZ_TIME
#                              seconds (default 60) from its seed corpus
#
# Environment: JX_ASAN_BUILD_DIR (default: build-asan), JX_JOBS, JX_FUZZ_TIME.
# Any finding (a sanitizer report, a crash, a failed test) exits non-zero.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
asan=${JX_ASAN_BUILD_DIR:-$here/build-asan}
jobs=${JX_JOBS:-$(nproc)}
lit=/usr/lib/llvm-22/bin/lit

# A report (a leak too) aborts: a crash, which lit's `not` does not take for
# an expected failure. The programs' own defaults: cmake/sanitizer_options.c.
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-abort_on_error=1}
export CCACHE_BASEDIR="$here" CCACHE_NOHASHDIR=1

build() {
  if [ ! -f "$asan/build.ninja" ]; then
    cmake -G Ninja -S "$here" -B "$asan" \
      -DJX_SANITIZE=address,undefined -DJX_FUZZ=ON \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only" \
      "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only" \
      -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 >/dev/null || return 1
  fi
  local t0=$SECONDS
  local log rc
  log=$(ninja -C "$asan" -j "$jobs" "$@" 2>&1)
  rc=$?
  # Warnings and errors, not the progress lines.
  grep -v -E '^\[|^ninja: (Entering|no work)' <<< "$log" || true
  [ $rc -eq 0 ] || return 1
  echo "sanitize: built $* in $((SECONDS - t0))s ($asan)"
}

run_tests() {
  build jxc jx-opt jx-run jx-fuzzers jx-export-tests || return 1
  # libjx_export on JAX's files and on bad bytes (truncated, flipped,
  # random): seconds.
  echo "sanitize: jx-export-tests under ASan+UBSan"
  "$asan/bin/jx-export-tests" --gtest_brief=1 || return 1
  # Every lit test but test/Frontend's: they run jx-trace, whose frontend
  # library would double the build (docs/testing.md runs it by hand).
  echo "sanitize: lit tests of jxc and jx-opt under ASan+UBSan: test/ but test/Frontend"
  local t0=$SECONDS
  "$lit" -sv --filter-out '^jx :: Frontend/' "$asan/test"
  local rc=$?
  echo "sanitize: lit under ASan+UBSan $([ $rc -eq 0 ] && echo passed || echo FAILED) in $((SECONDS - t0))s"
  return $rc
}

# fuzz_one TARGET MAX_LEN [EXTRA_SEED_DIR...]: one bounded run; prints a line.
fuzz_one() {
  local target=$1 max_len=$2
  shift 2
  local out="$asan/fuzz/$target" bin="$asan/bin/jx-fuzz-$target"
  local seeds="$here/fuzz/corpus/$target"
  mkdir -p "$out/corpus"
  local extra=() nextra=0
  for d in "$@"; do
    [ -d "$d" ] && extra+=("$d") && nextra=$((nextra + $(find "$d" -type f | wc -l)))
  done
  "$bin" -max_total_time="${JX_FUZZ_TIME:-60}" -max_len="$max_len" \
    -timeout=60 -rss_limit_mb=4096 -malloc_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$out/" "$out/corpus" "$seeds" "${extra[@]}" \
    > "$out/log" 2>&1
  local rc=$?
  local runs cov ft corp secs
  runs=$(sed -n 's/^stat::number_of_executed_units: //p' "$out/log" | tail -1)
  secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$out/log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$out/log" | tail -1 | cut -d' ' -f2)
  ft=$(grep -o 'ft: [0-9]*' "$out/log" | tail -1 | cut -d' ' -f2)
  corp=$(grep -o 'corp: [0-9]*' "$out/log" | tail -1 | cut -d' ' -f2)
  local from="$(ls "$seeds" | wc -l) seeds"
  [ "$nextra" -gt 0 ] && from="$from + $nextra conformance programs"
  if [ $rc -eq 0 ]; then
    echo "fuzz: $target: ${runs:-?} runs in ${secs:-?}s, coverage ${cov:-?} edges, ${ft:-?} features, corpus ${corp:-?} (from $from): no crash"
    return 0
  fi
  local artifact
  artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$out/log" | tail -1)
  echo "fuzz: $target: FAILED after ${runs:-?} runs: ${artifact:-see log}"
  # The report: from the sanitizer's or libFuzzer's first line of it (not the
  # progress lines before, whose function names may contain the same words).
  local first
  first=$(grep -n -m1 -E '^==[0-9]+==|runtime error:|Assertion .* failed|LLVM ERROR|deadly signal|^ALARM|out-of-memory|^MS: ' "$out/log" | cut -d: -f1)
  if [ -n "$first" ]; then
    tail -n +"$first" "$out/log" | head -80
  else
    tail -n 40 "$out/log"
  fi
  echo "fuzz: reproduce with $bin ${artifact:-<input>} (log: $out/log)"
  return 1
}

run_fuzzers() {
  build jx-fuzzers || return 1
  local conformance="$here/../shared/conformance"
  local status=0
  fuzz_one parse_verify 8192 "$conformance/interpret" "$conformance/jax-sample" || status=1
  fuzz_one compile 8192 || status=1
  fuzz_one read_npy 4096 || status=1
  fuzz_one exported 16384 || status=1
  fuzz_one vhlo 16384 || status=1
  return $status
}

case "${1:-}" in
  test) run_tests ;;
  fuzz) run_fuzzers ;;
  *) echo "usage: $0 test|fuzz" >&2; exit 2 ;;
esac
