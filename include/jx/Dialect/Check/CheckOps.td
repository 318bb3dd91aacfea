//===- CheckOps.td - the test-only check dialect ------------*- tablegen -*-===//
//
// `check` ops assert a tensor's value at run time. Test programs (the
// conformance `interpret/` files) use them after computing a result:
//
//   check.expect_eq %a, %b : tensor<3xi64>
//   check.expect_eq_const %a, dense<[1, 2, 3]> : tensor<3xi64>
//   check.expect_almost_eq %a, %b, tolerance = 1.000000e-01 : tensor<f64>
//   check.expect_almost_eq_const %a, dense<5.1> : tensor<f64> {tolerance = 0.1 : f64}
//   check.expect_close %a, %b, max_ulp_difference = 3 : tensor<f16>, tensor<f16>
//   check.expect_serialized_eq %a, probe_id = "p", iter = 1 : tensor<i64>
//
// The ops have no results and only describe what to compare; the runner
// (jxc run) evaluates them.
//
//===----------------------------------------------------------------------===//

#ifndef JX_CHECK_OPS
#define JX_CHECK_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

def Check_Dialect : Dialect {
  let name = "check";
  let cppNamespace = "::jx::check";
  let summary = "Test-only assertions on tensor values";
  let description = [{
    Ops that compare a computed tensor with another tensor or a constant,
    exactly, within an absolute tolerance, or within a number of ULPs.
  }];
  // Every attribute lives in the attribute dictionary, so the pretty forms
  // that put an attribute in a trailing `{...}` print it back there.
  let usePropertiesForAttributes = 0;
}

class Check_Op<string mnemonic, list<Trait> traits = []>
    : Op<Check_Dialect, mnemonic, traits>;

def Check_FpOrComplexTensor : RankedTensorOf<[AnyFloat, Complex<AnyFloat>]>;

def Check_ExpectEqOp : Check_Op<"expect_eq",
    [AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "Checks that two tensors are bitwise equal";
  let arguments = (ins AnyRankedTensor:$lhs, AnyRankedTensor:$rhs);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs)";
}

def Check_ExpectEqConstOp : Check_Op<"expect_eq_const"> {
  let summary = "Checks that a tensor equals a constant";
  let arguments = (ins AnyRankedTensor:$lhs, ElementsAttr:$value);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Check_ExpectAlmostEqOp : Check_Op<"expect_almost_eq",
    [AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "Checks that two tensors are equal within a tolerance";
  let description = [{
    Elementwise `|lhs - rhs| <= tolerance` (for complex numbers on the real
    and imaginary parts); the tolerance defaults to 1e-4.
  }];
  let arguments = (ins Check_FpOrComplexTensor:$lhs,
      Check_FpOrComplexTensor:$rhs, OptionalAttr<F64Attr>:$tolerance);
  let assemblyFormat = [{
    $lhs `,` $rhs (`,` `tolerance` `=` $tolerance^)? attr-dict `:` type($lhs)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The tolerance, or the default 1e-4 when none is given.
    double getToleranceOrDefault();
  }];
}

def Check_ExpectAlmostEqConstOp : Check_Op<"expect_almost_eq_const"> {
  let summary = "Checks that a tensor equals a constant within a tolerance";
  let arguments = (ins Check_FpOrComplexTensor:$lhs, ElementsAttr:$value,
      OptionalAttr<F64Attr>:$tolerance);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The tolerance, or the default 1e-4 when none is given.
    double getToleranceOrDefault();
  }];
}

def Check_ExpectCloseOp : Check_Op<"expect_close"> {
  let summary = "Checks that two tensors are a bounded number of ULPs apart";
  let description = [{
    Elementwise, the distance in units in the last place between `actual`
    and `expected` lies in [min_ulp_difference, max_ulp_difference].
  }];
  let arguments = (ins Check_FpOrComplexTensor:$actual,
      Check_FpOrComplexTensor:$expected, I64Attr:$max_ulp_difference,
      OptionalAttr<I64Attr>:$min_ulp_difference);
  let assemblyFormat = [{
    $actual `,` $expected `,` `max_ulp_difference` `=` $max_ulp_difference
    (`,` `min_ulp_difference` `=` $min_ulp_difference^)?
    attr-dict `:` type($actual) `,` type($expected)
  }];
  let hasVerifier = 1;
}

def Check_ExpectSerializedEqOp : Check_Op<"expect_serialized_eq"> {
  let summary = "Checks a tensor against one an interpreter probe wrote";
  let description = [{
    Compares with the value `interpreter.probe` with the same `probe_id`
    recorded on its `iter`-th execution. jx parses and verifies it; running
    it needs the interpreter's probe files.
  }];
  let arguments = (ins AnyRankedTensor:$expected, StrAttr:$probe_id,
      OptionalAttr<I64Attr>:$iter);
  let assemblyFormat = [{
    $expected `,` `probe_id` `=` $probe_id (`,` `iter` `=` $iter^)?
    attr-dict `:` type($expected)
  }];
  let hasVerifier = 1;
}

#endif // JX_CHECK_OPS
