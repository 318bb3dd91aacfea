"""Linear-algebra fixtures for gen_jax_fixtures.py: jnp.linalg,
jax.scipy.linalg and lax.linalg as JAX lowers them on the CPU, that is to
`stablehlo.custom_call @lapack_*_ffi` targets (and the StableHLO JAX builds
around them: pivots to permutations, NaN where LAPACK's info says the
routine failed).

Every LAPACK target JAX's CPU lowering emits appears in at least one
fixture, in f32 and most also in f64, complex64 and complex128, batched and
not, with the failure cases (singular, not positive definite, NaN input).

Tolerances are looser than the elementwise fixtures': jx calls the LAPACK
of Debian's OpenBLAS, JAX the one of scipy's OpenBLAS build, and the two
round differently in the last bits.

Imported by gen_jax_fixtures.py, which calls register(fixture).
"""

import numpy as np

import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
from jax.lax import linalg as lax_linalg
from jax._src.lax.linalg import geqrf  # not exported by jax.lax.linalg

f32, f64 = np.float32, np.float64
c64, c128 = np.complex64, np.complex128

TOL = {
    f32: {"rtol": 1e-4, "atol": 2e-5},
    c64: {"rtol": 1e-4, "atol": 2e-5},
    f64: {"rtol": 1e-10, "atol": 1e-12},
    c128: {"rtol": 1e-10, "atol": 1e-12},
}

N = 4
B = (2, 3)


def gen(rng, shape, dtype=f32):
    x = rng.standard_normal(shape)
    if np.issubdtype(dtype, np.complexfloating):
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def well(rng, shape, dtype=f32):
    """A well-conditioned square matrix: random + n I."""
    n = shape[-1]
    return (gen(rng, shape, dtype) + n * np.eye(n)).astype(dtype)


def spd(rng, shape, dtype=f32):
    """Symmetric (Hermitian) positive definite: A A^H + n I."""
    a = gen(rng, shape, np.complex128 if np.issubdtype(dtype, np.complexfloating)
            else np.float64)
    n = shape[-1]
    return (a @ np.conj(np.swapaxes(a, -1, -2)) + n * np.eye(n)).astype(dtype)


def singular(rng, dtype=f32):
    """Exactly singular: one row the sum of two others, one column zero."""
    a = gen(rng, (N, N), dtype)
    a[-1] = a[0] + a[1]
    a[:, 2] = 0
    return a


def not_positive_definite(rng, dtype=f32):
    a = spd(rng, (N, N), f64)
    a[2, 2] = -10.0
    return a.astype(dtype)


def gp_nll(log_scale, x, y):
    """A Gaussian process's negative log likelihood (RBF kernel)."""
    d = x[:, None, :] - x[None, :, :]
    k = (jnp.exp(-0.5 * jnp.sum(d * d, -1) / jnp.exp(2 * log_scale))
         + 0.1 * jnp.eye(x.shape[0]))
    factor = jsl.cho_factor(k, lower=True)
    alpha = jsl.cho_solve(factor, y)
    logdet = 2.0 * jnp.sum(jnp.log(jnp.diag(factor[0])))
    return 0.5 * y @ alpha + 0.5 * logdet + 0.5 * x.shape[0] * jnp.log(2 * jnp.pi)


def register(fixture):
    def case(name, description, dtype, make, x64=None, nonfinite=False, gauge=None):
        if x64 is None:
            x64 = dtype in (f64, c128)
        fixture(name, description, x64=x64, tol=TOL[dtype],
                nonfinite=nonfinite, group="linalg", gauge=gauge)(make)

    # Schur vectors are unique only up to a phase per column: LAPACK builds
    # (OpenBLAS's kernels for another CPU) may return other phases.
    schur = {"kind": "schur", "t": 0, "z": 1}

    # jnp.linalg: LU (getrf) and triangular solves (trsm).
    for dt, sfx in ((f32, "f32"), (f64, "f64"), (c64, "c64"), (c128, "c128")):
        case(f"linalg_solve_{sfx}", f"jnp.linalg.solve {sfx}[4,4] x [4]", dt,
             lambda r, dt=dt: (jnp.linalg.solve, (well(r, (N, N), dt), gen(r, (N,), dt))))
    case("linalg_solve_batched_f32", "jnp.linalg.solve f32[2,3,4,4] x [2,3,4,2]", f32,
         lambda r: (jnp.linalg.solve, (well(r, B + (N, N)), gen(r, B + (N, 2)))))
    case("linalg_solve_broadcast_f32", "jnp.linalg.solve f32[2,3,4,4] x [4,2]", f32,
         lambda r: (jnp.linalg.solve, (well(r, B + (N, N)), gen(r, (N, 2)))))
    case("linalg_inv_f32", "jnp.linalg.inv f32[4,4]", f32,
         lambda r: (jnp.linalg.inv, (well(r, (N, N)),)))
    case("linalg_inv_batched_c64", "jnp.linalg.inv complex64[3,4,4]", c64,
         lambda r: (jnp.linalg.inv, (well(r, (3, N, N), c64),)))
    case("linalg_det_f32", "jnp.linalg.det f32[2,3,4,4]", f32,
         lambda r: (jnp.linalg.det, (well(r, B + (N, N)),)))
    case("linalg_det_f64", "jnp.linalg.det f64[4,4]", f64,
         lambda r: (jnp.linalg.det, (well(r, (N, N), f64),)))
    case("linalg_slogdet_f32", "jnp.linalg.slogdet f32[4,4]", f32,
         lambda r: (lambda a: tuple(jnp.linalg.slogdet(a)), (gen(r, (N, N)),)))
    # Cholesky (potrf).
    case("linalg_cholesky_f32", "jnp.linalg.cholesky f32[2,3,4,4]", f32,
         lambda r: (jnp.linalg.cholesky, (spd(r, B + (N, N)),)))
    case("linalg_cholesky_f64", "jnp.linalg.cholesky f64[4,4]", f64,
         lambda r: (jnp.linalg.cholesky, (spd(r, (N, N), f64),)))
    case("linalg_cholesky_c64", "jnp.linalg.cholesky complex64[3,4,4]", c64,
         lambda r: (jnp.linalg.cholesky, (spd(r, (3, N, N), c64),)))
    # QR (geqrf, orgqr/ungqr).
    for mode in ("reduced", "complete"):
        for shape in ((5, 3), (3, 5)):
            tag = f"{shape[0]}x{shape[1]}"
            case(f"linalg_qr_{mode}_{tag}_f32", f"jnp.linalg.qr mode={mode} f32[{tag}]", f32,
                 lambda r, mode=mode, shape=shape:
                 (lambda a: tuple(jnp.linalg.qr(a, mode=mode)), (gen(r, shape),)))
    case("linalg_qr_raw_f32", "jnp.linalg.qr mode=raw f32[5,3]", f32,
         lambda r: (lambda a: tuple(jnp.linalg.qr(a, mode="raw")), (gen(r, (5, 3)),)))
    case("linalg_qr_batched_f32", "jnp.linalg.qr f32[2,3,5,3]", f32,
         lambda r: (lambda a: tuple(jnp.linalg.qr(a)), (gen(r, B + (5, 3)),)))
    case("linalg_qr_f64", "jnp.linalg.qr f64[5,3]", f64,
         lambda r: (lambda a: tuple(jnp.linalg.qr(a)), (gen(r, (5, 3), f64),)))
    case("linalg_qr_c64", "jnp.linalg.qr complex64[5,3]", c64,
         lambda r: (lambda a: tuple(jnp.linalg.qr(a)), (gen(r, (5, 3), c64),)))
    # Symmetric / Hermitian eigendecomposition (syevd, heevd).
    case("linalg_eigh_f32", "jnp.linalg.eigh f32[2,3,4,4]", f32,
         lambda r: (lambda a: tuple(jnp.linalg.eigh(a)), (spd(r, B + (N, N)),)))
    case("linalg_eigh_upper_f32", "jnp.linalg.eigh UPLO=U f32[4,4]", f32,
         lambda r: (lambda a: tuple(jnp.linalg.eigh(a, UPLO="U")), (spd(r, (N, N)),)))
    case("linalg_eigh_f64", "jnp.linalg.eigh f64[4,4]", f64,
         lambda r: (lambda a: tuple(jnp.linalg.eigh(a)), (spd(r, (N, N), f64),)))
    case("linalg_eigh_c64", "jnp.linalg.eigh complex64[3,4,4]", c64,
         lambda r: (lambda a: tuple(jnp.linalg.eigh(a)), (spd(r, (3, N, N), c64),)))
    case("linalg_eigh_c128", "jnp.linalg.eigh complex128[4,4]", c128,
         lambda r: (lambda a: tuple(jnp.linalg.eigh(a)), (spd(r, (N, N), c128),)))
    case("linalg_eigvalsh_f32", "jnp.linalg.eigvalsh f32[4,4]", f32,
         lambda r: (jnp.linalg.eigvalsh, (spd(r, (N, N)),)))
    # SVD (gesdd; gesvd through lax.linalg.svd's QR algorithm).
    for full in (True, False):
        for shape in ((5, 3), (3, 5)):
            tag = f"{shape[0]}x{shape[1]}"
            kind = "full" if full else "reduced"
            case(f"linalg_svd_{kind}_{tag}_f32", f"jnp.linalg.svd full_matrices={full} f32[{tag}]",
                 f32, lambda r, full=full, shape=shape:
                 (lambda a: tuple(jnp.linalg.svd(a, full_matrices=full)), (gen(r, shape),)))
    case("linalg_svd_values_f32", "jnp.linalg.svd compute_uv=False f32[3,5]", f32,
         lambda r: (lambda a: jnp.linalg.svd(a, compute_uv=False), (gen(r, (3, 5)),)))
    case("linalg_svd_batched_f32", "jnp.linalg.svd f32[2,3,5,3]", f32,
         lambda r: (lambda a: tuple(jnp.linalg.svd(a, full_matrices=False)), (gen(r, B + (5, 3)),)))
    case("linalg_svd_f64", "jnp.linalg.svd f64[5,3]", f64,
         lambda r: (lambda a: tuple(jnp.linalg.svd(a, full_matrices=False)), (gen(r, (5, 3), f64),)))
    case("linalg_svd_c64", "jnp.linalg.svd complex64[2,3,3]", c64,
         lambda r: (lambda a: tuple(jnp.linalg.svd(a)), (gen(r, (2, 3, 3), c64),)))
    case("lax_svd_qr_algorithm_f32", "lax.linalg.svd algorithm=QR (gesvd) f32[5,3]", f32,
         lambda r: (lambda a: tuple(lax_linalg.svd(a, full_matrices=False,
                                                   algorithm=lax_linalg.SvdAlgorithm.QR)),
                    (gen(r, (5, 3)),)))
    case("linalg_lstsq_f32", "jnp.linalg.lstsq f32[5,3] x [5]", f32,
         lambda r: (lambda a, b: tuple(jnp.linalg.lstsq(a, b)), (gen(r, (5, 3)), gen(r, (5,)))))
    case("linalg_pinv_f32", "jnp.linalg.pinv f32[5,3]", f32,
         lambda r: (jnp.linalg.pinv, (gen(r, (5, 3)),)))
    case("linalg_matrix_rank_f32", "jnp.linalg.matrix_rank of a rank-3 f32[4,4]", f32,
         lambda r: (jnp.linalg.matrix_rank, (singular(r),)))
    case("linalg_cond_norm2_f32", "jnp.linalg.cond and norm(ord=2) f32[4,4]", f32,
         lambda r: (lambda a: (jnp.linalg.cond(a), jnp.linalg.norm(a, ord=2)), (well(r, (N, N)),)))
    # General eigendecomposition (geev).
    case("linalg_eig_f32", "jnp.linalg.eig f32[2,3,4,4]", f32,
         lambda r: (lambda a: tuple(jnp.linalg.eig(a)), (gen(r, B + (N, N)),)))
    case("linalg_eig_f64", "jnp.linalg.eig f64[4,4]", f64,
         lambda r: (lambda a: tuple(jnp.linalg.eig(a)), (gen(r, (N, N), f64),)))
    case("linalg_eig_c64", "jnp.linalg.eig complex64[4,4]", c64,
         lambda r: (lambda a: tuple(jnp.linalg.eig(a)), (gen(r, (N, N), c64),)))
    case("lax_eig_left_right_f32", "lax.linalg.eig with left and right vectors f32[4,4]", f32,
         lambda r: (lambda a: tuple(lax_linalg.eig(a, compute_left_eigenvectors=True,
                                                   compute_right_eigenvectors=True)),
                    (gen(r, (N, N)),)))
    case("linalg_eigvals_f32", "jnp.linalg.eigvals f32[4,4]", f32,
         lambda r: (jnp.linalg.eigvals, (gen(r, (N, N)),)))

    # jax.scipy.linalg.
    case("scipy_cho_solve_f32", "jsl.cho_solve(jsl.cho_factor) f32[4,4] x [4,2]", f32,
         lambda r: (lambda a, b: jsl.cho_solve(jsl.cho_factor(a, lower=True), b),
                    (spd(r, (N, N)), gen(r, (N, 2)))))
    case("scipy_cho_factor_upper_f32", "jsl.cho_factor lower=False f32[4,4]", f32,
         lambda r: (lambda a: jsl.cho_factor(a, lower=False)[0], (spd(r, (N, N)),)))
    case("scipy_lu_f32", "jsl.lu f32[5,3]", f32,
         lambda r: (lambda a: tuple(jsl.lu(a)), (gen(r, (5, 3)),)))
    case("scipy_lu_solve_f32", "jsl.lu_solve(jsl.lu_factor) trans=0 and 1 f32[4,4]", f32,
         lambda r: (lambda a, b: (jsl.lu_solve(jsl.lu_factor(a), b),
                                  jsl.lu_solve(jsl.lu_factor(a), b, trans=1)),
                    (well(r, (N, N)), gen(r, (N, 2)))))
    case("scipy_solve_triangular_f32", "jsl.solve_triangular lower/upper, trans, unit f32", f32,
         lambda r: (lambda a, b: (jsl.solve_triangular(a, b, lower=True),
                                  jsl.solve_triangular(a, b, lower=False, trans=1),
                                  jsl.solve_triangular(a, b[:, 0], lower=True,
                                                       unit_diagonal=True)),
                    (well(r, (N, N)), gen(r, (N, 2)))))
    case("scipy_solve_triangular_c64", "jsl.solve_triangular trans=2 (conjugate) complex64", c64,
         lambda r: (lambda a, b: jsl.solve_triangular(a, b, lower=True, trans=2),
                    (well(r, (N, N), c64), gen(r, (N, 2), c64))))
    case("lax_triangular_solve_right_f32", "lax.linalg.triangular_solve from the right f32", f32,
         lambda r: (lambda a, b: lax_linalg.triangular_solve(a, b, left_side=False, lower=True,
                                                            transpose_a=True),
                    (well(r, (N, N)), gen(r, (2, N)))))
    case("scipy_schur_f32", "jsl.schur f32[4,4]", f32,
         lambda r: (lambda a: tuple(jsl.schur(a)), (gen(r, (N, N)),)), gauge=schur)
    case("scipy_schur_c64", "jsl.schur complex64[4,4]", c64,
         lambda r: (lambda a: tuple(jsl.schur(a)), (gen(r, (N, N), c64),)), gauge=schur)
    case("scipy_hessenberg_f32", "jsl.hessenberg calc_q=True f32[4,4]", f32,
         lambda r: (lambda a: tuple(jsl.hessenberg(a, calc_q=True)), (gen(r, (N, N)),)))
    case("scipy_expm_f32", "jsl.expm f32[4,4]", f32,
         lambda r: (jsl.expm, ((0.3 * gen(r, (N, N))).astype(f32),)))
    case("scipy_qr_pivoting_f32", "jsl.qr pivoting=True (geqp3) f32[5,3]", f32,
         lambda r: (lambda a: tuple(jsl.qr(a, pivoting=True)), (gen(r, (5, 3)),)))
    case("scipy_qr_multiply_f32", "jsl.qr_multiply (ormqr) f32[5,3] x [5]", f32,
         lambda r: (lambda a, c: tuple(jsl.qr_multiply(a, c)), (gen(r, (5, 3)), gen(r, (5,)))))
    case("scipy_sqrtm_f32", "jsl.sqrtm (complex Schur) f32[4,4]", f32,
         lambda r: (jsl.sqrtm, (spd(r, (N, N)),)))
    case("scipy_polar_f32", "jsl.polar (QR, Cholesky, trsm) f32[4,4]", f32,
         lambda r: (lambda a: tuple(jsl.polar(a)), (well(r, (N, N)),)))
    # lax.linalg primitives without a NumPy name.
    case("lax_tridiagonal_f32", "lax.linalg.tridiagonal (sytrd) f32[4,4]", f32,
         lambda r: (lambda a: tuple(lax_linalg.tridiagonal(a, lower=True)), (spd(r, (N, N)),)))
    diagonals = (np.array([0, 1, 2, 3], f32), np.array([5, 6, 7, 8], f32),
                 np.array([1, 2, 3, 0], f32))
    case("lax_tridiagonal_solve_f32", "lax.linalg.tridiagonal_solve (gtsv) f32[4] x [4,2]", f32,
         lambda r: (lax_linalg.tridiagonal_solve, diagonals + (gen(r, (N, 2)),)))
    # The second system is T - lambda I for an eigenvalue lambda of T: the
    # numerically singular system of inverse iteration, where the solve
    # perturbs its tiny pivot.
    dense = (np.diag(diagonals[1]) + np.diag(diagonals[0][1:], -1)
             + np.diag(diagonals[2][:-1], 1)).astype(f64)
    shifted = (diagonals[1] - np.linalg.eigvalsh(dense)[1]).astype(f32)
    case("lax_tridiagonal_solve_perturbed_f32",
         "lax.linalg.tridiagonal_solve perturb_singular=True, regular and singular", f32,
         lambda r: (lambda dl, d, du, d2, b: (
             lax_linalg.tridiagonal_solve(dl, d, du, b, perturb_singular=True),
             lax_linalg.tridiagonal_solve(dl, d2, du, b, perturb_singular=True)),
             diagonals + (shifted, gen(r, (N, 2)))))
    case("lax_ormqr_householder_f32", "lax.linalg.ormqr and householder_product f32[5,3]", f32,
         lambda r: (lambda a, c: (lax_linalg.ormqr(*geqrf(a), c, left=True,
                                                   transpose=True),
                                  lax_linalg.householder_product(*geqrf(a))),
                    (gen(r, (5, 3)), gen(r, (5, 2)))))

    # The gradient of a Gaussian process likelihood: Cholesky and
    # triangular solves from both sides.
    case("gp_nll_value_and_grad_f32",
         "value and gradient of a Gaussian process NLL (cho_factor, cho_solve)", f32,
         lambda r: (jax.value_and_grad(gp_nll, argnums=(0, 1)),
                    (np.float32(0.3), gen(r, (5, 2)), gen(r, (5,)))))

    # Failures: what JAX returns (NaN where info says so, inf from a zero
    # pivot), never an error.
    case("linalg_singular_f32", "solve, inv, det and slogdet of a singular f32[4,4]", f32,
         lambda r: (lambda a, b: (jnp.linalg.solve(a, b), jnp.linalg.inv(a),
                                  jnp.linalg.det(a)) + tuple(jnp.linalg.slogdet(a)),
                    (singular(r), gen(r, (N,)))),
         nonfinite=True)
    case("linalg_cholesky_not_pd_f32", "jnp.linalg.cholesky of [SPD, indefinite] f32[2,4,4]",
         f32, lambda r: (jnp.linalg.cholesky,
                         (np.stack([spd(r, (N, N)), not_positive_definite(r)]),)),
         nonfinite=True)
    case("linalg_eig_nan_f32", "jnp.linalg.eig of a matrix with NaN f32[4,4]", f32,
         lambda r: (lambda a: tuple(jnp.linalg.eig(a)),
                    (np.where(np.eye(N, dtype=bool), np.nan, gen(r, (N, N))).astype(f32),)),
         nonfinite=True)
