// RUN: jx-opt --jx-buffer-alias-scopes --split-input-file %s | FileCheck %s

// Two allocations and the function's arguments: three roots, each access
// in the scope of its own and noalias with the other two. The aligned
// pointer (ptrtoint, + 63, - (% 64), inttoptr) and the memref descriptor
// (insertvalue, extractvalue) lead back to the allocation.
// CHECK: #llvm.alias_scope_domain<id = {{.*}}, description = "jx buffers">
// CHECK-LABEL: llvm.func @three_roots
// CHECK: llvm.load %{{.*}} {alias_scopes = [#[[A:alias_scope[0-9]*]]], noalias_scopes = [#[[B:alias_scope[0-9]*]], #[[C:alias_scope[0-9]*]]]} : !llvm.ptr -> f32
// CHECK: llvm.store %{{.*}}, %{{.*}} {alias_scopes = [#[[B]]], noalias_scopes = [#[[A]], #[[C]]]} : f32, !llvm.ptr
// CHECK: llvm.load %{{.*}} {alias_scopes = [#[[C]]], noalias_scopes = [#[[A]], #[[B]]]} : !llvm.ptr -> f32
// CHECK: llvm.load %{{.*}} {alias_scopes = [#[[C]]], noalias_scopes = [#[[A]], #[[B]]]} : !llvm.ptr -> f32
llvm.func @_mlir_memref_to_llvm_alloc(i64) -> !llvm.ptr
llvm.func @three_roots(%in: !llvm.ptr, %in2: !llvm.ptr, %i: i64) {
  %c1024 = llvm.mlir.constant(1024 : i64) : i64
  %c63 = llvm.mlir.constant(63 : i64) : i64
  %c64 = llvm.mlir.constant(64 : i64) : i64
  %a = llvm.call @_mlir_memref_to_llvm_alloc(%c1024) : (i64) -> !llvm.ptr
  %b = llvm.call @_mlir_memref_to_llvm_alloc(%c1024) : (i64) -> !llvm.ptr
  %bi = llvm.ptrtoint %b : !llvm.ptr to i64
  %bumped = llvm.add %bi, %c63 : i64
  %rem = llvm.urem %bumped, %c64 : i64
  %alignedi = llvm.sub %bumped, %rem : i64
  %aligned = llvm.inttoptr %alignedi : i64 to !llvm.ptr
  %p = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64)>
  %d0 = llvm.insertvalue %b, %p[0] : !llvm.struct<(ptr, ptr, i64)>
  %d1 = llvm.insertvalue %aligned, %d0[1] : !llvm.struct<(ptr, ptr, i64)>
  %d2 = llvm.insertvalue %i, %d1[2] : !llvm.struct<(ptr, ptr, i64)>
  omp.parallel {
    %ga = llvm.getelementptr %a[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %x = llvm.load %ga : !llvm.ptr -> f32
    %base = llvm.extractvalue %d2[1] : !llvm.struct<(ptr, ptr, i64)>
    %gb = llvm.getelementptr %base[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %x, %gb : f32, !llvm.ptr
    %y = llvm.load %in : !llvm.ptr -> f32
    %z = llvm.load %in2 : !llvm.ptr -> f32
    omp.terminator
  }
  llvm.return
}

// -----

// Roots not found: a pointer loaded from memory, a phi of two buffers, a
// mutable global. Only one root is left (the argument): nothing to tell
// apart, no metadata at all.
// CHECK-LABEL: llvm.func @unknown
// CHECK-NOT: alias_scopes
// CHECK: llvm.return
llvm.mlir.global internal @state(0.0 : f32) : f32
llvm.func @unknown(%pp: !llvm.ptr, %q: !llvm.ptr, %c: i1) {
  %p = llvm.load %pp : !llvm.ptr -> !llvm.ptr
  %x = llvm.load %p : !llvm.ptr -> f32
  llvm.cond_br %c, ^a, ^b
^a:
  llvm.br ^join(%q : !llvm.ptr)
^b:
  %s = llvm.mlir.addressof @state : !llvm.ptr
  llvm.br ^join(%s : !llvm.ptr)
^join(%r: !llvm.ptr):
  llvm.store %x, %r : f32, !llvm.ptr
  %g = llvm.mlir.addressof @state : !llvm.ptr
  llvm.store %x, %g : f32, !llvm.ptr
  llvm.return
}

// -----

// The stack (every alloca, one root) and a constant global against an
// argument; two omp.parallel regions are two kernels, each with its own
// domain, and the function's own accesses a third.
// CHECK-LABEL: llvm.func @kernels
// CHECK: omp.parallel
// CHECK: llvm.load %{{.*}} {alias_scopes = [#[[K:alias_scope[0-9]*]]], noalias_scopes = [#[[S:alias_scope[0-9]*]]]} : !llvm.ptr -> f32
// CHECK: llvm.store %{{.*}}, %{{.*}} {alias_scopes = [#[[S]]], noalias_scopes = [#[[K]]]} : f32, !llvm.ptr
// CHECK: llvm.store %{{.*}}, %{{.*}} {alias_scopes = [#[[S]]], noalias_scopes = [#[[K]]]} : f32, !llvm.ptr
// CHECK: omp.parallel
// CHECK: llvm.load %{{.*}} {alias_scopes = [#[[G:alias_scope[0-9]*]]], noalias_scopes = [#[[ARG:alias_scope[0-9]*]]]} : !llvm.ptr -> f32
// CHECK: llvm.store %{{.*}}, %{{.*}} {alias_scopes = [#[[ARG]]], noalias_scopes = [#[[G]]]} : f32, !llvm.ptr
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> f32
// CHECK-NEXT: llvm.return
llvm.mlir.global internal constant @table(dense<1.0> : tensor<4xf32>) : !llvm.array<4 x f32>
llvm.func @kernels(%out: !llvm.ptr) {
  %c1 = llvm.mlir.constant(1 : i64) : i64
  omp.parallel {
    %t = llvm.mlir.addressof @table : !llvm.ptr
    %x = llvm.load %t : !llvm.ptr -> f32
    %s1 = llvm.alloca %c1 x f32 : (i64) -> !llvm.ptr
    %s2 = llvm.alloca %c1 x f32 : (i64) -> !llvm.ptr
    llvm.store %x, %s1 : f32, !llvm.ptr
    llvm.store %x, %s2 : f32, !llvm.ptr
    omp.terminator
  }
  omp.parallel {
    %t = llvm.mlir.addressof @table : !llvm.ptr
    %x = llvm.load %t : !llvm.ptr -> f32
    llvm.store %x, %out : f32, !llvm.ptr
    omp.terminator
  }
  %y = llvm.load %out : !llvm.ptr -> f32
  llvm.return
}

// -----

// Outlined loop nests take their buffers as arguments. @nest's first
// argument is the caller's argument at one call and an allocation at the
// other, its last two the same allocation each time, different from the
// first: two classes. @same_twice gets the same buffer for both at one
// call: one class, nothing to tell apart. @public may be called from
// elsewhere, @address_taken through its address: their arguments stay one
// class.
// CHECK-LABEL: llvm.func private @nest
// CHECK: llvm.load %arg0 {alias_scopes = [#[[X:alias_scope[0-9]*]]], noalias_scopes = [#[[Y:alias_scope[0-9]*]]]} : !llvm.ptr -> f32
// CHECK: llvm.store %{{.*}}, %arg1 {alias_scopes = [#[[Y]]], noalias_scopes = [#[[X]]]} : f32, !llvm.ptr
// CHECK: llvm.load %arg2 {alias_scopes = [#[[Y]]], noalias_scopes = [#[[X]]]} : !llvm.ptr -> f32
// CHECK-LABEL: llvm.func private @same_twice
// CHECK-NOT: alias_scopes
// CHECK-LABEL: llvm.func @public
// CHECK-NOT: alias_scopes
// CHECK-LABEL: llvm.func private @address_taken
// CHECK-NOT: alias_scopes
// CHECK: llvm.return
llvm.func @_mlir_memref_to_llvm_alloc(i64) -> !llvm.ptr
llvm.func @caller(%in: !llvm.ptr) -> !llvm.ptr {
  %c = llvm.mlir.constant(64 : i64) : i64
  %a = llvm.call @_mlir_memref_to_llvm_alloc(%c) : (i64) -> !llvm.ptr
  %b = llvm.call @_mlir_memref_to_llvm_alloc(%c) : (i64) -> !llvm.ptr
  llvm.call @nest(%in, %a, %a) : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
  llvm.call @nest(%a, %b, %b) : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
  llvm.call @same_twice(%a, %b) : (!llvm.ptr, !llvm.ptr) -> ()
  llvm.call @same_twice(%b, %b) : (!llvm.ptr, !llvm.ptr) -> ()
  llvm.call @public(%a, %b) : (!llvm.ptr, !llvm.ptr) -> ()
  llvm.call @address_taken(%a, %b) : (!llvm.ptr, !llvm.ptr) -> ()
  %f = llvm.mlir.addressof @address_taken : !llvm.ptr
  llvm.return %f : !llvm.ptr
}
llvm.func private @nest(%x: !llvm.ptr, %y: !llvm.ptr, %y2: !llvm.ptr) {
  %v = llvm.load %x : !llvm.ptr -> f32
  llvm.store %v, %y : f32, !llvm.ptr
  %w = llvm.load %y2 : !llvm.ptr -> f32
  llvm.return
}
llvm.func private @same_twice(%x: !llvm.ptr, %y: !llvm.ptr) {
  %v = llvm.load %x : !llvm.ptr -> f32
  llvm.store %v, %y : f32, !llvm.ptr
  llvm.return
}
llvm.func @public(%x: !llvm.ptr, %y: !llvm.ptr) {
  %v = llvm.load %x : !llvm.ptr -> f32
  llvm.store %v, %y : f32, !llvm.ptr
  llvm.return
}
llvm.func private @address_taken(%x: !llvm.ptr, %y: !llvm.ptr) {
  %v = llvm.load %x : !llvm.ptr -> f32
  llvm.store %v, %y : f32, !llvm.ptr
  llvm.return
}

// -----

// b + (a - b) is a: a difference of two pointers added to a third is not
// an address in the third's buffer. That store gets no scopes; the direct
// accesses of a and b do.
// CHECK-LABEL: llvm.func @pointer_difference
// CHECK: llvm.store %{{.*}}, %[[A:.*]] {alias_scopes
// CHECK: llvm.store %{{.*}}, %[[B:.*]] {alias_scopes
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr
// CHECK-NEXT: llvm.return
llvm.func @_mlir_memref_to_llvm_alloc(i64) -> !llvm.ptr
llvm.func @pointer_difference(%x: f32) {
  %c = llvm.mlir.constant(64 : i64) : i64
  %a = llvm.call @_mlir_memref_to_llvm_alloc(%c) : (i64) -> !llvm.ptr
  %b = llvm.call @_mlir_memref_to_llvm_alloc(%c) : (i64) -> !llvm.ptr
  llvm.store %x, %a : f32, !llvm.ptr
  llvm.store %x, %b : f32, !llvm.ptr
  %ai = llvm.ptrtoint %a : !llvm.ptr to i64
  %bi = llvm.ptrtoint %b : !llvm.ptr to i64
  %d = llvm.sub %ai, %bi : i64
  %s = llvm.add %bi, %d : i64
  %p = llvm.inttoptr %s : i64 to !llvm.ptr
  llvm.store %x, %p : f32, !llvm.ptr
  llvm.return
}
