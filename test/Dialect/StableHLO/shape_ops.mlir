// RUN: jx-opt %s | jx-opt | FileCheck %s
// RUN: jx-opt %s -mlir-print-op-generic | jx-opt | FileCheck %s

// Round trip of the shape family: every op in its pretty spelling and in the
// generic one (`"stablehlo.x"(...) {...}` or `<{...}>`), printed back in the
// pretty form upstream prints.

// CHECK-LABEL: func @constant
func.func @constant() {
  // CHECK: stablehlo.constant dense<1> : tensor<i32>
  %0 = stablehlo.constant dense<1> : tensor<i32>
  // CHECK: stablehlo.constant dense<[1.000000e+00, 2.500000e+00]> : tensor<2xf32>
  %1 = stablehlo.constant dense<[1.0, 2.5]> : tensor<2xf32>
  // CHECK: stablehlo.constant dense<[(1.000000e+00,2.000000e+00), (3.000000e+00,-4.000000e+00)]> : tensor<2xcomplex<f64>>
  %2 = stablehlo.constant dense<[(1.0, 2.0), (3.0, -4.0)]> : tensor<2xcomplex<f64>>
  // CHECK: stablehlo.constant dense<0x7FC00000> : tensor<f32>
  %3 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
  // CHECK: stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %4 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  // CHECK: stablehlo.constant dense<[1, 2, 3]> : tensor<3xui64>
  %5 = stablehlo.constant dense<"0x010000000000000002000000000000000300000000000000"> : tensor<3xui64>
  // CHECK: stablehlo.constant dense<0xFF80> : tensor<2xbf16>
  %6 = stablehlo.constant dense<0xFF80> : tensor<2xbf16>
  // CHECK: stablehlo.constant {attr = "x"} dense<0> : tensor<2x0xi8>
  %7 = stablehlo.constant {attr = "x"} dense<0> : tensor<2x0xi8>
  // CHECK: stablehlo.constant dense<2> : tensor<i64>
  %8 = "stablehlo.constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
  // CHECK: stablehlo.constant dense<3> : tensor<i64>
  %9 = "stablehlo.constant"() <{value = dense<3> : tensor<i64>}> : () -> tensor<i64>
  // CHECK: stablehlo.constant() <{value = dense<[1, 2]> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01:1>>
  %10 = stablehlo.constant() <{value = dense<[1, 2]> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 0.5:1>>
  // CHECK: stablehlo.constant() <{value = dense<4> : tensor<i8>}> : () -> tensor<!quant.uniform<i8:f32, 1.000000e+00>>
  %11 = "stablehlo.constant"() {value = dense<4> : tensor<i8>} : () -> tensor<!quant.uniform<i8:f32, 1.0>>
  // CHECK: stablehlo.constant dense_resource<blob1> : tensor<2xi32>
  %12 = stablehlo.constant dense_resource<blob1> : tensor<2xi32>
  return
}

// CHECK-LABEL: func @iota
func.func @iota() {
  // CHECK: stablehlo.iota dim = 0 : tensor<6xi32>
  %0 = stablehlo.iota dim = 0 : tensor<6xi32>
  // CHECK: stablehlo.iota dim = 1 : tensor<2x3xcomplex<f32>>
  %1 = stablehlo.iota dim = 1 : tensor<2x3xcomplex<f32>>
  // CHECK: stablehlo.iota dim = 1 : tensor<2x3xf32>
  %2 = "stablehlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<2x3xf32>
  return
}

// CHECK-LABEL: func @dynamic_iota
func.func @dynamic_iota(%shape: tensor<2xi64>, %ishape: tensor<1xindex>) {
  // CHECK: stablehlo.dynamic_iota %{{.*}}, dim = 1 : (tensor<2xi64>) -> tensor<?x?xf32>
  %0 = stablehlo.dynamic_iota %shape, dim = 1 : (tensor<2xi64>) -> tensor<?x?xf32>
  // CHECK: stablehlo.dynamic_iota %{{.*}}, dim = 0 : (tensor<1xindex>) -> tensor<4xui8>
  %1 = "stablehlo.dynamic_iota"(%ishape) {iota_dimension = 0 : i64} : (tensor<1xindex>) -> tensor<4xui8>
  return
}

// CHECK-LABEL: func @broadcast_in_dim
func.func @broadcast_in_dim(%s: tensor<f32>, %x: tensor<3x1xi64>, %d: tensor<?xf32>) {
  // CHECK: stablehlo.broadcast_in_dim %{{.*}}, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  %0 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  // CHECK: stablehlo.broadcast_in_dim %{{.*}}, dims = [0, 2] : (tensor<3x1xi64>) -> tensor<3x2x2xi64>
  %1 = "stablehlo.broadcast_in_dim"(%x) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<3x1xi64>) -> tensor<3x2x2xi64>
  // CHECK: stablehlo.broadcast_in_dim %{{.*}}, dims = [1] : (tensor<?xf32>) -> tensor<4x?xf32>
  %2 = stablehlo.broadcast_in_dim %d, dims = [1] : (tensor<?xf32>) -> tensor<4x?xf32>
  // A dynamic operand dimension may broadcast to a static one.
  // CHECK: stablehlo.broadcast_in_dim %{{.*}}, dims = [0] : (tensor<?xf32>) -> tensor<5xf32>
  %3 = stablehlo.broadcast_in_dim %d, dims = [0] : (tensor<?xf32>) -> tensor<5xf32>
  return
}

// CHECK-LABEL: func @broadcast_in_dim_per_axis
func.func @broadcast_in_dim_per_axis(%x: tensor<1x2x!quant.uniform<i8:f32:1, {0.1:1, 0.2:2}>>) {
  // CHECK: stablehlo.broadcast_in_dim %{{.*}}, dims = [0, 2] : (tensor<1x2x!quant.uniform<i8:f32:1, {1.000000e-01:1,2.000000e-01:2}>>) -> tensor<3x4x2x!quant.uniform<i8:f32:2, {1.000000e-01:1,2.000000e-01:2}>>
  %0 = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<1x2x!quant.uniform<i8:f32:1, {0.1:1, 0.2:2}>>) -> tensor<3x4x2x!quant.uniform<i8:f32:2, {0.1:1, 0.2:2}>>
  return
}

// CHECK-LABEL: func @broadcast
func.func @broadcast(%x: tensor<?xbf16>) {
  // CHECK: stablehlo.broadcast %{{.*}}, sizes = [4] : (tensor<?xbf16>) -> tensor<4x?xbf16>
  %0 = stablehlo.broadcast %x, sizes = [4] : (tensor<?xbf16>) -> tensor<4x?xbf16>
  // CHECK: stablehlo.broadcast %{{.*}}, sizes = [1, 2] : (tensor<?xbf16>) -> tensor<1x2x?xbf16>
  %1 = "stablehlo.broadcast"(%x) {broadcast_sizes = array<i64: 1, 2>} : (tensor<?xbf16>) -> tensor<1x2x?xbf16>
  return
}

// CHECK-LABEL: func @dynamic_broadcast_in_dim
func.func @dynamic_broadcast_in_dim(%x: tensor<?x3xf32>, %s: tensor<2xindex>, %t: tensor<3xi64>, %y: tensor<3x1xi64>) {
  // CHECK: stablehlo.dynamic_broadcast_in_dim %{{.*}}, %{{.*}}, dims = [0, 1] : (tensor<?x3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] : (tensor<?x3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
  // CHECK: stablehlo.dynamic_broadcast_in_dim %{{.*}}, %{{.*}}, dims = [0, 2] {known_expanding_dimensions = array<i64: 1>, known_nonexpanding_dimensions = array<i64: 0>} : (tensor<3x1xi64>, tensor<3xi64>) -> tensor<3x2x2xi64>
  %1 = "stablehlo.dynamic_broadcast_in_dim"(%y, %t) {
    broadcast_dimensions = array<i64: 0, 2>,
    known_expanding_dimensions = array<i64: 1>,
    known_nonexpanding_dimensions = array<i64: 0>
  } : (tensor<3x1xi64>, tensor<3xi64>) -> tensor<3x2x2xi64>
  // CHECK: stablehlo.dynamic_broadcast_in_dim %{{.*}}, %{{.*}}, dims = [0, 1] {known_expanding_dimensions = array<i64>} : (tensor<?x3xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %2 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] {known_expanding_dimensions = array<i64>} : (tensor<?x3xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return
}

// CHECK-LABEL: func @reshape
func.func @reshape(%x: tensor<2x3xf32>, %c: tensor<1x2xcomplex<f32>>) {
  // CHECK: stablehlo.reshape %{{.*}} : (tensor<2x3xf32>) -> tensor<6xf32>
  %0 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  // CHECK: stablehlo.reshape %{{.*}} : (tensor<1x2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  %1 = "stablehlo.reshape"(%c) : (tensor<1x2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  return
}

// CHECK-LABEL: func @reshape_per_axis
func.func @reshape_per_axis(%x: tensor<2x3x4x!quant.uniform<i8:f32:1, {0.1:1, 0.2:2, 0.3:3}>>) {
  // CHECK: stablehlo.reshape %{{.*}} : (tensor<2x3x4x!quant.uniform<i8:f32:1, {{.*}}>>) -> tensor<1x2x3x2x2x!quant.uniform<i8:f32:2, {{.*}}>>
  %0 = stablehlo.reshape %x : (tensor<2x3x4x!quant.uniform<i8:f32:1, {0.1:1, 0.2:2, 0.3:3}>>) -> tensor<1x2x3x2x2x!quant.uniform<i8:f32:2, {0.1:1, 0.2:2, 0.3:3}>>
  return
}

// CHECK-LABEL: func @dynamic_reshape
func.func @dynamic_reshape(%x: tensor<?xf32>, %s: tensor<2xi64>) {
  // CHECK: stablehlo.dynamic_reshape %{{.*}}, %{{.*}} : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  // CHECK: stablehlo.dynamic_reshape %{{.*}}, %{{.*}} : (tensor<?xf32>, tensor<2xi64>) -> tensor<2x?xf32>
  %1 = "stablehlo.dynamic_reshape"(%x, %s) : (tensor<?xf32>, tensor<2xi64>) -> tensor<2x?xf32>
  return
}

// CHECK-LABEL: func @transpose
func.func @transpose(%x: tensor<2x3x?xf32>) {
  // CHECK: stablehlo.transpose %{{.*}}, dims = [1, 0, 2] : (tensor<2x3x?xf32>) -> tensor<3x2x?xf32>
  %0 = stablehlo.transpose %x, dims = [1, 0, 2] : (tensor<2x3x?xf32>) -> tensor<3x2x?xf32>
  // CHECK: stablehlo.transpose %{{.*}}, dims = [2, 1, 0] : (tensor<2x3x?xf32>) -> tensor<?x3x2xf32>
  %1 = "stablehlo.transpose"(%x) {permutation = array<i64: 2, 1, 0>} : (tensor<2x3x?xf32>) -> tensor<?x3x2xf32>
  return
}

// CHECK-LABEL: func @transpose_per_axis
func.func @transpose_per_axis(%x: tensor<2x3x!quant.uniform<i8:f32:0, {0.1:1, 0.2:2}>>) {
  // CHECK: stablehlo.transpose %{{.*}}, dims = [1, 0] : (tensor<2x3x!quant.uniform<i8:f32:0, {{.*}}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {{.*}}>>
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3x!quant.uniform<i8:f32:0, {0.1:1, 0.2:2}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {0.1:1, 0.2:2}>>
  return
}

// CHECK-LABEL: func @slice
func.func @slice(%x: tensor<3x8xi64>, %s: tensor<f32>) {
  // CHECK: stablehlo.slice %{{.*}} [1:3, 4:8:2] : (tensor<3x8xi64>) -> tensor<2x2xi64>
  %0 = stablehlo.slice %x [1:3, 4:8:2] : (tensor<3x8xi64>) -> tensor<2x2xi64>
  // CHECK: stablehlo.slice %{{.*}} [0:3:2, 2:6:3] : (tensor<3x8xi64>) -> tensor<2x2xi64>
  %1 = "stablehlo.slice"(%x) {
    start_indices = array<i64: 0, 2>,
    limit_indices = array<i64: 3, 6>,
    strides = array<i64: 2, 3>
  } : (tensor<3x8xi64>) -> tensor<2x2xi64>
  // CHECK: stablehlo.slice %{{.*}} [0:0, 8:8] : (tensor<3x8xi64>) -> tensor<0x0xi64>
  %2 = stablehlo.slice %x [0:0, 8:8:1] : (tensor<3x8xi64>) -> tensor<0x0xi64>
  // CHECK: stablehlo.slice %{{.*}} [] : (tensor<f32>) -> tensor<f32>
  %3 = stablehlo.slice %s [] : (tensor<f32>) -> tensor<f32>
  return
}

// CHECK-LABEL: func @dynamic_slice
func.func @dynamic_slice(%x: tensor<3x3xi64>, %i: tensor<i64>, %j: tensor<i64>, %u: tensor<ui32>, %y: tensor<3xf32>) {
  // CHECK: stablehlo.dynamic_slice %{{.*}}, %{{.*}}, %{{.*}}, sizes = [2, 2] : (tensor<3x3xi64>, tensor<i64>, tensor<i64>) -> tensor<2x2xi64>
  %0 = stablehlo.dynamic_slice %x, %i, %j, sizes = [2, 2] : (tensor<3x3xi64>, tensor<i64>, tensor<i64>) -> tensor<2x2xi64>
  // CHECK: stablehlo.dynamic_slice %{{.*}}, %{{.*}}, %{{.*}}, sizes = [3, 3] : (tensor<3x3xi64>, tensor<i64>, tensor<i64>) -> tensor<3x3xi64>
  %1 = "stablehlo.dynamic_slice"(%x, %i, %j) {
    slice_sizes = array<i64: 3, 3>
  } : (tensor<3x3xi64>, tensor<i64>, tensor<i64>) -> tensor<3x3xi64>
  // CHECK: stablehlo.dynamic_slice %{{.*}}, %{{.*}}, sizes = [1] : (tensor<3xf32>, tensor<ui32>) -> tensor<1xf32>
  %2 = stablehlo.dynamic_slice %y, %u, sizes = [1] : (tensor<3xf32>, tensor<ui32>) -> tensor<1xf32>
  return
}

// CHECK-LABEL: func @dynamic_update_slice
func.func @dynamic_update_slice(%x: tensor<4x4xi64>, %u: tensor<2x3xi64>, %i: tensor<i64>, %j: tensor<i64>) {
  // CHECK: stablehlo.dynamic_update_slice %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<4x4xi64>, tensor<2x3xi64>, tensor<i64>, tensor<i64>) -> tensor<4x4xi64>
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %j :
      (tensor<4x4xi64>, tensor<2x3xi64>, tensor<i64>, tensor<i64>) -> tensor<4x4xi64>
  // CHECK: stablehlo.dynamic_update_slice %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<4x4xi64>, tensor<2x3xi64>, tensor<i64>, tensor<i64>) -> tensor<4x4xi64>
  %1 = "stablehlo.dynamic_update_slice"(%x, %u, %i, %j) : (tensor<4x4xi64>, tensor<2x3xi64>, tensor<i64>, tensor<i64>) -> tensor<4x4xi64>
  return
}

// CHECK-LABEL: func @real_dynamic_slice
func.func @real_dynamic_slice(%x: tensor<?x4xf32>, %s: tensor<2xindex>) {
  // CHECK: stablehlo.real_dynamic_slice %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<?x4xf32>, tensor<2xindex>, tensor<2xindex>, tensor<2xindex>) -> tensor<?x?xf32>
  %0 = stablehlo.real_dynamic_slice %x, %s, %s, %s : (tensor<?x4xf32>, tensor<2xindex>, tensor<2xindex>, tensor<2xindex>) -> tensor<?x?xf32>
  return
}

// CHECK-LABEL: func @concatenate
func.func @concatenate(%a: tensor<1x2xf16>, %b: tensor<3x2xf16>, %d: tensor<?x2xf16>) {
  // CHECK: stablehlo.concatenate %{{.*}}, %{{.*}}, dim = 0 : (tensor<1x2xf16>, tensor<3x2xf16>) -> tensor<4x2xf16>
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1x2xf16>, tensor<3x2xf16>) -> tensor<4x2xf16>
  // CHECK: stablehlo.concatenate %{{.*}}, dim = 1 : (tensor<1x2xf16>) -> tensor<1x2xf16>
  %1 = "stablehlo.concatenate"(%a) {dimension = 1 : i64} : (tensor<1x2xf16>) -> tensor<1x2xf16>
  // CHECK: stablehlo.concatenate %{{.*}}, %{{.*}}, dim = 0 : (tensor<1x2xf16>, tensor<?x2xf16>) -> tensor<?x2xf16>
  %2 = stablehlo.concatenate %a, %d, dim = 0 : (tensor<1x2xf16>, tensor<?x2xf16>) -> tensor<?x2xf16>
  return
}

// CHECK-LABEL: func @pad
func.func @pad(%x: tensor<5x4xi64>, %v: tensor<i64>) {
  // CHECK: stablehlo.pad %{{.*}}, %{{.*}}, low = [1, -1], high = [1, -1], interior = [0, 1] : (tensor<5x4xi64>, tensor<i64>) -> tensor<7x5xi64>
  %0 = stablehlo.pad %x, %v, low = [1, -1], high = [1, -1], interior = [0, 1]
    : (tensor<5x4xi64>, tensor<i64>) -> tensor<7x5xi64>
  // CHECK: stablehlo.pad %{{.*}}, %{{.*}}, low = [0, 0], high = [0, 0], interior = [1, 0] : (tensor<5x4xi64>, tensor<i64>) -> tensor<9x4xi64>
  %1 = "stablehlo.pad"(%x, %v) {
    edge_padding_low = array<i64: 0, 0>,
    edge_padding_high = array<i64: 0, 0>,
    interior_padding = array<i64: 1, 0>
  } : (tensor<5x4xi64>, tensor<i64>) -> tensor<9x4xi64>
  return
}

// CHECK-LABEL: func @dynamic_pad
func.func @dynamic_pad(%x: tensor<5x4xi64>, %v: tensor<i64>, %p: tensor<2xi64>) {
  // CHECK: stablehlo.dynamic_pad %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<5x4xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xi64>
  %0 = stablehlo.dynamic_pad %x, %v, %p, %p, %p
    : (tensor<5x4xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xi64>
  return
}

// CHECK-LABEL: func @reverse
func.func @reverse(%x: tensor<3x2xi64>) {
  // CHECK: stablehlo.reverse %{{.*}}, dims = [0] : tensor<3x2xi64>
  %0 = stablehlo.reverse %x, dims = [0] : tensor<3x2xi64>
  // CHECK: stablehlo.reverse %{{.*}}, dims = [1, 0] : tensor<3x2xi64>
  %1 = "stablehlo.reverse"(%x) {dimensions = array<i64: 1, 0>} : (tensor<3x2xi64>) -> tensor<3x2xi64>
  return
}

// CHECK-LABEL: func @get_dimension_size
func.func @get_dimension_size(%x: tensor<?x2xf32>) {
  // CHECK: stablehlo.get_dimension_size %{{.*}}, dim = 0 : (tensor<?x2xf32>) -> tensor<i32>
  %0 = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x2xf32>) -> tensor<i32>
  // CHECK: stablehlo.get_dimension_size %{{.*}}, dim = 1 : (tensor<?x2xf32>) -> tensor<i32>
  %1 = "stablehlo.get_dimension_size"(%x) {dimension = 1 : i64} : (tensor<?x2xf32>) -> tensor<i32>
  return
}

// CHECK-LABEL: func @tuple
func.func @tuple(%a: tensor<2xi64>, %b: tensor<f32>, %t: !stablehlo.token) {
  // CHECK: %[[T:.*]] = stablehlo.tuple %{{.*}}, %{{.*}} : tuple<tensor<2xi64>, tensor<f32>>
  %0 = stablehlo.tuple %a, %b : tuple<tensor<2xi64>, tensor<f32>>
  // CHECK: %[[U:.*]] = stablehlo.tuple %{{.*}}, %[[T]] : tuple<tensor<2xi64>, tuple<tensor<2xi64>, tensor<f32>>>
  %1 = "stablehlo.tuple"(%a, %0) : (tensor<2xi64>, tuple<tensor<2xi64>, tensor<f32>>) -> tuple<tensor<2xi64>, tuple<tensor<2xi64>, tensor<f32>>>
  // CHECK: stablehlo.tuple %{{.*}} : tuple<!stablehlo.token>
  %2 = stablehlo.tuple %t : tuple<!stablehlo.token>
  // CHECK: stablehlo.tuple  : tuple<>
  %3 = stablehlo.tuple : tuple<>
  // CHECK: stablehlo.get_tuple_element %[[U]][1] : (tuple<tensor<2xi64>, tuple<tensor<2xi64>, tensor<f32>>>) -> tuple<tensor<2xi64>, tensor<f32>>
  %4 = stablehlo.get_tuple_element %1[1] : (tuple<tensor<2xi64>, tuple<tensor<2xi64>, tensor<f32>>>) -> tuple<tensor<2xi64>, tensor<f32>>
  // CHECK: stablehlo.get_tuple_element %[[T]][0] : (tuple<tensor<2xi64>, tensor<f32>>) -> tensor<2xi64>
  %5 = "stablehlo.get_tuple_element"(%0) {index = 0 : i32} : (tuple<tensor<2xi64>, tensor<f32>>) -> tensor<2xi64>
  return
}

// CHECK-LABEL: func @torch_index_select
func.func @torch_index_select(%x: tensor<5x1x5xi32>, %i: tensor<2xi32>, %b: tensor<4x3x2xf32>, %bi: tensor<4x5xi64>) {
  // CHECK: "stablehlo.torch_index_select"(%{{.*}}, %{{.*}}) <{batch_dims = 0 : i64, dim = 0 : i64}> : (tensor<5x1x5xi32>, tensor<2xi32>) -> tensor<2x1x5xi32>
  %0 = "stablehlo.torch_index_select"(%x, %i) {dim = 0 : i64, batch_dims = 0 : i64} : (tensor<5x1x5xi32>, tensor<2xi32>) -> tensor<2x1x5xi32>
  // CHECK: "stablehlo.torch_index_select"(%{{.*}}, %{{.*}}) <{batch_dims = 1 : i64, dim = 1 : i64}> : (tensor<4x3x2xf32>, tensor<4x5xi64>) -> tensor<4x5x2xf32>
  %1 = "stablehlo.torch_index_select"(%b, %bi) <{dim = 1 : i64, batch_dims = 1 : i64}> : (tensor<4x3x2xf32>, tensor<4x5xi64>) -> tensor<4x5x2xf32>
  return
}

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000"
    }
  }
#-}
