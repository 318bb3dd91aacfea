// Every conformance program (but those needing the interpreter dialect)
// parses, verifies, and prints to a fixed point.
// REQUIRES: conformance
// RUN: bash %jx_src_root/scripts/check_roundtrip.sh jx-opt %conformance_dir/interpret/*.mlir %conformance_dir/interpret/chlo/*.mlir %conformance_dir/jax-sample/*.mlir | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: files round-trip through jx-opt
