// A serialized executable (jxc compile --emit=executable) runs under jxc
// run and under jx-run, which links only the runtime: the same results as
// compiling the program, the program's checks evaluated, and the runtime
// functions the code calls (GEMM through BLAS, temporaries, a strided copy)
// resolved in the loading process. Damaged files get a clear error and
// exit code 2, never a crash.

// RUN: rm -rf %t && mkdir -p %t
// RUN: jxc compile %s --emit=executable -o %t/f.jxe
// RUN: python3 -c "import numpy as np; np.save('%t/x.npy', np.arange(12, dtype=np.float32).reshape(3, 4)); np.save('%t/w.npy', (np.arange(8, dtype=np.float32) - 3).reshape(4, 2))"
// RUN: jx-run %t/f.jxe --input %t/x.npy --input %t/w.npy --output-dir %t/out | FileCheck %s --check-prefix=OUT
// RUN: jxc run %s --input %t/x.npy --input %t/w.npy --output-dir %t/ref | FileCheck %s --check-prefix=JXC
// RUN: jxc run %t/f.jxe --input %t/x.npy --input %t/w.npy --output-dir %t/jxe | FileCheck %s --check-prefix=JXC
// RUN: python3 -c "import numpy as np; x=np.arange(12,dtype=np.float32).reshape(3,4); w=(np.arange(8,dtype=np.float32)-3).reshape(4,2); r=[np.load('%t/' + d + '/result%%d.npy' %% i) for d in ('out','ref','jxe') for i in (0,1)]; e0=np.maximum(x@w,0); e1=x.T; assert all(np.array_equal(a,b) for a,b in zip(r, [e0,e1]*3)), r; print('ok')" | FileCheck %s --check-prefix=SAME

// OUT: result[0]: f32[3,2]
// OUT-NEXT: {{\[\[}}10, 16],
// OUT-NEXT:  [10, 32],
// OUT-NEXT:  [10, 48]]
// OUT-NEXT: result[1]: f32[4,3]
// OUT: PASS main
// JXC: PASS main
// SAME: ok

// Wrong inputs: the signature travels with the code.
// RUN: not jx-run %t/f.jxe --input %t/w.npy --input %t/w.npy 2>&1 | FileCheck %s --check-prefix=BADINPUT
// BADINPUT: @main input #0 must be f32[3,4], got f32[4,2]

// Truncated, corrupted, not an executable at all.
// RUN: head -c 200 %t/f.jxe > %t/short.jxe
// RUN: not jx-run %t/short.jxe 2> %t/short.err; FileCheck %s --check-prefix=SHORT < %t/short.err
// SHORT: jx-run: error: {{.*}}short.jxe: jx executable corrupted (checksum mismatch)
// RUN: python3 -c "b=bytearray(open('%t/f.jxe','rb').read()); b[len(b)//2]^=0x55; open('%t/flip.jxe','wb').write(b)"
// RUN: not jx-run %t/flip.jxe 2>&1 | FileCheck %s --check-prefix=FLIP
// FLIP: jx executable corrupted (checksum mismatch)
// Written by another jx version; compiled for a CPU with a feature this one
// lacks (the flag "fpu" renamed "fpZ").
// RUN: python3 %S/Inputs/rewrite_jxe.py %t/f.jxe %t/version.jxe "$(jx-run --version | sed 's/.*jx //; s/)//')" 9.9.9
// RUN: not jx-run %t/version.jxe 2>&1 | FileCheck %s --check-prefix=VERSION
// VERSION: jx executable written by jx 9.9.9, this is jx {{[0-9.]+}}: compile it again
// RUN: python3 %S/Inputs/rewrite_jxe.py %t/f.jxe %t/cpu.jxe fpu fpZ
// RUN: not jx-run %t/cpu.jxe 2>&1 | FileCheck %s --check-prefix=CPU
// CPU: @main was compiled for {{.*}}, with CPU features this {{.*}} lacks: fpZ
// RUN: not jx-run %s 2>&1 | FileCheck %s --check-prefix=TEXT
// TEXT: not a jx executable (no JXEXEC header)
// RUN: not jx-run %t/missing.jxe 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: jx-run: error: cannot open {{.*}}missing.jxe
// RUN: not jx-run 2>&1 | FileCheck %s --check-prefix=USAGE
// USAGE: jx-run: error: give an executable (FILE.jxe)
// RUN: not jxc compile %s --emit=executable 2>&1 | FileCheck %s --check-prefix=STDOUT
// STDOUT: --emit=executable writes binary; give a file with -o

func.func @main(%x: tensor<3x4xf32>, %w: tensor<4x2xf32>)
    -> (tensor<3x2xf32>, tensor<4x3xf32>) {
  %d = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0]
      : (tensor<3x4xf32>, tensor<4x2xf32>) -> tensor<3x2xf32>
  %z = stablehlo.constant dense<0.0> : tensor<3x2xf32>
  %r = stablehlo.maximum %d, %z : tensor<3x2xf32>
  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<3x4xf32>) -> tensor<4x3xf32>
  return %r, %t : tensor<3x2xf32>, tensor<4x3xf32>
}
