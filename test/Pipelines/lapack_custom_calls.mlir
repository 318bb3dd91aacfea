// RUN: jx-opt --jx-lapack-custom-calls --split-input-file --verify-diagnostics %s | FileCheck %s

// getrf as JAX writes it: column-major layouts for the matrices, so the
// operand is transposed into Fortran order and the LU result back; the
// pivots and info are row-major and untouched. Descriptor: version 2,
// routine getrf (1), f32 (0), batch 2 x 3 = 6, params m n, then the bytes
// per matrix of each buffer (a, lu, pivots, info).
// CHECK: func.func private @jx_rt_lapack(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)
// CHECK: memref.global "private" constant @__jx_lapack_desc : memref<22xi64> = dense<[2, 1, 0, 6, 4, 5, 0, 0, 0, 0, 0, 0, 80, 80, 16, 4, 0, 0, 0, 0, 0, 0]>
// CHECK-LABEL: func.func @getrf
// CHECK: %[[T:.*]] = stablehlo.transpose %arg0, dims = [0, 1, 3, 2] : (tensor<2x3x4x5xf32>) -> tensor<2x3x5x4xf32>
// CHECK: bufferization.to_buffer %[[T]] read_only
// CHECK: %[[LU:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x3x5x4xf32>
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<2x3x4xi32>
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<2x3xi32>
// CHECK: call @jx_rt_lapack(
// CHECK: %[[R:.*]] = bufferization.to_tensor %[[LU]] restrict writable
// CHECK: stablehlo.transpose %[[R]], dims = [0, 1, 3, 2] : (tensor<2x3x5x4xf32>) -> tensor<2x3x4x5xf32>
// CHECK-NOT: stablehlo.custom_call
func.func @getrf(%a: tensor<2x3x4x5xf32>) -> (tensor<2x3x4x5xf32>, tensor<2x3x4xi32>, tensor<2x3xi32>) {
  %0:3 = stablehlo.custom_call @lapack_sgetrf_ffi(%a) {backend_config = "", mhlo.backend_config = {}, operand_layouts = [dense<[2, 3, 1, 0]> : tensor<4xindex>], result_layouts = [dense<[2, 3, 1, 0]> : tensor<4xindex>, dense<[2, 1, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3x4x5xf32>) -> (tensor<2x3x4x5xf32>, tensor<2x3x4xi32>, tensor<2x3xi32>)
  return %0#0, %0#1, %0#2 : tensor<2x3x4x5xf32>, tensor<2x3x4xi32>, tensor<2x3xi32>
}

// -----

// Without layouts (XLA's default, row major) nothing is transposed: the
// kernel sees the row-major buffer, as XLA's would. Attributes may also
// sit in a dictionary backend_config (api_version 4). Descriptor: trsm (0),
// complex<f64> (3), batch 1, m n side uplo trans diag = 4 2 'L' 'U' 'C' 'N',
// bytes of a, b and x.
// CHECK: memref.global "private" constant @__jx_lapack_desc : memref<22xi64> = dense<[2, 0, 3, 1, 4, 2, 76, 85, 67, 78, 0, 0, 256, 128, 128, 0, 0, 0, 0, 0, 0, 0]>
// CHECK-LABEL: func.func @trsm
// CHECK-NOT: stablehlo.transpose
// CHECK: call @jx_rt_lapack(
func.func @trsm(%a: tensor<4x4xcomplex<f64>>, %b: tensor<4x2xcomplex<f64>>) -> tensor<4x2xcomplex<f64>> {
  %0 = stablehlo.custom_call @lapack_ztrsm_ffi(%a, %b) {api_version = 4 : i32, backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 67 : ui8, uplo = 85 : ui8}} : (tensor<4x4xcomplex<f64>>, tensor<4x2xcomplex<f64>>) -> tensor<4x2xcomplex<f64>>
  return %0 : tensor<4x2xcomplex<f64>>
}

// -----

// Another target keeps its custom call (the lowering to linalg reports it).
// CHECK-LABEL: func.func @other
// CHECK: stablehlo.custom_call @my_kernel
func.func @other(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = stablehlo.custom_call @my_kernel(%a) {backend_config = ""} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @wrong_element(%a: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>) {
  // expected-error @+1 {{custom_call @lapack_dpotrf_ffi: the target's name says f64 but operand 0 is 'tensor<4x4xf32>'}}
  %0:2 = stablehlo.custom_call @lapack_dpotrf_ffi(%a) {mhlo.backend_config = {uplo = 76 : ui8}} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>)
  return %0#0, %0#1 : tensor<4x4xf32>, tensor<i32>
}

// -----

func.func @not_square(%a: tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<i32>) {
  // expected-error @+1 {{custom_call @lapack_spotrf_ffi: operand 0 (a) must be 'tensor<4x4xf32>', not 'tensor<4x3xf32>'}}
  %0:2 = stablehlo.custom_call @lapack_spotrf_ffi(%a) {mhlo.backend_config = {uplo = 76 : ui8}} : (tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<i32>)
  return %0#0, %0#1 : tensor<4x3xf32>, tensor<i32>
}

// -----

func.func @bad_character(%a: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>) {
  // expected-error @+1 {{custom_call @lapack_spotrf_ffi: attribute 'uplo' is 88 ('X'); it must be the ASCII code of one of 'LU'}}
  %0:2 = stablehlo.custom_call @lapack_spotrf_ffi(%a) {mhlo.backend_config = {uplo = 88 : ui8}} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>)
  return %0#0, %0#1 : tensor<4x4xf32>, tensor<i32>
}

// -----

func.func @missing_attribute(%a: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4xf32>, tensor<i32>) {
  // expected-error @+1 {{custom_call @lapack_ssyevd_ffi: needs the integer attribute 'mode' in mhlo.backend_config}}
  %0:3 = stablehlo.custom_call @lapack_ssyevd_ffi(%a) {mhlo.backend_config = {uplo = 76 : ui8}} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4xf32>, tensor<i32>)
  return %0#0, %0#1, %0#2 : tensor<4x4xf32>, tensor<4xf32>, tensor<i32>
}

// -----

func.func @wrong_result_count(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{custom_call @lapack_sgetrf_ffi: takes 1 operand(s) and returns 3 result(s); this call has 1 and 1}}
  %0 = stablehlo.custom_call @lapack_sgetrf_ffi(%a) {mhlo.backend_config = {}} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @wrong_pivots(%a: tensor<4x5xf32>) -> (tensor<4x5xf32>, tensor<5xi32>, tensor<i32>) {
  // expected-error @+1 {{custom_call @lapack_sgetrf_ffi: result 1 (pivots) must be 'tensor<4xi32>', not 'tensor<5xi32>'}}
  %0:3 = stablehlo.custom_call @lapack_sgetrf_ffi(%a) {mhlo.backend_config = {}} : (tensor<4x5xf32>) -> (tensor<4x5xf32>, tensor<5xi32>, tensor<i32>)
  return %0#0, %0#1, %0#2 : tensor<4x5xf32>, tensor<5xi32>, tensor<i32>
}

// -----

func.func @trsm_side(%a: tensor<4x4xf32>, %b: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{custom_call @lapack_strsm_ffi: operand 0 is 4x4 but side 'L' of a 2x4 right-hand side needs 2x2}}
  %0 = stablehlo.custom_call @lapack_strsm_ffi(%a, %b) {mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}} : (tensor<4x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dynamic(%a: tensor<?x4xf32>) -> (tensor<?x4xf32>, tensor<i32>) {
  // expected-error @+1 {{custom_call @lapack_spotrf_ffi: operand 0 must be a statically shaped tensor of rank 2 or more (matrices), not 'tensor<?x4xf32>'}}
  %0:2 = stablehlo.custom_call @lapack_spotrf_ffi(%a) {mhlo.backend_config = {uplo = 76 : ui8}} : (tensor<?x4xf32>) -> (tensor<?x4xf32>, tensor<i32>)
  return %0#0, %0#1 : tensor<?x4xf32>, tensor<i32>
}
