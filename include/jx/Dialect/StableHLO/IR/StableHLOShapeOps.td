//===- StableHLOShapeOps.td - constants and shape ops ----*- tablegen -*-===//
//
// Constants, iota and the ops that move data without computing: reshape,
// broadcast, transpose, slicing, concatenation, padding, tuples.
//
//===----------------------------------------------------------------------===//

#ifndef JX_STABLEHLO_SHAPE_OPS
#define JX_STABLEHLO_SHAPE_OPS

include "jx/Dialect/StableHLO/IR/StableHLOAttrs.td"

def StableHLO_ConstantOp : StableHLO_Op<"constant", [ConstantLike, Pure]> {
  let summary = "constant: a tensor literal";
  let arguments = (ins ElementsAttr:$value);
  let results = (outs HLO_Tensor:$output);
  // `stablehlo.constant dense<1> : tensor<i32>`; quantized constants, whose
  // literal type differs from the result, print as
  // `stablehlo.constant() <{value = ...}> : () -> tensor<...>`.
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasFolder = 1;
  let builders = [OpBuilder<(ins "::mlir::ElementsAttr":$value), [{
    build($_builder, $_state, ::mlir::cast<::mlir::RankedTensorType>(value.getType()), value);
  }]>];
}

#endif // JX_STABLEHLO_SHAPE_OPS
