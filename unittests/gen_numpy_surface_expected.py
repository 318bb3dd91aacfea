"""Writes unittests/numpy_surface_expected.inc: JAX's results for the cases of
unittests/numpy_surface_test.cpp (same names, same inputs, same functions).

  $HOME/.cache/jx-peers-venv/bin/python unittests/gen_numpy_surface_expected.py
  (JAX 0.10.2, x64 disabled)

Each line is `{"name", jx::dtype, {shape}, {values}},` in row-major order
(bools as 0/1, NaN as NAN). Functions returning several arrays (nonzero,
where) are stacked; histogram's counts and edges are separate cases.
"""
import jax
import jax.numpy as jnp

from expected_inc import write_cases

f32 = jnp.float32
nan = float("nan")

# The inputs of numpy_surface_test.cpp.
m34 = jnp.arange(12, dtype=f32).reshape(3, 4) * 0.5 - 1
b234 = jnp.arange(24, dtype=f32).reshape(2, 3, 4)
i33 = (jnp.arange(9, dtype=jnp.int32) - 4).reshape(3, 3)
bool33 = (jnp.arange(9) % 2 == 0).reshape(3, 3)
h33 = jnp.arange(9, dtype=jnp.float16).reshape(3, 3) * 0.25
v3 = jnp.array([1.5, -2, 3], f32)
vi = jnp.array([4, 1, 1, 3, 0, 3, 3], jnp.int32)
data = jnp.array([0.5, 2.25, -1, 3.5, 2.25, 7, 1, 4.75, 0], f32)
w9 = jnp.array([1, 0.5, 2, 1, 1, 3, 0.25, 1, 2], f32)
w7 = jnp.array([0.5, 1, 2, 0.25, 3, 1, 1], f32)
xp = jnp.array([0, 1, 2.5, 4], f32)
fp = jnp.array([1, 3, -1, 2], f32)
xq = jnp.array([-1, 0, 0.5, 2.5, 3, 4, 5], f32)
xin = jnp.array([0.3, 1.7, 3.2, -0.5, 4.5], f32)
p4 = jnp.array([2, -1, 0.5, 3], f32)
obs = jnp.array([[0.2, 1.5, -0.7, 2.2, 0.9],
                 [1.1, -0.3, 0.8, 0.4, 2.6],
                 [-1.2, 0.5, 1.9, -0.6, 0.3]], f32)
v5 = jnp.array([1, 2.5, 0.5, 4, 3], f32)
w5 = jnp.array([2, 1, 3.5, -1, 0], f32)
i22 = jnp.array([[1, 2], [3, 4]], jnp.int32)
f22 = jnp.array([[0.5, 1], [-1, 2]], f32)
ints24 = jnp.array([[0, 2, 2, 4], [1, 1, 3, -1]], jnp.int32)
dnan = jnp.array([[1, nan, 3], [4, 5, 6]], f32)


def stack(t):
    return jnp.stack(t)


cases = {
    # diagonal / diag / trace
    "diagonal_2d": lambda: jnp.diagonal(m34),
    "diagonal_offset1": lambda: jnp.diagonal(m34, 1),
    "diagonal_offset_neg": lambda: jnp.diagonal(m34, -1),
    "diagonal_offset_past": lambda: jnp.diagonal(m34, 5),
    "diagonal_3d_axes": lambda: jnp.diagonal(b234, 1, -1, 0),
    "diagonal_3d_default": lambda: jnp.diagonal(b234),
    "diagonal_int": lambda: jnp.diagonal(i33, -2),
    "diagonal_bool": lambda: jnp.diagonal(bool33),
    "diag_1d": lambda: jnp.diag(v3),
    "diag_1d_k": lambda: jnp.diag(v3, 2),
    "diag_1d_kneg_int": lambda: jnp.diag(jnp.array([1, 2], jnp.int32), -1),
    "diag_2d": lambda: jnp.diag(m34, 1),
    "diag_bool": lambda: jnp.diag(jnp.array([True, False])),
    "trace_2d": lambda: jnp.trace(m34),
    "trace_offset": lambda: jnp.trace(m34, 2),
    "trace_3d": lambda: jnp.trace(b234, 0, 1, 2),
    "trace_3d_neg": lambda: jnp.trace(b234, -1, -1, 0),
    "trace_int8": lambda: jnp.trace(i33.astype(jnp.int8)),
    "trace_bool": lambda: jnp.trace(bool33),
    "trace_f16": lambda: jnp.trace(h33),
    # array / asarray
    "array_ints": lambda: jnp.array([1, 2, 3]),
    "array_floats": lambda: jnp.array([1.5, 2.0]),
    "array_nested": lambda: jnp.array([[1.5, 2], [3, 4]]),
    "array_nested_int": lambda: jnp.array([[1, 2, 3], [4, 5, 6]]),
    "array_dtype": lambda: jnp.array([1, 2, 3], jnp.float16),
    "array_bool": lambda: jnp.array([True, False]),
    "asarray_convert": lambda: jnp.asarray(m34, jnp.int32),
    # kron
    "kron_2d": lambda: jnp.kron(i22, f22),
    "kron_ranks": lambda: jnp.kron(v3, i22),
    "kron_int": lambda: jnp.kron(jnp.array([1, 2]), jnp.array([3, 4, 5])),
    # searchsorted
    "searchsorted_left": lambda: jnp.searchsorted(xp, xq),
    "searchsorted_right": lambda: jnp.searchsorted(xp, xq, side="right"),
    "searchsorted_nan_left": lambda: jnp.searchsorted(
        jnp.array([1, 2, nan], f32), jnp.array([nan, 2, 0], f32)),
    "searchsorted_nan_right": lambda: jnp.searchsorted(
        jnp.array([1, 2, nan], f32), jnp.array([nan, 2, 0], f32), side="right"),
    "searchsorted_int_2d": lambda: jnp.searchsorted(
        jnp.array([1, 3, 3, 7]), jnp.array([[3, 0], [8, 4]]), side="right"),
    # histogram
    "histogram_counts": lambda: jnp.histogram(data, bins=4)[0],
    "histogram_edges": lambda: jnp.histogram(data, bins=4)[1],
    "histogram_range_counts": lambda: jnp.histogram(data, 3, range=(0, 3))[0],
    "histogram_range_edges": lambda: jnp.histogram(data, 3, range=(0, 3))[1],
    "histogram_weights_density": lambda: jnp.histogram(
        data, 5, weights=w9, density=True)[0],
    "histogram_int": lambda: jnp.histogram(vi, bins=3)[0],
    "histogram_given_edges": lambda: jnp.histogram(
        data, bins=jnp.array([0, 1, 2.5, 7], f32))[0],
    "histogram_zero_width_counts": lambda: jnp.histogram(
        jnp.array([2, 2, 2], f32), bins=2)[0],
    "histogram_zero_width_edges": lambda: jnp.histogram(
        jnp.array([2, 2, 2], f32), bins=2)[1],
    "histogram_bin_edges": lambda: jnp.histogram_bin_edges(data, 6),
    # bincount
    "bincount": lambda: jnp.bincount(vi),
    "bincount_minlength": lambda: jnp.bincount(vi, minlength=8),
    "bincount_length": lambda: jnp.bincount(vi, length=3),
    "bincount_weights": lambda: jnp.bincount(vi, weights=w7),
    "bincount_negative": lambda: jnp.bincount(jnp.array([-1, 2, -3])),
    "bincount_bool": lambda: jnp.bincount(jnp.array([True, False, True])),
    # unique
    "unique_int": lambda: jnp.unique(vi),
    "unique_2d": lambda: jnp.unique(i22 % 2 + jnp.array([[3], [1]])),
    "unique_size": lambda: jnp.unique(vi, size=6),
    "unique_size_fill": lambda: jnp.unique(vi, size=6, fill_value=-1),
    "unique_size_cut": lambda: jnp.unique(vi, size=2),
    "unique_nan": lambda: jnp.unique(jnp.array([2, nan, 1, nan, 2], f32)),
    "unique_float_size": lambda: jnp.unique(data, size=9, fill_value=nan),
    # nonzero / where
    "nonzero_1d": lambda: stack(jnp.nonzero(jnp.array([0, 3, 0, -1, 2]))),
    "nonzero_2d": lambda: stack(jnp.nonzero(i33)),
    "nonzero_size_pad": lambda: stack(jnp.nonzero(i33, size=10)),
    "nonzero_size_fill": lambda: stack(jnp.nonzero(bool33, size=7, fill_value=-1)),
    "nonzero_size_cut": lambda: stack(jnp.nonzero(m34, size=3)),
    "nonzero_3d": lambda: stack(jnp.nonzero(b234 % 5 == 0)),
    "where_one_arg": lambda: stack(jnp.where(bool33)),
    "where_size": lambda: stack(jnp.where(bool33, size=6, fill_value=9)),
    # quantiles
    "median_flat": lambda: jnp.median(m34),
    "median_axis": lambda: jnp.median(b234, axis=1),
    "median_int": lambda: jnp.median(vi),
    "median_keepdims_axes": lambda: jnp.median(b234, axis=(0, 2), keepdims=True),
    "median_nan": lambda: jnp.median(dnan, axis=1),
    "quantile_linear": lambda: jnp.quantile(data, 0.3),
    "quantile_vector_axis": lambda: jnp.quantile(
        m34, jnp.array([0.1, 0.5, 0.9], f32), axis=1),
    "quantile_lower": lambda: jnp.quantile(data, jnp.array([0.1, 0.5, 0.77], f32),
                                           method="lower"),
    "quantile_higher": lambda: jnp.quantile(data, jnp.array([0.1, 0.5, 0.77], f32),
                                            method="higher"),
    "quantile_nearest": lambda: jnp.quantile(data, jnp.array([0.1, 0.5, 0.77], f32),
                                             method="nearest"),
    "quantile_midpoint": lambda: jnp.quantile(data, jnp.array([0.1, 0.5, 0.77], f32),
                                              method="midpoint"),
    "quantile_keepdims_all": lambda: jnp.quantile(b234, 0.25, keepdims=True),
    "quantile_keepdims_axis_vector": lambda: jnp.quantile(
        b234, jnp.array([0.2, 0.6], f32), axis=-1, keepdims=True),
    "quantile_f16": lambda: jnp.quantile(h33, 0.4),
    "percentile": lambda: jnp.percentile(data, jnp.array([25, 50, 75])),
    "percentile_axis0": lambda: jnp.percentile(m34, 40, axis=0),
    # cov / corrcoef
    "cov_rows": lambda: jnp.cov(obs),
    "cov_cols": lambda: jnp.cov(obs.T, rowvar=False),
    "cov_1d": lambda: jnp.cov(v5),
    "cov_xy": lambda: jnp.cov(v5, w5),
    "cov_bias": lambda: jnp.cov(obs, bias=True),
    "cov_ddof": lambda: jnp.cov(obs, ddof=2),
    "cov_int": lambda: jnp.cov(i33),
    "corrcoef": lambda: jnp.corrcoef(obs),
    "corrcoef_xy": lambda: jnp.corrcoef(v5, w5),
    "corrcoef_1d": lambda: jnp.corrcoef(v5),
    # interp
    "interp": lambda: jnp.interp(xq, xp, fp),
    "interp_left_right": lambda: jnp.interp(xq, xp, fp, left=-10, right=10),
    "interp_int": lambda: jnp.interp(jnp.array([0, 1, 3]), jnp.array([0, 2, 4]),
                                     jnp.array([0, 10, 20])),
    "interp_repeated_xp": lambda: jnp.interp(
        xq, jnp.array([0, 1, 1, 4], f32), fp),
    "interp_2d_x": lambda: jnp.interp(m34, xp, fp),
    # convolve / correlate
    "convolve_full": lambda: jnp.convolve(data, p4),
    "convolve_same": lambda: jnp.convolve(data, p4, "same"),
    "convolve_valid": lambda: jnp.convolve(data, p4, "valid"),
    "convolve_short_first": lambda: jnp.convolve(p4, data, "same"),
    "convolve_int": lambda: jnp.convolve(jnp.array([1, 2, 3]), jnp.array([0, 1, 2])),
    "correlate_valid": lambda: jnp.correlate(data, p4),
    "correlate_full": lambda: jnp.correlate(data, p4, "full"),
    "correlate_same": lambda: jnp.correlate(data, p4, "same"),
    "correlate_swapped": lambda: jnp.correlate(p4, data, "full"),
    # polyval
    "polyval": lambda: jnp.polyval(p4, xq),
    "polyval_int": lambda: jnp.polyval(jnp.array([2, 5, 1]),
                                       jnp.array([[2, 1], [3, -4]])),
    "polyval_scalar_x": lambda: jnp.polyval(p4, 2.5),
    "polyval_2d_p": lambda: jnp.polyval(m34.T, v3),
    # x[index]
    "getitem_int": lambda: m34[1],
    "getitem_negative": lambda: m34[-1],
    "getitem_tuple": lambda: b234[1, :, 2],
    "getitem_range": lambda: b234[:, 1:3],
    "getitem_array": lambda: m34[jnp.array([2, 0, -1])],
    "getitem_mixed": lambda: b234[jnp.array([1, 0]), :, -1],
    # grad
    "grad_trace": lambda: jax.grad(lambda x: jnp.trace(x * x, 1))(m34),
    "grad_diagonal": lambda: jax.grad(
        lambda x: jnp.sum(jnp.sin(jnp.diagonal(x, 1, 0, 2))))(b234),
    "grad_diag": lambda: jax.grad(lambda v: jnp.sum(jnp.sin(jnp.diag(v, -1))))(v3),
    "grad_polyval_x": lambda: jax.grad(lambda x: jnp.sum(jnp.polyval(p4, x)))(xq),
    "grad_polyval_p": lambda: jax.grad(lambda p: jnp.sum(jnp.polyval(p, xq)))(p4),
    "grad_interp_x": lambda: jax.grad(lambda x: jnp.sum(jnp.interp(x, xp, fp)))(xin),
    "grad_interp_fp": lambda: jax.grad(lambda f: jnp.sum(jnp.interp(xin, xp, f)))(fp),
    "grad_quantile": lambda: jax.grad(lambda a: jnp.sum(jnp.quantile(
        a, jnp.array([0.3, 0.75], f32), axis=1)))(m34),
    "grad_cov": lambda: jax.grad(lambda m: jnp.sum(jnp.cov(m) ** 2))(obs),
    "grad_convolve": lambda: jax.grad(
        lambda a: jnp.sum(jnp.convolve(a, p4, "same") ** 2))(data),
    "grad_kron": lambda: jax.grad(lambda a: jnp.sum(jnp.kron(a, f22) ** 2))(f22 + 1),
    "grad_getitem": lambda: jax.grad(lambda x: jnp.sum(x[1, :, 2] ** 2))(b234),
    # edge cases
    "edge_diagonal_empty": lambda: jnp.diagonal(jnp.zeros((0, 3), f32)),
    "edge_trace_offset_past": lambda: jnp.trace(m34, 5),
    "edge_histogram_zero_bins": lambda: jnp.histogram(data, bins=0)[0],
    "edge_nonzero_empty_size": lambda: stack(jnp.nonzero(
        jnp.zeros((0, 2), f32), size=2)),
    "edge_unique_empty_fill": lambda: jnp.unique(jnp.zeros(0, f32), size=3,
                                                 fill_value=2),
    "edge_interp_one_point": lambda: jnp.interp(
        v3, jnp.array([1], f32), jnp.array([5], f32)),
    "edge_cov_no_observations": lambda: jnp.cov(jnp.zeros((2, 0), f32)),
    "edge_polyval_empty_p": lambda: jnp.polyval(jnp.zeros(0, f32), v3),
    "edge_kron_scalar": lambda: jnp.kron(jnp.array(2, f32), v3),
    "edge_unique_one": lambda: jnp.unique(jnp.array([5], f32)),
    "edge_histogram_density_zero_bins": lambda: jnp.histogram(
        data, bins=0, density=True)[0],
    "edge_bincount_empty": lambda: jnp.bincount(jnp.zeros(0, jnp.int32), length=0),
    # vmap
    "vmap_diagonal": lambda: jax.vmap(lambda x: jnp.diagonal(x, 1))(b234),
    "vmap_trace": lambda: jax.vmap(jnp.trace)(b234),
    "vmap_interp": lambda: jax.vmap(lambda x: jnp.interp(x, xp, fp))(m34),
    "vmap_nonzero": lambda: jax.vmap(lambda r: jnp.nonzero(r, size=3)[0])(i33),
    "vmap_unique": lambda: jax.vmap(lambda r: jnp.unique(r, size=3, fill_value=9))(ints24),
    "vmap_bincount": lambda: jax.vmap(lambda r: jnp.bincount(r, length=5))(ints24),
    "vmap_quantile": lambda: jax.vmap(lambda r: jnp.quantile(r, 0.4))(m34),
}

write_cases("numpy_surface_expected.inc", "gen_numpy_surface_expected.py",
            jax.__version__, cases)
