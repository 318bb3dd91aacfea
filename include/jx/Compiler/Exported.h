//===- Exported.h - jax.export artifacts as compilable modules --*- C++ -*-===//
//
// A jax.export artifact (jx/export/exported.h) holds a portable artifact
// whose @main follows JAX's calling convention (versions 9 and 10): a
// leading platform index when it was lowered for several platforms, only
// the inputs it keeps (module_kept_var_idx), and, when its shapes are
// symbolic, dynamic dimensions plus `@shape_assertion` custom calls that
// check the inputs. These functions turn it into what jx compiles: an @main
// taking every input of the export in order, with static shapes.
//
//===----------------------------------------------------------------------===//

#ifndef JX_COMPILER_EXPORTED_H
#define JX_COMPILER_EXPORTED_H

#include "jx/export/exported.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace jx::compiler {

/// The export's module, read and converted to stablehlo, with @main taking
/// the export's inputs (in_avals, all of them, in order) and returning its
/// outputs: the platform index is fixed to the CPU's, dropped inputs come
/// back as unused arguments. Refuses (null, after a diagnostic at `loc`)
/// an export not lowered for the CPU, one with ordered effects, or a
/// calling convention version jx does not know.
mlir::OwningOpRef<mlir::ModuleOp>
loadExported(const exported::Exported &exported, mlir::MLIRContext &context,
             mlir::LocationAttr loc);

/// False when the export disabled its shape assertions
/// (DisabledSafetyCheck.shape_assertions()).
bool checksShapeAssertions(const exported::Exported &exported);

/// Checks concrete input shapes against the export's abstract values as
/// JAX's Exported.call does (rank, constant dimensions, dtype); empty when
/// they fit, else JAX's message ("Rank mismatch for args[0]: expected (b, 8)
/// and called with (3, 8, 1)").
std::string checkInputShapes(const exported::Exported &exported,
                             const std::vector<std::vector<int64_t>> &shapes,
                             const std::vector<std::string> &dtypes);

/// Specializes @`entry` of a shape-polymorphic module to concrete input
/// shapes (its arguments keep their element types; a module whose
/// signature is already static is left as it is): sets its argument types,
/// evaluates `get_dimension_size` and the
/// arithmetic on dimensions, checks each `@shape_assertion` (failing with
/// its message, `{0}`... replaced by the values, as JAX reports it),
/// rewrites dynamic ops whose shapes became constants into their static
/// forms, specializes the functions it calls, and gives every value a
/// static type. Fails after a diagnostic. With `checkAssertions` false the
/// assertions are dropped unchecked (an export that disabled them).
mlir::LogicalResult
refineShapes(mlir::ModuleOp module, llvm::StringRef entry,
             const std::vector<std::vector<int64_t>> &inputShapes,
             bool checkAssertions = true);

} // namespace jx::compiler

#endif // JX_COMPILER_EXPORTED_H
