//===- InferReduction.h - shape functions of reduction ops ------*- C++ -*-===//
//
// Shape rules of reduce, reduce_window, select_and_scatter, sort and map,
// shared by the ops' verifiers and the C++ frontend. The frontend builds the
// op's region first; the functions read the region's block arguments and
// return types.
//
//===----------------------------------------------------------------------===//

#ifndef JX_DIALECT_STABLEHLO_IR_INFERREDUCTION_H
#define JX_DIALECT_STABLEHLO_IR_INFERREDUCTION_H

#include "jx/Dialect/StableHLO/IR/TypeUtils.h"

#include "mlir/IR/Region.h"

#include <optional>

namespace jx::stablehlo {


/// Checks a reduction body: `(tensor<E0>, ..., tensor<EN-1>, tensor<E0>,
/// ..., tensor<EN-1>) -> (tensor<E0>, ..., tensor<EN-1>)` where
/// is_promotable(inputElementTypes[i], Ei). Returns the Ei. Used for
/// reduce_c6, reduce_window_c13 and select_and_scatter_c10 (`label`).
mlir::FailureOr<llvm::SmallVector<mlir::Type>>
verifyReducerBody(EmitErrorFn emitError, mlir::Region &body,
                  llvm::ArrayRef<mlir::Type> inputElementTypes,
                  llvm::StringRef label);

/// Result types of reduce (reduce_c1..c5, c7, c8). `bodyElementTypes` are
/// the Ei of the body (verifyReducerBody), or empty to take the inputs'.
mlir::FailureOr<llvm::SmallVector<mlir::RankedTensorType>>
inferReduceOp(EmitErrorFn emitError,
              llvm::ArrayRef<mlir::RankedTensorType> inputs,
              llvm::ArrayRef<mlir::RankedTensorType> initValues,
              llvm::ArrayRef<int64_t> dimensions,
              llvm::ArrayRef<mlir::Type> bodyElementTypes = {});

/// The attributes of a window: absent ones default to ones (strides,
/// dilations) and zeros (padding, given as [lo0, hi0, lo1, hi1, ...]).
struct WindowConfig {
  llvm::ArrayRef<int64_t> dimensions;
  std::optional<llvm::ArrayRef<int64_t>> strides;
  std::optional<llvm::ArrayRef<int64_t>> baseDilations;
  std::optional<llvm::ArrayRef<int64_t>> windowDilations;
  std::optional<llvm::ArrayRef<int64_t>> padding;
};

/// Number of windows along each dimension of `inputShape` (the formula of
/// reduce_window_c15 / select_and_scatter_c2). Dynamic sizes stay dynamic.
llvm::SmallVector<int64_t> computeNumWindows(llvm::ArrayRef<int64_t> inputShape,
                                             const WindowConfig &window);

/// Result types of reduce_window (reduce_window_c1..c12, c14..c16).
mlir::FailureOr<llvm::SmallVector<mlir::RankedTensorType>>
inferReduceWindowOp(EmitErrorFn emitError,
                    llvm::ArrayRef<mlir::RankedTensorType> inputs,
                    llvm::ArrayRef<mlir::RankedTensorType> initValues,
                    const WindowConfig &window,
                    llvm::ArrayRef<mlir::Type> bodyElementTypes = {});

/// Result type of select_and_scatter (select_and_scatter_c1..c12).
mlir::FailureOr<mlir::RankedTensorType>
inferSelectAndScatterOp(EmitErrorFn emitError, mlir::RankedTensorType operand,
                        mlir::RankedTensorType source,
                        mlir::RankedTensorType initValue,
                        const WindowConfig &window, mlir::Region &select,
                        mlir::Region &scatter);

/// Result types of sort (sort_c1, c2, c4, c5): the inputs' types.
mlir::FailureOr<llvm::SmallVector<mlir::RankedTensorType>>
inferSortOp(EmitErrorFn emitError,
            llvm::ArrayRef<mlir::RankedTensorType> inputs, int64_t dimension,
            mlir::Region &comparator);

/// Result type of map (map_c1..c4).
mlir::FailureOr<mlir::RankedTensorType>
inferMapOp(EmitErrorFn emitError,
           llvm::ArrayRef<mlir::RankedTensorType> inputs,
           llvm::ArrayRef<int64_t> dimensions, mlir::Region &computation);

} // namespace jx::stablehlo

#endif // JX_DIALECT_STABLEHLO_IR_INFERREDUCTION_H
