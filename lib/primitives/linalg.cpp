// linalg.cpp - the primitives of jax.lax.linalg, lowered as JAX lowers them
// on the CPU: to the LAPACK custom calls jaxlib registers
// (`stablehlo.custom_call @lapack_<s|d|c|z><routine>_ffi`, run by the
// compiler's jx-lapack-custom-calls), with JAX's operand layouts
// (column-major matrices, batch dimensions major), its FFI attributes
// (`mhlo.backend_config`, LAPACK characters as ASCII codes) and its use of
// LAPACK's `info` (NaN results where the routine failed).
//
//   triangular_solve[conjugate_a left_side lower transpose_a unit_diagonal] a b
//   lu a                    -> lu, pivots (0-based, int32)        getrf
//   cholesky a              -> the factor in the lower triangle   potrf
//   eigh[lower sort_eigenvalues subset_by_index] a -> v, w        syevd
//   svd[algorithm compute_uv full_matrices subset_by_index] a
//                           -> s, u, vt  (s alone without uv)    gesdd/gesvd
//   eig[compute_left_eigenvectors compute_right_eigenvectors] a
//                           -> w (, vl) (, vr), complex           geev
//   geqrf a                 -> a, taus                            geqrf
//   householder_product a taus -> q                               orgqr
//
// Every primitive takes leading batch dimensions natively (the custom
// calls' `num_batch_dims`), so batching moves the batch to the front.
// jvp rules are JAX's formulas; the vjp of each is the transpose of its
// tangent map (transpose_linear), except for triangular_solve, the base
// case, whose cotangent for b is another triangular solve.

#include "core/trace.h"
#include "frontend/lowering.h"
#include "jx/lax.h"
#include "jx/linalg.h"
#include "jx/numpy.h"
#include "primitives/batching.h"
#include "primitives/rules.h"
#include "transforms/interpret.h"

#include "mlir/IR/BuiltinAttributes.h"

#include <complex>

namespace jx::core {

namespace hlo = jx::stablehlo;
using frontend::lowering_context;
using frontend::tensor_type;

namespace {

using values = std::vector<mlir::Value>;
using avals = std::vector<shaped_array>;
namespace jnp = jx::numpy;

// --- shape rules ---------------------------------------------------------------

/// LAPACK's letter for `t`: s, d, c or z.
char lapack_letter(const std::string &api, const shaped_array &a) {
  switch (a.dtype) {
  case dtype::float32: return 's';
  case dtype::float64: return 'd';
  case dtype::complex64: return 'c';
  case dtype::complex128: return 'z';
  default:
    throw error(api + ": needs a float32, float64, complex64 or complex128 "
                      "operand (LAPACK's types), got " + a.str());
  }
}

dtype real_dtype(dtype t) {
  if (t == dtype::complex64)
    return dtype::float32;
  if (t == dtype::complex128)
    return dtype::float64;
  return t;
}

/// Checks that `a` is a batch of matrices (square when asked) of a LAPACK
/// type; returns its batch dimensions.
shape_t check_matrices(const std::string &api, const shaped_array &a,
                       bool square) {
  lapack_letter(api, a);
  if (a.ndim() < 2)
    throw error(api + ": needs a matrix or a batch of matrices (rank >= 2), "
                      "got " + a.str());
  int64_t m = a.shape[a.ndim() - 2], n = a.shape[a.ndim() - 1];
  if (square && m != n)
    throw error(api + ": needs square matrices, got " + a.str());
  return shape_t(a.shape.begin(), a.shape.end() - 2);
}

shaped_array aval(dtype t, shape_t batch, std::initializer_list<int64_t> tail) {
  batch.insert(batch.end(), tail.begin(), tail.end());
  return shaped_array{t, batch, false};
}

avals triangular_solve_rule(const avals &in, const params_t &p) {
  const std::string api = "jx::lax::linalg::triangular_solve";
  shape_t ab = check_matrices(api, in[0], true);
  shape_t bb = check_matrices(api, in[1], false);
  if (in[0].dtype != in[1].dtype || ab != bb)
    throw error(api + ": a and b need the same dtype and batch dimensions, "
                      "got " + avals_str(in));
  int64_t k = in[0].shape.back();
  bool left = get_bool(p, "left_side");
  int64_t want = left ? in[1].shape[in[1].ndim() - 2] : in[1].shape.back();
  if (k != want)
    throw error(api + ": a is " + std::to_string(k) + "x" + std::to_string(k) +
                " but b " + in[1].str() + " needs " + std::to_string(want) +
                "x" + std::to_string(want) + " to be solved from the " +
                (left ? "left" : "right"));
  return {shaped_array{in[1].dtype, in[1].shape, false}};
}

avals lu_rule(const avals &in, const params_t &) {
  shape_t b = check_matrices("jx::lax::linalg::lu", in[0], false);
  int64_t m = in[0].shape[in[0].ndim() - 2], n = in[0].shape.back();
  return {shaped_array{in[0].dtype, in[0].shape, false},
          aval(dtype::int32, b, {std::min(m, n)})};
}

avals cholesky_rule(const avals &in, const params_t &) {
  check_matrices("jx::lax::linalg::cholesky", in[0], true);
  return {shaped_array{in[0].dtype, in[0].shape, false}};
}

avals eigh_rule(const avals &in, const params_t &) {
  shape_t b = check_matrices("jx::lax::linalg::eigh", in[0], true);
  int64_t n = in[0].shape.back();
  return {shaped_array{in[0].dtype, in[0].shape, false},
          aval(real_dtype(in[0].dtype), b, {n})};
}

avals svd_rule(const avals &in, const params_t &p) {
  shape_t b = check_matrices("jx::lax::linalg::svd", in[0], false);
  int64_t m = in[0].shape[in[0].ndim() - 2], n = in[0].shape.back();
  int64_t k = std::min(m, n);
  avals out{aval(real_dtype(in[0].dtype), b, {k})};
  if (get_bool(p, "compute_uv")) {
    bool full = get_bool(p, "full_matrices");
    out.push_back(aval(in[0].dtype, b, {m, full ? m : k}));
    out.push_back(aval(in[0].dtype, b, {full ? n : k, n}));
  }
  return out;
}

dtype complex_dtype(dtype t) {
  return t == dtype::float64 || t == dtype::complex128 ? dtype::complex128
                                                       : dtype::complex64;
}

avals eig_rule(const avals &in, const params_t &p) {
  shape_t b = check_matrices("jx::lax::linalg::eig", in[0], true);
  int64_t n = in[0].shape.back();
  dtype c = complex_dtype(in[0].dtype);
  avals out{aval(c, b, {n})};
  if (get_bool(p, "compute_left_eigenvectors"))
    out.push_back(aval(c, b, {n, n}));
  if (get_bool(p, "compute_right_eigenvectors"))
    out.push_back(aval(c, b, {n, n}));
  return out;
}

avals geqrf_rule(const avals &in, const params_t &) {
  shape_t b = check_matrices("jx::lax::linalg::geqrf", in[0], false);
  int64_t m = in[0].shape[in[0].ndim() - 2], n = in[0].shape.back();
  return {shaped_array{in[0].dtype, in[0].shape, false},
          aval(in[0].dtype, b, {std::min(m, n)})};
}

avals householder_product_rule(const avals &in, const params_t &) {
  const std::string api = "jx::lax::linalg::householder_product";
  shape_t b = check_matrices(api, in[0], false);
  int64_t m = in[0].shape[in[0].ndim() - 2], n = in[0].shape.back();
  shape_t want = b;
  want.push_back(std::min(m, n));
  if (m < n || in[1].dtype != in[0].dtype || in[1].shape.size() != want.size() ||
      in[1].shape.back() > n ||
      !std::equal(b.begin(), b.end(), in[1].shape.begin()))
    throw error(api + ": needs a (m x n, m >= n) and taus (k <= n) of its "
                      "dtype and batch, got " + avals_str(in));
  return {shaped_array{in[0].dtype, in[0].shape, false}};
}

// --- lowering ------------------------------------------------------------------

/// A layout attribute (minor-to-major, as `tensor<Nxindex>`).
mlir::Attribute layout_attr(mlir::MLIRContext *ctx,
                            const std::vector<int64_t> &minor_to_major) {
  auto t = mlir::RankedTensorType::get(
      {static_cast<int64_t>(minor_to_major.size())}, mlir::IndexType::get(ctx));
  llvm::SmallVector<llvm::APInt> v;
  for (int64_t d : minor_to_major)
    v.push_back(llvm::APInt(64, static_cast<uint64_t>(d)));
  return mlir::DenseIntElementsAttr::get(t, v);
}

/// JAX's layout of a batch of matrices: column-major, batch dims major.
std::vector<int64_t> matrix_layout(int64_t rank) {
  std::vector<int64_t> l{rank - 2, rank - 1};
  for (int64_t d = rank - 3; d >= 0; --d)
    l.push_back(d);
  return l;
}

/// Row-major (vectors of pivots, taus, eigenvalues; info).
std::vector<int64_t> row_major_layout(int64_t rank) {
  std::vector<int64_t> l;
  for (int64_t d = rank - 1; d >= 0; --d)
    l.push_back(d);
  return l;
}

/// The layout JAX gives a value of rank `rank` of a call with `nbatch`
/// batch dimensions: a matrix's for rank nbatch + 2, else row-major.
std::vector<int64_t> jax_layout(int64_t rank, int64_t nbatch) {
  return rank == nbatch + 2 ? matrix_layout(rank) : row_major_layout(rank);
}

/// stablehlo.custom_call @lapack_<letter><routine>_ffi as JAX writes it.
mlir::Operation *
lapack_call(lowering_context &c, const std::string &target,
            const values &operands, const std::vector<mlir::Type> &results,
            int64_t nbatch,
            const std::vector<std::pair<std::string, char>> &chars) {
  mlir::MLIRContext *ctx = c.b.getContext();
  llvm::SmallVector<mlir::NamedAttribute> config;
  auto ui8 = mlir::IntegerType::get(ctx, 8, mlir::IntegerType::Unsigned);
  for (const auto &[name, ch] : chars)
    config.push_back(c.b.getNamedAttr(
        name, mlir::IntegerAttr::get(ui8, static_cast<uint64_t>(ch))));
  llvm::SmallVector<mlir::Attribute> in_layouts, out_layouts;
  for (mlir::Value v : operands)
    in_layouts.push_back(layout_attr(
        ctx, jax_layout(mlir::cast<mlir::RankedTensorType>(v.getType()).getRank(),
                        nbatch)));
  for (mlir::Type t : results)
    out_layouts.push_back(layout_attr(
        ctx, jax_layout(mlir::cast<mlir::RankedTensorType>(t).getRank(),
                        nbatch)));
  llvm::SmallVector<mlir::NamedAttribute> attrs{
      c.b.getNamedAttr("call_target_name", c.b.getStringAttr(target)),
      c.b.getNamedAttr("backend_config", c.b.getStringAttr("")),
      c.b.getNamedAttr("mhlo.backend_config", c.b.getDictionaryAttr(config)),
      c.b.getNamedAttr(
          "mhlo.frontend_attributes",
          c.b.getDictionaryAttr({c.b.getNamedAttr(
              "num_batch_dims",
              c.b.getStringAttr(std::to_string(nbatch)))})),
      c.b.getNamedAttr("operand_layouts", c.b.getArrayAttr(in_layouts)),
      c.b.getNamedAttr("result_layouts", c.b.getArrayAttr(out_layouts))};
  return hlo::CustomCallOp::create(c.b, c.loc, mlir::TypeRange(results),
                                   mlir::ValueRange(operands), attrs)
      .getOperation();
}

std::string target(char letter, const std::string &routine) {
  return std::string("lapack_") + letter + routine + "_ffi";
}

mlir::RankedTensorType type_of(mlir::Value v) {
  return mlir::cast<mlir::RankedTensorType>(v.getType());
}

/// A 0-d i32 constant.
mlir::Value i32_constant(lowering_context &c, int32_t v) {
  auto t = mlir::RankedTensorType::get({}, c.b.getI32Type());
  return hlo::ConstantOp::create(c.b, c.loc,
                                 mlir::DenseElementsAttr::get(t, v));
}

/// `info <dir> 0`, a boolean of the batch's shape.
mlir::Value info_test(lowering_context &c, mlir::Value info,
                      hlo::ComparisonDirection dir) {
  mlir::RankedTensorType t = type_of(info);
  auto pred = mlir::RankedTensorType::get(t.getShape(), c.b.getI1Type());
  mlir::Value zero = c.broadcast_to(i32_constant(c, 0),
                                    shape_t(t.getShape().begin(),
                                            t.getShape().end()));
  return hlo::CompareOp::create(
      c.b, c.loc, pred, info, zero, dir,
      hlo::ComparisonTypeAttr::get(c.b.getContext(),
                                   hlo::ComparisonType::SIGNED));
}

/// `v` where `ok` (of the batch's shape) holds, NaN elsewhere.
mlir::Value nan_unless(lowering_context &c, mlir::Value v, mlir::Value ok) {
  mlir::RankedTensorType t = type_of(v);
  mlir::Type elem = t.getElementType();
  auto scalar = mlir::RankedTensorType::get({}, elem);
  mlir::DenseElementsAttr nan;
  if (auto ct = mlir::dyn_cast<mlir::ComplexType>(elem)) {
    auto ft = mlir::cast<mlir::FloatType>(ct.getElementType());
    llvm::APFloat q = llvm::APFloat::getQNaN(ft.getFloatSemantics());
    nan = mlir::DenseElementsAttr::get(
        scalar, llvm::ArrayRef<std::complex<llvm::APFloat>>{{q, q}});
  } else {
    auto ft = mlir::cast<mlir::FloatType>(elem);
    nan = mlir::DenseElementsAttr::get(
        scalar, llvm::APFloat::getQNaN(ft.getFloatSemantics()));
  }
  shape_t shape(t.getShape().begin(), t.getShape().end());
  mlir::Value nans =
      c.broadcast_to(hlo::ConstantOp::create(c.b, c.loc, nan), shape);
  llvm::SmallVector<int64_t> dims;
  for (int64_t i = 0; i < type_of(ok).getRank(); ++i)
    dims.push_back(i);
  auto pred = mlir::RankedTensorType::get(t.getShape(), c.b.getI1Type());
  mlir::Value okb =
      hlo::BroadcastInDimOp::create(c.b, c.loc, pred, ok, dims);
  return hlo::SelectOp::create(c.b, c.loc, t, okb, v, nans);
}

shaped_array in_aval(const Eqn &e, std::size_t i) { return aval_of(e.invars[i]); }

int64_t batch_rank(const Eqn &e) { return in_aval(e, 0).ndim() - 2; }

std::vector<mlir::Type> out_types(const Eqn &e) {
  std::vector<mlir::Type> t;
  for (const Var &v : e.outvars)
    t.push_back(tensor_type(v->aval));
  return t;
}

mlir::Type info_type(lowering_context &c, const Eqn &e) {
  const shape_t &s = in_aval(e, 0).shape;
  return mlir::RankedTensorType::get(
      llvm::ArrayRef<int64_t>(s.data(), s.size() - 2), c.b.getI32Type());
}

values lower_triangular_solve(lowering_context &c, const values &in,
                              const Eqn &e) {
  const params_t &p = e.params;
  bool transpose = get_bool(p, "transpose_a");
  bool conjugate = get_bool(p, "conjugate_a");
  mlir::Value a = in[0];
  bool complex = is_complex(in_aval(e, 0).dtype);
  if (conjugate && !transpose && complex) {
    mlir::RankedTensorType t = type_of(a);
    auto rt = mlir::RankedTensorType::get(
        t.getShape(),
        mlir::cast<mlir::ComplexType>(t.getElementType()).getElementType());
    mlir::Value re = hlo::RealOp::create(c.b, c.loc, rt, a);
    mlir::Value im = hlo::ImagOp::create(c.b, c.loc, rt, a);
    a = hlo::ComplexOp::create(c.b, c.loc, t, re,
                               hlo::NegOp::create(c.b, c.loc, rt, im));
  }
  char trans = !transpose ? 'N' : (conjugate && complex ? 'C' : 'T');
  mlir::Operation *op = lapack_call(
      c, target(lapack_letter("", in_aval(e, 0)), "trsm"), {a, in[1]},
      out_types(e), batch_rank(e),
      {{"diag", get_bool(p, "unit_diagonal") ? 'U' : 'N'},
       {"side", get_bool(p, "left_side") ? 'L' : 'R'},
       {"trans_x", trans},
       {"uplo", get_bool(p, "lower") ? 'L' : 'U'}});
  return {op->getResult(0)};
}

values lower_lu(lowering_context &c, const values &in, const Eqn &e) {
  std::vector<mlir::Type> t = out_types(e);
  t.push_back(info_type(c, e));
  mlir::Operation *op = lapack_call(
      c, target(lapack_letter("", in_aval(e, 0)), "getrf"), in, t,
      batch_rank(e), {});
  // LAPACK's pivots are 1-based; info < 0 (an illegal argument) gives NaN,
  // info > 0 (an exactly zero pivot) a factor with that zero, as in JAX.
  mlir::Value piv = op->getResult(1);
  shape_t ps(type_of(piv).getShape().begin(), type_of(piv).getShape().end());
  piv = hlo::SubtractOp::create(c.b, c.loc, piv,
                                c.broadcast_to(i32_constant(c, 1), ps));
  mlir::Value ok =
      info_test(c, op->getResult(2), hlo::ComparisonDirection::GE);
  return {nan_unless(c, op->getResult(0), ok), piv};
}

values lower_cholesky(lowering_context &c, const values &in, const Eqn &e) {
  std::vector<mlir::Type> t = out_types(e);
  t.push_back(info_type(c, e));
  mlir::Operation *op =
      lapack_call(c, target(lapack_letter("", in_aval(e, 0)), "potrf"), in, t,
                  batch_rank(e), {{"uplo", 'L'}});
  mlir::Value ok =
      info_test(c, op->getResult(1), hlo::ComparisonDirection::EQ);
  return {nan_unless(c, op->getResult(0), ok)};
}

values lower_eigh(lowering_context &c, const values &in, const Eqn &e) {
  std::vector<mlir::Type> t = out_types(e);
  t.push_back(info_type(c, e));
  bool complex = is_complex(in_aval(e, 0).dtype);
  mlir::Operation *op = lapack_call(
      c, target(lapack_letter("", in_aval(e, 0)), complex ? "heevd" : "syevd"),
      in, t, batch_rank(e),
      {{"mode", 'V'}, {"uplo", get_bool(e.params, "lower") ? 'L' : 'U'}});
  mlir::Value ok =
      info_test(c, op->getResult(2), hlo::ComparisonDirection::EQ);
  return {nan_unless(c, op->getResult(0), ok),
          nan_unless(c, op->getResult(1), ok)};
}

values lower_svd(lowering_context &c, const values &in, const Eqn &e) {
  const params_t &p = e.params;
  shaped_array a = in_aval(e, 0);
  shape_t batch(a.shape.begin(), a.shape.end() - 2);
  int64_t m = a.shape[a.ndim() - 2], n = a.shape.back();
  int64_t k = std::min(m, n);
  bool uv = get_bool(p, "compute_uv"), full = get_bool(p, "full_matrices");
  // gesdd/gesvd always return u and vt; without vectors (mode 'N') JAX
  // declares them full-sized (and they stay unwritten).
  int64_t ucols = uv && !full ? k : m, vrows = uv && !full ? k : n;
  int64_t urows = m, vcols = n;
  std::vector<mlir::Type> t{tensor_type(shaped_array{a.dtype, a.shape, false}),
                            tensor_type(aval(real_dtype(a.dtype), batch, {k})),
                            tensor_type(aval(a.dtype, batch, {urows, ucols})),
                            tensor_type(aval(a.dtype, batch, {vrows, vcols})),
                            info_type(c, e)};
  char mode = !uv ? 'N' : (full ? 'A' : 'S');
  std::string routine =
      std::get<std::string>(p.at("algorithm")) == "qr" ? "gesvd" : "gesdd";
  mlir::Operation *op =
      lapack_call(c, target(lapack_letter("", a), routine), in, t,
                  static_cast<int64_t>(batch.size()), {{"mode", mode}});
  mlir::Value ok =
      info_test(c, op->getResult(4), hlo::ComparisonDirection::EQ);
  values out{nan_unless(c, op->getResult(1), ok)};
  if (uv) {
    out.push_back(nan_unless(c, op->getResult(2), ok));
    out.push_back(nan_unless(c, op->getResult(3), ok));
  }
  return out;
}

values lower_eig(lowering_context &c, const values &in, const Eqn &e) {
  shaped_array a = in_aval(e, 0);
  shape_t batch(a.shape.begin(), a.shape.end() - 2);
  int64_t n = a.shape.back();
  bool left = get_bool(e.params, "compute_left_eigenvectors");
  bool right = get_bool(e.params, "compute_right_eigenvectors");
  dtype ct = complex_dtype(a.dtype);
  bool complex = is_complex(a.dtype);
  // geev: for a real input the eigenvalues' real and imaginary parts; both
  // vector results are always declared (complex, n x n).
  std::vector<mlir::Type> t;
  if (complex) {
    t.push_back(tensor_type(aval(ct, batch, {n})));
  } else {
    t.push_back(tensor_type(aval(a.dtype, batch, {n})));
    t.push_back(tensor_type(aval(a.dtype, batch, {n})));
  }
  t.push_back(tensor_type(aval(ct, batch, {n, n})));
  t.push_back(tensor_type(aval(ct, batch, {n, n})));
  t.push_back(info_type(c, e));
  mlir::Operation *op = lapack_call(
      c, target(lapack_letter("", a), "geev"), in, t,
      static_cast<int64_t>(batch.size()),
      {{"compute_left", left ? 'V' : 'N'},
       {"compute_right", right ? 'V' : 'N'}});
  unsigned r = 0;
  mlir::Value w = op->getResult(r++);
  if (!complex)
    w = hlo::ComplexOp::create(c.b, c.loc, tensor_type(aval(ct, batch, {n})),
                               w, op->getResult(r++));
  mlir::Value vl = op->getResult(r++), vr = op->getResult(r++);
  mlir::Value ok =
      info_test(c, op->getResult(r), hlo::ComparisonDirection::EQ);
  values out{nan_unless(c, w, ok)};
  if (left)
    out.push_back(nan_unless(c, vl, ok));
  if (right)
    out.push_back(nan_unless(c, vr, ok));
  return out;
}

values lower_geqrf(lowering_context &c, const values &in, const Eqn &e) {
  mlir::Operation *op =
      lapack_call(c, target(lapack_letter("", in_aval(e, 0)), "geqrf"), in,
                  out_types(e), batch_rank(e), {});
  return {op->getResult(0), op->getResult(1)};
}

values lower_householder_product(lowering_context &c, const values &in,
                                 const Eqn &e) {
  bool complex = is_complex(in_aval(e, 0).dtype);
  mlir::Operation *op = lapack_call(
      c, target(lapack_letter("", in_aval(e, 0)), complex ? "ungqr" : "orgqr"),
      in, out_types(e), batch_rank(e), {});
  return {op->getResult(0)};
}

} // namespace

const primitive triangular_solve_p{"triangular_solve", triangular_solve_rule,
                                   lower_triangular_solve};
const primitive lu_p{"lu", lu_rule, lower_lu};
const primitive cholesky_p{"cholesky", cholesky_rule, lower_cholesky};
const primitive eigh_p{"eigh", eigh_rule, lower_eigh};
const primitive svd_p{"svd", svd_rule, lower_svd};
const primitive eig_p{"eig", eig_rule, lower_eig};
const primitive geqrf_p{"geqrf", geqrf_rule, lower_geqrf};
const primitive householder_product_p{"householder_product",
                                      householder_product_rule,
                                      lower_householder_product};

} // namespace jx::core

// --- transformation rules ----------------------------------------------------

namespace jx::core {
namespace {

namespace jnp = jx::numpy;
namespace la = jx::lax::linalg;

/// Swaps the last two axes.
Array mT(const Array &x) { return jnp::swapaxes(x, -1, -2); }

void no_complex(const std::string &api, const Array &a) {
  if (is_complex(a.dtype()))
    throw error(api + ": derivatives of complex " + a.aval().str() +
                " operands are not supported yet (jx has no conj)");
}

/// x @ y over the last two axes, batched over the leading ones (equal
/// ranks).
Array mm(const Array &x, const Array &y) { return jnp::matmul(x, y); }

/// One-operand batching: the batch to the front, every output batched at 0.
batch_fn leading_batcher(const primitive &p) {
  return [&p](const std::vector<Array> &args, const std::vector<batch_dim> &d,
              const params_t &params) {
    int64_t size = batch_size(args, d);
    std::vector<Array> in;
    for (std::size_t i = 0; i < args.size(); ++i)
      in.push_back(batch_at(args[i], d[i], size));
    std::vector<Array> out = core::bind(p, in, params);
    return std::make_pair(out, std::vector<batch_dim>(out.size(), 0));
  };
}

/// The vjp of a primitive whose jvp rule is `jvp`: the transpose of the
/// tangent map at the primal point (the outputs are constants of it).
vjp_fn vjp_by_transpose(const primitive &p) {
  return [&p](const vjp_args &a) {
    std::vector<shaped_array> in;
    for (const Array &x : a.primals)
      in.push_back(x.aval());
    std::vector<std::size_t> diff_outs;
    for (std::size_t i = 0; i < a.outs.size(); ++i)
      if (transforms::differentiable(a.outs[i].dtype()))
        diff_outs.push_back(i);
    auto f = [&](const std::vector<Array> &ts) {
      std::vector<tangent> tin(ts.begin(), ts.end());
      std::vector<tangent> touts = p.rules.jvp(
          jvp_args{a.primals, tin, a.outs, a.params});
      std::vector<Array> r;
      for (std::size_t i : diff_outs)
        r.push_back(touts[i] ? *touts[i] : zeros(a.outs[i].aval()));
      return r;
    };
    std::vector<tangent> cts;
    for (std::size_t i : diff_outs)
      cts.push_back(a.cts[i]);
    std::vector<tangent> r =
        transpose_linear(f, in, cts, "jx::vjp of " + p.name);
    for (std::size_t i = 0; i < r.size(); ++i)
      if (!a.wants[i])
        r[i] = std::nullopt;
    return r;
  };
}

// --- triangular_solve ----------------------------------------------------------

la::triangular_solve_options solve_options(const params_t &p) {
  la::triangular_solve_options o;
  o.left_side = get_bool(p, "left_side");
  o.lower = get_bool(p, "lower");
  o.transpose_a = get_bool(p, "transpose_a");
  o.conjugate_a = get_bool(p, "conjugate_a");
  o.unit_diagonal = get_bool(p, "unit_diagonal");
  return o;
}

/// The tangent of x = op(a)^-1 b (or b op(a)^-1) for a tangent of a.
Array triangular_solve_jvp_a(const Array &a, const Array &x, const Array &da,
                             const la::triangular_solve_options &o) {
  no_complex("jx::jvp of triangular_solve", a);
  int64_t k = o.unit_diagonal ? 1 : 0;
  Array g = o.lower ? jnp::tril(da, -k) : jnp::triu(da, k);
  if (o.transpose_a)
    g = mT(g);
  Array rhs = o.left_side ? mm(g, x) : mm(x, g);
  return -la::triangular_solve(a, rhs, o);
}

const bool triangular_solve_rules = [] {
  set_rules(triangular_solve_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      la::triangular_solve_options o = solve_options(a.params);
      tangent t;
      if (a.tangents[1])
        t = la::triangular_solve(a.primals[0], *a.tangents[1], o);
      if (a.tangents[0])
        t = add_tangents(t, triangular_solve_jvp_a(a.primals[0], a.outs[0],
                                                   *a.tangents[0], o));
      return std::vector<tangent>{t};
    };
    // b: op(a)^-T, a triangular solve with the transpose flipped. a: the
    // transpose of its tangent map above, which solves for b only.
    r.vjp = [](const vjp_args &a) {
      la::triangular_solve_options o = solve_options(a.params);
      std::vector<tangent> out(2);
      if (!a.cts[0])
        return out;
      if (a.wants[1]) {
        la::triangular_solve_options t = o;
        t.transpose_a = !o.transpose_a;
        out[1] = la::triangular_solve(a.primals[0], *a.cts[0], t);
      }
      if (a.wants[0]) {
        Array A = a.primals[0], x = a.outs[0];
        auto f = [&](const std::vector<Array> &da) {
          return std::vector<Array>{triangular_solve_jvp_a(A, x, da[0], o)};
        };
        out[0] = transpose_linear(f, {A.aval()}, {a.cts[0]},
                                  "jx::vjp of triangular_solve")[0];
      }
      return out;
    };
    r.batch = [](const std::vector<Array> &args,
                 const std::vector<batch_dim> &d, const params_t &p) {
      int64_t size = batch_size(args, d);
      Array A = batch_at(args[0], d[0], size), B = batch_at(args[1], d[1], size);
      return std::make_pair(
          std::vector<Array>{bind1(triangular_solve_p, {A, B}, p)},
          std::vector<batch_dim>{0});
    };
  });
  return true;
}();

// --- lu ------------------------------------------------------------------------

/// JAX's rule: with P a = L U (L unit lower m x m, U upper n x n, both
/// padded with the identity), L^-1 P da U^-1 = X gives
/// d(lu) = L tril(X, -1) + triu(X) U.
const bool lu_rules = [] {
  set_rules(lu_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      const Array &lu = a.outs[0];
      no_complex("jx::jvp of lu", lu);
      int64_t nd = lu.ndim();
      int64_t m = lu.shape()[nd - 2], n = lu.shape()[nd - 1];
      int64_t k = std::min(m, n);
      Array perm = la::lu_pivots_to_permutation(a.outs[1], m);
      Array da = *a.tangents[0];
      Array x = jnp::take_along_axis(
          da, jnp::expand_dims(perm, -1), nd - 2);
      Array zero = scalar_of(0, lu.dtype());
      std::vector<std::array<int64_t, 3>> lpad(nd, {0, 0, 0}), upad = lpad;
      lpad[nd - 1] = {0, m - k, 0};
      upad[nd - 2] = {0, n - k, 0};
      shape_t lstart(nd, 0), llimit = lu.shape();
      llimit[nd - 1] = k;
      shape_t ustart(nd, 0), ulimit = lu.shape();
      ulimit[nd - 2] = k;
      // L is m x m and U n x n: the factors padded with the identity.
      Array l = jnp::tril(lax::slice(lu, lstart, llimit), -1);
      if (m > k)
        l = lax::pad(l, zero, lpad);
      l = l + jnp::eye(m, std::nullopt, 0, lu.dtype());
      Array u = jnp::triu(lax::slice(lu, ustart, ulimit));
      if (n > k)
        u = lax::pad(u, zero, upad) +
            lax::pad(jnp::eye(n - k, std::nullopt, 0, lu.dtype()), zero,
                     {{k, 0, 0}, {k, 0, 0}});
      la::triangular_solve_options lo;
      lo.left_side = true;
      lo.lower = true;
      lo.unit_diagonal = true;
      Array la_ = la::triangular_solve(l, x, lo);
      la::triangular_solve_options uo;
      uo.left_side = false;
      uo.lower = false;
      Array lau = la::triangular_solve(u, la_, uo);
      Array dlu = mm(l, jnp::tril(lau, -1)) + mm(jnp::triu(lau), u);
      return std::vector<tangent>{dlu, std::nullopt};
    };
    r.vjp = vjp_by_transpose(lu_p);
    r.batch = leading_batcher(lu_p);
  });
  return true;
}();

// --- cholesky ------------------------------------------------------------------

/// The lower triangle with its diagonal halved.
Array phi(const Array &x) {
  int64_t n = x.shape().back();
  return jnp::tril(x) / (scalar_of(1, x.dtype()) +
                         jnp::eye(n, std::nullopt, 0, x.dtype()));
}

const bool cholesky_rules = [] {
  set_rules(cholesky_p, [](transform_rules &r) {
    // dL = L phi(L^-1 dA L^-H) (Murray, arXiv:1602.07527), dA symmetric.
    r.jvp = [](const jvp_args &a) {
      no_complex("jx::jvp of cholesky", a.primals[0]);
      Array L = jnp::tril(a.outs[0]);
      la::triangular_solve_options right;
      right.left_side = false;
      right.lower = true;
      right.transpose_a = true;
      right.conjugate_a = true;
      Array tmp = la::triangular_solve(L, *a.tangents[0], right);
      la::triangular_solve_options left;
      left.left_side = true;
      left.lower = true;
      return std::vector<tangent>{
          mm(L, phi(la::triangular_solve(L, tmp, left)))};
    };
    r.vjp = vjp_by_transpose(cholesky_p);
    r.batch = leading_batcher(cholesky_p);
  });
  return true;
}();

// --- eigh ----------------------------------------------------------------------

const bool eigh_rules = [] {
  set_rules(eigh_p, [](transform_rules &r) {
    // With A = V diag(w) V^T: dw = diag(V^T dA V), dV = V (F * V^T dA V),
    // F_ij = 1 / (w_j - w_i) off the diagonal, 0 on it.
    r.jvp = [](const jvp_args &a) {
      no_complex("jx::jvp of eigh", a.primals[0]);
      const Array &v = a.outs[0], &w = a.outs[1];
      int64_t n = w.shape().back();
      Array eye = jnp::eye(n, std::nullopt, 0, w.dtype());
      Array F = scalar_of(1, w.dtype()) /
                    (eye + jnp::expand_dims(w, -2) - jnp::expand_dims(w, -1)) -
                eye;
      Array vdv = mm(mm(mT(v), *a.tangents[0]), v);
      Array dv = mm(v, F * vdv);
      Array dw = jnp::diagonal(vdv, 0, -2, -1);
      return std::vector<tangent>{dv, dw};
    };
    r.vjp = vjp_by_transpose(eigh_p);
    r.batch = leading_batcher(eigh_p);
  });
  return true;
}();

// --- svd -----------------------------------------------------------------------

const bool svd_rules = [] {
  set_rules(svd_p, [](transform_rules &r) {
    // JAX's rule (reduced matrices): with dS = U^T dA V, ds = diag(dS);
    // dU and dV from the off-diagonal part, plus the projections onto the
    // complement of U (m > n) or V (n > m).
    r.jvp = [](const jvp_args &a) {
      const Array &A = a.primals[0];
      no_complex("jx::jvp of svd", A);
      bool uv = get_bool(a.params, "compute_uv");
      if (uv && get_bool(a.params, "full_matrices")) {
        int64_t m = A.shape()[A.ndim() - 2], n = A.shape().back();
        if (m != n)
          throw error("jx::jvp of svd: not defined for full_matrices=true "
                      "with non-square matrices (" + A.aval().str() +
                      "), as in JAX; use full_matrices=false");
      }
      la::svd_result full = la::svd(A, false, true);
      const Array &s = full.s, &U = *full.u, &Vt = *full.vh;
      Array V = mT(Vt), Ut = mT(U);
      const Array &dA = *a.tangents[0];
      Array dS = mm(mm(Ut, dA), V);
      Array ds = jnp::diagonal(dS, 0, -2, -1);
      if (!uv)
        return std::vector<tangent>{ds};
      int64_t k = s.shape().back();
      Array sdim = jnp::expand_dims(s, -2);
      Array sdimT = mT(sdim);
      Array eye = jnp::eye(k, std::nullopt, 0, s.dtype());
      Array sdiffs = (sdim + sdimT) * (sdim - sdimT);
      Array F = scalar_of(1, s.dtype()) / (sdiffs + eye) - eye;
      Array dSS = sdim * dS, SdS = sdimT * dS;
      Array szeros = lax::convert_element_type(lax::eq(s, scalar_of(0, s.dtype())),
                                               s.dtype());
      Array sinv = scalar_of(1, s.dtype()) / (s + szeros) - szeros;
      Array sinv_mat = jnp::expand_dims(sinv, -1) * eye;
      Array dUdV_diag = scalar_of(0.5, s.dtype()) * (dS - mT(dS)) * sinv_mat;
      Array dU = mm(U, F * (dSS + mT(dSS)) + dUdV_diag);
      Array dV = mm(V, F * (SdS + mT(SdS)));
      int64_t m = A.shape()[A.ndim() - 2], n = A.shape().back();
      if (m > n) {
        Array dAV = mm(dA, V);
        dU = dU + (dAV - mm(U, mm(Ut, dAV))) / sdim;
      }
      if (n > m) {
        Array dAHU = mm(mT(dA), U);
        dV = dV + (dAHU - mm(V, mm(Vt, dAHU))) / sdim;
      }
      return std::vector<tangent>{ds, dU, mT(dV)};
    };
    r.vjp = vjp_by_transpose(svd_p);
    r.batch = leading_batcher(svd_p);
  });
  return true;
}();

// --- geqrf, householder_product: differentiated through qr -----------------------

const bool qr_parts_rules = [] {
  set_rules(eig_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &) -> std::vector<tangent> {
      throw error("jx::jvp of eig: derivatives of eig are not supported yet");
    };
    r.vjp = [](const vjp_args &) -> std::vector<tangent> {
      throw error("jx::vjp of eig: derivatives of eig are not supported yet");
    };
    r.batch = leading_batcher(eig_p);
  });
  for (const primitive *p : {&geqrf_p, &householder_product_p})
    set_rules(*p, [p](transform_rules &r) {
      r.jvp = [p](const jvp_args &) -> std::vector<tangent> {
        throw error("jx::jvp of " + p->name + ": not differentiable on its "
                    "own; differentiate jx::lax::linalg::qr");
      };
      r.vjp = [p](const vjp_args &) -> std::vector<tangent> {
        throw error("jx::vjp of " + p->name + ": not differentiable on its "
                    "own; differentiate jx::lax::linalg::qr");
      };
      r.batch = leading_batcher(*p);
    });
  return true;
}();

} // namespace
} // namespace jx::core
