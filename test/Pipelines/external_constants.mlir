// RUN: jx-opt --jx-external-constants="min-bytes=16" %s | FileCheck %s

// A constant of at least min-bytes becomes an external declaration; its
// value moves to the module's jx.external_constants for the JIT. Splats,
// smaller constants, bit-packed i1 and variables keep their initializers.
// CHECK: module attributes {jx.external_constants = {big = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>}}
// CHECK: memref.global constant @big : memref<4xf32> {alignment = 64 : i64}
// CHECK: memref.global "private" constant @small : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]>
// CHECK: memref.global "private" constant @splat : memref<8xf32> = dense<1.000000e+00>
// CHECK: memref.global "private" constant @bits : memref<256xi1> = dense<
// CHECK: memref.global "private" @variable : memref<4xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]>
module {
  memref.global "private" constant @big : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]> {alignment = 64 : i64}
  memref.global "private" constant @small : memref<2xf32> = dense<[1.0, 2.0]>
  memref.global "private" constant @splat : memref<8xf32> = dense<1.0>
  memref.global "private" constant @bits : memref<256xi1> = dense<"0x0102030405060708090A0B0C0D0E0F100102030405060708090A0B0C0D0E0F10">
  memref.global "private" @variable : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
}
