// RUN: jx-opt --stablehlo-legalize-to-linalg -split-input-file -verify-diagnostics %s | FileCheck %s

// while becomes scf.while on the converted tensors; the cond region's 0-d
// i1 result is extracted for scf.condition, the body yields with scf.yield,
// and the ops inside are converted by their own patterns.

// CHECK-LABEL: func.func @while_loop(
// CHECK-SAME:      %[[INIT:.*]]: tensor<i32>, %[[LIMIT:.*]]: tensor<i32>) -> tensor<i32>
// CHECK:         %[[R:.*]] = scf.while (%[[A:.*]] = %[[INIT]]) : (tensor<i32>) -> tensor<i32> {
// CHECK:           arith.cmpi ult
// CHECK:           %[[C:.*]] = tensor.extract %{{.*}}[] : tensor<i1>
// CHECK:           scf.condition(%[[C]]) %[[A]] : tensor<i32>
// CHECK:         } do {
// CHECK:         ^bb0(%[[B:.*]]: tensor<i32>):
// CHECK:           arith.addi
// CHECK:           scf.yield %{{.*}} : tensor<i32>
// CHECK:         return %[[R]] : tensor<i32>
func.func @while_loop(%init: tensor<ui32>, %limit: tensor<ui32>) -> tensor<ui32> {
  %one = stablehlo.constant dense<1> : tensor<ui32>
  %r = stablehlo.while(%arg0 = %init) : tensor<ui32>
  cond {
    %c = stablehlo.compare LT, %arg0, %limit : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %n = stablehlo.add %arg0, %one : tensor<ui32>
    stablehlo.return %n : tensor<ui32>
  }
  return %r : tensor<ui32>
}

// -----

// A while that counts (a signed `i < limit` condition and nothing else, the
// body adding 1 to i; fori_loop and scan) becomes an scf.for from i's
// initial value to the limit, carrying every value, i included: the body
// is unchanged, and no scf.condition forwards the values (bufferization
// copies each forwarded tensor on every iteration).
// CHECK-LABEL: func.func @counted_while(
// CHECK-SAME:      %[[I0:.*]]: tensor<i32>, %[[X:.*]]: tensor<1024xf32>, %[[N:.*]]: tensor<i32>)
// CHECK:         %[[LB:.*]] = tensor.extract %[[I0]][] : tensor<i32>
// CHECK:         %[[LBI:.*]] = arith.index_cast %[[LB]] : i32 to index
// CHECK:         %[[UB:.*]] = tensor.extract %[[N]][] : tensor<i32>
// CHECK:         %[[UBI:.*]] = arith.index_cast %[[UB]] : i32 to index
// CHECK:         %[[R:.*]]:2 = scf.for %{{.*}} = %[[LBI]] to %[[UBI]] step %{{.*}} iter_args(%[[I:.*]] = %[[I0]], %[[V:.*]] = %[[X]]) -> (tensor<i32>, tensor<1024xf32>) {
// CHECK:           arith.addi
// CHECK:           arith.mulf
// CHECK:           scf.yield %{{.*}}, %{{.*}} : tensor<i32>, tensor<1024xf32>
// CHECK:         return %[[R]]#1
// CHECK-LABEL: func.func @counted_while_constant_limit(
// CHECK:         scf.for %{{.*}} = %{{.*}} to %c7 step %{{.*}} iter_args
// CHECK-LABEL: func.func @not_counted(
// CHECK-NOT:     scf.for
// CHECK:         scf.while
// CHECK:         scf.while
func.func @counted_while(%i0: tensor<i32>, %x: tensor<1024xf32>, %n: tensor<i32>) -> tensor<1024xf32> {
  %one = stablehlo.constant dense<1> : tensor<i32>
  %two = stablehlo.constant dense<2.0> : tensor<1024xf32>
  %r:2 = stablehlo.while(%i = %i0, %v = %x) : tensor<i32>, tensor<1024xf32>
  cond {
    %c = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %j = stablehlo.add %i, %one : tensor<i32>
    %w = stablehlo.multiply %v, %two : tensor<1024xf32>
    stablehlo.return %j, %w : tensor<i32>, tensor<1024xf32>
  }
  return %r#1 : tensor<1024xf32>
}
func.func @counted_while_constant_limit(%i0: tensor<i64>) -> tensor<i64> {
  %r = stablehlo.while(%i = %i0) : tensor<i64>
  cond {
    %seven = stablehlo.constant dense<7> : tensor<i64>
    %c = stablehlo.compare LT, %i, %seven, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i64>
    %j = stablehlo.add %one, %i : tensor<i64>
    stablehlo.return %j : tensor<i64>
  }
  return %r : tensor<i64>
}
// Steps of 2, and a condition that also reads another value: still while.
func.func @not_counted(%i0: tensor<i32>, %n: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  %two = stablehlo.constant dense<2> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %r = stablehlo.while(%i = %i0) : tensor<i32>
  cond {
    %c = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %j = stablehlo.add %i, %two : tensor<i32>
    stablehlo.return %j : tensor<i32>
  }
  %s:2 = stablehlo.while(%i = %i0, %m = %n) : tensor<i32>, tensor<i32>
  cond {
    %c = stablehlo.compare LT, %i, %m, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %j = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %j, %m : tensor<i32>, tensor<i32>
  }
  return %r, %s#0 : tensor<i32>, tensor<i32>
}

// -----

// CHECK-LABEL: func.func @if_op(
// CHECK-SAME:      %[[P:.*]]: tensor<i1>, %[[X:.*]]: tensor<2xf32>
// CHECK:         %[[C:.*]] = tensor.extract %[[P]][] : tensor<i1>
// CHECK:         %[[R:.*]] = scf.if %[[C]] -> (tensor<2xf32>) {
// CHECK:           scf.yield %[[X]] : tensor<2xf32>
// CHECK:         } else {
// CHECK:           linalg.generic
// CHECK:           arith.negf
// CHECK:           scf.yield %{{.*}} : tensor<2xf32>
// CHECK:         return %[[R]]
func.func @if_op(%p: tensor<i1>, %x: tensor<2xf32>) -> tensor<2xf32> {
  %r = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<2xf32>
  }, {
    %n = stablehlo.negate %x : tensor<2xf32>
    stablehlo.return %n : tensor<2xf32>
  }) : (tensor<i1>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// case: branches 0..n-2 are cases, the last branch is the default, which
// takes every out-of-range index.
// CHECK-LABEL: func.func @case_op(
// CHECK-SAME:      %[[I:.*]]: tensor<i32>
// CHECK:         %[[E:.*]] = tensor.extract %[[I]][] : tensor<i32>
// CHECK:         %[[IDX:.*]] = arith.index_cast %[[E]] : i32 to index
// CHECK:         %[[R:.*]] = scf.index_switch %[[IDX]] -> tensor<i64>
// CHECK:         case 0 {
// CHECK:           scf.yield %{{.*}} : tensor<i64>
// CHECK:         case 1 {
// CHECK:           scf.yield %{{.*}} : tensor<i64>
// CHECK:         default {
// CHECK:           scf.yield %{{.*}} : tensor<i64>
// CHECK:         return %[[R]]
func.func @case_op(%i: tensor<i32>) -> tensor<i64> {
  %r = "stablehlo.case"(%i) ({
    %a = stablehlo.constant dense<10> : tensor<i64>
    stablehlo.return %a : tensor<i64>
  }, {
    %b = stablehlo.constant dense<11> : tensor<i64>
    stablehlo.return %b : tensor<i64>
  }, {
    %c = stablehlo.constant dense<12> : tensor<i64>
    stablehlo.return %c : tensor<i64>
  }) : (tensor<i32>) -> tensor<i64>
  return %r : tensor<i64>
}

// -----

// CHECK-LABEL: func.func @barrier(
// CHECK-SAME:      %[[X:.*]]: tensor<2xi8>, %[[Y:.*]]: tensor<f64>
// CHECK-NEXT:    return %[[X]], %[[Y]]
func.func @barrier(%x: tensor<2xui8>, %y: tensor<f64>) -> (tensor<2xui8>, tensor<f64>) {
  %r:2 = stablehlo.optimization_barrier %x, %y : tensor<2xui8>, tensor<f64>
  return %r#0, %r#1 : tensor<2xui8>, tensor<f64>
}

// -----

// CHECK-LABEL: func.func private @impl(%{{.*}}: tensor<i32>) -> tensor<i32>
// CHECK-LABEL: func.func @composite(
// CHECK:         %[[R:.*]] = call @impl(%{{.*}}) : (tensor<i32>) -> tensor<i32>
// CHECK:         return %[[R]]
func.func private @impl(%x: tensor<ui32>) -> tensor<ui32> {
  return %x : tensor<ui32>
}
func.func @composite(%x: tensor<ui32>) -> tensor<ui32> {
  %r = stablehlo.composite "my.op" %x {decomposition = @impl} : (tensor<ui32>) -> tensor<ui32>
  return %r : tensor<ui32>
}

// -----

// Tokens are 0-d i1 placeholders; process ids are those of the only process.
// CHECK-LABEL: func.func @tokens_and_ids(
// CHECK-SAME:      %{{.*}}: tensor<i1>) -> (tensor<i1>, tensor<i32>, tensor<i32>)
// CHECK:         arith.constant dense<false> : tensor<i1>
// CHECK:         %[[T:.*]] = arith.constant dense<false> : tensor<i1>
// CHECK:         %[[R:.*]] = arith.constant dense<0> : tensor<i32>
// CHECK:         %[[P:.*]] = arith.constant dense<0> : tensor<i32>
// CHECK:         return %[[T]], %[[R]], %[[P]]
func.func @tokens_and_ids(%t: !stablehlo.token) -> (!stablehlo.token, tensor<ui32>, tensor<ui32>) {
  %t1 = stablehlo.create_token : !stablehlo.token
  %t2 = stablehlo.after_all %t, %t1 : !stablehlo.token
  %r = stablehlo.replica_id : tensor<ui32>
  %p = stablehlo.partition_id : tensor<ui32>
  return %t2, %r, %p : !stablehlo.token, tensor<ui32>, tensor<ui32>
}

// -----

// A collective over groups of process 0 alone forwards its operand.
// CHECK-LABEL: func.func @single_process_all_reduce(
// CHECK-SAME:      %[[X:.*]]: tensor<4xf32>
// CHECK-NEXT:    return %[[X]]
func.func @single_process_all_reduce(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// rng_bit_generator: one linalg.generic computing each element from its
// index, and the new state from the old one.
// CHECK-LABEL: func.func @rng_bits(
// CHECK-SAME:      %[[S:.*]]: tensor<2xi64>) -> (tensor<2xi64>, tensor<2x3xi32>)
// CHECK:         %[[KEY:.*]] = tensor.extract %[[S]][%{{.*}}] : tensor<2xi64>
// CHECK:         %[[CTR:.*]] = tensor.extract %[[S]][%{{.*}}] : tensor<2xi64>
// CHECK:         %[[BITS:.*]] = linalg.generic
// CHECK-SAME:        outs(%{{.*}} : tensor<2x3xi32>)
// CHECK:           linalg.index 0
// CHECK:           linalg.index 1
// CHECK:         } -> tensor<2x3xi32>
// CHECK:         %[[NEXT:.*]] = arith.addi %[[CTR]], %{{.*}} : i64
// CHECK:         %[[NS:.*]] = tensor.from_elements %[[KEY]], %[[NEXT]] : tensor<2xi64>
// CHECK:         return %[[NS]], %[[BITS]]
func.func @rng_bits(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xui32>) {
  %ns, %bits = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xui32>)
  return %ns, %bits : tensor<2xui64>, tensor<2x3xui32>
}

// -----

func.func @custom_call_target(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+2 {{custom_call @foo.bar has no CPU implementation}}
  // expected-error @+1 {{failed to legalize operation 'stablehlo.custom_call'}}
  %r = stablehlo.custom_call @foo.bar(%x) : (tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

func.func @all_reduce_two_processes(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{'stablehlo.all_reduce' needs more than one process (its replica_groups name other processes)}}
  // expected-error @+1 {{failed to legalize operation 'stablehlo.all_reduce'}}
  %r = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @permute_to_other_process(%x: tensor<2xi32>) -> tensor<2xi32> {
  // expected-error @+2 {{'stablehlo.collective_permute' needs more than one process (its source_target_pairs name other processes)}}
  // expected-error @+1 {{failed to legalize operation 'stablehlo.collective_permute'}}
  %r = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi32>) -> tensor<2xi32>
  return %r : tensor<2xi32>
}

// -----

// Quantized types are reported by the pass before any pattern runs.
func.func @quantize(%x: tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5:3>> {
  // expected-error @+1 {{element type '!quant.uniform<i8:f32, 5.000000e-01:3>' is not supported yet by the CPU compiler}}
  %r = stablehlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5:3>>
  return %r : tensor<2x!quant.uniform<i8:f32, 0.5:3>>
}

// -----

func.func @dequantize(%x: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xf32> {
  // expected-error @+1 {{element type '!quant.uniform<i8:f32, 5.000000e-01:3>' is not supported yet by the CPU compiler}}
  %r = stablehlo.uniform_dequantize %x : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
