//===- InitAll.cpp - register jx's dialects and passes --------------------===//

#include "jx/InitAll.h"

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "jx/Dialect/CHLO/Transforms/Passes.h"
#include "jx/Dialect/Check/CheckOps.h"
#include "jx/Dialect/Sdy/SdyOps.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Passes.h"

void jx::registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<mlir::func::FuncDialect, mlir::quant::QuantDialect,
                  jx::stablehlo::StableHLODialect>();
  registry.insert<jx::check::CheckDialect, jx::sdy::SdyDialect>();
  registry.insert<jx::chlo::ChloDialect>();
}

void jx::registerAllPasses() {
  // Upstream passes a StableHLO pipeline uses before our own lowering.
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  mlir::registerInlinerPass();
  mlir::registerSymbolDCEPass();
  jx::stablehlo::registerStableHLOToLinalgPasses();
  jx::chlo::registerCHLOPasses();
}
