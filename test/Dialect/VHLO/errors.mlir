// Portable artifacts jx cannot read get a clear error and exit status 2,
// never a crash. (Only RUN lines: the inputs are made from Inputs/mlp.bc.)

// Written by a StableHLO newer than jx reads: both versions are named.
// RUN: python3 -c "import sys; d=open(sys.argv[1],'rb').read(); open(sys.argv[2],'wb').write(d.replace(b'StableHLO_v1.15.0', b'StableHLO_v1.99.0'))" %S/Inputs/mlp.bc %t.newer
// RUN: not jxc run %t.newer 2>&1 | FileCheck %s --check-prefix=NEWER
// NEWER: error: this portable artifact was written by StableHLO v1.99.0; jx reads artifacts up to StableHLO v1.20.0

// Truncated: the bytecode reader's error, not a crash.
// RUN: head -c 400 %S/Inputs/mlp.bc > %t.trunc
// RUN: not jxc run %t.trunc 2>&1 | FileCheck %s --check-prefix=TRUNC
// TRUNC: error:
// TRUNC: FAIL <parse error at line 1>

// Only the header.
// RUN: head -c 30 %S/Inputs/mlp.bc > %t.header
// RUN: not jxc run %t.header 2>&1 | FileCheck %s --check-prefix=HEADER
// HEADER: error:

// An unreadable version in the producer string.
// RUN: python3 -c "import sys; d=open(sys.argv[1],'rb').read(); open(sys.argv[2],'wb').write(d.replace(b'StableHLO_v1.15.0', b'StableHLO_vX.15.0'))" %S/Inputs/mlp.bc %t.badversion
// RUN: not jxc run %t.badversion 2>&1 | FileCheck %s --check-prefix=BADVERSION
// BADVERSION: error: unreadable StableHLO version 'X.15.0' in the header

// An op of the vhlo dialect named "vhlo", without the "vhlo." prefix of
// its name (a corrupted op name table; found by jx-fuzz-vhlo, where the
// name's prefix was dropped unchecked): an error, not an assertion.
// RUN: not jxc run %S/Inputs/op_named_vhlo.bc 2>&1 | FileCheck %s --check-prefix=OPNAME
// OPNAME: error: 'vhlo' has no counterpart 'stablehlo.vhlo' in jx's stablehlo dialect
