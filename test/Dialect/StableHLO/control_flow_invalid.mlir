// RUN: jx-opt %s -split-input-file -verify-diagnostics

func.func @while_c1_arg_types(%a: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{cond argument types (tensor<f32>) must match operand types (tensor<i32>) (while_c1)}}
  %0 = "stablehlo.while"(%a) ({
  ^bb0(%arg0: tensor<f32>):
    %c = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%arg0: tensor<i32>):
    stablehlo.return %arg0 : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @while_c1_cond_result(%a: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{cond must return a single tensor<i1>, got (tensor<2xi1>) (while_c1)}}
  %0 = stablehlo.while(%i = %a) : tensor<i32>
  cond {
    %c = stablehlo.constant dense<true> : tensor<2xi1>
    stablehlo.return %c : tensor<2xi1>
  } do {
    stablehlo.return %i : tensor<i32>
  }
  return %0 : tensor<i32>
}

// -----

func.func @while_c1_cond_count(%a: tensor<i32>, %p: tensor<i1>) -> tensor<i32> {
  // expected-error @+1 {{cond must return a single tensor<i1>, got (tensor<i1>, tensor<i1>) (while_c1)}}
  %0 = stablehlo.while(%i = %a) : tensor<i32>
  cond {
    stablehlo.return %p, %p : tensor<i1>, tensor<i1>
  } do {
    stablehlo.return %i : tensor<i32>
  }
  return %0 : tensor<i32>
}

// -----

func.func @while_c2_arg_types(%a: tensor<i32>, %p: tensor<i1>) -> tensor<i32> {
  // expected-error @+1 {{body argument types (tensor<i32>, tensor<i32>) must match operand types (tensor<i32>) (while_c2)}}
  %0 = "stablehlo.while"(%a) ({
  ^bb0(%arg0: tensor<i32>):
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
    stablehlo.return %arg0 : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @while_c2_return_types(%a: tensor<i32>, %p: tensor<i1>, %f: tensor<f32>) -> tensor<i32> {
  // expected-error @+1 {{body return types (tensor<f32>) must match operand types (tensor<i32>) (while_c2)}}
  %0 = stablehlo.while(%i = %a) : tensor<i32>
  cond {
    stablehlo.return %p : tensor<i1>
  } do {
    stablehlo.return %f : tensor<f32>
  }
  return %0 : tensor<i32>
}

// -----

func.func @while_c3(%a: tensor<i32>, %p: tensor<i1>) -> tensor<i64> {
  // expected-error @+1 {{result types (tensor<i64>) must match operand types (tensor<i32>) (while_c3)}}
  %0 = "stablehlo.while"(%a) ({
  ^bb0(%arg0: tensor<i32>):
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%arg0: tensor<i32>):
    stablehlo.return %arg0 : tensor<i32>
  }) : (tensor<i32>) -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

func.func @while_types_count(%a: tensor<i32>) {
  // expected-error @+1 {{expected 1 types, got 2}}
  %0 = stablehlo.while(%i = %a) : tensor<i32>, tensor<i32>
  cond {
    stablehlo.return %i : tensor<i32>
  } do {
    stablehlo.return %i : tensor<i32>
  }
  return
}

// -----

func.func @if_i1(%p: tensor<2xi1>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{pred must be a 0-dimensional tensor of i1, got 'tensor<2xi1>' (if_i1)}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return %a : tensor<f32>
  }) : (tensor<2xi1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @if_c1_true(%p: tensor<i1>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{true_branch must have no arguments, has 1 (if_c1)}}
  %0 = "stablehlo.if"(%p) ({
  ^bb0(%arg0: tensor<f32>):
    stablehlo.return %arg0 : tensor<f32>
  }, {
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @if_c1_false(%p: tensor<i1>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{false_branch must have no arguments, has 1 (if_c1)}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %a : tensor<f32>
  }, {
  ^bb0(%arg0: tensor<f32>):
    stablehlo.return %arg0 : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @if_c2(%p: tensor<i1>, %a: tensor<f32>, %b: tensor<2xf32>) -> tensor<f32> {
  // expected-error @+1 {{true_branch returns (tensor<f32>) but false_branch returns (tensor<2xf32>) (if_c2)}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return %b : tensor<2xf32>
  }) : (tensor<i1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @if_c3(%p: tensor<i1>, %a: tensor<f32>) -> tensor<i32> {
  // expected-error @+1 {{result types (tensor<i32>) must match branch output types (tensor<f32>) (if_c3)}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i1>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @if_c3_count(%p: tensor<i1>, %a: tensor<f32>) {
  // expected-error @+1 {{result types () must match branch output types (tensor<f32>) (if_c3)}}
  "stablehlo.if"(%p) ({
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i1>) -> ()
  return
}

// -----

func.func @case_i1(%i: tensor<2xi32>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{index must be a 0-dimensional tensor of i32, got 'tensor<2xi32>' (case_i1)}}
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %a : tensor<f32>
  }) : (tensor<2xi32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @case_c1(%i: tensor<i32>) {
  // expected-error @+1 {{must have at least one branch (case_c1)}}
  "stablehlo.case"(%i) : (tensor<i32>) -> ()
  return
}

// -----

func.func @case_c2(%i: tensor<i32>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{branch 1 must have no arguments, has 1 (case_c2)}}
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %a : tensor<f32>
  }, {
  ^bb0(%arg0: tensor<f32>):
    stablehlo.return %arg0 : tensor<f32>
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @case_c3(%i: tensor<i32>, %a: tensor<f32>, %b: tensor<i32>) -> tensor<f32> {
  // expected-error @+1 {{branch 1 returns (tensor<i32>) but branch 0 returns (tensor<f32>) (case_c3)}}
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return %b : tensor<i32>
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @case_c4(%i: tensor<i32>, %a: tensor<f32>) -> tensor<2xf32> {
  // expected-error @+1 {{result types (tensor<2xf32>) must match branch output types (tensor<f32>) (case_c4)}}
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @optimization_barrier_c1(%a: tensor<f32>) -> tensor<i32> {
  // expected-error @+1 {{result types (tensor<i32>) must match operand types (tensor<f32>) (optimization_barrier_c1)}}
  %0 = "stablehlo.optimization_barrier"(%a) : (tensor<f32>) -> tensor<i32>
  return %0 : tensor<i32>
}
