//===- Vhlo.h - reading StableHLO portable artifacts (VHLO) -----*- C++ -*-===//
//
// A StableHLO *portable artifact* (what `jax.export` ships, and what
// `stablehlo.serialize_portable_artifact` writes) is MLIR bytecode of the
// versioned VHLO dialect, with the producer string "StableHLO_vX.Y.Z". jx
// reads it in three steps:
//
//  1. `readPortableArtifactVersion` checks the header and the producer
//     version (an artifact newer than `supportedVersion()` is refused with
//     both versions named);
//  2. the `vhlo` dialect registered here lets MLIR's bytecode reader read the
//     artifact: every versioned op of VHLO (`vhlo.add_v1`, `vhlo.dot_general_v2`,
//     ...) is registered with the attribute names its bytecode encoding needs,
//     and the dialect's bytecode interface decodes VHLO's types and attributes
//     directly into their builtin and stablehlo counterparts (each VHLO type or
//     attribute version has exactly one), so only the ops stay versioned;
//  3. the `jx-vhlo-to-stablehlo` pass turns every versioned op into today's
//     stablehlo / func op, upgrading older op versions on the way.
//
// `readPortableArtifact` does all three and verifies the result.
//
//===----------------------------------------------------------------------===//

#ifndef JX_DIALECT_VHLO_VHLO_H
#define JX_DIALECT_VHLO_VHLO_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Support/TypeID.h"

#include <memory>
#include <optional>
#include <string>

namespace jx::vhlo {

/// A StableHLO release version, as in the producer string "StableHLO_v1.15.0".
struct Version {
  int major = 0, minor = 0, patch = 0;
  static std::optional<Version> parse(llvm::StringRef text);
  std::string str() const;
  bool operator<(const Version &o) const {
    return std::tie(major, minor, patch) < std::tie(o.major, o.minor, o.patch);
  }
  bool operator<=(const Version &o) const { return !(o < *this); }
};

/// The newest StableHLO version whose artifacts jx reads (the newest VHLO op
/// versions jx knows are those of this release), and the oldest.
Version supportedVersion();
Version minimumVersion();

/// The versioned VHLO dialect; see the file comment.
class VhloDialect : public mlir::Dialect {
public:
  explicit VhloDialect(mlir::MLIRContext *context);
  ~VhloDialect() override;
  static llvm::StringRef getDialectNamespace() { return "vhlo"; }

  /// Ops print in the generic form; there is no textual VHLO syntax to parse
  /// (portable artifacts are bytecode).
  mlir::Attribute parseAttribute(mlir::DialectAsmParser &parser,
                                 mlir::Type type) const override;
  mlir::Type parseType(mlir::DialectAsmParser &parser) const override;

private:
  mlir::TypeIDAllocator typeIds;
};

/// The attribute names a versioned op has in VHLO ("vhlo.add_v1" -> {}),
/// sorted; empty for an unknown op. Attributes outside this list are
/// discardable ones the producer attached (mhlo.*, jax.*, ...).
llvm::ArrayRef<llvm::StringRef> attributeNames(llvm::StringRef opName);

/// True when `bytes` start with MLIR's bytecode magic ("ML\xefR").
bool isBytecode(llvm::StringRef bytes);

/// The StableHLO version of a portable artifact, read from its producer
/// string; an error message (not an artifact, no version, a version outside
/// [minimumVersion, supportedVersion]) otherwise.
std::optional<Version> readPortableArtifactVersion(llvm::StringRef bytes,
                                                   std::string *error);

/// Reads a portable artifact into a verified stablehlo module. On failure
/// returns null; diagnostics go to the context's handler at `loc` (unknown
/// when null), and `error`, when given, holds a one-line summary.
mlir::OwningOpRef<mlir::ModuleOp>
readPortableArtifact(llvm::StringRef bytes, mlir::MLIRContext *context,
                     std::string *error = nullptr,
                     mlir::LocationAttr loc = {});

/// Bounds the attribute and type decodings MLIR's bytecode reader may do for
/// a buffer of `bytes` bytes read with `config`. The reader retries entries
/// whose nested references are not resolved yet; in a corrupted file those
/// references can be circular and the retries endless. With the bound, such
/// a file fails with an error instead (readPortableArtifact and jx's loader
/// use it for every bytecode input).
void guardBytecodeReader(mlir::ParserConfig &config, uint64_t bytes);

/// The conversion pass of step 3 (`jx-vhlo-to-stablehlo`).
std::unique_ptr<mlir::Pass> createVhloToStableHLOPass();
void registerVhloPasses();

} // namespace jx::vhlo

MLIR_DECLARE_EXPLICIT_TYPE_ID(jx::vhlo::VhloDialect)

#endif // JX_DIALECT_VHLO_VHLO_H
