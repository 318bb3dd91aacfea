// RUN: jx-opt %s | jx-opt | FileCheck %s
// RUN: jx-opt %s -mlir-print-op-generic | jx-opt | FileCheck %s

// CHECK-LABEL: func.func @while_pretty
func.func @while_pretty(%a: tensor<i64>, %b: tensor<4xf32>) -> (tensor<i64>, tensor<4xf32>) {
  %one = stablehlo.constant dense<1> : tensor<i64>
  %ten = stablehlo.constant dense<10> : tensor<i64>
  // CHECK:      %[[R:.*]]:2 = stablehlo.while(%[[I:iterArg]] = %{{.*}}, %[[X:iterArg_0]] = %{{.*}}) : tensor<i64>, tensor<4xf32>
  // CHECK-NEXT:  cond {
  // CHECK-NEXT:   %[[C:.*]] = stablehlo.compare LT, %[[I]], %{{.*}} : (tensor<i64>, tensor<i64>) -> tensor<i1>
  // CHECK-NEXT:   stablehlo.return %[[C]] : tensor<i1>
  // CHECK-NEXT: } do {
  // CHECK-NEXT:   %[[N:.*]] = stablehlo.add %[[I]], %{{.*}} : tensor<i64>
  // CHECK-NEXT:   %[[Y:.*]] = stablehlo.add %[[X]], %[[X]] : tensor<4xf32>
  // CHECK-NEXT:   stablehlo.return %[[N]], %[[Y]] : tensor<i64>, tensor<4xf32>
  // CHECK-NEXT: }
  %r:2 = stablehlo.while(%i = %a, %x = %b) : tensor<i64>, tensor<4xf32>
  cond {
    %c = stablehlo.compare LT, %i, %ten : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %n = stablehlo.add %i, %one : tensor<i64>
    %y = stablehlo.add %x, %x : tensor<4xf32>
    stablehlo.return %n, %y : tensor<i64>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<i64>, tensor<4xf32>
}

// CHECK-LABEL: func.func @while_generic
func.func @while_generic(%a: tensor<i32>) -> tensor<i32> {
  // CHECK: stablehlo.while(%iterArg = %{{.*}}) : tensor<i32>
  // CHECK-NEXT: cond {
  %0 = "stablehlo.while"(%a) ({
  ^bb0(%arg0: tensor<i32>):
    %c = stablehlo.compare LT, %arg0, %arg0 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%arg0: tensor<i32>):
    "stablehlo.return"(%arg0) : (tensor<i32>) -> ()
  }) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// A token and a dynamic shape flow through the loop.
// CHECK-LABEL: func.func @while_token
func.func @while_token(%t: !stablehlo.token, %d: tensor<?xf32>, %p: tensor<i1>) -> tensor<?xf32> {
  // CHECK: stablehlo.while(%iterArg = %{{.*}}, %iterArg_0 = %{{.*}}) : !stablehlo.token, tensor<?xf32>
  %r:2 = stablehlo.while(%it = %t, %id = %d) : !stablehlo.token, tensor<?xf32>
  cond {
    stablehlo.return %p : tensor<i1>
  } do {
    stablehlo.return %it, %id : !stablehlo.token, tensor<?xf32>
  }
  return %r#1 : tensor<?xf32>
}

// CHECK-LABEL: func.func @if
func.func @if(%pred: tensor<i1>) -> (tensor<2xi64>, tensor<2xi64>) {
  // CHECK: "stablehlo.if"(%{{.*}}) ({
  // CHECK:   stablehlo.return %{{.*}}, %{{.*}} : tensor<2xi64>, tensor<2xi64>
  // CHECK: }, {
  // CHECK: }) : (tensor<i1>) -> (tensor<2xi64>, tensor<2xi64>)
  %r0, %r1 = "stablehlo.if"(%pred) ({
    %0 = stablehlo.constant dense<0> : tensor<2xi64>
    stablehlo.return %0, %0 : tensor<2xi64>, tensor<2xi64>
  }, {
    %1 = stablehlo.constant dense<1> : tensor<2xi64>
    stablehlo.return %1, %1 : tensor<2xi64>, tensor<2xi64>
  }) : (tensor<i1>) -> (tensor<2xi64>, tensor<2xi64>)
  return %r0, %r1 : tensor<2xi64>, tensor<2xi64>
}

// CHECK-LABEL: func.func @case
func.func @case(%index: tensor<i32>, %a: tensor<2xi64>, %b: tensor<2xi64>) -> tensor<2xi64> {
  // CHECK: "stablehlo.case"(%{{.*}}) ({
  // CHECK: }, {
  // CHECK: }, {
  // CHECK: }) : (tensor<i32>) -> tensor<2xi64>
  %r = "stablehlo.case"(%index) ({
    stablehlo.return %a : tensor<2xi64>
  }, {
    stablehlo.return %b : tensor<2xi64>
  }, {
    "stablehlo.return"(%a) : (tensor<2xi64>) -> ()
  }) : (tensor<i32>) -> tensor<2xi64>
  return %r : tensor<2xi64>
}

// CHECK-LABEL: func.func @case_no_results
func.func @case_no_results(%index: tensor<i32>) {
  // CHECK: "stablehlo.case"(%{{.*}}) ({
  // CHECK-NEXT: stablehlo.return
  // CHECK-NEXT: }) : (tensor<i32>) -> ()
  "stablehlo.case"(%index) ({
    stablehlo.return
  }) : (tensor<i32>) -> ()
  return
}

// CHECK-LABEL: func.func @optimization_barrier
func.func @optimization_barrier(%a: tensor<f32>, %b: tensor<2xi32>, %t: !stablehlo.token) -> tensor<f32> {
  // CHECK: %{{.*}}:3 = stablehlo.optimization_barrier %{{.*}}, %{{.*}}, %{{.*}} : tensor<f32>, tensor<2xi32>, !stablehlo.token
  %0:3 = stablehlo.optimization_barrier %a, %b, %t : tensor<f32>, tensor<2xi32>, !stablehlo.token
  // CHECK: stablehlo.optimization_barrier %{{.*}} : tensor<f32>
  %1 = "stablehlo.optimization_barrier"(%a) : (tensor<f32>) -> tensor<f32>
  // CHECK: stablehlo.optimization_barrier()
  stablehlo.optimization_barrier()
  return %0#0 : tensor<f32>
}
