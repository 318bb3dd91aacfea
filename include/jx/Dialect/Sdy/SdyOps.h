//===- SdyOps.h - a minimal sdy (Shardy) dialect -----------------*- C++ -*-===//
//
// The `sdy` dialect (jx::sdy): meshes, sharding attributes kept as text, and
// the ops JAX emits with Shardy (sharding_constraint, reshard,
// manual_computation). jx preserves them; it does not propagate shardings.
//
//===----------------------------------------------------------------------===//

#ifndef JX_DIALECT_SDY_SDYOPS_H
#define JX_DIALECT_SDY_SDYOPS_H

#include "mlir/IR/Attributes.h"

#include <optional>
#include <string>
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "jx/Dialect/Sdy/SdyDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "jx/Dialect/Sdy/SdyAttrs.h.inc"

#define GET_OP_CLASSES
#include "jx/Dialect/Sdy/SdyOps.h.inc"

namespace jx::sdy {

/// Parses one bracketed group (`<...>`, `[...]`, `{...}` or `(...)`) token by
/// token and appends a canonical spelling of it to `text` (", " after commas,
/// no other spaces except before a `{` that follows `)`). Used for sdy
/// attributes written without their `#sdy.<mnemonic>` prefix inside ops.
mlir::ParseResult parseBalancedText(mlir::AsmParser &parser,
                                    std::string &text);

/// Registers the reader of Shardy's bytecode encoding (SdyBytecode.cpp), so
/// portable artifacts carrying sdy attributes can be read.
void addBytecodeInterface(SdyDialect *dialect);

/// Builders usable outside SdyDialect.cpp (where the attribute storage lives):
/// a text-kept attribute by mnemonic ("sharding", "sharding_per_value",
/// "manual_axes", else an UnknownAttr), its body, and a checked mesh.
mlir::Attribute makeTextAttr(mlir::MLIRContext *ctx, llvm::StringRef mnemonic,
                             llvm::StringRef body);
llvm::StringRef textAttrBody(mlir::Attribute attr);
mlir::Attribute
makeMeshAttr(llvm::function_ref<mlir::InFlightDiagnostic()> emitError,
             mlir::MLIRContext *ctx, llvm::ArrayRef<mlir::StringAttr> names,
             llvm::ArrayRef<int64_t> sizes, llvm::ArrayRef<int64_t> deviceIds);

/// One mesh axis a dimension is sharded on: the whole axis, or the sub-axis
/// `"name":(pre_size)size`.
struct AxisRef {
  std::string name;
  int64_t preSize = 1;
  int64_t size = 0; // 0: the whole axis
};
/// How one tensor is split over a mesh (a #sdy.sharding read from its text):
/// for each dimension the axes it is sharded on, major to minor.
struct ShardingSpec {
  std::string mesh; // the @name of an sdy.mesh
  llvm::SmallVector<llvm::SmallVector<AxisRef>> dims;
};
/// Reads a sharding's text (`<@mesh, [{"x"}, {}]>`; open dimensions and
/// `replicated=`/`unreduced=` lists are accepted and carry no split), or
/// says what is wrong in `error`.
std::optional<ShardingSpec> parseSharding(llvm::StringRef text,
                                          std::string &error);
/// Reads a sharding_per_value's text (`[<@mesh, ...>, <@mesh, ...>]`).
std::optional<llvm::SmallVector<ShardingSpec>>
parseShardingPerValue(llvm::StringRef text, std::string &error);
/// Reads a manual_axes text (`{"x", "y"}`).
std::optional<llvm::SmallVector<std::string>>
parseManualAxes(llvm::StringRef text, std::string &error);

} // namespace jx::sdy

#endif // JX_DIALECT_SDY_SDYOPS_H
