// check_abi.h - what compiled check ops pass to the runtime's jx_rt_check.
//
// Shared by the compiler's lowering (CheckToRuntime) and the runtime
// (checks.cpp), so that neither needs the other: plain C++, no MLIR.

#ifndef JX_RUNTIME_CHECK_ABI_H
#define JX_RUNTIME_CHECK_ABI_H

#include <cstdint>

namespace jx::check {

/// What a check compares: exactly, within an absolute tolerance, or within a
/// number of ULPs; and whether the expected value is an operand or a constant.
enum class CheckKind : int32_t {
  ExpectEq,
  ExpectEqConst,
  ExpectAlmostEq,
  ExpectAlmostEqConst,
  ExpectClose,
  ExpectSerializedEq,
};

/// "expect_eq", "expect_almost_eq_const", ...; "unknown" for other values.
inline const char *checkKindName(CheckKind kind) {
  switch (kind) {
  case CheckKind::ExpectEq:
    return "expect_eq";
  case CheckKind::ExpectEqConst:
    return "expect_eq_const";
  case CheckKind::ExpectAlmostEq:
    return "expect_almost_eq";
  case CheckKind::ExpectAlmostEqConst:
    return "expect_almost_eq_const";
  case CheckKind::ExpectClose:
    return "expect_close";
  case CheckKind::ExpectSerializedEq:
    return "expect_serialized_eq";
  }
  return "unknown";
}

/// Element codes passed to jx_rt_check: (family << 8) | bit width.
enum class ElementFamily : int32_t {
  Signed = 0,
  Unsigned = 1,
  Float = 2,
  BFloat = 3,
  Complex = 4,
  Bool = 5,
};

} // namespace jx::check

#endif // JX_RUNTIME_CHECK_ABI_H
