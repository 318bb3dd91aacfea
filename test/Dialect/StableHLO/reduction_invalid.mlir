// RUN: jx-opt %s -split-input-file -verify-diagnostics

func.func @reduce_c1(%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %z: tensor<4x6xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  // expected-error @+1 {{input 1 has shape [4, 5] but input 0 has shape [4, 6] (reduce_c1)}}
  %r:2 = "stablehlo.reduce"(%x, %y, %c, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4x6xf32>, tensor<4x5xf32>, tensor<f32>, tensor<f32>) -> (tensor<6xf32>, tensor<5xf32>)
  return
}

// -----

func.func @reduce_c2(%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %z: tensor<4x6xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  // expected-error @+1 {{init_value 0 has element type 'i32' but input 0 has 'f32' (reduce_c2)}}
  %r = "stablehlo.reduce"(%x, %ci) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4x6xf32>, tensor<i32>) -> tensor<6xf32>
  return
}

// -----

func.func @reduce_i2(%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %z: tensor<4x6xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  // expected-error @+1 {{init_value 0 must be a 0-dimensional tensor, got 'tensor<1xf32>' (reduce_i2)}}
  %r = "stablehlo.reduce"(%x, %c1) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4x6xf32>, tensor<1xf32>) -> tensor<6xf32>
  return
}

// -----

func.func @reduce_c3(%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %z: tensor<4x6xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  // expected-error @+1 {{must have 1 results, has 2 (reduce_c3)}}
  %r:2 = "stablehlo.reduce"(%x, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4x6xf32>, tensor<f32>) -> (tensor<6xf32>, tensor<6xf32>)
  return
}

// -----

func.func @reduce_c4(%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %z: tensor<4x6xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  // expected-error @+1 {{dimensions [2] must be in range [0, 2) (reduce_c4)}}
  %r = "stablehlo.reduce"(%x, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 2>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<4x6xf32>
  return
}

// -----

func.func @reduce_c5(%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %z: tensor<4x6xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  // expected-error @+1 {{dimensions [0, 0] must be unique (reduce_c5)}}
  %r = "stablehlo.reduce"(%x, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0, 0>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<6xf32>
  return
}

// -----

func.func @reduce_c6_count(%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %z: tensor<4x6xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  // expected-error @+1 {{body must take 2 arguments, takes 3 (reduce_c6)}}
  %r = "stablehlo.reduce"(%x, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %d: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<6xf32>
  return
}

// -----

func.func @reduce_c6_rank(%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %z: tensor<4x6xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  // expected-error @+1 {{body argument 0 must be a 0-dimensional tensor, got 'tensor<1xf32>' (reduce_c6)}}
  %r = "stablehlo.reduce"(%x, %c) ({
  ^bb0(%a: tensor<1xf32>, %b: tensor<1xf32>):
    stablehlo.return %a : tensor<1xf32>
  }) {dimensions = array<i64: 0>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<6xf32>
  return
}

// -----

func.func @reduce_c6_pair(%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %z: tensor<4x6xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  // expected-error @+1 {{body arguments 0 and 1 must have the same type, got 'tensor<f32>' and 'tensor<f64>' (reduce_c6)}}
  %r = "stablehlo.reduce"(%x, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f64>):
    stablehlo.return %a : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<6xf32>
  return
}

// -----

func.func @reduce_c6_promotable(%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %z: tensor<4x6xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  // expected-error @+1 {{body argument 0 has element type 'f16', which cannot hold input element type 'f32' (reduce_c6)}}
  %r = "stablehlo.reduce"(%x, %c) ({
  ^bb0(%a: tensor<f16>, %b: tensor<f16>):
    stablehlo.return %a : tensor<f16>
  }) {dimensions = array<i64: 0>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<6xf16>
  return
}

// -----

func.func @reduce_c6_return_count(%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %z: tensor<4x6xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  // expected-error @+1 {{body must return 1 values, returns 2 (reduce_c6)}}
  %r = "stablehlo.reduce"(%x, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a, %b : tensor<f32>, tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<6xf32>
  return
}

// -----

func.func @reduce_c6_return_type(%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %z: tensor<4x6xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  // expected-error @+1 {{body return 0 has type 'tensor<i32>', expected 'tensor<f32>' (reduce_c6)}}
  %r = "stablehlo.reduce"(%x, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %k = stablehlo.constant dense<0> : tensor<i32>
    stablehlo.return %k : tensor<i32>
  }) {dimensions = array<i64: 0>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<6xf32>
  return
}

// -----

func.func @reduce_c7(%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %z: tensor<4x6xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  // expected-error @+1 {{result 0 has shape [4], expected [6] (reduce_c7)}}
  %r = "stablehlo.reduce"(%x, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<4xf32>
  return
}

// -----

func.func @reduce_c8(%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %z: tensor<4x6xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  // expected-error @+1 {{result 0 has element type 'f64', expected 'f32' (reduce_c8)}}
  %r = "stablehlo.reduce"(%x, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<6xf64>
  return
}

// -----

func.func @reduce_window_c1 (%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{must have 1 results, has 2 (reduce_window_c1)}}
  %r:2 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> (tensor<3x5xf32>, tensor<3x5xf32>)
  return
}

// -----

func.func @reduce_window_c2 (%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{input 1 has shape [4, 5] but input 0 has shape [4, 6] (reduce_window_c2)}}
  %r:2 = "stablehlo.reduce_window"(%x, %y, %c, %c) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<4x5xf32>, tensor<f32>, tensor<f32>) -> (tensor<3x5xf32>, tensor<3x4xf32>)
  return
}

// -----

func.func @reduce_window_c3 (%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{init_value 0 has element type 'i32' but input 0 has 'f32' (reduce_window_c3)}}
  %r = "stablehlo.reduce_window"(%x, %ci) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<i32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @reduce_window_c4 (%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{window_dimensions [2] must have 2 entries, the input rank (reduce_window_c4)}}
  %r = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @reduce_window_c5 (%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{window_dimensions [2, 0] must be positive (reduce_window_c5)}}
  %r = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2, 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @reduce_window_c6 (%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{window_strides [1] must have 2 entries, the input rank (reduce_window_c6)}}
  %r = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @reduce_window_c7 (%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{window_strides [1, -1] must be positive (reduce_window_c7)}}
  %r = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, -1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @reduce_window_c8 (%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{base_dilations [1, 1, 1] must have 2 entries, the input rank (reduce_window_c8)}}
  %r = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2, 2>, base_dilations = array<i64: 1, 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @reduce_window_c9 (%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{base_dilations [0, 1] must be positive (reduce_window_c9)}}
  %r = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2, 2>, base_dilations = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @reduce_window_c10 (%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{window_dilations [] must have 2 entries, the input rank (reduce_window_c10)}}
  %r = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2, 2>, window_dilations = array<i64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @reduce_window_c11 (%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{window_dilations [1, 0] must be positive (reduce_window_c11)}}
  %r = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2, 2>, window_dilations = array<i64: 1, 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @reduce_window_c12 (%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{padding must have shape [2, 2], got [2, 3] (reduce_window_c12)}}
  %r = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2, 2>, padding = dense<0> : tensor<2x3xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @reduce_window_c13 (%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{body argument 0 must be a 0-dimensional tensor, got 'tensor<2xf32>' (reduce_window_c13)}}
  %r = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<2xf32>, %b: tensor<2xf32>):
    stablehlo.return %a : tensor<2xf32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @reduce_window_c15 (%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{result 0 has shape [4, 6], expected [3, 5] (reduce_window_c15)}}
  %r = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<4x6xf32>
  return
}

// -----

func.func @reduce_window_c15_padding (%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{result 0 has shape [3, 5], expected [1, 4] (reduce_window_c15)}}
  %r = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 3, 1>, base_dilations = array<i64: 1, 1>, window_dilations = array<i64: 2, 1>, padding = dense<[[0, 0], [0, -1]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @reduce_window_c16 (%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{result 0 has element type 'f64', expected 'f32' (reduce_window_c16)}}
  %r = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<3x5xf64>
  return
}

// -----

func.func @select_and_scatter_c1 (%op: tensor<4x6xf32>, %src: tensor<2x3xf32>, %srci: tensor<2x3xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  // expected-error @+1 {{source element type 'i32' must match operand element type 'f32' (select_and_scatter_c1)}}
  %r = "stablehlo.select_and_scatter"(%op, %srci, %c) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<2x3xi32>, tensor<f32>) -> tensor<4x6xf32>
  return
}

// -----

func.func @select_and_scatter_c2 (%op: tensor<4x6xf32>, %src: tensor<2x3xf32>, %srci: tensor<2x3xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  // expected-error @+1 {{source shape [2, 3] must be the number of windows [3, 5] (select_and_scatter_c2)}}
  %r = "stablehlo.select_and_scatter"(%op, %src, %c) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf32>
  return
}

// -----

func.func @select_and_scatter_c3 (%op: tensor<4x6xf32>, %src: tensor<2x3xf32>, %srci: tensor<2x3xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  // expected-error @+1 {{init_value element type 'i32' must match operand element type 'f32' (select_and_scatter_c3)}}
  %r = "stablehlo.select_and_scatter"(%op, %src, %ci) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<2x3xf32>, tensor<i32>) -> tensor<4x6xf32>
  return
}

// -----

func.func @select_and_scatter_i3 (%op: tensor<4x6xf32>, %src: tensor<2x3xf32>, %srci: tensor<2x3xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  // expected-error @+1 {{init_value must be a 0-dimensional tensor, got 'tensor<1xf32>' (select_and_scatter_i3)}}
  %r = "stablehlo.select_and_scatter"(%op, %src, %c1) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<2x3xf32>, tensor<1xf32>) -> tensor<4x6xf32>
  return
}

// -----

func.func @select_and_scatter_c4 (%op: tensor<4x6xf32>, %src: tensor<2x3xf32>, %srci: tensor<2x3xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  // expected-error @+1 {{window_dimensions [2] must have 2 entries, the input rank (select_and_scatter_c4)}}
  %r = "stablehlo.select_and_scatter"(%op, %src, %c) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf32>
  return
}

// -----

func.func @select_and_scatter_c5 (%op: tensor<4x6xf32>, %src: tensor<2x3xf32>, %srci: tensor<2x3xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  // expected-error @+1 {{window_dimensions [2, 0] must be positive (select_and_scatter_c5)}}
  %r = "stablehlo.select_and_scatter"(%op, %src, %c) <{window_dimensions = array<i64: 2, 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf32>
  return
}

// -----

func.func @select_and_scatter_c6 (%op: tensor<4x6xf32>, %src: tensor<2x3xf32>, %srci: tensor<2x3xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  // expected-error @+1 {{window_strides [2, 2, 2] must have 2 entries, the input rank (select_and_scatter_c6)}}
  %r = "stablehlo.select_and_scatter"(%op, %src, %c) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf32>
  return
}

// -----

func.func @select_and_scatter_c7 (%op: tensor<4x6xf32>, %src: tensor<2x3xf32>, %srci: tensor<2x3xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  // expected-error @+1 {{window_strides [2, 0] must be positive (select_and_scatter_c7)}}
  %r = "stablehlo.select_and_scatter"(%op, %src, %c) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf32>
  return
}

// -----

func.func @select_and_scatter_c8 (%op: tensor<4x6xf32>, %src: tensor<2x3xf32>, %srci: tensor<2x3xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  // expected-error @+1 {{padding must have shape [2, 2], got [2] (select_and_scatter_c8)}}
  %r = "stablehlo.select_and_scatter"(%op, %src, %c) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>, padding = dense<0> : tensor<2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf32>
  return
}

// -----

func.func @select_and_scatter_c9_args (%op: tensor<4x6xf32>, %src: tensor<2x3xf32>, %srci: tensor<2x3xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  // expected-error @+1 {{select arguments (tensor<i32>, tensor<i32>) must be (tensor<f32>, tensor<f32>) (select_and_scatter_c9)}}
  %r = "stablehlo.select_and_scatter"(%op, %src, %c) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf32>
  return
}

// -----

func.func @select_and_scatter_c9_result (%op: tensor<4x6xf32>, %src: tensor<2x3xf32>, %srci: tensor<2x3xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  // expected-error @+1 {{select must return a single tensor<i1>, got (tensor<f32>) (select_and_scatter_c9)}}
  %r = "stablehlo.select_and_scatter"(%op, %src, %c) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf32>
  return
}

// -----

func.func @select_and_scatter_c10 (%op: tensor<4x6xf32>, %src: tensor<2x3xf32>, %srci: tensor<2x3xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  // expected-error @+1 {{body must take 2 arguments, takes 1 (select_and_scatter_c10)}}
  %r = "stablehlo.select_and_scatter"(%op, %src, %c) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf32>
  return
}

// -----

func.func @select_and_scatter_c11 (%op: tensor<4x6xf32>, %src: tensor<2x3xf32>, %srci: tensor<2x3xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  // expected-error @+1 {{result 0 has shape [4, 5], expected [4, 6] (select_and_scatter_c11)}}
  %r = "stablehlo.select_and_scatter"(%op, %src, %c) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x5xf32>
  return
}

// -----

func.func @select_and_scatter_c12 (%op: tensor<4x6xf32>, %src: tensor<2x3xf32>, %srci: tensor<2x3xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  // expected-error @+1 {{result 0 has element type 'f16', expected 'f32' (select_and_scatter_c12)}}
  %r = "stablehlo.select_and_scatter"(%op, %src, %c) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf16>
  return
}

// -----

func.func @sort_c1 (%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %z: tensor<4x6xi32>) {
  // expected-error @+1 {{must have at least one input (sort_c1)}}
  "stablehlo.sort"() <{dimension = 0 : i64}> ({
  %t = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %t : tensor<i1>
  }) : () -> ()
  return
}

// -----

func.func @sort_c2 (%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %z: tensor<4x6xi32>) {
  // expected-error @+1 {{result 0 has type 'tensor<4x6xf64>', expected 'tensor<4x6xf32>' (sort_c2)}}
  %r = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<4x6xf32>) -> tensor<4x6xf64>
  return
}

// -----

func.func @sort_c2_count (%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %z: tensor<4x6xi32>) {
  // expected-error @+1 {{must have 1 results, has 0 (sort_c2)}}
  "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<4x6xf32>) -> ()
  return
}

// -----

func.func @sort_c3 (%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %z: tensor<4x6xi32>) {
  // expected-error @+1 {{input 1 has shape [4, 5] but input 0 has shape [4, 6] (sort_c3)}}
  %r:2 = "stablehlo.sort"(%x, %y) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<4x6xf32>, tensor<4x5xf32>) -> (tensor<4x6xf32>, tensor<4x5xf32>)
  return
}

// -----

func.func @sort_c4 (%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %z: tensor<4x6xi32>) {
  // expected-error @+1 {{dimension 2 must be in range [-2, 2) (sort_c4)}}
  %r = "stablehlo.sort"(%x) <{dimension = 2 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return
}

// -----

func.func @sort_c4_negative (%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %z: tensor<4x6xi32>) {
  // expected-error @+1 {{dimension -3 must be in range [-2, 2) (sort_c4)}}
  %r = "stablehlo.sort"(%x) <{dimension = -3 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return
}

// -----

func.func @sort_c5_count (%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %z: tensor<4x6xi32>) {
  // expected-error @+1 {{comparator must take 4 arguments, takes 2 (sort_c5)}}
  %r:2 = "stablehlo.sort"(%x, %z) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<4x6xf32>, tensor<4x6xi32>) -> (tensor<4x6xf32>, tensor<4x6xi32>)
  return
}

// -----

func.func @sort_c5_types (%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %z: tensor<4x6xi32>) {
  // expected-error @+1 {{comparator arguments 0 and 1 must be 'tensor<f32>', got 'tensor<i32>' and 'tensor<i32>' (sort_c5)}}
  %r = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %p = stablehlo.compare LT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return
}

// -----

func.func @sort_c5_result (%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %z: tensor<4x6xi32>) {
  // expected-error @+1 {{comparator must return a single tensor<i1>, got (tensor<f32>) (sort_c5)}}
  %r = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return
}

// -----

func.func @map_c1_inputs (%x: tensor<2x3xf32>, %y: tensor<3x2xf32>) {
  // expected-error @+1 {{input 1 has shape [3, 2] but input 0 has shape [2, 3] (map_c1)}}
  %r = "stablehlo.map"(%x, %y) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.multiply %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @map_c1_result (%x: tensor<2x3xf32>, %y: tensor<3x2xf32>) {
  // expected-error @+1 {{result 0 has shape [3, 2], expected [2, 3] (map_c1)}}
  %r = "stablehlo.map"(%x, %x) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.multiply %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @map_c2 (%x: tensor<2x3xf32>, %y: tensor<3x2xf32>) {
  // expected-error @+1 {{must have at least one input (map_c2)}}
  %r = "stablehlo.map"() <{dimensions = array<i64>}> ({
  %k = stablehlo.constant dense<0.0> : tensor<f32>
    stablehlo.return %k : tensor<f32>
  }) : () -> tensor<2x3xf32>
  return
}

// -----

func.func @map_c3 (%x: tensor<2x3xf32>, %y: tensor<3x2xf32>) {
  // expected-error @+1 {{dimensions [1, 0] must be [0, ..., 1] (map_c3)}}
  %r = "stablehlo.map"(%x, %x) <{dimensions = array<i64: 1, 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.multiply %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @map_c4_args (%x: tensor<2x3xf32>, %y: tensor<3x2xf32>) {
  // expected-error @+1 {{computation must take 2 arguments, takes 1 (map_c4)}}
  %r = "stablehlo.map"(%x, %x) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @map_c4_arg_type (%x: tensor<2x3xf32>, %y: tensor<3x2xf32>) {
  // expected-error @+1 {{computation argument 1 must be 'tensor<f32>', got 'tensor<i32>' (map_c4)}}
  %r = "stablehlo.map"(%x, %x) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<i32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @map_c4_result (%x: tensor<2x3xf32>, %y: tensor<3x2xf32>) {
  // expected-error @+1 {{computation must return a single 0-dimensional tensor, got (tensor<f32>, tensor<f32>) (map_c4)}}
  %r = "stablehlo.map"(%x, %x) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a, %b : tensor<f32>, tensor<f32>
  }) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @map_c4_element (%x: tensor<2x3xf32>, %y: tensor<3x2xf32>) {
  // expected-error @+1 {{result 0 has element type 'f64', expected 'f32' (map_c4)}}
  %r = "stablehlo.map"(%x, %x) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.multiply %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf64>
  return
}

// -----

func.func @reduce_applies_unknown(%x: tensor<4xf32>, %c: tensor<f32>) {
  // expected-error @+1 {{unknown reduction op 'stablehlo.frobnicate'}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.frobnicate across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @reduce_applies_types(%x: tensor<4xf32>, %c: tensor<f32>) {
  // expected-error @+1 {{expected 2 operand types, got 1}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>) -> tensor<f32>
  return
}
