//===- InterpreterOps.td - the StableHLO interpreter's test ops -*- tablegen -*-===//
//
// `interpreter.run_parallel`, as StableHLO's reference interpreter defines
// it, which its conformance programs use to run a program on several
// processes:
//
//   %r:2 = "interpreter.run_parallel"(%x0, %x1) {programs = [[@f], [@f]]}
//       : (tensor<4xi64>, tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi64>)
//
// `programs` is the process grid: num_replicas rows of num_partitions
// functions. The operands are the processes' inputs one process after the
// other (row-major), the results their results likewise.
//
//===----------------------------------------------------------------------===//

#ifndef JX_INTERPRETER_OPS
#define JX_INTERPRETER_OPS

include "mlir/IR/OpBase.td"

def Interpreter_Dialect : Dialect {
  let name = "interpreter";
  let cppNamespace = "::jx::interpreter";
  let summary = "The StableHLO reference interpreter's test ops";
  let usePropertiesForAttributes = 0;
}

def Interpreter_RunParallelOp : Op<Interpreter_Dialect, "run_parallel"> {
  let summary = "Runs a grid of programs, one per process, at once";
  let arguments = (ins Variadic<AnyType>:$inputs,
                       ArrayAttr:$programs,
                       OptionalAttr<ArrayAttr>:$infeed);
  let results = (outs Variadic<AnyType>:$results);
  let hasVerifier = 1;
}

#endif // JX_INTERPRETER_OPS
