// Bytes that are not MLIR at all: random bytes, a bytecode header followed
// by noise, invalid UTF-8, a truncated bytecode file. Each is an error with
// a location and a non-zero exit.
// RUN: not jx-opt %S/Inputs/garbage.bin 2>&1 | FileCheck %s --check-prefix=GARBAGE
// GARBAGE: garbage.bin:1:1: error: unexpected character
// RUN: not jx-opt %S/Inputs/bad_bytecode.mlirbc 2>&1 | FileCheck %s --check-prefix=BYTECODE
// BYTECODE: bad_bytecode.mlirbc: error: corrupted MLIR bytecode: header, byte 4: bytecode version {{[0-9]+}} is newer than the newest version read (6)
// RUN: not jx-opt %S/Inputs/bad_utf8.mlir 2>&1 | FileCheck %s --check-prefix=UTF8
// UTF8: bad_utf8.mlir:4:1: error: unexpected character
// RUN: not jx-opt %S/Inputs/truncated.mlirbc 2>&1 | FileCheck %s --check-prefix=TRUNCATED
// TRUNCATED: truncated.mlirbc: error: corrupted MLIR bytecode: {{.*}}IR section of {{[0-9]+}} bytes exceeds the {{[0-9]+}} bytes that remain
// An empty file is an empty module.
// RUN: jx-opt %S/Inputs/empty.mlir | FileCheck %s --check-prefix=EMPTY
// EMPTY: module {
