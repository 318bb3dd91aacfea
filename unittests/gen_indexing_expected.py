"""Writes unittests/indexing_expected.inc: JAX's results for the cases of
unittests/indexing_test.cpp (same names, same inputs, same functions).

  python3 unittests/gen_indexing_expected.py   (JAX 0.10.2, x64 disabled)

Each line is `{"name", jx::dtype, {shape}, {values}},` in row-major order
(bools as 0/1, NaN as NAN).
"""
import warnings

import jax
import jax.numpy as jnp
from jax import lax

from expected_inc import write_cases

warnings.simplefilter("ignore")  # JAX's FutureWarning on lossy .at casts

xf = (jnp.arange(20, dtype=jnp.float32) * 1.5 - 3).reshape(4, 5)
xi = (jnp.arange(20, dtype=jnp.int32) - 7).reshape(4, 5)
xb = (jnp.arange(20) % 3 == 0).reshape(4, 5)
y3 = jnp.arange(60, dtype=jnp.float32).reshape(3, 4, 5)
xh = (jnp.arange(20, dtype=jnp.float16) * 0.5).reshape(4, 5)
i4 = jnp.array([2, -1, 0, 2], jnp.int32)
c3 = jnp.array([4, -5, 1], jnp.int32)
r3 = jnp.array([0, 3, -1], jnp.int32)
k3 = jnp.array([1, -2, 4], jnp.int32)
col = jnp.array([[0], [2], [-1]], jnp.int32)
row2 = jnp.array([1, 3], jnp.int32)
oob = jnp.array([7, -9, 1], jnp.int32)
dup = jnp.array([1, 1, 3, 1], jnp.int32)
u2 = jnp.array([3, 0], jnp.uint8)
tk = jnp.array([[0, 4], [-1, 2]], jnp.int32)
flat = jnp.array([0, 19, -1, 25, -21], jnp.int32)
srt = jnp.argsort(-xf, axis=1)[:, :2].astype(jnp.int32)  # (4, 2)
along0 = jnp.array([[3, 0, -1, 1, 2]], jnp.int32)  # (1, 5)

GD, SD = lax.GatherDimensionNumbers, lax.ScatterDimensionNumbers
cases = {
    # x[idx] (gather, JAX's default: clamp out-of-bounds indices)
    "index_rows_f32": lambda: xf[i4],
    "index_rows_i32": lambda: xi[i4],
    "index_rows_bool": lambda: xb[i4],
    "index_rows_f16": lambda: xh[i4],
    "index_cols": lambda: xf[:, c3],
    "index_pairs": lambda: xf[r3, k3],
    "index_array_int": lambda: xf[row2, -2],
    "index_broadcast": lambda: xf[col, row2],
    "index_noncontiguous": lambda: y3[row2 - 1, :, r3[:2]],
    "index_contiguous_3d": lambda: y3[:, row2, r3[1:]],
    "index_partial_slice": lambda: xf[row2, 1:4],
    "index_strided": lambda: xf[row2, ::2],
    "index_slice_first": lambda: xf[1:3, c3],
    "index_out_of_bounds": lambda: xf[oob],
    "index_uint8": lambda: xf[u2],
    "index_scalar_array": lambda: xf[jnp.array(-1, jnp.int32)],
    "index_scalar_array_col": lambda: xi[:, jnp.array(-2, jnp.int32)],
    # take / take_along_axis (JAX's default: fill out-of-bounds with NaN,
    # INT_MIN, True)
    "take_flat_f32": lambda: jnp.take(xf, flat),
    "take_flat_i32": lambda: jnp.take(xi, flat),
    "take_flat_bool": lambda: jnp.take(xb, flat),
    "take_axis1": lambda: jnp.take(xf, tk, axis=1),
    "take_axis0_i32": lambda: jnp.take(xi, row2, axis=0),
    "take_scalar": lambda: jnp.take(xf, -3),
    "take_f16": lambda: jnp.take(xh, tk, axis=0),
    "take_clip": lambda: jnp.take(xf, oob, axis=0, mode="clip"),
    "take_fill_value": lambda: jnp.take(xi, oob, axis=0, fill_value=-1),
    "take_along_axis1": lambda: jnp.take_along_axis(xf, srt, axis=1),
    "take_along_axis0_bcast": lambda: jnp.take_along_axis(xi, along0, axis=0),
    "take_along_none": lambda: jnp.take_along_axis(xf, flat, axis=None),
    "take_along_3d": lambda: jnp.take_along_axis(
        y3, jnp.array([[[1], [0]], [[3], [2]], [[-1], [7]]], jnp.int32),
        axis=1),
    # x.at[idx] (scatter; out-of-bounds updates dropped)
    "at_set_f32": lambda: xf.at[row2].set(9.0),
    "at_set_i32": lambda: xi.at[row2].set(jnp.array([1, 2, 3, 4, 5], jnp.int32)),
    "at_set_bool": lambda: xb.at[r3].set(True),
    "at_set_bool_cols": lambda: xb.at[:, c3].set(False),
    "at_set_int_index": lambda: xf.at[2, 3].set(0.5),
    "at_set_out_of_bounds": lambda: xf.at[oob].set(100.0),
    "at_set_negative_pairs": lambda: xi.at[r3, k3].set(-100),
    "at_add_duplicates": lambda: xf.at[dup].add(1.0),
    "at_add_i32_dup": lambda: xi.at[dup, 0].add(10),
    "at_add_i32_float": lambda: xi.at[row2].add(2.5),
    "at_add_slice": lambda: xf.at[row2, 1:3].add(jnp.array([10.0, 20.0], jnp.float32)),
    "at_add_uint8": lambda: xf.at[u2].add(1.0),
    "at_multiply": lambda: xf.at[dup].multiply(2.0),
    "at_min": lambda: xi.at[:, c3].min(0),
    "at_max_dup": lambda: xf.at[dup].max(jnp.array([[5.0], [6.0], [7.0], [8.0]], jnp.float32)),
    "at_get_fill": lambda: xf.at[oob].get(mode="fill"),
    "at_get_fill_i32": lambda: xi.at[oob].get(mode="fill", fill_value=7),
    "at_get": lambda: xi.at[oob].get(),
    "at_set_clip": lambda: xf.at[oob].set(-1.0, mode="clip"),
    # jax.lax
    "lax_gather_fill": lambda: lax.gather(
        xf, jnp.array([[0, 1], [3, 4], [2, 4], [-1, 0]], jnp.int32),
        GD(offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0, 1)),
        (1, 2), mode="fill", fill_value=-7.0),
    "lax_gather_clip": lambda: lax.gather(
        xf, jnp.array([[0, 1], [3, 4], [2, 4], [-1, 0]], jnp.int32),
        GD(offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0, 1)),
        (1, 2), mode="clip"),
    "lax_scatter_add_clip": lambda: lax.scatter_add(
        xi, jnp.array([[0], [9], [-3]], jnp.int32), jnp.ones((3, 5), jnp.int32),
        SD(update_window_dims=(1,), inserted_window_dims=(0,),
           scatter_dims_to_operand_dims=(0,)), mode="clip"),
    "lax_scatter_mul": lambda: lax.scatter_mul(
        xf, jnp.array([[1, 1], [1, 1], [2, 0]], jnp.int32),
        jnp.array([2.0, 3.0, -1.0], jnp.float32),
        SD(update_window_dims=(), inserted_window_dims=(0, 1),
           scatter_dims_to_operand_dims=(0, 1))),
    "lax_scatter_min_batched": lambda: lax.scatter_min(
        xf, jnp.array([[4], [0], [2], [9]], jnp.int32),
        jnp.array([-50.0, -60.0, 100.0, -70.0], jnp.float32),
        SD(update_window_dims=(), inserted_window_dims=(1,),
           scatter_dims_to_operand_dims=(1,), operand_batching_dims=(0,),
           scatter_indices_batching_dims=(0,))),
    "lax_scatter_max": lambda: lax.scatter_max(
        xi, jnp.array([[2], [2]], jnp.int32), jnp.array([[100, -100, 0, 5, 3], [0, 50, -50, 1, 1]], jnp.int32),
        SD(update_window_dims=(1,), inserted_window_dims=(0,),
           scatter_dims_to_operand_dims=(0,))),
    "lax_scatter": lambda: lax.scatter(
        xb, jnp.array([[0], [3]], jnp.int32), jnp.zeros((2, 5), jnp.bool_),
        SD(update_window_dims=(1,), inserted_window_dims=(0,),
           scatter_dims_to_operand_dims=(0,))),
}

write_cases("indexing_expected.inc", "gen_indexing_expected.py",
            jax.__version__, cases)
