//===- LapackCustomCalls.cpp - JAX's LAPACK custom calls as runtime calls -===//
//
// `--jx-lapack-custom-calls`, on stablehlo before its lowering to linalg.
// JAX lowers linear algebra on the CPU (jnp.linalg, jax.scipy.linalg,
// lax.linalg) to `stablehlo.custom_call @lapack_<t><routine>_ffi` targets
// that jaxlib implements with LAPACK; each becomes one call of the
// runtime's jx_rt_lapack (lib/runtime/lapack.cpp), which computes what
// jaxlib's kernel computes:
//
//   %a'  = stablehlo.transpose %a     (to the operand's layout, if not
//                                      row-major)
//   %in  = bufferization.to_buffer %a' read_only
//   %out = memref.alloc()             (each result, in its layout's order)
//   call @jx_rt_lapack(descriptor, %in, ..., %out, ...)     (addresses)
//   %r   = stablehlo.transpose (bufferization.to_tensor %out)
//
// The call's `operand_layouts` and `result_layouts` (minor-to-major, as
// XLA reads them; JAX gives every matrix a column-major layout) say in
// which memory order the kernel sees each buffer, so the transposes put
// the row-major tensors of the rest of the program into that order and
// back. The FFI attributes are the dictionary `mhlo.backend_config` that
// JAX writes (or a dictionary `backend_config`, as XLA rewrites it);
// characters are ASCII codes. Every shape, element type and attribute is
// checked here, so the runtime trusts its descriptor.
//
// Targets: trsm, getrf, geqrf, geqp3, orgqr/ungqr, ormqr/unmqr, potrf,
// gesdd, gesvd, syevd/heevd, geev, gees, gehrd, sytrd/hetrd, gtsv for s,
// d, c and z, and tridiagonal_solve_perturbed_ffi (jaxlib's own).
//
//===----------------------------------------------------------------------===//

#include "RuntimeCalls.h"

#include "jx/Pipelines/CPUPipeline.h"
#include "jx/runtime/kernels.h"

#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir;

namespace jx {
namespace {

namespace hlo = jx::stablehlo;
namespace ld = jx::runtime::lapack_desc;

struct Target {
  ld::routine_kind routine;
  /// The element type the name promises (s, d, c, z), or -1 for
  /// tridiagonal_solve_perturbed_ffi, which takes any of them.
  int64_t element;
};

/// The routine and element type of a LAPACK custom-call target name.
std::optional<Target> parseTarget(StringRef name) {
  if (name == "tridiagonal_solve_perturbed_ffi")
    return Target{ld::tridiagonal_solve_perturbed, -1};
  if (!name.consume_front("lapack_") || !name.consume_back("_ffi") ||
      name.size() < 2)
    return std::nullopt;
  char letter = name.front();
  StringRef routine = name.drop_front();
  int64_t element = letter == 's'   ? ld::f32
                    : letter == 'd' ? ld::f64
                    : letter == 'c' ? ld::c64
                    : letter == 'z' ? ld::c128
                                    : -1;
  if (element < 0)
    return std::nullopt;
  bool complex = element == ld::c64 || element == ld::c128;
  // Complex types have their own names for the Hermitian routines.
  using R = std::optional<ld::routine_kind>;
  auto realOnly = [&](ld::routine_kind k) { return complex ? R() : R(k); };
  auto complexOnly = [&](ld::routine_kind k) { return complex ? R(k) : R(); };
  R r = llvm::StringSwitch<R>(routine)
            .Case("trsm", ld::trsm)
            .Case("getrf", ld::getrf)
            .Case("geqrf", ld::geqrf)
            .Case("geqp3", ld::geqp3)
            .Case("orgqr", realOnly(ld::orgqr))
            .Case("ungqr", complexOnly(ld::orgqr))
            .Case("ormqr", realOnly(ld::ormqr))
            .Case("unmqr", complexOnly(ld::ormqr))
            .Case("potrf", ld::potrf)
            .Case("gesdd", ld::gesdd)
            .Case("gesvd", ld::gesvd)
            .Case("syevd", realOnly(ld::syevd))
            .Case("heevd", complexOnly(ld::syevd))
            .Case("geev", ld::geev)
            .Case("gees", ld::gees)
            .Case("gehrd", ld::gehrd)
            .Case("sytrd", realOnly(ld::sytrd))
            .Case("hetrd", complexOnly(ld::sytrd))
            .Case("gtsv", ld::gtsv)
            .Default(std::nullopt);
  if (!r)
    return std::nullopt;
  return Target{*r, element};
}

std::optional<int64_t> elementOf(Type t) {
  if (t.isF32())
    return ld::f32;
  if (t.isF64())
    return ld::f64;
  if (auto c = dyn_cast<ComplexType>(t)) {
    if (c.getElementType().isF32())
      return ld::c64;
    if (c.getElementType().isF64())
      return ld::c128;
  }
  return std::nullopt;
}

/// Checks one custom call and builds its descriptor's params.
class Checker {
public:
  Checker(hlo::CustomCallOp op, Target target) : op(op), target(target) {}

  /// The descriptor, or failure (reported) when the call is malformed.
  FailureOr<SmallVector<int64_t>> describe();

private:
  hlo::CustomCallOp op;
  Target target;
  Type elem, real, i32, complexOfElem;
  SmallVector<int64_t> batch;
  SmallVector<int64_t> params;
  bool failed = false;

  InFlightDiagnostic error() {
    failed = true;
    return op.emitError() << "custom_call @" << op.getCallTargetName() << ": ";
  }

  SmallVector<int64_t> shape(ArrayRef<int64_t> tail) const {
    SmallVector<int64_t> s(batch);
    s.append(tail.begin(), tail.end());
    return s;
  }

  /// Checks that value `v` (operand or result `index`) has type
  /// tensor<batch x tail x type>.
  void expect(StringRef kind, unsigned index, Value v, StringRef what,
              ArrayRef<int64_t> tail, Type type) {
    if (failed)
      return;
    auto want = RankedTensorType::get(shape(tail), type);
    if (v.getType() != want)
      error() << kind << " " << index << " (" << what << ") must be "
              << want << ", not " << v.getType();
  }
  void operand(unsigned i, StringRef what, ArrayRef<int64_t> tail, Type type) {
    if (i < op.getNumOperands())
      expect("operand", i, op.getOperand(i), what, tail, type);
  }
  void result(unsigned i, StringRef what, ArrayRef<int64_t> tail, Type type) {
    if (i < op.getNumResults())
      expect("result", i, op.getResult(i), what, tail, type);
  }

  DictionaryAttr attributes() {
    if (auto dict = dyn_cast_or_null<DictionaryAttr>(op.getBackendConfigAttr()))
      return dict;
    if (auto dict = op->getAttrOfType<DictionaryAttr>("mhlo.backend_config"))
      return dict;
    return {};
  }

  /// An integer attribute of the FFI's dictionary.
  std::optional<int64_t> integer(StringRef name) {
    if (failed)
      return std::nullopt;
    DictionaryAttr dict = attributes();
    auto attr = dict ? dyn_cast_or_null<IntegerAttr>(dict.get(name))
                     : IntegerAttr();
    if (!attr) {
      error() << "needs the integer attribute '" << name
              << "' in mhlo.backend_config";
      return std::nullopt;
    }
    return attr.getValue().getZExtValue();
  }
  /// A LAPACK character (an ASCII code) among `allowed`.
  void character(StringRef name, StringRef allowed) {
    std::optional<int64_t> v = integer(name);
    if (!v)
      return;
    if (*v <= 0 || *v > 127 || !allowed.contains(static_cast<char>(*v))) {
      auto diag = error() << "attribute '" << name << "' is " << *v;
      if (*v > 32 && *v < 127)
        diag << " ('" << static_cast<char>(*v) << "')";
      diag << "; it must be the ASCII code of one of '" << allowed << "'";
      return;
    }
    params.push_back(*v);
  }
  void flag(StringRef name) {
    DictionaryAttr dict = attributes();
    auto attr = dict ? dyn_cast_or_null<BoolAttr>(dict.get(name)) : BoolAttr();
    if (!attr) {
      if (!failed)
        error() << "needs the boolean attribute '" << name
                << "' in mhlo.backend_config";
      return;
    }
    params.push_back(attr.getValue() ? 1 : 0);
  }

  /// The batch dimensions and the last two sizes of operand `i`, which
  /// must be a matrix (rank >= 2); false when it is not.
  bool matrix(unsigned i, int64_t &rows, int64_t &cols) {
    auto t = dyn_cast<RankedTensorType>(op.getOperand(i).getType());
    if (!t || t.getRank() < 2 || !t.hasStaticShape()) {
      error() << "operand " << i << " must be a statically shaped tensor of "
              << "rank 2 or more (matrices), not " << op.getOperand(i).getType();
      return false;
    }
    batch.assign(t.getShape().begin(), t.getShape().end() - 2);
    rows = t.getDimSize(t.getRank() - 2);
    cols = t.getDimSize(t.getRank() - 1);
    return true;
  }

  bool counts(unsigned operands, unsigned results) {
    if (op.getNumOperands() == operands && op.getNumResults() == results)
      return true;
    error() << "takes " << operands << " operand(s) and returns " << results
            << " result(s); this call has " << op.getNumOperands() << " and "
            << op.getNumResults();
    return false;
  }

  void trsm();
  void getrf();
  void geqrf();
  void geqp3();
  void orgqr();
  void ormqr();
  void potrf();
  void svd();
  void syevd();
  void geev();
  void gees();
  void gehrd();
  void sytrd();
  void tridiagonal(bool perturbed);
};

FailureOr<SmallVector<int64_t>> Checker::describe() {
  if (op.getNumOperands() == 0) {
    error() << "needs operands";
    return failure();
  }
  // The element type: operand 0's (operand 3's, the right-hand side, for
  // the tridiagonal solves, whose diagonals have the same type).
  Value first = op.getOperand(0);
  auto firstType = dyn_cast<RankedTensorType>(first.getType());
  std::optional<int64_t> element =
      firstType ? elementOf(firstType.getElementType()) : std::nullopt;
  if (!element) {
    error() << "operand 0 must be a tensor of f32, f64, complex<f32> or "
               "complex<f64>, not "
            << first.getType();
    return failure();
  }
  if (target.element >= 0 && *element != target.element) {
    static const char *names[] = {"f32", "f64", "complex<f32>",
                                  "complex<f64>"};
    error() << "the target's name says " << names[target.element]
            << " but operand 0 is " << first.getType();
    return failure();
  }
  elem = firstType.getElementType();
  real = elem;
  if (auto c = dyn_cast<ComplexType>(elem))
    real = c.getElementType();
  complexOfElem = isa<ComplexType>(elem) ? elem : ComplexType::get(elem);
  i32 = IntegerType::get(op.getContext(), 32);

  switch (target.routine) {
  case ld::trsm: trsm(); break;
  case ld::getrf: getrf(); break;
  case ld::geqrf: geqrf(); break;
  case ld::geqp3: geqp3(); break;
  case ld::orgqr: orgqr(); break;
  case ld::ormqr: ormqr(); break;
  case ld::potrf: potrf(); break;
  case ld::gesdd:
  case ld::gesvd: svd(); break;
  case ld::syevd: syevd(); break;
  case ld::geev: geev(); break;
  case ld::gees: gees(); break;
  case ld::gehrd: gehrd(); break;
  case ld::sytrd: sytrd(); break;
  case ld::gtsv: tridiagonal(false); break;
  case ld::tridiagonal_solve_perturbed: tridiagonal(true); break;
  case ld::num_routines: break;
  }
  if (failed)
    return failure();
  for (Type t : op->getResultTypes())
    if (!cast<RankedTensorType>(t).hasStaticShape()) {
      error() << "results must have static shapes";
      return failure();
    }
  int64_t count = 1;
  for (int64_t b : batch)
    count *= b;
  SmallVector<int64_t> d(ld::header, 0);
  d[ld::version] = ld::kVersion;
  d[ld::routine] = target.routine;
  d[ld::element] = *element;
  d[ld::batch] = count;
  params.resize(ld::params, 0);
  d.append(params);
  // Bytes per matrix of every buffer: operands, then results.
  for (Type t : llvm::concat<Type>(op.getOperandTypes(), op.getResultTypes())) {
    auto tensor = cast<RankedTensorType>(t);
    int64_t bytes = tensor.getNumElements() *
                    stablehlo::getBitWidth(tensor.getElementType()) / 8;
    d.push_back(count > 0 ? bytes / count : 0);
  }
  d.resize(ld::size, 0);
  return d;
}

void Checker::trsm() {
  int64_t k, k2, m, n;
  if (!counts(2, 1) || !matrix(0, k, k2))
    return;
  SmallVector<int64_t> aBatch = batch;
  if (!matrix(1, m, n))
    return;
  if (aBatch != batch || k != k2) {
    error() << "operand 0 (the triangular matrix) must be square with the "
               "batch dimensions of operand 1, not "
            << op.getOperand(0).getType() << " next to "
            << op.getOperand(1).getType();
    return;
  }
  params = {m, n};
  character("side", "LR");
  character("uplo", "LU");
  character("trans_x", "NTC");
  character("diag", "NU");
  if (failed)
    return;
  int64_t want = params[2] == 'L' ? m : n;
  if (k != want)
    error() << "operand 0 is " << k << "x" << k << " but side '"
            << static_cast<char>(params[2]) << "' of a " << m << "x" << n
            << " right-hand side needs " << want << "x" << want;
  operand(1, "b", {m, n}, elem);
  result(0, "x", {m, n}, elem);
}

void Checker::getrf() {
  int64_t m, n;
  if (!counts(1, 3) || !matrix(0, m, n))
    return;
  params = {m, n};
  result(0, "lu", {m, n}, elem);
  result(1, "pivots", {std::min(m, n)}, i32);
  result(2, "info", {}, i32);
}

void Checker::geqrf() {
  int64_t m, n;
  if (!counts(1, 2) || !matrix(0, m, n))
    return;
  params = {m, n};
  result(0, "a", {m, n}, elem);
  result(1, "tau", {std::min(m, n)}, elem);
}

void Checker::geqp3() {
  int64_t m, n;
  if (!counts(2, 3) || !matrix(0, m, n))
    return;
  params = {m, n};
  operand(1, "jpvt", {n}, i32);
  result(0, "a", {m, n}, elem);
  result(1, "jpvt", {n}, i32);
  result(2, "tau", {std::min(m, n)}, elem);
}

void Checker::orgqr() {
  int64_t m, n;
  if (!counts(2, 1) || !matrix(0, m, n))
    return;
  auto tau = cast<RankedTensorType>(op.getOperand(1).getType());
  int64_t k = tau.getRank() >= 1 ? tau.getShape().back() : -1;
  if (!(m >= n && n >= k && k >= 0)) {
    error() << "needs m >= n >= k for reflectors " << op.getOperand(0).getType()
            << " and taus " << tau;
    return;
  }
  params = {m, n, k};
  operand(1, "tau", {k}, elem);
  result(0, "q", {m, n}, elem);
}

void Checker::ormqr() {
  int64_t ma, na, cm, cn;
  if (!counts(3, 1) || !matrix(0, ma, na))
    return;
  SmallVector<int64_t> aBatch = batch;
  if (!matrix(2, cm, cn))
    return;
  auto tau = cast<RankedTensorType>(op.getOperand(1).getType());
  int64_t k = tau.getRank() >= 1 ? tau.getShape().back() : -1;
  params = {ma, na, k, cm, cn};
  flag("left");
  flag("transpose");
  if (failed)
    return;
  bool left = params[5];
  int64_t side = left ? cm : cn;
  if (aBatch != batch || ma != side || k < 0 || k > side || na < k) {
    error() << "reflectors " << op.getOperand(0).getType() << " with taus "
            << tau << " cannot apply to " << op.getOperand(2).getType()
            << " from the " << (left ? "left" : "right");
    return;
  }
  operand(1, "tau", {k}, elem);
  result(0, "c", {cm, cn}, elem);
}

void Checker::potrf() {
  int64_t n, n2;
  if (!counts(1, 2) || !matrix(0, n, n2))
    return;
  params = {n};
  character("uplo", "LU");
  operand(0, "a", {n, n}, elem);
  result(0, "l", {n, n}, elem);
  result(1, "info", {}, i32);
}

void Checker::svd() {
  int64_t m, n;
  if (!counts(1, 5) || !matrix(0, m, n))
    return;
  int64_t k = std::min(m, n);
  params = {m, n};
  character("mode", "ASN");
  if (failed)
    return;
  char mode = static_cast<char>(params[2]);
  auto u = cast<RankedTensorType>(op.getResult(2).getType());
  auto vt = cast<RankedTensorType>(op.getResult(3).getType());
  int64_t ucols = u.getRank() >= 2 ? u.getShape().back() : -1;
  int64_t vrows = vt.getRank() >= 2 ? vt.getShape()[vt.getRank() - 2] : -1;
  // 'N' computes no vectors: JAX still declares them, shaped as 'A' or 'S'.
  int64_t wantU = mode == 'A' ? m : mode == 'S' ? k : (ucols == m ? m : k);
  int64_t wantV = mode == 'A' ? n : mode == 'S' ? k : (vrows == n ? n : k);
  params.push_back(wantU);
  params.push_back(wantV);
  result(0, "a", {m, n}, elem);
  result(1, "s", {k}, real);
  result(2, "u", {m, wantU}, elem);
  result(3, "vt", {wantV, n}, elem);
  result(4, "info", {}, i32);
}

void Checker::syevd() {
  int64_t n, n2;
  if (!counts(1, 3) || !matrix(0, n, n2))
    return;
  params = {n};
  character("uplo", "LU");
  character("mode", "VN");
  operand(0, "a", {n, n}, elem);
  result(0, "v", {n, n}, elem);
  result(1, "w", {n}, real);
  result(2, "info", {}, i32);
}

void Checker::geev() {
  int64_t n, n2;
  bool complex = isa<ComplexType>(elem);
  if (!counts(1, complex ? 4 : 5) || !matrix(0, n, n2))
    return;
  params = {n};
  character("compute_left", "VN");
  character("compute_right", "VN");
  operand(0, "a", {n, n}, elem);
  unsigned r = 0;
  if (complex) {
    result(r++, "w", {n}, elem);
  } else {
    result(r++, "wr", {n}, elem);
    result(r++, "wi", {n}, elem);
  }
  result(r++, "vl", {n, n}, complexOfElem);
  result(r++, "vr", {n, n}, complexOfElem);
  result(r, "info", {}, i32);
}

void Checker::gees() {
  int64_t n, n2;
  bool complex = isa<ComplexType>(elem);
  if (!counts(1, complex ? 5 : 6) || !matrix(0, n, n2))
    return;
  params = {n};
  character("mode", "VN");
  character("sort", "N");
  operand(0, "a", {n, n}, elem);
  unsigned r = 0;
  result(r++, "t", {n, n}, elem);
  result(r++, "vs", {n, n}, elem);
  if (complex) {
    result(r++, "w", {n}, elem);
  } else {
    result(r++, "wr", {n}, elem);
    result(r++, "wi", {n}, elem);
  }
  result(r++, "sdim", {}, i32);
  result(r, "info", {}, i32);
}

void Checker::gehrd() {
  int64_t n, n2;
  if (!counts(1, 3) || !matrix(0, n, n2))
    return;
  operand(0, "a", {n, n}, elem);
  std::optional<int64_t> low = integer("low"), high = integer("high");
  if (!low || !high)
    return;
  int64_t lo = static_cast<int32_t>(*low), hi = static_cast<int32_t>(*high);
  if (n > 0 && !(1 <= lo && lo <= hi && hi <= n)) {
    error() << "needs 1 <= low <= high <= " << n << ", not low = " << lo
            << " and high = " << hi;
    return;
  }
  params = {n, lo, hi};
  result(0, "h", {n, n}, elem);
  result(1, "tau", {std::max<int64_t>(n - 1, 0)}, elem);
  result(2, "info", {}, i32);
}

void Checker::sytrd() {
  int64_t n, n2;
  if (!counts(1, 5) || !matrix(0, n, n2))
    return;
  params = {n};
  character("uplo", "LU");
  operand(0, "a", {n, n}, elem);
  int64_t e = std::max<int64_t>(n - 1, 0);
  result(0, "a", {n, n}, elem);
  result(1, "d", {n}, real);
  result(2, "e", {e}, real);
  result(3, "tau", {e}, elem);
  result(4, "info", {}, i32);
}

void Checker::tridiagonal(bool perturbed) {
  int64_t n, k;
  if (!counts(4, perturbed ? 1 : 5) || !matrix(3, n, k))
    return;
  params = {n, k};
  if (op.getOperand(3).getType() !=
      RankedTensorType::get(shape({n, k}), elem)) {
    error() << "operand 3 (b) must have operand 0's element type " << elem;
    return;
  }
  operand(0, "dl", {n}, elem);
  operand(1, "d", {n}, elem);
  operand(2, "du", {n}, elem);
  if (perturbed) {
    result(0, "x", {n, k}, elem);
    return;
  }
  result(0, "dl", {n}, elem);
  result(1, "d", {n}, elem);
  result(2, "du", {n}, elem);
  result(3, "b", {n, k}, elem);
  result(4, "info", {}, i32);
}

/// The permutation (major to minor) that puts a row-major tensor of rank
/// `rank` into the memory order of `layout` (minor to major); failure when
/// `layout` is not a permutation.
FailureOr<SmallVector<int64_t>> layoutOrder(Attribute layout, int64_t rank) {
  SmallVector<int64_t> order;
  if (!layout) {
    for (int64_t i = 0; i < rank; ++i)
      order.push_back(i);
    return order;
  }
  auto dense = dyn_cast<DenseIntElementsAttr>(layout);
  if (!dense || dense.getNumElements() != rank)
    return failure();
  SmallVector<int64_t> minorToMajor;
  for (const APInt &v : dense.getValues<APInt>())
    minorToMajor.push_back(v.getSExtValue());
  SmallVector<bool> seen(rank, false);
  for (int64_t d : minorToMajor) {
    if (d < 0 || d >= rank || seen[d])
      return failure();
    seen[d] = true;
  }
  order.assign(minorToMajor.rbegin(), minorToMajor.rend());
  return order;
}

bool isIdentity(ArrayRef<int64_t> perm) {
  for (auto [i, p] : llvm::enumerate(perm))
    if (static_cast<int64_t>(i) != p)
      return false;
  return true;
}

struct LapackCustomCallsPass
    : PassWrapper<LapackCustomCallsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LapackCustomCallsPass)
  StringRef getArgument() const override { return "jx-lapack-custom-calls"; }
  StringRef getDescription() const override {
    return "Replace JAX's LAPACK custom calls (lapack_*_ffi) by calls of the "
           "runtime's LAPACK kernels";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, bufferization::BufferizationDialect,
                    func::FuncDialect, memref::MemRefDialect>();
  }

  void runOnOperation() override {
    SmallVector<std::pair<hlo::CustomCallOp, Target>> calls;
    getOperation().walk([&](hlo::CustomCallOp op) {
      if (std::optional<Target> t = parseTarget(op.getCallTargetName()))
        calls.push_back({op, *t});
    });
    for (auto [op, target] : calls)
      if (failed(rewrite(op, target)))
        return signalPassFailure();
  }


  LogicalResult rewrite(hlo::CustomCallOp op, Target target) {
    if (op.getNumOperands() + op.getNumResults() >
        static_cast<unsigned>(ld::kMaxBuffers))
      return op.emitError() << "custom_call @" << op.getCallTargetName()
                            << " has more operands and results than any "
                               "LAPACK target";
    for (Type t : llvm::concat<Type>(op.getOperandTypes(), op.getResultTypes()))
      if (!isa<RankedTensorType>(t))
        return op.emitError()
               << "custom_call @" << op.getCallTargetName()
               << ": operands and results must be tensors, not " << t;
    FailureOr<SmallVector<int64_t>> desc = Checker(op, target).describe();
    if (failed(desc))
      return failure();

    // The memory order of every operand and result.
    auto orders = [&](std::optional<ArrayAttr> layouts, TypeRange types,
                      StringRef kind,
                      SmallVector<SmallVector<int64_t>> &out) -> LogicalResult {
      if (layouts && layouts->size() != types.size())
        return op.emitError() << "custom_call @" << op.getCallTargetName()
                              << ": " << layouts->size() << " " << kind
                              << " layouts for " << types.size() << " "
                              << kind << "s";
      for (auto [i, t] : llvm::enumerate(types)) {
        int64_t rank = cast<RankedTensorType>(t).getRank();
        FailureOr<SmallVector<int64_t>> order =
            layoutOrder(layouts ? (*layouts)[i] : Attribute(), rank);
        if (failed(order))
          return op.emitError()
                 << "custom_call @" << op.getCallTargetName() << ": the layout"
                 << " of " << kind << " " << i << " must be a permutation of"
                 << " its " << rank << " dimensions";
        out.push_back(*order);
      }
      return success();
    };
    SmallVector<SmallVector<int64_t>> inOrder, outOrder;
    if (failed(orders(op.getOperandLayouts(), op.getOperandTypes(), "operand",
                      inOrder)) ||
        failed(orders(op.getResultLayouts(), op.getResultTypes(), "result",
                      outOrder)))
      return failure();

    memref::GlobalOp global =
        descriptorGlobal(getOperation(), "__jx_lapack_desc", *desc);
    OpBuilder b(op);
    Location loc = op.getLoc();
    SmallVector<Value> inputs;
    for (auto [value, order] : llvm::zip(op.getOperands(), inOrder))
      inputs.push_back(isIdentity(order)
                           ? value
                           : Value(hlo::TransposeOp::create(b, loc, value,
                                                            order)));
    SmallVector<Value> args;
    Value descriptor = memref::GetGlobalOp::create(
        b, loc, global.getType(), global.getSymName());
    args.push_back(bufferAddress(b, loc, descriptor));
    for (Value in : inputs) {
      auto t = cast<RankedTensorType>(in.getType());
      Value buffer = bufferization::ToBufferOp::create(
          b, loc, MemRefType::get(t.getShape(), t.getElementType()), in,
          /*read_only=*/true);
      args.push_back(bufferAddress(b, loc, buffer));
    }
    SmallVector<Value> outBuffers;
    SmallVector<RankedTensorType> physical;
    for (auto [type, order] : llvm::zip(op.getResultTypes(), outOrder)) {
      auto t = cast<RankedTensorType>(type);
      SmallVector<int64_t> shape;
      for (int64_t d : order)
        shape.push_back(t.getDimSize(d));
      physical.push_back(RankedTensorType::get(shape, t.getElementType()));
      Value buffer = memref::AllocOp::create(
          b, loc, MemRefType::get(shape, t.getElementType()),
          b.getI64IntegerAttr(64));
      outBuffers.push_back(buffer);
      args.push_back(bufferAddress(b, loc, buffer));
    }
    Value zero = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(0));
    while (args.size() < 1 + static_cast<size_t>(ld::kMaxBuffers))
      args.push_back(zero);
    func::CallOp::create(
        b, loc, declareRuntimeFunction(getOperation(), "jx_rt_lapack", args.size()),
        args);
    for (auto [i, buffer] : llvm::enumerate(outBuffers)) {
      Value t = bufferization::ToTensorOp::create(b, loc, physical[i], buffer,
                                                  /*restrict=*/true,
                                                  /*writable=*/true);
      ArrayRef<int64_t> order = outOrder[i];
      if (!isIdentity(order)) {
        SmallVector<int64_t> inverse(order.size());
        for (auto [j, d] : llvm::enumerate(order))
          inverse[d] = j;
        t = hlo::TransposeOp::create(b, loc, t, inverse);
      }
      op.getResult(i).replaceAllUsesWith(t);
    }
    op->erase();
    return success();
  }
};

} // namespace

void registerLapackCustomCallsPass() {
  PassRegistration<LapackCustomCallsPass>();
}

} // namespace jx
