"""Writes the inputs and JAX's results for unittests/numpy_more_test.cpp.

  python3 test/Frontend/gen_numpy_more.py   (JAX 0.10.2, x64 disabled)

Inputs/numpy_more.txt holds, per case, sections `== <case>.in<i>` (the
arguments) and `== <case>.out<i>` (JAX's results): a header line
`<dtype> [<shape, comma separated>] <tol>` and a line of values (row-major;
floats exactly, as Python's repr of the value). `tol` is `exact` where jx
must produce the same bits, else the relative tolerance the test allows
(dot-based ops, whose summation order is not fixed). The C++ test holds
the same functions under the same case names.
"""
import os
import numpy as np
import jax, jax.numpy as jnp

here = os.path.join(os.path.dirname(__file__), "Inputs")
rng = np.random.default_rng(4)


def rnd(shape, dtype=jnp.float32):
    """Small values with two decimals (exact enough in every float type)."""
    if np.dtype(dtype) == np.bool_:
        return jnp.asarray(rng.integers(0, 2, shape).astype(bool))
    if jnp.issubdtype(dtype, jnp.integer):
        lo = 0 if jnp.issubdtype(dtype, jnp.unsignedinteger) else -9
        return jnp.asarray(rng.integers(lo, 10, shape), dtype)
    return jnp.asarray(np.round(rng.standard_normal(shape) * 2, 2), dtype)


A = lambda *v, dtype=jnp.float32: jnp.asarray(np.array(v), dtype)
nan, inf = float("nan"), float("inf")
F = 1e-5  # tolerance of f32 dot products
H = 2e-2  # f16 / bf16
# linspace: XLA rewrites JAX's `div g 49.0` into a multiply by the rounded
# reciprocal, reassociates and contracts into FMAs, so JAX's values can differ
# from the equations' own rounding by about an ulp of the larger endpoint
# (start * (1 - t) + stop * t cancels near zero); under jit, jx's CPU
# pipeline keeps f16/bf16 intermediates in f32, which moves cancelling sums
# by a few ulps of the result's magnitude.
L32, L16, LB16 = 6e-7, 2e-3, 2e-2  # ~1 ulp of the larger endpoint (f32)

cases = []


def case(name, fn, args, tol="exact"):
    cases.append((name, fn, args, tol))


# einsum
case("einsum_matmul", lambda a, b: jnp.einsum("ij,jk->ik", a, b),
     [rnd((2, 3)), rnd((3, 4))], F)
case("einsum_chain", lambda a, b, c: jnp.einsum("ij,jk,kl->il", a, b, c),
     [rnd((2, 3)), rnd((3, 4)), rnd((4, 5))], F)
case("einsum_implicit", lambda a, b: jnp.einsum("ba,ac", a, b),
     [rnd((2, 3)), rnd((3, 4))], F)
case("einsum_implicit_case", lambda a, b: jnp.einsum("bA,a", a, b),
     [rnd((2, 3)), rnd((3,))], F)
case("einsum_trace", lambda a: jnp.einsum("ii", a), [rnd((3, 3))], F)
case("einsum_diag", lambda a: jnp.einsum("ii->i", a), [rnd((3, 3))])
case("einsum_diag_contract", lambda a, b: jnp.einsum("iij,jk->ik", a, b),
     [rnd((2, 2, 3)), rnd((3, 4))], F)
case("einsum_batch", lambda a, b: jnp.einsum("bij,bjk->bki", a, b),
     [rnd((5, 2, 3)), rnd((5, 3, 4))], F)
case("einsum_ellipsis", lambda a, b: jnp.einsum("...ij,...jk->...ik", a, b),
     [rnd((5, 1, 2, 3)), rnd((4, 3, 2))], F)
case("einsum_ellipsis_sum", lambda a: jnp.einsum("...i->i", a),
     [rnd((2, 3, 4))], F)
case("einsum_sum_all", lambda a: jnp.einsum("ij->", a), [rnd((2, 3))], F)
case("einsum_sum_rows", lambda a: jnp.einsum("ij->j", a), [rnd((2, 3))], F)
case("einsum_transpose", lambda a: jnp.einsum("ijk->kji", a),
     [rnd((2, 3, 4), jnp.int32)])
case("einsum_outer_int", lambda a, b: jnp.einsum("i,j->ij", a, b),
     [rnd((3,), jnp.int32), rnd((4,), jnp.int32)])
case("einsum_three", lambda a, b, c: jnp.einsum("ij,ij,ij->i", a, b, c),
     [rnd((2, 3)), rnd((2, 3)), rnd((2, 3))], F)
case("einsum_mixed", lambda a, b: jnp.einsum("ij,j->i", a, b),
     [rnd((2, 3)), rnd((3,), jnp.int32)], F)
case("einsum_broadcast_one", lambda a, b: jnp.einsum("ij,jk", a, b),
     [rnd((2, 1)), rnd((3, 4))], F)
case("einsum_bf16", lambda a, b: jnp.einsum("ij,jk->ik", a, b),
     [rnd((2, 3), jnp.bfloat16), rnd((3, 4), jnp.bfloat16)], H)
case("einsum_int8", lambda a, b: jnp.einsum("ij,kj->ik", a, b),
     [rnd((2, 3), jnp.int8), rnd((4, 3), jnp.int8)])
case("einsum_bool", lambda a, b: jnp.einsum("ij,jk", a, b),
     [rnd((2, 3), jnp.bool_), rnd((3, 2), jnp.bool_)])
case("einsum_ellipsis_implicit", lambda a, b: jnp.einsum("...j,j", a, b),
     [rnd((2, 3, 4)), rnd((4,))], F)
case("einsum_later_operand", lambda a, b, c: jnp.einsum("ij,jk,ik->k", a, b, c),
     [rnd((2, 3)), rnd((3, 4)), rnd((2, 4))], F)

# tensordot, outer, inner, vdot
case("tensordot_1", lambda a, b: jnp.tensordot(a, b, axes=1),
     [rnd((2, 3)), rnd((3, 4))], F)
case("tensordot_2", lambda a, b: jnp.tensordot(a, b),
     [rnd((2, 3, 4)), rnd((3, 4, 5))], F)
case("tensordot_pairs", lambda a, b: jnp.tensordot(a, b, axes=([0, 2], [2, 0])),
     [rnd((3, 2, 4)), rnd((4, 5, 3))], F)
case("tensordot_0", lambda a, b: jnp.tensordot(a, b, axes=0),
     [rnd((2,), jnp.int32), rnd((3,), jnp.int32)])
case("tensordot_int", lambda a, b: jnp.tensordot(a, b, axes=([1], [1])),
     [rnd((2, 3), jnp.int32), rnd((4, 3), jnp.int32)])
case("outer", lambda a, b: jnp.outer(a, b), [rnd((2, 3)), rnd((4,))])
case("outer_mixed", lambda a, b: jnp.outer(a, b),
     [rnd((3,), jnp.int32), rnd((2,))])
case("inner", lambda a, b: jnp.inner(a, b), [rnd((2, 3)), rnd((4, 3))], F)
case("inner_1d", lambda a, b: jnp.inner(a, b),
     [rnd((5,), jnp.int32), rnd((5,), jnp.int32)])
case("inner_scalar", lambda a, b: jnp.inner(a, b), [rnd(()), rnd((3,))])
case("vdot", lambda a, b: jnp.vdot(a, b), [rnd((2, 3)), rnd((3, 2))], F)
case("vdot_int", lambda a, b: jnp.vdot(a, b),
     [rnd((4,), jnp.int32), rnd((2, 2), jnp.int32)])

# split, array_split
case("split_sections", lambda a: jnp.split(a, 3), [rnd((6, 2))])
case("split_indices", lambda a: jnp.split(a, [1, 3], axis=1),
     [rnd((2, 5), jnp.int32)])
case("split_neg_axis", lambda a: jnp.split(a, 2, axis=-1), [rnd((2, 4))])
case("split_empty", lambda a: jnp.split(a, [0, 0]), [rnd((3,))])
case("array_split", lambda a: jnp.array_split(a, 3), [rnd((7,), jnp.int8)])
case("array_split_short", lambda a: jnp.array_split(a, 3, axis=1),
     [rnd((2, 2))])

# roll
case("roll_axis", lambda a: jnp.roll(a, 1, axis=1), [rnd((2, 3))])
case("roll_flat", lambda a: jnp.roll(a, 2), [rnd((2, 3), jnp.int32)])
case("roll_axes", lambda a: jnp.roll(a, (1, -1), axis=(0, 1)), [rnd((2, 3))])
case("roll_negative", lambda a: jnp.roll(a, -4, axis=0), [rnd((3, 2))])
case("roll_one_shift_two_axes", lambda a: jnp.roll(a, 1, axis=(0, 1)),
     [rnd((2, 3), jnp.bool_)])
case("roll_zero", lambda a: jnp.roll(a, 0, axis=0), [rnd((3,))])
case("roll_bf16", lambda a: jnp.roll(a, 5, axis=-1), [rnd((2, 4), jnp.bfloat16)])

# tile, repeat, ravel, moveaxis, swapaxes, atleast
case("tile_rank_up", lambda a: jnp.tile(a, (2, 1, 2)), [rnd((2, 3))])
case("tile_1d", lambda a: jnp.tile(a, 2), [rnd((3,), jnp.int32)])
case("tile_short_reps", lambda a: jnp.tile(a, (3,)), [rnd((2, 2), jnp.uint8)])
case("repeat_axis", lambda a: jnp.repeat(a, 2, axis=1), [rnd((2, 3))])
case("repeat_flat", lambda a: jnp.repeat(a, 3), [rnd((2, 2), jnp.int32)])
case("repeat_axis0_f16", lambda a: jnp.repeat(a, 2, axis=0),
     [rnd((2, 3), jnp.float16)])
case("ravel", lambda a: jnp.ravel(a), [rnd((2, 3, 2))])
case("moveaxis", lambda a: jnp.moveaxis(a, 0, -1), [rnd((2, 3, 4))])
case("moveaxis_many", lambda a: jnp.moveaxis(a, (0, 1), (3, 0)),
     [rnd((2, 3, 4, 5), jnp.int32)])
case("swapaxes", lambda a: jnp.swapaxes(a, 0, 2), [rnd((2, 3, 4))])
case("atleast_2d", lambda a: jnp.atleast_2d(a), [rnd((3,))])
case("atleast_1d", lambda a: jnp.atleast_1d(a), [rnd(())])

# creation
case("linspace", lambda: jnp.linspace(0.0, 1.0, 5), [])
case("linspace_no_endpoint", lambda: jnp.linspace(0.0, 1.0, 5, endpoint=False), [])
case("linspace_50", lambda: jnp.linspace(-3.3, 7.1), [], L32)
case("linspace_wide", lambda: jnp.linspace(1e-3, 1e3, 33), [], L32)
case("linspace_int", lambda: jnp.linspace(0, 10, 4, dtype=jnp.int32), [])
case("linspace_int8_down", lambda: jnp.linspace(2, -1, 3, dtype=jnp.int8), [])
case("linspace_int_neg", lambda: jnp.linspace(-7, 5, 9, dtype=jnp.int32), [])
case("linspace_f16", lambda: jnp.linspace(0.0, 1.0, 7, dtype=jnp.float16), [], L16)
case("linspace_bf16", lambda: jnp.linspace(-1.3, 2.9, 11, dtype=jnp.bfloat16), [], LB16)
case("linspace_f16_thirds", lambda: jnp.linspace(0.1, 0.7, 13, dtype=jnp.float16), [], L16)
case("linspace_one", lambda: jnp.linspace(2.0, 1.0, 1), [])
case("linspace_zero", lambda: jnp.linspace(2.0, 1.0, 0), [])
case("eye", lambda: jnp.eye(3), [])
case("eye_k", lambda: jnp.eye(3, 4, k=1), [])
case("eye_int_below", lambda: jnp.eye(4, 3, k=-1, dtype=jnp.int32), [])
case("identity_bool", lambda: jnp.identity(3, dtype=jnp.bool_), [])
case("tri", lambda: jnp.tri(3, 4, k=-1), [])
case("tri_int", lambda: jnp.tri(4, k=1, dtype=jnp.int32), [])
case("tril", lambda a: jnp.tril(a), [rnd((3, 4))])
case("tril_k", lambda a: jnp.tril(a, -1), [rnd((4, 3))])
case("triu_k", lambda a: jnp.triu(a, 1), [rnd((3, 4))])
case("tril_batched", lambda a: jnp.tril(a), [rnd((2, 3, 3), jnp.int32)])
case("triu_bool", lambda a: jnp.triu(a), [rnd((3, 3), jnp.bool_)])
case("meshgrid_xy", lambda a, b, c: jnp.meshgrid(a, b, c),
     [rnd((2,)), rnd((3,), jnp.int32), rnd((4,))])
case("meshgrid_ij", lambda a, b: jnp.meshgrid(a, b, indexing="ij"),
     [rnd((2,)), rnd((3,))])

# top_k
case("top_k", lambda a: jax.lax.top_k(a, 3), [rnd((4, 7))])
case("top_k_ties", lambda a: jax.lax.top_k(a, 5),
     [A(1, 3, 1, 2, 3, 1, 2, 3)])
case("top_k_special", lambda a: jax.lax.top_k(a, 8),
     [A(1.0, nan, 3.0, -inf, 3.0, -nan, -0.0, 0.0, inf, nan)])
case("top_k_axis0", lambda a: jax.lax.top_k(a, 2, axis=0), [rnd((4, 3, 2))])
case("top_k_int", lambda a: jax.lax.top_k(a, 4), [rnd((2, 6), jnp.int32)])
case("top_k_uint8", lambda a: jax.lax.top_k(a, 3), [A(5, 0, 255, 7, 255, dtype=jnp.uint8)])
case("top_k_bool", lambda a: jax.lax.top_k(a, 3), [A(0, 1, 0, 1, 1, 0, dtype=jnp.bool_)])
case("top_k_bf16", lambda a: jax.lax.top_k(a, 3), [rnd((2, 5), jnp.bfloat16)])
case("top_k_f16", lambda a: jax.lax.top_k(a, 2), [rnd((3, 4), jnp.float16)])
case("top_k_all", lambda a: jax.lax.top_k(a, 4), [rnd((4,))])
case("top_k_zero", lambda a: jax.lax.top_k(a, 0), [rnd((2, 3))])


def fmt(x, tol):
    x = np.asarray(x)
    head = f"{x.dtype.name} [{','.join(map(str, x.shape))}] {tol}"
    if x.dtype == np.bool_:
        vals = [str(int(v)) for v in x.ravel()]
    elif np.issubdtype(x.dtype, np.integer):
        vals = [str(int(v)) for v in x.ravel()]
    else:
        vals = [("-nan" if np.isnan(v) and np.signbit(v) else repr(float(v)))
                for v in x.ravel()]
    return head + "\n" + " ".join(vals)


with open(os.path.join(here, "numpy_more.txt"), "w") as f:
    for name, fn, args, tol in cases:
        outs = fn(*args)
        if not isinstance(outs, (list, tuple)):
            outs = [outs]
        for i, a in enumerate(args):
            f.write(f"== {name}.in{i}\n{fmt(a, 'exact')}\n")
        for i, o in enumerate(outs):
            f.write(f"== {name}.out{i}\n{fmt(o, tol)}\n")
print(len(cases), "cases")
