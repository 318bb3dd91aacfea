//===- ConvertToLLVM.cpp - one conversion to the LLVM dialect -------------===//
//
// `--jx-convert-to-llvm`, llvm-dialect phase, after convert-vector-to-llvm:
// the math, arith, complex, memref, func, cf, index and OpenMP ops become
// the LLVM dialect in one dialect conversion, with the patterns and the
// options of upstream's eight passes (convert-math-to-llvm,
// convert-arith-to-llvm, convert-complex-to-llvm,
// finalize-memref-to-llvm{use-generic-functions}, convert-func-to-llvm,
// convert-cf-to-llvm, convert-index-to-llvm, convert-openmp-to-llvm), which
// each walked the whole module and asked of every op whether it was legal:
// on a model's entry of 100 000 ops that was 1.1 s of the phase's 1.5 s.
// One type converter serves every pattern; the memref descriptors and the
// functions' signatures come out as they did, and the casts between the
// types are reconciled after (reconcile-unrealized-casts), as before.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CPUPipeline.h"

#include "mlir/Analysis/DataLayoutAnalysis.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ComplexToLLVM/ComplexToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/OpenMPToLLVM/ConvertOpenMPToLLVM.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;

namespace jx {
namespace {

struct ConvertToLLVMPass
    : PassWrapper<ConvertToLLVMPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ConvertToLLVMPass)

  StringRef getArgument() const override { return "jx-convert-to-llvm"; }
  StringRef getDescription() const override {
    return "Convert math, arith, complex, memref, func, cf, index and "
           "OpenMP ops to the LLVM dialect in one conversion";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<LLVM::LLVMDialect>();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    const auto &layouts = getAnalysis<DataLayoutAnalysis>();
    LowerToLLVMOptions options(context, layouts.getAtOrAbove(module));
    options.useGenericFunctions = true;
    LLVMTypeConverter converter(context, options, &layouts);

    RewritePatternSet patterns(context);
    SymbolTableCollection symbolTables;
    populateMathToLLVMConversionPatterns(converter, patterns);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    populateComplexToLLVMConversionPatterns(converter, patterns);
    populateFinalizeMemRefToLLVMConversionPatterns(converter, patterns,
                                                   &symbolTables);
    populateFuncToLLVMConversionPatterns(converter, patterns, &symbolTables);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    cf::populateAssertToLLVMConversionPattern(converter, patterns,
                                              /*abortOnFailure=*/true,
                                              &symbolTables);
    index::populateIndexToLLVMConversionPatterns(converter, patterns);
    populateOpenMPToLLVMConversionPatterns(converter, patterns);

    LLVMConversionTarget target(*context);
    target.addLegalOp<ModuleOp>();
    target.addLegalOp<omp::BarrierOp, omp::FlushOp, omp::TaskwaitOp,
                      omp::TaskyieldOp, omp::TerminatorOp>();
    configureOpenMPToLLVMConversionLegality(target, converter);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void registerConvertToLLVMPass() { PassRegistration<ConvertToLLVMPass>(); }

} // namespace jx
