#!/bin/sh
# package_test.sh BUILD_DIR SOURCE_DIR CXX - installs the build into a
# fresh prefix, builds examples/cmake_project against it with
# find_package(jx), and runs both of its programs: `app` (jx::jx: jit and
# grad) and `service` (jx::runtime only) on an executable the installed jxc
# compiled. `service` must load no libMLIR/libLLVM.
set -eu
build=$1 src=$2 cxx=$3
work=$(mktemp -d "${TMPDIR:-/tmp}/jx-package-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" > "$work/install.log"
cmake -G Ninja -S "$src/examples/cmake_project" -B "$work/app" \
  -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_CXX_COMPILER="$cxx" > "$work/configure.log" \
  || { cat "$work/configure.log"; exit 1; }
cmake --build "$work/app" > "$work/build.log" || { cat "$work/build.log"; exit 1; }
"$work/app/app"
cat > "$work/double.mlir" <<'MLIR'
func.func @main(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = stablehlo.add %x, %x : tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
MLIR
"$work/prefix/bin/jxc" --version
"$work/prefix/bin/jxc" compile "$work/double.mlir" --emit=executable -o "$work/double.jxe"
out=$("$work/app/service" "$work/double.jxe" "2x2xf32=1 2 3 4")
echo "service: $out"
[ "$out" = "f32[2,2] [[2, 4],
 [6, 8]]" ] || { echo "package_test: unexpected service output"; exit 1; }
sh "$src/test/check_no_llvm.sh" "$work/app/service"
echo "package_test: installed, built against, ran"
