// RUN: jx-opt --jx-time-regions %s | FileCheck %s

// Each top-level loop nest, call and copy of a public function is timed,
// numbered in order through the module; allocations, constants and the
// return are not. Private functions (outlined nests) are timed at their
// call sites, not inside.

// The runtime's two functions, declared once.
// CHECK-DAG: func.func private @jx_rt_region_begin(i64)
// CHECK-DAG: func.func private @jx_rt_region_end(i64)
// CHECK-LABEL: func.func @main
// CHECK: memref.alloc
// CHECK: %[[C0:.*]] = arith.constant 0 : i64
// CHECK-NEXT: call @jx_rt_region_begin(%[[C0]])
// CHECK-NEXT: scf.for
// CHECK: } {jx.region = 0 : i64}
// CHECK-NEXT: call @jx_rt_region_end(%[[C0]])
// CHECK: %[[C1:.*]] = arith.constant 1 : i64
// CHECK-NEXT: call @jx_rt_region_begin(%[[C1]])
// CHECK-NEXT: call @nest(%{{.*}}) {jx.region = 1 : i64}
// CHECK-NEXT: call @jx_rt_region_end(%[[C1]])
// CHECK: %[[C2:.*]] = arith.constant 2 : i64
// CHECK-NEXT: call @jx_rt_region_begin(%[[C2]])
// CHECK-NEXT: memref.copy {{.*}} {jx.region = 2 : i64}
// CHECK-NEXT: call @jx_rt_region_end(%[[C2]])
// CHECK-NOT: jx_rt_region
// CHECK: return
func.func @main(%in: memref<64xf32>, %out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %tmp = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %x = memref.load %in[%i] : memref<64xf32>
    %y = arith.addf %x, %x : f32
    memref.store %y, %tmp[%i] : memref<64xf32>
  }
  call @nest(%tmp) : (memref<64xf32>) -> ()
  memref.copy %tmp, %out : memref<64xf32> to memref<64xf32>
  memref.dealloc %tmp : memref<64xf32>
  return
}

// CHECK-LABEL: func.func private @nest
// CHECK-NOT: jx_rt_region
// CHECK: return
func.func private @nest(%m: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c1 {
    %x = memref.load %m[%i] : memref<64xf32>
    %y = arith.mulf %x, %x : f32
    memref.store %y, %m[%i] : memref<64xf32>
  }
  return
}
