#!/usr/bin/env bash
# gpu_check.sh - what only a machine with an NVIDIA GPU can check (docs/cuda.md).
#
#   scripts/gpu_check.sh [BUILD_DIR]        (default: build; results in $OUT or gpu-check/)
#
# 1. the GPU (nvidia-smi) and jx's view of it;
# 2. builds jx into BUILD_DIR when its jxc is missing or does not run here;
# 3. the Cuda.* unit tests, now with a device (results against the CPU's);
# 4. the e2e suite with JX_DEVICE=cuda: every program's own checks;
# 5. the StableHLO conformance programs on cuda (where ../shared/conformance is);
# 6. the JAX fixtures' outputs on cuda;
# 7. the MLP training demo with every jit on the GPU (its accuracy);
# 8. f32 GEMM 4096^3 through jxc bench --device=cuda, next to the same on the CPU;
# 9. a row sum of f32[4096, 4096] (lanes that are threads) the same way;
# 10. a deployed executable (--target=cuda --emit=executable) against the CPU.
# Every step runs even when one before it failed; summary.txt lists them.
set -u
src=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
case $build in /*) ;; *) build=$src/$build ;; esac
out=${OUT:-$src/gpu-check}
mkdir -p "$out"
summary=$out/summary.txt
: > "$summary"
say() { echo "$*" | tee -a "$summary"; }
step() { # name, command...: runs it with its output in $out/<name>.log
  local name=$1; shift
  local start=$SECONDS
  "$@" > "$out/$name.log" 2>&1
  local rc=$?
  say "$name: exit $rc ($((SECONDS - start)) s)"
  return $rc
}

say "gpu_check $(date -u +%FT%TZ) on $(hostname)"
if command -v nvidia-smi > /dev/null; then
  nvidia-smi --query-gpu=name,compute_cap,memory.total,driver_version --format=csv | tee -a "$summary"
else
  say "nvidia-smi not found"
fi

# 2. jx itself.
if ! "$build/bin/jxc" --version > /dev/null 2>&1; then
  say "building jx in $build"
  step build-configure cmake -G Ninja -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release
  step build ninja -C "$build" jxc jx-opt jx-frontend-tests jx-example-mlp-train
fi
jxc=$build/bin/jxc
if ! "$jxc" --version > /dev/null 2>&1; then
  say "no working jxc in $build: stopping"
  exit 1
fi
lit=$(command -v lit || echo /usr/lib/llvm-22/bin/lit)

# 1. jx's view of the device: a one-line program.
cat > "$out/add.mlir" <<'EOF'
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
EOF
if ! step device "$jxc" run "$out/add.mlir" --device=cuda --input "4xf32=1 2 3 4"; then
  cat "$out/device.log" | tee -a "$summary"
  say "no usable CUDA device: the other steps need one"
  exit 2
fi
cat "$out/device.log" | tee -a "$summary"

# 3. unit tests.
step unit-tests "$build/bin/jx-frontend-tests" --gtest_filter='Cuda.*'
grep -E '^\[  (PASSED|FAILED) ' "$out/unit-tests.log" | tee -a "$summary"

# 4. e2e on the GPU.
step e2e env JX_DEVICE=cuda "$lit" -v "$build/test/e2e"
grep -cE '^PASS:' "$out/e2e.log" | sed 's/^/e2e passed: /' | tee -a "$summary"
grep -E '^FAIL:' "$out/e2e.log" | tee -a "$summary"

# 5. conformance on the GPU.
conformance=$src/../shared/conformance
if [ -x "$conformance/run.sh" ] || [ -f "$conformance/run.sh" ]; then
  step conformance env JX_DEVICE=cuda CONF_LOG="$out/conformance-cases.log" \
    bash "$conformance/run.sh" "$jxc" "$conformance/interpret" "$conformance/jax-sample"
  grep '^conformance:' "$out/conformance.log" | tee -a "$summary"
else
  say "conformance: $conformance not found, skipped"
fi

# 6. the JAX fixtures.
step fixtures env JX_DEVICE=cuda "$lit" -v "$build/test/Fixtures/jax_outputs.mlir"
tail -3 "$out/fixtures.log" | tee -a "$summary"

# 7. the MLP demo, every jit on the GPU.
if [ -x "$build/bin/jx-mlp-train" ]; then
  step mlp-train env JX_DEVICE=cuda "$build/bin/jx-mlp-train" --epochs 5
  grep -iE 'accuracy|epoch' "$out/mlp-train.log" | tail -4 | tee -a "$summary"
fi

# 8. GEMM 4096^3, f32: GFLOP/s on the GPU and, for scale, on the CPU.
n=4096
cat > "$out/gemm.mlir" <<EOF
func.func @main(%a: tensor<${n}x${n}xf32>, %b: tensor<${n}x${n}xf32>) -> tensor<${n}x${n}xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<${n}x${n}xf32>, tensor<${n}x${n}xf32>) -> tensor<${n}x${n}xf32>
  return %0 : tensor<${n}x${n}xf32>
}
EOF
python3 - "$out" "$n" <<'EOF'
import struct, sys
# Two f32 .npy inputs (no numpy needed): a[i,j] = (i+j)%7/7, b = 1/n.
out, n = sys.argv[1], int(sys.argv[2])
header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%d, %d), }" % (n, n)
header += " " * (63 - (len(header) + 10) % 64) + "\n"
for name, row in (("a", lambda i: [((i + j) % 7) / 7 for j in range(n)]),
                  ("b", lambda i: [1.0 / n] * n)):
    with open(f"{out}/gemm_{name}.npy", "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
        for i in range(n):
            f.write(struct.pack(f"<{n}f", *row(i)))
EOF
# rate LOG WHAT AMOUNT UNIT: the median of a jxc bench --format=json log, and
# AMOUNT (flops or bytes) per second in giga-UNIT.
rate() {
  python3 - "$@" <<'EOF' | tee -a "$summary"
import json, sys
path, what, amount, unit = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
try:
    text = open(path).read()
    obj = json.loads(text[text.index("{"):text.rindex("}") + 1])
    obj = obj[0] if isinstance(obj, list) else obj
    median = obj["median_ms"] / 1e3
    print(f"{what}: median {median * 1e3:.3f} ms, {amount / median / 1e9:.1f} G{unit}/s")
except Exception as e:  # the log says what went wrong
    print(f"{what}: no timing ({e})")
EOF
}
for device in cuda cpu; do
  step "gemm-$device" "$jxc" bench "$out/gemm.mlir" --device=$device --min-time 2 \
    --input "$out/gemm_a.npy" --input "$out/gemm_b.npy" --format=json
  rate "$out/gemm-$device.log" "gemm ${n}^3 f32 on $device" $((2 * n * n * n)) FLOP
done

# 9. a row sum over 4096 x 4096 f32 (64 MiB read): GB/s on the GPU and CPU.
cat > "$out/rowsum.mlir" <<EOF
func.func @main(%a: tensor<${n}x${n}xf32>) -> tensor<${n}xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [1] : (tensor<${n}x${n}xf32>, tensor<f32>) -> tensor<${n}xf32>
  return %0 : tensor<${n}xf32>
}
EOF
for device in cuda cpu; do
  step "rowsum-$device" "$jxc" bench "$out/rowsum.mlir" --device=$device --min-time 2 \
    --input "$out/gemm_a.npy" --format=json
  rate "$out/rowsum-$device.log" "rowsum ${n}x${n} f32 on $device" $((4 * n * n)) B
done

# 10. deployment: an executable file for cuda, run by jxc run, against the CPU.
step deploy-compile "$jxc" compile "$out/rowsum.mlir" --target=cuda --emit=executable \
  -o "$out/rowsum.jxe"
step deploy-run-cuda "$jxc" run "$out/rowsum.jxe" --input "$out/gemm_a.npy" \
  --output-dir "$out/deploy-cuda"
step deploy-run-cpu "$jxc" run "$out/rowsum.mlir" --input "$out/gemm_a.npy" \
  --output-dir "$out/deploy-cpu"
if cmp -s "$out/deploy-cuda/result0.npy" "$out/deploy-cpu/result0.npy"; then
  say "deploy: the GPU's row sums equal the CPU's bit for bit"
else
  say "deploy: the GPU's row sums differ from the CPU's (see deploy-*.log)"
fi

say "logs in $out"
