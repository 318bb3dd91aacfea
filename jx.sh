#!/usr/bin/env bash
# jx.sh — set up a machine, build jx, and run the demo or the tests.
#
#   ./jx.sh demo      install what is missing, build, train an MLP on the 8x8
#                     digits in C++ (examples/mlp_train.cpp)
#   ./jx.sh demo-hlo  the same for the StableHLO demo: JAX's MLP gradient
#                     compiled and run, compared with JAX's outputs
#   ./jx.sh test      install what is missing, build, run the whole test suite
#   ./jx.sh build     install what is missing and build only
#   ./jx.sh sanitize  build jxc and jx-opt with AddressSanitizer and
#                     UndefinedBehaviorSanitizer in build-asan/ and run the
#                     lit tests under them (docs/testing.md)
#   ./jx.sh fuzz      run each libFuzzer target (fuzz/) for JX_FUZZ_TIME
#                     seconds, default 60
#
# Environment: JX_BUILD_DIR (default: build), JX_JOBS (default: all cores).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=${JX_BUILD_DIR:-$here/build}
jobs=${JX_JOBS:-$(nproc)}
cmd=${1:-demo}

# Debian packages jx builds and tests with. Installed only when missing, so a
# second run costs a dpkg query.
packages=(
  cmake ninja-build ccache python3 python3-numpy
  clang-22 llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  libgtest-dev libbenchmark-dev libopenblas-dev libopenblas-openmp-dev libdnnl-dev libomp-22-dev
  libclang-rt-22-dev lld-22
  zlib1g-dev python3-sklearn nlohmann-json3-dev libdlpack-dev
  flatbuffers-compiler libflatbuffers-dev
  libopenmpi-dev openmpi-bin
)
# Installed by ./jx.sh test only: the pipeline explorer's browser test opens
# its page in headless Chromium (test/explorer/explorer_test.py, skipped
# where Chromium is missing).
test_packages=(chromium)

# install_missing [EXTRA_PACKAGE...]: the packages above and these.
install_missing() {
  local missing=()
  for p in "${packages[@]}" "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
      || missing+=("$p")
  done
  # The fixture checks need numpy in the python3 that is first on PATH,
  # which may not be Debian's (pyenv); pip installs it there.
  if ! python3 -c "import numpy" 2>/dev/null && [ ${#missing[@]} -eq 0 ]; then
    echo "jx: installing numpy for $(command -v python3)"
    python3 -m pip install -q numpy
  fi
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "jx: installing ${missing[*]}"
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}"
  python3 -c "import numpy" 2>/dev/null || python3 -m pip install -q numpy
}

# ccache keys on paths relative to the checkout, so that another clone of
# the same sources (CI's) reuses what this one compiled.
export CCACHE_BASEDIR="$here" CCACHE_NOHASHDIR=1

configure_and_build() {
  if [ ! -f "$build/build.ninja" ]; then
    cmake -G Ninja -S "$here" -B "$build" \
      -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22
  fi
  ninja -C "$build" -j "$jobs"
}

demo() {
  # An MLP trained in C++ on the 8x8 digits data set python3-sklearn ships:
  # parameters and Adam state as trees, value_and_grad, the whole step under
  # one jit. It prints the loss and time of each epoch and the test
  # accuracy, and writes every stage of the compiled step (jaxpr, StableHLO,
  # the CPU pipeline's phases, LLVM IR, assembly) to $build/mlp_stages/, and
  # the pipeline explorer's page of the step (docs/explorer.md) beside them;
  # it prints the page's path.
  # (Not built when CMake found no zlib: configure again now that it is.)
  if [ ! -x "$build/bin/jx-mlp-train" ]; then
    cmake "$build" >/dev/null
    ninja -C "$build" -j "$jobs" jx-example-mlp-train
  fi
  "$build/bin/jx-mlp-train" --stages "$build/mlp_stages" "$@"
}

demo_hlo() {
  # The most complete path that exists today: the StableHLO JAX wrote for
  # the loss and gradient of an MLP, compiled to native code and run on
  # JAX's inputs, its results compared with JAX's own.
  local fixtures="$here/test/Fixtures/jax" out="$build/demo"
  local program="$fixtures/mlp_grad.mlir"
  rm -rf "$out" && mkdir -p "$out"
  echo "== $program (written by jax.jit(jax.value_and_grad(loss)).lower(...))"
  "$build/bin/jx-opt" "$program" > "$out/program.mlir"   # parse, verify, print
  head -n 4 "$out/program.mlir"
  echo "   ..."
  echo "== every compilation stage, stablehlo to LLVM IR: $out/stages.txt"
  "$build/bin/jxc" compile "$program" --print-all-stages -o "$out/stages.txt"
  grep '^// ----- stage' "$out/stages.txt"
  echo "== jxc run on JAX's inputs"
  local inputs=()
  for f in "$fixtures"/mlp_grad.in*.npy; do inputs+=(--input "$f"); done
  "$build/bin/jxc" run "$program" "${inputs[@]}" --output-dir "$out"
  echo "== compared with JAX's outputs"
  python3 - "$fixtures" "$out" <<'PY'
import glob, os, sys
import numpy as np
fixtures, out = sys.argv[1:]
for want_path in sorted(glob.glob(os.path.join(fixtures, "mlp_grad.out*.npy"))):
    i = want_path.rsplit(".out", 1)[1].split(".")[0]
    want = np.load(want_path)
    got = np.load(os.path.join(out, "result%s.npy" % i))
    err = float(np.max(np.abs(got.astype(np.float64) - want))) if want.size else 0.0
    print("  result%s %-12s max |jx - jax| = %.3g" % (i, str(want.shape), err))
PY
}

run_tests() {
  ctest --test-dir "$build" --output-on-failure -j "$jobs" --timeout 900
}

case "$cmd" in
  demo) shift || true; install_missing; configure_and_build; demo "$@" ;;
  demo-hlo) install_missing; configure_and_build; demo_hlo ;;
  test) install_missing "${test_packages[@]}"; configure_and_build; run_tests ;;
  build) install_missing; configure_and_build ;;
  sanitize) install_missing; "$here/scripts/sanitized_checks.sh" test ;;
  fuzz) install_missing; "$here/scripts/sanitized_checks.sh" fuzz ;;
  *) echo "usage: $0 demo|demo-hlo|test|build|sanitize|fuzz" >&2; exit 2 ;;
esac
