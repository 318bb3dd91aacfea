// What JAX puts on modules, functions, arguments and results (mhlo.*, jax.*,
// sdy.*) and its locations (#loc aliases, loc(...) on ops, arguments and
// the module) survive a round trip with --mlir-print-debuginfo.
// RUN: jx-opt %s --mlir-print-debuginfo | FileCheck %s
// RUN: jx-opt %s --mlir-print-debuginfo | jx-opt --mlir-print-debuginfo | FileCheck %s
// RUN: jx-opt %s --mlir-print-debuginfo -mlir-print-op-generic | jx-opt --mlir-print-debuginfo | FileCheck %s

#loc1 = loc("/tmp/model.py":12:10)
#loc2 = loc("x")
#loc3 = loc("jit(f)/jit(main)/add"(#loc1))
#loc4 = loc(callsite("f"(#loc1) at "g"("/tmp/model.py":20:3)))
#loc5 = loc(fused["a", #loc1])
// CHECK: module @jit_f attributes {jax.uses_shape_polymorphism = false, mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22x\22=2]>}"}, mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32}
module @jit_f attributes {jax.uses_shape_polymorphism = false, mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22x\22=2]>}"}, mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  // CHECK: sdy.mesh @mesh = <["x"=2]> loc(#[[UNK:loc[0-9]*]])
  sdy.mesh @mesh = <["x"=2]> loc(#loc)
  // CHECK: func.func public @main(
  // CHECK-SAME: %arg0: tensor<2xf32> {jax.buffer_donor = true, mhlo.layout_mode = "default", mhlo.sharding = "{replicated}"} loc("x")
  // CHECK-SAME: %arg1: tensor<2xf32> {mhlo.layout_mode = "{0}", mhlo.memory_kind = "device", mhlo.sharding = "{devices=[2]<=[2]}", sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>, tf.aliasing_output = 0 : i32} loc("y")
  // CHECK-SAME: -> (tensor<2xf32> {jax.result_info = "result[0]", mhlo.layout_mode = "default"}, tensor<2xf32> {jax.result_info = "result[1]"})
  // CHECK-SAME: attributes {mhlo.frontend_attributes = {_xla_compute_type = "host"}}
  func.func public @main(%arg0: tensor<2xf32> {jax.buffer_donor = true, mhlo.layout_mode = "default", mhlo.sharding = "{replicated}"} loc("x"), %arg1: tensor<2xf32> {mhlo.layout_mode = "{0}", mhlo.memory_kind = "device", mhlo.sharding = "{devices=[2]<=[2]}", sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>, tf.aliasing_output = 0 : i32} loc("y")) -> (tensor<2xf32> {jax.result_info = "result[0]", mhlo.layout_mode = "default"}, tensor<2xf32> {jax.result_info = "result[1]"}) attributes {mhlo.frontend_attributes = {_xla_compute_type = "host"}} {
    // CHECK: stablehlo.add %arg0, %arg1 {mhlo.frontend_attributes = {_xla_stream_annotation = "1"}, mhlo.sharding = "{replicated}"} : tensor<2xf32> loc(#[[ADD:loc[0-9]*]])
    %0 = stablehlo.add %arg0, %arg1 {mhlo.frontend_attributes = {_xla_stream_annotation = "1"}, mhlo.sharding = "{replicated}"} : tensor<2xf32> loc(#loc3)
    // CHECK: stablehlo.multiply %{{.*}}, %{{.*}} : tensor<2xf32> loc(#[[CALL:loc[0-9]*]])
    %1 = stablehlo.multiply %0, %0 : tensor<2xf32> loc(#loc4)
    // CHECK: stablehlo.abs %{{.*}} : tensor<2xf32> loc(#[[FUSED:loc[0-9]*]])
    %2 = stablehlo.abs %1 : tensor<2xf32> loc(#loc5)
    // CHECK: return %{{.*}}, %{{.*}} : tensor<2xf32>, tensor<2xf32> loc(#[[UNK]])
    return %1, %2 : tensor<2xf32>, tensor<2xf32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
// CHECK-DAG: #[[UNK]] = loc(unknown)
// CHECK-DAG: #[[FILE:loc[0-9]*]] = loc("/tmp/model.py":12:10)
// CHECK-DAG: #[[ADD]] = loc("jit(f)/jit(main)/add"(#[[FILE]]))
// CHECK-DAG: #[[CALL]] = loc(callsite(#[[F:loc[0-9]*]] at #[[G:loc[0-9]*]]))
// CHECK-DAG: #[[F]] = loc("f"(#[[FILE]]))
// CHECK-DAG: #[[G]] = loc("g"(#[[FILE2:loc[0-9]*]]))
// CHECK-DAG: #[[FILE2]] = loc("/tmp/model.py":20:3)
// CHECK-DAG: #[[FUSED]] = loc(fused[#[[A:loc[0-9]*]], #[[FILE]]])
// CHECK-DAG: #[[A]] = loc("a")
