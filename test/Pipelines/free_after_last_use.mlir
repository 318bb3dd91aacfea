// RUN: jx-opt --ownership-based-buffer-deallocation --canonicalize --jx-free-after-last-use %s | FileCheck %s

// Each temporary is freed right after the last op that uses it: %a after
// the copy that reads it, %b after the call that gets its address (through
// extract_aligned_pointer_as_index and a cast), not at the function's end.
// CHECK-LABEL: func.func @chain(
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK: %[[B:.*]] = memref.alloc()
// CHECK-NEXT: linalg.copy ins(%[[A]] : {{.*}}) outs(%[[B]] :
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK: linalg.copy
// CHECK-NEXT: call @use(
// CHECK-NEXT: memref.dealloc %[[B]]
// CHECK-NEXT: linalg.copy
// CHECK-NOT: bufferization.dealloc
// CHECK: return

// A buffer used inside a loop (through a subview) is freed after the loop.
// CHECK-LABEL: func.func @loop(
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK: scf.for
// CHECK: memref.subview %[[A]]
// CHECK: }
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: linalg.copy
// CHECK-NOT: bufferization.dealloc
// CHECK: return

// A buffer passed to an op that returns a memref may live on in that
// result: it stays in the block's bufferization.dealloc.
// CHECK-LABEL: func.func @escapes(
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK-NOT: memref.dealloc
// CHECK: bufferization.dealloc (%[[A]],
func.func private @use(i64)

func.func @chain(%in: memref<64xf32>, %out: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  linalg.copy ins(%in : memref<64xf32>) outs(%a : memref<64xf32>)
  %b = memref.alloc() : memref<64xf32>
  linalg.copy ins(%a : memref<64xf32>) outs(%b : memref<64xf32>)
  %p = memref.extract_aligned_pointer_as_index %b : memref<64xf32> -> index
  %i = arith.index_cast %p : index to i64
  linalg.copy ins(%in : memref<64xf32>) outs(%out : memref<64xf32>)
  call @use(%i) : (i64) -> ()
  linalg.copy ins(%in : memref<64xf32>) outs(%out : memref<64xf32>)
  return
}

func.func @loop(%in: memref<64xf32>, %out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %a = memref.alloc() : memref<64xf32>
  linalg.copy ins(%in : memref<64xf32>) outs(%a : memref<64xf32>)
  scf.for %k = %c0 to %c8 step %c1 {
    %v = memref.subview %a[%k] [8] [1] : memref<64xf32> to memref<8xf32, strided<[1], offset: ?>>
    %x = memref.load %v[%c0] : memref<8xf32, strided<[1], offset: ?>>
    memref.store %x, %out[%k] : memref<64xf32>
  }
  linalg.copy ins(%in : memref<64xf32>) outs(%out : memref<64xf32>)
  return
}

func.func private @pick(memref<64xf32>) -> memref<64xf32>

func.func @escapes(%in: memref<64xf32>, %out: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  linalg.copy ins(%in : memref<64xf32>) outs(%a : memref<64xf32>)
  %m = call @pick(%a) : (memref<64xf32>) -> memref<64xf32>
  linalg.copy ins(%m : memref<64xf32>) outs(%out : memref<64xf32>)
  return
}
