//===- StableHLOBase.td - stablehlo dialect, types, constraints -*- tablegen -*-===//
//
// The `stablehlo` dialect of jx, written from the public StableHLO
// specification. This file holds what every op family shares: the dialect,
// the token type and the element-type constraints of the spec's "Types"
// section. Ops live in one file per family (StableHLO*Ops.td).
//
//===----------------------------------------------------------------------===//

#ifndef JX_STABLEHLO_BASE
#define JX_STABLEHLO_BASE

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

def StableHLO_Dialect : Dialect {
  let name = "stablehlo";
  let cppNamespace = "::jx::stablehlo";
  let summary = "StableHLO: portable ML operation set (jx's implementation)";
  let description = [{
    Ops, types and attributes of the StableHLO specification, with the
    pretty syntax upstream tools print and the generic form.
  }];
  let dependentDialects = ["::mlir::quant::QuantDialect"];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
    void registerTypes();
    void registerOps();
  }];
}

// Every tensor an op touches has an element count and a byte size that an
// int64 holds (TypeUtils.h): beyond that, allocation sizes and index
// arithmetic wrap, and the program would corrupt memory when run.
def HLO_BoundedTensorSizes : NativeOpTrait<"BoundedTensorSizes"> {
  let cppNamespace = "::jx::stablehlo::HLOTrait";
}

class StableHLO_Op<string mnemonic, list<Trait> traits = []>
    : Op<StableHLO_Dialect, mnemonic, !listconcat(traits,
                                                  [HLO_BoundedTensorSizes])>;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

def StableHLO_Token : TypeDef<StableHLO_Dialect, "Token"> {
  let mnemonic = "token";
  let summary = "token: orders side-effecting ops";
}

// Element types of the spec: booleans, integers, floats, complex, quantized.
def HLO_Pred : TypeAlias<I1, "pred (i1)">;
def HLO_SInt : AnyTypeOf<[I<2>, I<4>, I<8>, I<16>, I<32>, I<64>], "signed integer">;
def HLO_UInt : AnyTypeOf<[UI<2>, UI<4>, UI<8>, UI<16>, UI<32>, UI<64>], "unsigned integer">;
def HLO_Int : AnyTypeOf<[HLO_SInt, HLO_UInt], "integer">;
def HLO_Float : AnyTypeOf<[F4E2M1FN, F6E2M3FN, F6E3M2FN, F8E3M4, F8E4M3,
    F8E4M3FN, F8E4M3FNUZ, F8E4M3B11FNUZ, F8E5M2, F8E5M2FNUZ, F8E8M0FNU,
    F16, F32, F64, BF16], "floating-point">;
def HLO_Complex : Complex<AnyTypeOf<[F32, F64]>>;
def HLO_Quant : Type<CPred<"::jx::stablehlo::isQuantizedElementType($_self)">,
    "quantized integer">;

def HLO_IntOrFp : AnyTypeOf<[HLO_Int, HLO_Float]>;
def HLO_Element : AnyTypeOf<[HLO_Pred, HLO_Int, HLO_Float, HLO_Complex, HLO_Quant]>;

// Tensors are always ranked in StableHLO; dimensions may be dynamic and carry
// bounds in a #stablehlo.type_extensions encoding.
def HLO_Tensor : RankedTensorOf<[HLO_Pred, HLO_Int, HLO_Float, HLO_Complex, HLO_Quant]>;
def HLO_NonQuantTensor : RankedTensorOf<[HLO_Pred, HLO_Int, HLO_Float, HLO_Complex]>;
def HLO_PredTensor : RankedTensorOf<[HLO_Pred]>;
def HLO_IntTensor : RankedTensorOf<[HLO_Int]>;
def HLO_PredOrIntTensor : RankedTensorOf<[HLO_Pred, HLO_Int]>;
def HLO_FpTensor : RankedTensorOf<[HLO_Float]>;
def HLO_FpOrComplexTensor : RankedTensorOf<[HLO_Float, HLO_Complex]>;
def HLO_FpComplexOrQuantTensor : RankedTensorOf<[HLO_Float, HLO_Complex, HLO_Quant]>;
def HLO_IntFpOrComplexTensor : RankedTensorOf<[HLO_Int, HLO_Float, HLO_Complex]>;
def HLO_ComplexTensor : RankedTensorOf<[HLO_Complex]>;
def HLO_ScalarIntTensor : 0DTensorOf<[HLO_Int]>;
def HLO_DimensionTensor : 1DTensorOf<[HLO_Int]>;

def HLO_Tuple : NestedTupleOf<[StableHLO_Token, HLO_Tensor]>;
def HLO_TensorOrToken : AnyTypeOf<[HLO_Tensor, StableHLO_Token]>;
def HLO_TensorOrTokenOrTuple : AnyTypeOf<[HLO_Tensor, StableHLO_Token, HLO_Tuple]>;

#endif // JX_STABLEHLO_BASE
