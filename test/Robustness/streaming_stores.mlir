// Results of at least 32 MiB written with non-temporal stores
// (jx-streaming-stores) equal those written without them, bit for bit, on
// one thread and on two: an elementwise map, a padded result (rows at odd
// offsets: the unaligned chunks take the ordinary path), f64, a softmax
// over rows, a temporary read by a matrix product; and numpy's results.
// RUN: python3 %jx_src_root/scripts/streaming_stores_check.py jxc | FileCheck %s
// CHECK: PASS affine
// CHECK: PASS padded
// CHECK: PASS f64
// CHECK: PASS softmax
// CHECK: PASS temporary
// CHECK: streaming stores: 5 passed, 0 failed
