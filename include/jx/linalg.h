// linalg.h - linear algebra: jax.lax.linalg's primitives, jnp.linalg and
// jax.scipy.linalg.
//
//   namespace jnp = jx::numpy;
//   Array x = jnp::linalg::solve(a, b);                 // LU, then two trsm
//   auto [w, v] = jnp::linalg::eigh(s);                  // syevd
//   auto c = jx::scipy::linalg::cho_factor(k, true);     // potrf
//   Array alpha = jx::scipy::linalg::cho_solve(c, y);
//
// Each function traces what JAX traces on the CPU and lowers to the same
// LAPACK custom calls (`lapack_*_ffi`), so jx's StableHLO is JAX's. LAPACK
// failures give what JAX gives: NaN where the routine reports failure
// (cholesky of a matrix that is not positive definite, eigh or svd that
// did not converge), inf/NaN from an exactly singular LU. Every function
// has jvp, vjp and batching rules (JAX's formulas: docs/linalg.md). Inputs
// are float32, float64 (integers are promoted to float32) or, for values
// without derivatives yet, complex64 and complex128.

#ifndef JX_LINALG_H
#define JX_LINALG_H

#include "jx/array.h"

#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

namespace jx::lax::linalg {

struct triangular_solve_options {
  bool left_side = false;
  bool lower = false;
  bool transpose_a = false;
  bool conjugate_a = false;
  bool unit_diagonal = false;
};
/// Solves op(a) x = b (left_side) or x op(a) = b for x, a triangular; b
/// may be a batch of vectors (rank of a minus one), solved from the left.
Array triangular_solve(const Array &a, const Array &b,
                       const triangular_solve_options &options = {});

struct lu_result {
  Array lu;          ///< L (unit diagonal, below) and U (on and above)
  Array pivots;      ///< int32 [..., min(m, n)], 0-based row swaps
  Array permutation; ///< int32 [..., m]: P a = L U with P from it
};
/// LU decomposition with partial pivoting (getrf).
lu_result lu(const Array &a);
/// The permutation the row swaps `pivots` make of range(permutation_size).
Array lu_pivots_to_permutation(const Array &pivots, int64_t permutation_size);
/// The lower Cholesky factor (potrf), NaN where `x` is not positive
/// definite; `symmetrize_input` uses (x + x^T) / 2.
Array cholesky(const Array &x, bool symmetrize_input = true);

/// (eigenvectors v, eigenvalues w ascending) of symmetric x (syevd), as
/// jax.lax.linalg.eigh orders them.
std::pair<Array, Array> eigh(const Array &x, bool lower = true,
                             bool symmetrize_input = true);

enum class svd_algorithm { default_, qr };
struct svd_result {
  std::optional<Array> u; ///< with compute_uv
  Array s;                ///< descending
  std::optional<Array> vh; ///< with compute_uv
};
/// x = u diag(s) vh (gesdd; gesvd with svd_algorithm::qr).
svd_result svd(const Array &x, bool full_matrices = true,
               bool compute_uv = true,
               svd_algorithm algorithm = svd_algorithm::default_);

/// The eigenvalues of a general square x (complex), then the left and the
/// right eigenvectors when asked (geev), as jax.lax.linalg.eig. Not
/// differentiable yet.
std::vector<Array> eig(const Array &x, bool compute_left_eigenvectors = true,
                       bool compute_right_eigenvectors = true);

/// (q, r) of x (geqrf, then orgqr).
std::pair<Array, Array> qr(const Array &x, bool full_matrices = true);
/// LAPACK's compact QR: Householder reflectors below the diagonal of a,
/// R on and above it, and the reflectors' scales.
std::pair<Array, Array> geqrf(const Array &a);
/// The product of the Householder reflectors of geqrf (orgqr).
Array householder_product(const Array &a, const Array &taus);

/// lu_solve with the permutation of `lu`: trans 0 solves a x = b, 1 a^T x = b.
Array lu_solve(const Array &lu, const Array &permutation, const Array &b,
               int trans = 0);

} // namespace jx::lax::linalg

namespace jx::numpy::linalg {

Array solve(const Array &a, const Array &b);
Array inv(const Array &a);
Array det(const Array &a);
/// (sign, log|det|).
std::pair<Array, Array> slogdet(const Array &a);
/// The lower factor (upper = true: its conjugate transpose).
Array cholesky(const Array &a, bool upper = false);
/// (Q, R) for mode "reduced" or "complete"; (h, tau) for "raw". Mode "r"
/// (R alone) is qr(a).second.
std::pair<Array, Array> qr(const Array &a, const std::string &mode = "reduced");
/// (eigenvalues, eigenvectors) of a symmetric matrix.
std::pair<Array, Array> eigh(const Array &a, const std::string &UPLO = "L",
                             bool symmetrize_input = true);
Array eigvalsh(const Array &a, const std::string &UPLO = "L");
/// (eigenvalues, right eigenvectors) of a general square matrix, complex.
std::pair<Array, Array> eig(const Array &a);
Array eigvals(const Array &a);
/// (U, S, Vh).
std::tuple<Array, Array, Array> svd(const Array &a, bool full_matrices = true);
/// The singular values (svd with compute_uv = False).
Array svdvals(const Array &a);
/// (x, residuals, rank, singular values), as JAX computes them.
std::tuple<Array, Array, Array, Array>
lstsq(const Array &a, const Array &b, std::optional<double> rcond = std::nullopt);
Array pinv(const Array &a, std::optional<double> rtol = std::nullopt);
Array matrix_power(const Array &a, int64_t n);
/// The number of singular values above max(S) * max(m, n) * eps, or above
/// `rtol` itself when it is given (as JAX, which uses it unscaled).
Array matrix_rank(const Array &a, std::optional<double> rtol = std::nullopt);

/// The `ord` of norm and cond: a number (2, 1, -1, inf, -inf, 0, p) or
/// "fro" / "nuc".
struct norm_order {
  norm_order(double p) : value(p) {}
  norm_order(int p) : value(static_cast<double>(p)) {}
  norm_order(const char *s) : value(std::string(s)) {}
  norm_order(std::string s) : value(std::move(s)) {}
  std::variant<double, std::string> value;
};
/// Vector norms over one axis, matrix norms over two. Without `axis`: the
/// 2-norm of the flattened array when ord is empty too, else the norm over
/// all axes (a vector's or a matrix's).
Array norm(const Array &x, std::optional<norm_order> ord = std::nullopt,
           std::optional<std::vector<int64_t>> axis = std::nullopt,
           bool keepdims = false);
Array cond(const Array &x, std::optional<norm_order> p = std::nullopt);

} // namespace jx::numpy::linalg

namespace jx::scipy::linalg {

/// (factor, lower): the Cholesky factor in the triangle `lower` says,
/// reading only that triangle of `a`.
std::pair<Array, bool> cho_factor(const Array &a, bool lower = false);
Array cho_solve(const std::pair<Array, bool> &c_and_lower, const Array &b);
/// The Cholesky factor alone (jax.scipy.linalg.cholesky).
Array cholesky(const Array &a, bool lower = false);
/// (p, l, u) with a = p l u.
std::tuple<Array, Array, Array> lu(const Array &a);
/// (lu, pivots).
std::pair<Array, Array> lu_factor(const Array &a);
/// trans 0: a x = b; 1: a^T x = b; 2: a^H x = b.
Array lu_solve(const std::pair<Array, Array> &lu_and_piv, const Array &b,
               int trans = 0);
/// trans 0, 1 (a^T) or 2 (a^H).
Array solve_triangular(const Array &a, const Array &b, int trans = 0,
                       bool lower = false, bool unit_diagonal = false);
/// The matrix exponential (Pade approximation with scaling and squaring,
/// as JAX computes it).
Array expm(const Array &a);

} // namespace jx::scipy::linalg

#endif // JX_LINALG_H
