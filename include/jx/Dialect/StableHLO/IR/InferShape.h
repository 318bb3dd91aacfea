//===- InferShape.h - shape functions of the shape ops ---------*- C++ -*-===//
//
// Written once, used by the ops' verifiers and by the C++ frontend when it
// traces reshape, broadcast, transpose, slicing, concatenation, padding and
// tuple primitives. Each function checks the spec's constraints that its
// inputs allow it to check, reports the first violation through `emitError`
// (citing the constraint label), and returns the result type.
//
// Dimensions may be dynamic (ShapedType::kDynamic): a constraint that
// compares a dynamic size is taken to hold, and a size computed from a
// dynamic one is dynamic.
//
//===----------------------------------------------------------------------===//

#ifndef JX_DIALECT_STABLEHLO_IR_INFERSHAPE_H
#define JX_DIALECT_STABLEHLO_IR_INFERSHAPE_H

#include "jx/Dialect/StableHLO/IR/TypeUtils.h"

#include "mlir/IR/TypeRange.h"

namespace jx::stablehlo {

/// iota: `shape` with `elementType` (iota_c1: 0 <= iota_dimension < rank).
mlir::FailureOr<mlir::RankedTensorType>
inferIotaOp(EmitErrorFn emitError, llvm::ArrayRef<int64_t> shape,
            mlir::Type elementType, int64_t iotaDimension);

/// broadcast_in_dim to `resultShape` (broadcast_in_dim_c2 .. _c5). The
/// element type is the operand's; a per-axis quantized operand's
/// quantization dimension moves to broadcast_dimensions[d] and a broadcast
/// size-1 quantized dimension repeats its scale (broadcast_in_dim_c6).
mlir::FailureOr<mlir::RankedTensorType>
inferBroadcastInDimOp(EmitErrorFn emitError, mlir::RankedTensorType operand,
                      llvm::ArrayRef<int64_t> resultShape,
                      llvm::ArrayRef<int64_t> broadcastDimensions);

/// dynamic_broadcast_in_dim to `resultShape`, the result type's shape
/// (dynamic_broadcast_in_dim_c2 .. _c6; the shape operand and the known_*
/// hints are checked by the op's verifier).
mlir::FailureOr<mlir::RankedTensorType>
inferDynamicBroadcastInDimOp(EmitErrorFn emitError,
                             mlir::RankedTensorType operand,
                             llvm::ArrayRef<int64_t> resultShape,
                             llvm::ArrayRef<int64_t> broadcastDimensions);

/// broadcast (deprecated): `sizes` followed by the operand's shape.
mlir::FailureOr<mlir::RankedTensorType>
inferBroadcastOp(EmitErrorFn emitError, mlir::RankedTensorType operand,
                 llvm::ArrayRef<int64_t> sizes);

/// reshape to `resultShape` (reshape_c2: same number of elements; reshape_c3
/// for per-axis quantized operands). The element type is the operand's, with
/// the quantization dimension moved to where reshape_c3 puts it.
mlir::FailureOr<mlir::RankedTensorType>
inferReshapeOp(EmitErrorFn emitError, mlir::RankedTensorType operand,
               llvm::ArrayRef<int64_t> resultShape);

/// transpose (transpose_c2: `permutation` is a permutation of the operand's
/// dimensions; transpose_c3: result shape; transpose_c4: quantization
/// dimension).
mlir::FailureOr<mlir::RankedTensorType>
inferTransposeOp(EmitErrorFn emitError, mlir::RankedTensorType operand,
                 llvm::ArrayRef<int64_t> permutation);

/// slice (slice_c2 .. slice_c5).
mlir::FailureOr<mlir::RankedTensorType>
inferSliceOp(EmitErrorFn emitError, mlir::RankedTensorType operand,
             llvm::ArrayRef<int64_t> startIndices,
             llvm::ArrayRef<int64_t> limitIndices,
             llvm::ArrayRef<int64_t> strides);

/// dynamic_slice (dynamic_slice_c2 .. _c5); `startIndices` are the types of
/// the 0-d index operands.
mlir::FailureOr<mlir::RankedTensorType>
inferDynamicSliceOp(EmitErrorFn emitError, mlir::RankedTensorType operand,
                    mlir::TypeRange startIndices,
                    llvm::ArrayRef<int64_t> sliceSizes);

/// dynamic_update_slice (dynamic_update_slice_c2 .. _c6): the operand type.
mlir::FailureOr<mlir::RankedTensorType>
inferDynamicUpdateSliceOp(EmitErrorFn emitError, mlir::RankedTensorType operand,
                          mlir::RankedTensorType update,
                          mlir::TypeRange startIndices);

/// concatenate (concatenate_c1 .. _c4, _c6); `inputs` are ranked tensors.
mlir::FailureOr<mlir::RankedTensorType>
inferConcatenateOp(EmitErrorFn emitError, mlir::TypeRange inputs,
                   int64_t dimension);

/// pad (pad_c1 .. pad_c4); `paddingValue` is the 0-d padding tensor.
mlir::FailureOr<mlir::RankedTensorType>
inferPadOp(EmitErrorFn emitError, mlir::RankedTensorType operand,
           mlir::RankedTensorType paddingValue,
           llvm::ArrayRef<int64_t> edgePaddingLow,
           llvm::ArrayRef<int64_t> edgePaddingHigh,
           llvm::ArrayRef<int64_t> interiorPadding);

/// reverse (reverse_c2, reverse_c3): the operand type.
mlir::FailureOr<mlir::RankedTensorType>
inferReverseOp(EmitErrorFn emitError, mlir::RankedTensorType operand,
               llvm::ArrayRef<int64_t> dimensions);

/// get_dimension_size: tensor<i32> (get_dimension_size_c1).
mlir::FailureOr<mlir::RankedTensorType>
inferGetDimensionSizeOp(EmitErrorFn emitError, mlir::RankedTensorType operand,
                        int64_t dimension);

/// tuple: tuple<types...> (tuple_c1).
mlir::TupleType inferTupleOp(mlir::MLIRContext *context,
                             mlir::TypeRange values);

/// get_tuple_element: the element type at `index` (get_tuple_element_c1).
mlir::FailureOr<mlir::Type> inferGetTupleElementOp(EmitErrorFn emitError,
                                                   mlir::Type operand,
                                                   int64_t index);

/// torch_index_select (deprecated, not in the spec): operand dimensions
/// before `dim`, index dimensions from `batchDims`, operand dimensions after
/// `dim`. Labels follow the op's checks in order (torch_index_select_c1..).
mlir::FailureOr<mlir::RankedTensorType>
inferTorchIndexSelectOp(EmitErrorFn emitError, mlir::RankedTensorType operand,
                        mlir::RankedTensorType index, int64_t dim,
                        int64_t batchDims);

/// The element-type half of broadcast_in_dim_c1, reshape_c1, transpose_c1:
/// equal, or both per-axis quantized with the same storage and expressed
/// types and storage range (scales, zero points and quantization dimension
/// are checked by the shape rule).
bool isSameElementTypeModuloQuantization(mlir::Type operand, mlir::Type result);

} // namespace jx::stablehlo

#endif // JX_DIALECT_STABLEHLO_IR_INFERSHAPE_H
