//===- InitAll.cpp - register jx's dialects and passes --------------------===//

#include "jx/InitAll.h"

#include "jx/Conversion/CheckToRuntime/CheckToRuntime.h"
#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "jx/Dialect/CHLO/Transforms/Passes.h"
#include "jx/Dialect/Check/CheckOps.h"
#include "jx/Dialect/Sdy/SdyOps.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"
#include "jx/Dialect/VHLO/Vhlo.h"
#include "jx/Pipelines/CPUPipeline.h"
#include "jx/Pipelines/CUDAPipeline.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "jx/Dialect/Interpreter/InterpreterOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"

void jx::registerAllDialects(mlir::DialectRegistry &registry) {
  // What StableHLO programs are written in.
  registry.insert<mlir::func::FuncDialect, mlir::quant::QuantDialect,
                  jx::stablehlo::StableHLODialect, jx::check::CheckDialect,
                  jx::sdy::SdyDialect, jx::interpreter::InterpreterDialect>();
  // What the CPU pipeline lowers them to.
  registry.insert<mlir::affine::AffineDialect, mlir::arith::ArithDialect,
                  mlir::bufferization::BufferizationDialect,
                  mlir::cf::ControlFlowDialect, mlir::complex::ComplexDialect,
                  mlir::index::IndexDialect, mlir::LLVM::LLVMDialect,
                  mlir::linalg::LinalgDialect, mlir::math::MathDialect,
                  mlir::memref::MemRefDialect, mlir::omp::OpenMPDialect,
                  mlir::scf::SCFDialect,
                  mlir::tensor::TensorDialect, mlir::ub::UBDialect,
                  mlir::vector::VectorDialect>();
  // Bufferization and LLVM-conversion interfaces of those dialects: the
  // upstream registration brings every dialect's external models along.
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  registry.insert<jx::chlo::ChloDialect>();
  // Portable artifacts (jax.export): read as VHLO, converted to stablehlo.
  registry.insert<jx::vhlo::VhloDialect>();
  // The CUDA pipeline's kernels phase translates each gpu.module to LLVM IR
  // (gpu-module-to-binary) inside the compiler.
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
  mlir::registerGPUDialectTranslation(registry);
  mlir::registerNVVMDialectTranslation(registry);
}

void jx::registerAllPasses() {
  mlir::registerAllPasses();
  jx::stablehlo::registerStableHLOToLinalgPasses();
  jx::check::registerCheckToRuntimePasses();
  jx::registerCPUPipelines();
  jx::registerCUDAPipelines();
  jx::chlo::registerCHLOPasses();
  jx::vhlo::registerVhloPasses();
}
