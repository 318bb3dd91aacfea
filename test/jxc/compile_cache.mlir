// The persistent compile cache: a second process running the same program
// loads it instead of compiling it, a corrupted or foreign entry is
// removed and compiled again (never run), and `jxc cache` shows and empties
// the folder. Off unless JX_CACHE_DIR (or JX_CACHE=1) asks for it.

// RUN: rm -rf %t && mkdir -p %t
// RUN: env JX_CACHE_DIR=%t/c JX_CACHE_LOG=1 jxc run %s 2>&1 | FileCheck %s --check-prefix=FIRST
// FIRST: jx: compile cache miss {{.*}}.jxe
// FIRST-NEXT: jx: compile cache store {{.*}}.jxe
// FIRST-NEXT: PASS main
// RUN: env JX_CACHE_DIR=%t/c JX_CACHE_LOG=1 jxc run %s 2>&1 | FileCheck %s --check-prefix=SECOND
// SECOND: jx: compile cache hit {{.*}}.jxe
// SECOND-NOT: store
// SECOND: PASS main
// RUN: env JX_CACHE_DIR=%t/c jxc cache stats | FileCheck %s --check-prefix=STATS
// STATS: compile cache: {{.*}}/c
// STATS-NEXT: 1 entry,

// Another program (the same one with another constant) is another entry.
// RUN: sed 's/2.0, 4.0, 6.0/2.0, 4.0, 7.0/; s/3.0\]/3.5]/' %s > %t/other.mlir
// RUN: env JX_CACHE_DIR=%t/c JX_CACHE_LOG=1 jxc run %t/other.mlir 2>&1 | FileCheck %s --check-prefix=OTHER
// OTHER: jx: compile cache miss
// OTHER: PASS main
// RUN: env JX_CACHE_DIR=%t/c jxc cache stats | FileCheck %s --check-prefix=TWO
// TWO: 2 entries,

// The same program compiled without streaming stores is another entry
// (JX_STREAMING_STORES=0 changes the code the pipeline makes).
// RUN: env JX_STREAMING_STORES=0 JX_CACHE_DIR=%t/c JX_CACHE_LOG=1 jxc run %s 2>&1 | FileCheck %s --check-prefix=NOSTREAM
// NOSTREAM: jx: compile cache miss
// NOSTREAM: PASS main
// RUN: env JX_CACHE_DIR=%t/c jxc cache stats | FileCheck %s --check-prefix=THREE
// THREE: 3 entries,

// A damaged entry: rejected with the reason, removed, compiled and stored
// again, and the program still passes.
// RUN: for f in %t/c/*.jxe; do python3 -c "import sys; p=sys.argv[1]; b=bytearray(open(p,'rb').read()); b[len(b)//2]^=1; open(p,'wb').write(b)" $f; done
// RUN: env JX_CACHE_DIR=%t/c JX_CACHE_LOG=1 jxc run %s 2>&1 | FileCheck %s --check-prefix=DAMAGED
// DAMAGED: jx: compile cache rejected {{.*}}.jxe: jx executable corrupted (checksum mismatch)
// DAMAGED-NEXT: jx: compile cache store
// DAMAGED-NEXT: PASS main
// RUN: env JX_CACHE_DIR=%t/c JX_CACHE_LOG=1 jxc run %s 2>&1 | FileCheck %s --check-prefix=SECOND

// Off: JX_CACHE=0 wins over JX_CACHE_DIR; nothing logged, nothing stored.
// RUN: env JX_CACHE=0 JX_CACHE_DIR=%t/off JX_CACHE_LOG=1 jxc run %s 2>&1 | FileCheck %s --check-prefix=OFF
// OFF-NOT: compile cache
// OFF: PASS main
// RUN: not ls %t/off
// RUN: env JX_CACHE=0 jxc cache stats | FileCheck %s --check-prefix=OFFSTATS
// OFFSTATS: compile cache: off

// RUN: env JX_CACHE_DIR=%t/c jxc cache clear | FileCheck %s --check-prefix=CLEAR
// CLEAR: removed 3 entries from {{.*}}/c
// RUN: env JX_CACHE_DIR=%t/c jxc cache stats | FileCheck %s --check-prefix=EMPTY
// EMPTY: 0 entries, 0 bytes
// RUN: not jxc cache flush 2>&1 | FileCheck %s --check-prefix=BADACTION
// BADACTION: jxc cache takes 'stats' or 'clear', not 'flush'

func.func @main() {
  %a = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %0 = stablehlo.add %a, %a : tensor<3xf32>
  check.expect_eq_const %0, dense<[2.0, 4.0, 6.0]> : tensor<3xf32>
  return
}
