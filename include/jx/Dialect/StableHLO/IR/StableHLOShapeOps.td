//===- StableHLOShapeOps.td - constants and shape ops ----*- tablegen -*-===//
//
// Constants, iota and the ops that move data without computing: reshape,
// broadcast, transpose, slicing, concatenation, padding, tuples, and their
// dynamic-shape variants. Shape rules live in InferShape.h/.cpp and are
// shared with the C++ frontend; ShapeOps.cpp holds verifiers, syntax and
// builders.
//
//===----------------------------------------------------------------------===//

#ifndef JX_STABLEHLO_SHAPE_OPS
#define JX_STABLEHLO_SHAPE_OPS

include "jx/Dialect/StableHLO/IR/StableHLOAttrs.td"

// A 1-D tensor of sizes or indices, as the dynamic-shape ops take them.
def HLO_ShapeOperand : 1DTensorOf<[HLO_Int, Index]>;
// A 0-D integer tensor: one start index of dynamic_slice and friends.
def HLO_ScalarIndex : 0DTensorOf<[HLO_Int]>;
// Tensors iota can fill: no booleans.
def HLO_IotaTensor : RankedTensorOf<[HLO_Int, HLO_Float, HLO_Complex, HLO_Quant]>;

//===----------------------------------------------------------------------===//
// constant, iota
//===----------------------------------------------------------------------===//

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

def StableHLO_IotaOp : StableHLO_Op<"iota", [Pure]> {
  let summary = "iota: values increasing along one dimension";
  let arguments = (ins I64Attr:$iota_dimension);
  let results = (outs HLO_IotaTensor:$output);
  // `stablehlo.iota dim = 0 : tensor<4xi32>`
  let assemblyFormat = "`dim` `=` $iota_dimension attr-dict `:` type($output)";
  let hasVerifier = 1;
}

def StableHLO_DynamicIotaOp : StableHLO_Op<"dynamic_iota", [Pure]> {
  let summary = "dynamic_iota: iota whose shape is an operand";
  let arguments = (ins HLO_ShapeOperand:$output_shape, I64Attr:$iota_dimension);
  let results = (outs HLO_IotaTensor:$result);
  // `stablehlo.dynamic_iota %shape, dim = 0 : (tensor<2xi64>) -> tensor<?x?xi64>`
  let assemblyFormat = [{
    $output_shape `,` `dim` `=` $iota_dimension attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Broadcasts and reshapes
//===----------------------------------------------------------------------===//

def StableHLO_BroadcastInDimOp : StableHLO_Op<"broadcast_in_dim", [Pure]> {
  let summary = "broadcast_in_dim: expands dimensions and adds new ones";
  let arguments = (ins HLO_Tensor:$operand,
                       DenseI64ArrayAttr:$broadcast_dimensions);
  let results = (outs HLO_Tensor:$result);
  // `stablehlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<..>) -> tensor<..>`
  let assemblyFormat = [{
    $operand `,` `dims` `=` custom<Dims>($broadcast_dimensions)
      attr-dict `:` functional-type(operands, results)
  }];
  let builders = [
    // The result takes the operand's element type and `resultShape`.
    OpBuilder<(ins "::mlir::Value":$operand,
                   "::llvm::ArrayRef<int64_t>":$resultShape,
                   "::llvm::ArrayRef<int64_t>":$broadcastDimensions)>];
  let hasVerifier = 1;
}

def StableHLO_BroadcastOp : StableHLO_Op<"broadcast", [Pure]> {
  let summary = "broadcast (deprecated): prepends dimensions of the given sizes";
  let arguments = (ins HLO_Tensor:$operand, DenseI64ArrayAttr:$broadcast_sizes);
  let results = (outs HLO_Tensor:$result);
  // `stablehlo.broadcast %x, sizes = [2] : (tensor<3xf32>) -> tensor<2x3xf32>`
  let assemblyFormat = [{
    $operand `,` `sizes` `=` custom<Dims>($broadcast_sizes)
      attr-dict `:` functional-type(operands, results)
  }];
  let builders = [OpBuilder<(ins "::mlir::Value":$operand,
                                 "::llvm::ArrayRef<int64_t>":$broadcastSizes)>];
  let hasVerifier = 1;
}

def StableHLO_DynamicBroadcastInDimOp
    : StableHLO_Op<"dynamic_broadcast_in_dim", [Pure]> {
  let summary = "dynamic_broadcast_in_dim: broadcast_in_dim to a shape operand";
  let arguments = (ins HLO_Tensor:$operand,
                       HLO_ShapeOperand:$output_dimensions,
                       DenseI64ArrayAttr:$broadcast_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$known_expanding_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$known_nonexpanding_dimensions);
  let results = (outs HLO_Tensor:$result);
  // `stablehlo.dynamic_broadcast_in_dim %x, %shape, dims = [0, 1]
  //  {known_expanding_dimensions = array<i64: 0>} : (tensor<..>, tensor<2xi64>)
  //  -> tensor<..>`: the known_* hints travel in the attribute dictionary.
  let assemblyFormat = [{
    $operand `,` $output_dimensions `,` `dims` `=` custom<Dims>($broadcast_dimensions)
      attr-dict `:` functional-type(operands, results)
  }];
  let builders = [OpBuilder<(ins "::mlir::Type":$resultType,
      "::mlir::Value":$operand, "::mlir::Value":$outputDimensions,
      "::llvm::ArrayRef<int64_t>":$broadcastDimensions), [{
    build($_builder, $_state, resultType, operand, outputDimensions,
          broadcastDimensions, nullptr, nullptr);
  }]>];
  let hasVerifier = 1;
}

def StableHLO_ReshapeOp : StableHLO_Op<"reshape", [Pure]> {
  let summary = "reshape: same elements, another static shape";
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  // `stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>`
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let builders = [
    // The result takes the operand's element type and `resultShape`.
    OpBuilder<(ins "::mlir::Value":$operand,
                   "::llvm::ArrayRef<int64_t>":$resultShape)>];
  let hasVerifier = 1;
}

def StableHLO_DynamicReshapeOp : StableHLO_Op<"dynamic_reshape", [Pure]> {
  let summary = "dynamic_reshape: reshape to a shape operand";
  let arguments = (ins HLO_Tensor:$operand, HLO_ShapeOperand:$output_shape);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def StableHLO_TransposeOp : StableHLO_Op<"transpose", [Pure]> {
  let summary = "transpose: permutes dimensions";
  let arguments = (ins HLO_Tensor:$operand, DenseI64ArrayAttr:$permutation);
  let results = (outs HLO_Tensor:$result);
  // `stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>`
  let assemblyFormat = [{
    $operand `,` `dims` `=` custom<Dims>($permutation)
      attr-dict `:` functional-type(operands, results)
  }];
  let builders = [OpBuilder<(ins "::mlir::Value":$operand,
                                 "::llvm::ArrayRef<int64_t>":$permutation)>];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Slicing
//===----------------------------------------------------------------------===//

def StableHLO_SliceOp : StableHLO_Op<"slice", [Pure]> {
  let summary = "slice: a strided static window";
  let arguments = (ins HLO_Tensor:$operand,
                       DenseI64ArrayAttr:$start_indices,
                       DenseI64ArrayAttr:$limit_indices,
                       DenseI64ArrayAttr:$strides);
  let results = (outs HLO_Tensor:$result);
  // `stablehlo.slice %x [1:3, 4:8:2] : (tensor<3x8xf32>) -> tensor<2x2xf32>`
  let assemblyFormat = [{
    $operand custom<SliceRanges>($start_indices, $limit_indices, $strides)
      attr-dict `:` functional-type(operands, results)
  }];
  let builders = [OpBuilder<(ins "::mlir::Value":$operand,
                                 "::llvm::ArrayRef<int64_t>":$startIndices,
                                 "::llvm::ArrayRef<int64_t>":$limitIndices,
                                 "::llvm::ArrayRef<int64_t>":$strides)>];
  let hasVerifier = 1;
}

def StableHLO_DynamicSliceOp : StableHLO_Op<"dynamic_slice", [Pure]> {
  let summary = "dynamic_slice: a window of static size at run-time offsets";
  let arguments = (ins HLO_Tensor:$operand,
                       Variadic<HLO_ScalarIndex>:$start_indices,
                       DenseI64ArrayAttr:$slice_sizes);
  let results = (outs HLO_Tensor:$result);
  // `stablehlo.dynamic_slice %x, %i, %j, sizes = [2, 2] : (...) -> ...`
  let assemblyFormat = [{
    $operand `,` custom<VariadicOperandWithAttribute>($start_indices)
      `sizes` `=` custom<Dims>($slice_sizes)
      attr-dict `:` functional-type(operands, results)
  }];
  let builders = [OpBuilder<(ins "::mlir::Value":$operand,
                                 "::mlir::ValueRange":$startIndices,
                                 "::llvm::ArrayRef<int64_t>":$sliceSizes)>];
  let hasVerifier = 1;
}

def StableHLO_DynamicUpdateSliceOp
    : StableHLO_Op<"dynamic_update_slice", [Pure]> {
  let summary = "dynamic_update_slice: overwrites a window at run-time offsets";
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$update,
                       Variadic<HLO_ScalarIndex>:$start_indices);
  let results = (outs HLO_Tensor:$result);
  // `stablehlo.dynamic_update_slice %x, %u, %i, %j : (...) -> ...`
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let builders = [OpBuilder<(ins "::mlir::Value":$operand,
                                 "::mlir::Value":$update,
                                 "::mlir::ValueRange":$startIndices)>];
  let hasVerifier = 1;
}

def StableHLO_RealDynamicSliceOp : StableHLO_Op<"real_dynamic_slice", [Pure]> {
  let summary = "real_dynamic_slice: slice with start, limit and strides as operands";
  let arguments = (ins HLO_Tensor:$operand,
                       HLO_ShapeOperand:$start_indices,
                       HLO_ShapeOperand:$limit_indices,
                       HLO_ShapeOperand:$strides);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Concatenation, padding, reversal
//===----------------------------------------------------------------------===//

def StableHLO_ConcatenateOp : StableHLO_Op<"concatenate", [Pure]> {
  let summary = "concatenate: joins tensors along one dimension";
  let arguments = (ins Variadic<HLO_Tensor>:$inputs, I64Attr:$dimension);
  let results = (outs HLO_Tensor:$result);
  // `stablehlo.concatenate %a, %b, dim = 0 : (tensor<1xf32>, tensor<2xf32>) -> tensor<3xf32>`
  let assemblyFormat = [{
    custom<VariadicOperandWithAttribute>($inputs) `dim` `=` $dimension
      attr-dict `:` functional-type(operands, results)
  }];
  let builders = [OpBuilder<(ins "::mlir::ValueRange":$inputs,
                                 "int64_t":$dimension)>];
  let hasVerifier = 1;
}

def StableHLO_PadOp : StableHLO_Op<"pad", [Pure]> {
  let summary = "pad: edge and interior padding";
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$padding_value,
                       DenseI64ArrayAttr:$edge_padding_low,
                       DenseI64ArrayAttr:$edge_padding_high,
                       DenseI64ArrayAttr:$interior_padding);
  let results = (outs HLO_Tensor:$result);
  // `stablehlo.pad %x, %v, low = [1], high = [1], interior = [0] : (...) -> ...`
  let assemblyFormat = [{
    $operand `,` $padding_value
      `,` `low` `=` custom<Dims>($edge_padding_low)
      `,` `high` `=` custom<Dims>($edge_padding_high)
      `,` `interior` `=` custom<Dims>($interior_padding)
      attr-dict `:` functional-type(operands, results)
  }];
  let builders = [OpBuilder<(ins "::mlir::Value":$operand,
                                 "::mlir::Value":$paddingValue,
                                 "::llvm::ArrayRef<int64_t>":$low,
                                 "::llvm::ArrayRef<int64_t>":$high,
                                 "::llvm::ArrayRef<int64_t>":$interior)>];
  let hasVerifier = 1;
}

def StableHLO_DynamicPadOp : StableHLO_Op<"dynamic_pad", [Pure]> {
  let summary = "dynamic_pad: pad with paddings as operands";
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$padding_value,
                       HLO_ShapeOperand:$edge_padding_low,
                       HLO_ShapeOperand:$edge_padding_high,
                       HLO_ShapeOperand:$interior_padding);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def StableHLO_ReverseOp : StableHLO_Op<"reverse", [Pure]> {
  let summary = "reverse: reverses the order of elements along dimensions";
  let arguments = (ins HLO_Tensor:$operand, DenseI64ArrayAttr:$dimensions);
  let results = (outs HLO_Tensor:$result);
  // `stablehlo.reverse %x, dims = [0] : tensor<3x2xf32>`
  let assemblyFormat = [{
    $operand `,` `dims` `=` custom<Dims>($dimensions) attr-dict
      `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let builders = [OpBuilder<(ins "::mlir::Value":$operand,
                                 "::llvm::ArrayRef<int64_t>":$dimensions), [{
    build($_builder, $_state, operand.getType(), operand, dimensions);
  }]>];
  let hasVerifier = 1;
}

def StableHLO_GetDimensionSizeOp : StableHLO_Op<"get_dimension_size", [Pure]> {
  let summary = "get_dimension_size: the size of one dimension, as tensor<i32>";
  let arguments = (ins HLO_Tensor:$operand, I64Attr:$dimension);
  let results = (outs 0DTensorOf<[I32]>:$result);
  // `stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xf32>) -> tensor<i32>`
  let assemblyFormat = [{
    $operand `,` `dim` `=` $dimension attr-dict `:` functional-type(operands, results)
  }];
  let builders = [OpBuilder<(ins "::mlir::Value":$operand, "int64_t":$dimension), [{
    build($_builder, $_state,
          ::mlir::RankedTensorType::get({}, $_builder.getI32Type()), operand,
          dimension);
  }]>];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tuples
//===----------------------------------------------------------------------===//

def StableHLO_TupleOp : StableHLO_Op<"tuple", [Pure]> {
  let summary = "tuple: packs values into a tuple";
  let arguments = (ins Variadic<HLO_TensorOrTokenOrTuple>:$val);
  let results = (outs HLO_Tuple:$result);
  // `stablehlo.tuple %a, %b : tuple<tensor<f32>, tensor<2xi32>>`
  let assemblyFormat = [{
    $val attr-dict `:` custom<TupleOpType>(type($val), type($result))
  }];
  let builders = [OpBuilder<(ins "::mlir::ValueRange":$values)>];
  let hasVerifier = 1;
}

def StableHLO_GetTupleElementOp : StableHLO_Op<"get_tuple_element", [Pure]> {
  let summary = "get_tuple_element: one element of a tuple";
  let arguments = (ins HLO_Tuple:$operand, I32Attr:$index);
  let results = (outs HLO_TensorOrTokenOrTuple:$result);
  // `stablehlo.get_tuple_element %t[0] : (tuple<tensor<f32>>) -> tensor<f32>`
  let assemblyFormat = [{
    $operand `[` $index `]` attr-dict `:` functional-type(operands, results)
  }];
  let builders = [OpBuilder<(ins "::mlir::Value":$operand, "int32_t":$index)>];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Deprecated
//===----------------------------------------------------------------------===//

def StableHLO_TorchIndexSelectOp : StableHLO_Op<"torch_index_select", [Pure]> {
  let summary = "torch_index_select (deprecated): gathers slices along `dim`";
  let arguments = (ins HLO_Tensor:$operand, HLO_IntTensor:$index,
                       I64Attr:$dim, I64Attr:$batch_dims);
  let results = (outs HLO_Tensor:$result);
  // Upstream has no pretty form: only the generic one,
  // `"stablehlo.torch_index_select"(%x, %i) <{batch_dims = 0 : i64, dim = 0 : i64}>`.
  let hasVerifier = 1;
}

#endif // JX_STABLEHLO_SHAPE_OPS
