// Constants of at least 1 MiB are taken out of the text as it is read and
// decoded once, into memory the executable shares (LargeConstants.h): the
// JIT's code reads them where they are (jx-external-constants). f32, ui8
// (under the signless type), bit-packed i1 and f16 literals; the same
// program as a serialized executable, which keeps its constants; and a
// literal whose bytes do not fill its type.
// RUN: rm -rf %t && python3 %S/Inputs/large_constants.py %t
// RUN: jxc run %t/f.mlir --input %t/x.npy --output-dir %t/jit
// RUN: python3 -c "import numpy as np; e = np.load('%t/expected.npz'); r = [np.load('%t/jit/result%%d.npy' %% i) for i in range(4)]; assert (r[0] == e['y']).all() and r[1] == e['us'] and r[2] == e['ps'] and r[3] == e['hs'], r; print('jit matches')" | FileCheck %s --check-prefix=JIT
// RUN: jxc compile %t/f.mlir --emit=executable -o %t/f.jxe
// RUN: jxc run %t/f.jxe --input %t/x.npy --output-dir %t/saved
// RUN: python3 -c "import numpy as np; e = np.load('%t/expected.npz'); r = [np.load('%t/saved/result%%d.npy' %% i) for i in range(4)]; assert (r[0] == e['y']).all() and r[1] == e['us'] and r[2] == e['ps'] and r[3] == e['hs'], r; print('saved matches')" | FileCheck %s --check-prefix=SAVED
// The same program as MLIR bytecode, whose constants arrive as attributes
// (moved into shared memory once parsed).
// RUN: jx-opt %t/f.mlir --emit-bytecode -o %t/f.mlirbc
// RUN: jxc run %t/f.mlirbc --input %t/x.npy --output-dir %t/bytecode
// RUN: python3 -c "import numpy as np; e = np.load('%t/expected.npz'); r = [np.load('%t/bytecode/result%%d.npy' %% i) for i in range(4)]; assert (r[0] == e['y']).all() and r[1] == e['us'] and r[2] == e['ps'] and r[3] == e['hs'], r; print('bytecode matches')" | FileCheck %s --check-prefix=BYTECODE
// RUN: jxc compile %t/f.mlir --emit=stablehlo | FileCheck %s --check-prefix=PRINT
// RUN: not jxc run %t/bad.mlir 2>&1 | FileCheck %s --check-prefix=BAD

// JIT: jit matches
// SAVED: saved matches
// BYTECODE: bytecode matches
// PRINT: stablehlo.constant dense_resource<jx_constant_{{[0-9_]+}}> : tensor<524288xf32>
// PRINT: dialect_resources
// BAD: bad.mlir:2:8: error: the hex literal holds 1048576 bytes, which do not fill 'tensor<10xf32>'
