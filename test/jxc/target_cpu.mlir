// --target-cpu: code for a generic x86-64 level uses only that level's
// instructions (no AVX-512 registers for x86-64-v3, no AVX at all for
// x86-64), and says what it needs: the library header lists the level's
// CPU flags, a serialized executable carries them (jx-run checks them when
// loading). An unknown CPU is an error.

// RUN: rm -rf %t && mkdir -p %t
// RUN: jxc compile %s --emit=library --name v3 --target-cpu=x86-64-v3 -o %t
// RUN: llvm-objdump -d %t/libv3.a | FileCheck %s --check-prefix=V3 --implicit-check-not=zmm
// V3: ymm
// RUN: FileCheck %s --check-prefix=V3HEADER < %t/v3.h
// V3HEADER: x86-64-v3 (generic):
// V3HEADER-NEXT: abm avx avx2 bmi1 bmi2 cx16 f16c fma lahf_lm movbe popcnt sse4_1 sse4_2
// RUN: jxc compile %s --emit=library --name base --target-cpu=x86-64 -o %t
// RUN: llvm-objdump -d %t/libbase.a | FileCheck %s --check-prefix=BASE --implicit-check-not=ymm
// BASE: xmm
// RUN: FileCheck %s --check-prefix=BASEHEADER < %t/base.h
// BASEHEADER: x86-64 (generic): any x86-64

// RUN: jxc compile %s --emit=executable --target-cpu=x86-64-v2 -o %t/v2.jxe
// RUN: jx-run %t/v2.jxe --input=4096xf32=3 | FileCheck %s --check-prefix=OUT
// OUT: result[0]: f32[4096]
// OUT-NEXT: [9, 9, 9, ..., 9, 9, 9]

// The object file and assembly too.
// RUN: jxc compile %s --emit=asm --target-cpu=x86-64-v3 -o - | FileCheck %s --check-prefix=ASM --implicit-check-not=zmm
// ASM: ymm
// RUN: not jxc compile %s --emit=asm --target-cpu=pentium9 2>&1 | FileCheck %s --check-prefix=UNKNOWNASM
// UNKNOWNASM: jxc: error: unknown --target-cpu 'pentium9'

// RUN: not jxc run %s --input=4096xf32=3 --target-cpu=pentium9 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: unknown target CPU 'pentium9' (host, x86-64, x86-64-v2, x86-64-v3, x86-64-v4)

func.func @main(%x: tensor<4096xf32>) -> tensor<4096xf32> {
  %0 = stablehlo.multiply %x, %x : tensor<4096xf32>
  return %0 : tensor<4096xf32>
}
