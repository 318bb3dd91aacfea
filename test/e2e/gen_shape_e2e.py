#!/usr/bin/env python3
"""Writes the e2e tests of the shape-family ops (test/e2e/<op>.mlir):
constants in, the op, check.expect_eq_const of the expected result. Expected
values come from jax.lax / numpy (see each file's header); nothing here reads
jx's output.

Usage: python3 test/e2e/gen_shape_e2e.py test/e2e
"""
import sys
import numpy as np
import ml_dtypes
import jax
jax.config.update('jax_enable_x64', True)
jax.config.update('jax_platforms', 'cpu')
from jax import lax

INT_TYPES = ['i8', 'i16', 'i32', 'i64']
UINT_TYPES = ['ui8', 'ui16', 'ui32', 'ui64']
FLOAT_TYPES = ['f16', 'bf16', 'f32', 'f64']
COMPLEX_TYPES = ['complex<f32>', 'complex<f64>']
ALL_TYPES = ['i1'] + INT_TYPES + UINT_TYPES + FLOAT_TYPES + COMPLEX_TYPES

NP = {'i1': np.bool_, 'i2': np.int8, 'i4': np.int8, 'i8': np.int8, 'i16': np.int16,
      'i32': np.int32, 'i64': np.int64, 'ui2': np.uint8, 'ui4': np.uint8,
      'ui8': np.uint8, 'ui16': np.uint16, 'ui32': np.uint32, 'ui64': np.uint64,
      'f16': np.float16, 'bf16': ml_dtypes.bfloat16, 'f32': np.float32,
      'f64': np.float64, 'complex<f32>': np.complex64, 'complex<f64>': np.complex128}


def short(t):
    return {'complex<f32>': 'c64', 'complex<f64>': 'c128'}.get(t, t)


def ttype(shape, t):
    return 'tensor<' + ''.join(f'{d}x' for d in shape) + t + '>'


def _fmt_float(v):
    v = float(v)
    s = repr(v)
    if 'e' in s or 'inf' in s or 'nan' in s:
        raise ValueError(f'pick simpler float values: {s}')
    return s


def _elem(v, t):
    if t == 'i1':
        return 'true' if bool(v) else 'false'
    if t.startswith('complex'):
        return f'({_fmt_float(v.real)}, {_fmt_float(v.imag)})'
    if t in FLOAT_TYPES:
        return _fmt_float(v)
    return str(int(v))


def lit(arr, t):
    arr = np.asarray(arr)
    if arr.ndim == 0:
        return _elem(arr[()], t)
    if arr.size == 0:
        return None
    return '[' + ', '.join(lit(a, t) for a in arr) + ']'


def dense(arr, t):
    arr = np.asarray(arr)
    if arr.size == 0:
        return 'dense<>'
    return f'dense<{lit(arr, t)}>'


def sample(shape, t, seed=0):
    """Deterministic values that exercise the type: negatives for signed
    types, values above the signed range for unsigned ones, fractions for
    floats."""
    rng = np.random.default_rng(seed)
    n = int(np.prod(shape)) if shape else 1
    if t == 'i1':
        v = rng.integers(0, 2, n).astype(bool)
    elif t in ('i2', 'i4'):
        bits = int(t[1:])
        v = rng.integers(-(1 << (bits - 1)), 1 << (bits - 1), n)
    elif t in ('ui2', 'ui4'):
        v = rng.integers(0, 1 << int(t[2:]), n)
    elif t in INT_TYPES:
        bits = int(t[1:])
        v = rng.integers(-min(1 << (bits - 1), 1 << 40), min(1 << (bits - 1), 1 << 40), n)
        if bits == 64 and n:
            v[0] = -(1 << 62) - 3
    elif t in UINT_TYPES:
        bits = int(t[2:])
        v = rng.integers(0, min(1 << bits, 1 << 62), n).astype(np.uint64)
        if n:
            v[-1] = (1 << bits) - 1 - (3 if bits > 8 else 0)
    elif t in FLOAT_TYPES:
        v = rng.integers(-40, 40, n) * 0.25
    else:
        v = rng.integers(-40, 40, n) * 0.25 + 1j * rng.integers(-40, 40, n) * 0.5
    return np.asarray(v).astype(NP[t]).reshape(shape)


def seq(shape, t, start=1):
    """1, 2, 3, ... (mod 2 for booleans) in the element type."""
    n = int(np.prod(shape)) if shape else 1
    v = np.arange(start, start + n)
    if t == 'i1':
        v = v % 2
    elif t.startswith('complex'):
        v = v + 0.5j * v
    return v.astype(NP[t]).reshape(shape)


class TestFile:
    def __init__(self, op, comment):
        self.op = op
        self.comment = comment
        self.cases = []

    def case(self, name, lines):
        self.cases.append((name, lines))

    def write(self, path):
        out = ['// RUN: jxc run --split-input-file %s | FileCheck %s --implicit-check-not=FAIL']
        out += ['// ' + l if l else '//' for l in self.comment.strip().split('\n')]
        chunks = []
        for name, lines in self.cases:
            body = [f'// CHECK: PASS {name}', f'func.func @{name}() {{']
            body += ['  ' + l for l in lines]
            body += ['  func.return', '}']
            chunks.append('\n'.join(body))
        names = [n for n, _ in self.cases]
        assert len(names) == len(set(names)), 'duplicate case names'
        text = '\n'.join(out) + '\n\n' + '\n\n// -----\n\n'.join(chunks) + '\n\n// CHECK-NOT: FAIL\n'
        open(path, 'w').write(text)


def const(name, arr, t):
    arr = np.asarray(arr)
    return f'%{name} = stablehlo.constant {dense(arr, t)} : {ttype(arr.shape, t)}'


def check(name, arr, t):
    arr = np.asarray(arr)
    return f'check.expect_eq_const %{name}, {dense(arr, t)} : {ttype(arr.shape, t)}'


def runtime(name, arr, t):
    """A value the compiler cannot see as a constant before lowering:
    constant + zeros."""
    arr = np.asarray(arr)
    ty = ttype(arr.shape, t)
    return [f'%{name}_c = stablehlo.constant {dense(arr, t)} : {ty}',
            f'%{name}_z = stablehlo.constant {dense(np.zeros_like(arr), t)} : {ty}',
            f'%{name} = stablehlo.add %{name}_c, %{name}_z : {ty}']

OUT = sys.argv[1]


def J(x):
    return np.asarray(x)


def write(tf):
    tf.write(f'{OUT}/{tf.op}.mlir')


# ---------------------------------------------------------------- iota
tf = TestFile('iota', '''iota: expected values from jax.lax.broadcasted_iota.''')
for t in [x for x in ALL_TYPES if x != 'i1'] + ['i4']:
    for dim in (0, 1):
        exp = J(lax.broadcasted_iota(NP[t] if t != 'i4' else np.int8, (3, 4), dim))
        tf.case(f'iota_{short(t)}_dim{dim}', [
            f'%r = stablehlo.iota dim = {dim} : {ttype((3, 4), t)}',
            check('r', exp, t)])
exp = J(lax.broadcasted_iota(np.int64, (2, 3, 2), 2))
tf.case('iota_i64_rank3_dim2', [f'%r = stablehlo.iota dim = 2 : {ttype((2, 3, 2), "i64")}', check('r', exp, 'i64')])
exp = J(lax.broadcasted_iota(np.uint8, (300,), 0).astype(np.uint8))
tf.case('iota_ui8_wraps', [f'%r = stablehlo.iota dim = 0 : {ttype((300,), "ui8")}', check('r', exp, 'ui8')])
exp = J(lax.broadcasted_iota(np.float32, (0, 3), 1))
tf.case('iota_f32_empty', [f'%r = stablehlo.iota dim = 1 : {ttype((0, 3), "f32")}', check('r', exp, 'f32')])
write(tf)

# ---------------------------------------------------------------- dynamic_iota
tf = TestFile('dynamic_iota', '''dynamic_iota: expected values from jax.lax.broadcasted_iota. Shapes given
as constants (static lowering) and as values computed at run time, the
dynamic result reshaped to a static one for the check.''')
for t in ['i32', 'ui16', 'f32', 'bf16', 'complex<f64>']:
    exp = J(lax.broadcasted_iota(NP[t], (2, 3), 1))
    tf.case(f'dynamic_iota_{short(t)}_constant_shape', [
        const('s', np.array([2, 3], np.int64), 'i64'),
        f'%r = stablehlo.dynamic_iota %s, dim = 1 : (tensor<2xi64>) -> {ttype((2, 3), t)}',
        check('r', exp, t)])
for t in ['i64', 'f64']:
    exp = J(lax.broadcasted_iota(NP[t], (3, 2), 0))
    tf.case(f'dynamic_iota_{short(t)}_runtime_shape', runtime('s', np.array([3, 2], np.int32), 'i32') + [
        f'%r = stablehlo.dynamic_iota %s, dim = 0 : (tensor<2xi32>) -> {ttype(("?", "?"), t)}',
        const('shape', np.array([3, 2], np.int64), 'i64'),
        f'%q = stablehlo.dynamic_reshape %r, %shape : ({ttype(("?", "?"), t)}, tensor<2xi64>) -> {ttype((3, 2), t)}',
        check('q', exp, t)])
exp = J(lax.broadcasted_iota(np.int32, (4,), 0))
tf.case('dynamic_iota_ui32_runtime_shape_static_result', runtime('s', np.array([4], np.uint32), 'ui32') + [
    f'%r = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xui32>) -> tensor<4xi32>',
    check('r', exp, 'i32')])
write(tf)


# ---------------------------------------------------------------- broadcast_in_dim
def bid_ref(x, shape, dims):
    out = np.empty(shape, x.dtype)
    for idx in np.ndindex(*shape):
        out[idx] = x[tuple(0 if x.shape[i] == 1 else idx[d] for i, d in enumerate(dims))]
    return out


tf = TestFile('broadcast_in_dim', '''broadcast_in_dim: expected values from jax.lax.broadcast_in_dim (increasing
dims) and a numpy transcription of the spec (result[i] = operand[j] with
j[k] = 0 where operand dim k is 1, else i[dims[k]]) otherwise.''')
for k, t in enumerate(ALL_TYPES):
    x = sample((2, 1), t, k)
    exp = J(lax.broadcast_in_dim(x, (2, 3, 2), (0, 2)))
    tf.case(f'broadcast_in_dim_{short(t)}', [
        const('x', x, t),
        f'%r = stablehlo.broadcast_in_dim %x, dims = [0, 2] : ({ttype(x.shape, t)}) -> {ttype(exp.shape, t)}',
        check('r', exp, t)])
x = sample((), 'f32', 1)
exp = J(lax.broadcast_in_dim(x, (2, 3), ()))
tf.case('broadcast_in_dim_scalar', [const('x', x, 'f32'),
    f'%r = stablehlo.broadcast_in_dim %x, dims = [] : (tensor<f32>) -> tensor<2x3xf32>', check('r', exp, 'f32')])
x = sample((2, 3), 'i32', 2)
exp = bid_ref(x, (3, 4, 2), (2, 0))
tf.case('broadcast_in_dim_permuting_dims', [const('x', x, 'i32'),
    f'%r = stablehlo.broadcast_in_dim %x, dims = [2, 0] : (tensor<2x3xi32>) -> tensor<3x4x2xi32>', check('r', exp, 'i32')])
x = sample((1, 3), 'ui8', 3)
exp = J(lax.broadcast_in_dim(x, (4, 3), (0, 1)))
tf.case('broadcast_in_dim_expand_leading', [const('x', x, 'ui8'),
    f'%r = stablehlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<1x3xui8>) -> tensor<4x3xui8>', check('r', exp, 'ui8')])
x = sample((1, 1), 'f64', 4)
exp = J(lax.broadcast_in_dim(x, (1, 2, 1), (0, 2)))
tf.case('broadcast_in_dim_size1_stays', [const('x', x, 'f64'),
    f'%r = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<1x1xf64>) -> tensor<1x2x1xf64>', check('r', exp, 'f64')])
x = sample((2, 3), 'i1', 5)
exp = x
tf.case('broadcast_in_dim_identity', [const('x', x, 'i1'),
    f'%r = stablehlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<2x3xi1>) -> tensor<2x3xi1>', check('r', exp, 'i1')])
write(tf)

# ---------------------------------------------------------------- broadcast
tf = TestFile('broadcast', '''broadcast (deprecated): expected values from jax.lax.broadcast, which
prepends dimensions the same way.''')
for k, t in enumerate(ALL_TYPES):
    x = sample((2, 3), t, k)
    exp = J(lax.broadcast(x, (2,)))
    tf.case(f'broadcast_{short(t)}', [const('x', x, t),
        f'%r = stablehlo.broadcast %x, sizes = [2] : ({ttype(x.shape, t)}) -> {ttype(exp.shape, t)}', check('r', exp, t)])
x = sample((), 'i16', 1)
exp = J(lax.broadcast(x, (2, 3)))
tf.case('broadcast_scalar', [const('x', x, 'i16'),
    f'%r = stablehlo.broadcast %x, sizes = [2, 3] : (tensor<i16>) -> tensor<2x3xi16>', check('r', exp, 'i16')])
x = sample((3,), 'f32', 2)
tf.case('broadcast_no_sizes', [const('x', x, 'f32'),
    f'%r = stablehlo.broadcast %x, sizes = [] : (tensor<3xf32>) -> tensor<3xf32>', check('r', x, 'f32')])
write(tf)

# ---------------------------------------------------------------- dynamic_broadcast_in_dim
tf = TestFile('dynamic_broadcast_in_dim', '''dynamic_broadcast_in_dim: expected values from jax.lax.broadcast_in_dim.
Output shapes as constants and as run-time values; a dynamic operand whose
size is 1 at run time expands.''')
for k, t in enumerate(['i1', 'i64', 'ui32', 'f16', 'f32', 'complex<f32>']):
    x = sample((3, 1), t, k)
    exp = J(lax.broadcast_in_dim(x, (3, 2, 2), (0, 2)))
    tf.case(f'dynamic_broadcast_in_dim_{short(t)}', [const('x', x, t),
        const('s', np.array([3, 2, 2], np.int64), 'i64'),
        f'%r = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 2] : ({ttype(x.shape, t)}, tensor<3xi64>) -> {ttype(exp.shape, t)}',
        check('r', exp, t)])
x = sample((3, 1), 'i32', 9)
exp = J(lax.broadcast_in_dim(x, (3, 2, 2), (0, 2)))
tf.case('dynamic_broadcast_in_dim_runtime_shape', [const('x', x, 'i32')] + runtime('s', np.array([3, 2, 2], np.int64), 'i64') + [
    f'%r = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 2] {{known_expanding_dimensions = array<i64: 1>, known_nonexpanding_dimensions = array<i64: 0>}} : (tensor<3x1xi32>, tensor<3xi64>) -> tensor<?x?x?xi32>',
    const('shape', np.array([3, 2, 2], np.int64), 'i64'),
    f'%q = stablehlo.dynamic_reshape %r, %shape : (tensor<?x?x?xi32>, tensor<3xi64>) -> tensor<3x2x2xi32>',
    check('q', exp, 'i32')])
# A dynamic operand of run-time size 1 expanding, and one of size 3 not.
for n in (1, 3):
    x = sample((n,), 'f64', 10 + n)
    exp = J(lax.broadcast_in_dim(x, (2, 3), (1,)))
    tf.case(f'dynamic_broadcast_in_dim_dynamic_operand_size{n}', [const('x', x, 'f64')] + runtime('n', np.array([n], np.int64), 'i64') + [
        f'%d = stablehlo.dynamic_reshape %x, %n : (tensor<{n}xf64>, tensor<1xi64>) -> tensor<?xf64>',
        const('s', np.array([2, 3], np.int64), 'i64'),
        f'%r = stablehlo.dynamic_broadcast_in_dim %d, %s, dims = [1] : (tensor<?xf64>, tensor<2xi64>) -> tensor<2x3xf64>',
        check('r', exp, 'f64')])
write(tf)

# ---------------------------------------------------------------- reshape
tf = TestFile('reshape', '''reshape: expected values from jax.lax.reshape (row-major order).''')
for k, t in enumerate(ALL_TYPES):
    x = sample((2, 3), t, k)
    exp = J(lax.reshape(x, (3, 2)))
    tf.case(f'reshape_{short(t)}', [const('x', x, t),
        f'%r = stablehlo.reshape %x : ({ttype(x.shape, t)}) -> {ttype(exp.shape, t)}', check('r', exp, t)])
for name, src, dst, t in [('split', (6,), (1, 2, 1, 3), 'i32'), ('merge', (2, 2, 2), (4, 2), 'f32'),
                          ('to_scalar', (1, 1), (), 'i64'), ('from_scalar', (), (1, 1), 'ui8'),
                          ('rank3_to_rank3', (2, 3, 4), (4, 3, 2), 'bf16'), ('empty', (0, 3), (3, 0), 'f32'),
                          ('i4', (2, 4), (8,), 'i4')]:
    x = sample(src, t, 7)
    exp = J(lax.reshape(x, dst)) if t != 'i4' else x.reshape(dst)
    tf.case(f'reshape_{name}', [const('x', x, t),
        f'%r = stablehlo.reshape %x : ({ttype(src, t)}) -> {ttype(dst, t)}', check('r', exp, t)])
write(tf)

# ---------------------------------------------------------------- dynamic_reshape
tf = TestFile('dynamic_reshape', '''dynamic_reshape: expected values from jax.lax.reshape. Shapes as constants
and as run-time values (dynamic result dimensions).''')
for k, t in enumerate(['i1', 'i8', 'ui64', 'f16', 'f64', 'complex<f32>']):
    x = sample((1, 6), t, k)
    exp = J(lax.reshape(x, (3, 2)))
    tf.case(f'dynamic_reshape_{short(t)}', [const('x', x, t), const('s', np.array([3, 2], np.int64), 'i64'),
        f'%r = stablehlo.dynamic_reshape %x, %s : ({ttype(x.shape, t)}, tensor<2xi64>) -> {ttype(exp.shape, t)}',
        check('r', exp, t)])
x = sample((2, 6), 'i32', 3)
exp = J(lax.reshape(x, (4, 3)))
tf.case('dynamic_reshape_runtime_shape', [const('x', x, 'i32')] + runtime('s', np.array([4, 3], np.int32), 'i32') + [
    f'%r = stablehlo.dynamic_reshape %x, %s : (tensor<2x6xi32>, tensor<2xi32>) -> tensor<?x3xi32>',
    const('shape', np.array([4, 3], np.int64), 'i64'),
    f'%q = stablehlo.dynamic_reshape %r, %shape : (tensor<?x3xi32>, tensor<2xi64>) -> tensor<4x3xi32>',
    check('q', exp, 'i32')])
write(tf)

# ---------------------------------------------------------------- transpose
tf = TestFile('transpose', '''transpose: expected values from jax.lax.transpose.''')
for k, t in enumerate(ALL_TYPES):
    x = sample((2, 3), t, k)
    exp = J(lax.transpose(x, (1, 0)))
    tf.case(f'transpose_{short(t)}', [const('x', x, t),
        f'%r = stablehlo.transpose %x, dims = [1, 0] : ({ttype(x.shape, t)}) -> {ttype(exp.shape, t)}', check('r', exp, t)])
for perm, t in [((2, 0, 1), 'f32'), ((1, 0, 2), 'i64'), ((0, 1, 2), 'ui16'), ((2, 1, 0), 'i1')]:
    x = sample((2, 3, 4), t, 11)
    exp = J(lax.transpose(x, perm))
    tf.case(f'transpose_rank3_{"".join(map(str, perm))}', [const('x', x, t),
        f'%r = stablehlo.transpose %x, dims = [{", ".join(map(str, perm))}] : ({ttype(x.shape, t)}) -> {ttype(exp.shape, t)}',
        check('r', exp, t)])
x = sample((), 'f64', 3)
tf.case('transpose_scalar', [const('x', x, 'f64'),
    f'%r = stablehlo.transpose %x, dims = [] : (tensor<f64>) -> tensor<f64>', check('r', x, 'f64')])
write(tf)


# ---------------------------------------------------------------- slice
def slice_case(tf, name, x, t, start, limit, strides):
    exp = J(lax.slice(x, start, limit, strides))
    rng = ', '.join(f'{a}:{b}' + (f':{s}' if s != 1 else '') for a, b, s in zip(start, limit, strides))
    tf.case(name, [const('x', x, t),
        f'%r = stablehlo.slice %x [{rng}] : ({ttype(x.shape, t)}) -> {ttype(exp.shape, t)}', check('r', exp, t)])


tf = TestFile('slice', '''slice: expected values from jax.lax.slice.''')
for k, t in enumerate(ALL_TYPES):
    slice_case(tf, f'slice_{short(t)}', sample((3, 6), t, k), t, (0, 1), (2, 6), (1, 2))
slice_case(tf, 'slice_strides_past_end', sample((3, 8), 'i32', 1), 'i32', (1, 2), (3, 8), (2, 5))
slice_case(tf, 'slice_full', sample((2, 3), 'f32', 2), 'f32', (0, 0), (2, 3), (1, 1))
slice_case(tf, 'slice_empty', sample((2, 3), 'f32', 3), 'f32', (1, 2), (1, 3), (1, 1))
slice_case(tf, 'slice_rank3', sample((3, 4, 5), 'i64', 4), 'i64', (1, 0, 1), (3, 4, 5), (1, 3, 2))
slice_case(tf, 'slice_i4', sample((2, 6), 'i4', 5), 'i4', (0, 1), (2, 5), (1, 1))
write(tf)


# ---------------------------------------------------------------- dynamic_slice
def clamp_starts(shape, starts, sizes):
    # The spec: clamp(0, start, dim - size). (jax.lax normalizes negative
    # starts Python-style first, so it is only a cross-check for the others.)
    return [min(max(int(s), 0), d - z) for s, d, z in zip(starts, shape, sizes)]


def ds_case(tf, name, x, t, starts, st, sizes):
    c = clamp_starts(x.shape, starts, sizes)
    exp = x[tuple(slice(a, a + z) for a, z in zip(c, sizes))]
    if all(int(s) >= 0 for s in starts):
        assert np.array_equal(exp, J(lax.dynamic_slice(x, [np.asarray(s, NP[st]) for s in starts], sizes)))
    lines = [const('x', x, t)]
    for i, s in enumerate(starts):
        lines.append(const(f'i{i}', np.asarray(s, NP[st]), st))
    idx = ', '.join(f'%i{i}' for i in range(len(starts)))
    ityp = ', '.join(ttype((), st) for _ in starts)
    lines += [f'%r = stablehlo.dynamic_slice %x, {idx}, sizes = [{", ".join(map(str, sizes))}] : ({ttype(x.shape, t)}, {ityp}) -> {ttype(exp.shape, t)}',
              check('r', exp, t)]
    tf.case(name, lines)


tf = TestFile('dynamic_slice', '''dynamic_slice: expected values from numpy with the start indices clamped
to [0, dim - size] as the spec says; cross-checked with jax.lax.dynamic_slice
where the starts are non-negative (JAX wraps negative starts first).''')
for k, t in enumerate(ALL_TYPES):
    ds_case(tf, f'dynamic_slice_{short(t)}', sample((3, 4), t, k), t, (1, 1), 'i64', (2, 2))
ds_case(tf, 'dynamic_slice_clamp_high', sample((3, 3), 'i64', 1), 'i64', (3, 3), 'i64', (3, 3))
ds_case(tf, 'dynamic_slice_clamp_negative', sample((4, 5), 'f32', 2), 'f32', (-2, -100), 'i32', (2, 3))
ds_case(tf, 'dynamic_slice_clamp_mixed', sample((4, 5), 'f32', 3), 'f32', (-1, 4), 'i8', (2, 2))
ds_case(tf, 'dynamic_slice_unsigned_index', sample((4, 5), 'i16', 4), 'i16', (1, 200), 'ui8', (2, 2))
ds_case(tf, 'dynamic_slice_ui64_index', sample((4, 5), 'i16', 4), 'i16', (2, 18446744073709551615), 'ui64', (2, 3))
ds_case(tf, 'dynamic_slice_rank1_size0', sample((4,), 'f64', 5), 'f64', (2,), 'i32', (0,))
write(tf)


# ---------------------------------------------------------------- dynamic_update_slice
def dus_case(tf, name, x, u, t, starts, st):
    c = clamp_starts(x.shape, starts, u.shape)
    exp = x.copy()
    exp[tuple(slice(a, a + z) for a, z in zip(c, u.shape))] = u
    if all(int(s) >= 0 for s in starts):
        assert np.array_equal(exp, J(lax.dynamic_update_slice(x, u, [np.asarray(s, NP[st]) for s in starts])))
    lines = [const('x', x, t), const('u', u, t)]
    for i, s in enumerate(starts):
        lines.append(const(f'i{i}', np.asarray(s, NP[st]), st))
    idx = ', '.join(f'%i{i}' for i in range(len(starts)))
    ityp = ', '.join(ttype((), st) for _ in starts)
    lines += [f'%r = stablehlo.dynamic_update_slice %x, %u, {idx} : ({ttype(x.shape, t)}, {ttype(u.shape, t)}, {ityp}) -> {ttype(x.shape, t)}',
              check('r', exp, t), check('x', x, t)]
    tf.case(name, lines)


tf = TestFile('dynamic_update_slice', '''dynamic_update_slice: expected values from numpy with the start indices
clamped to [0, dim - update dim] as the spec says; cross-checked with
jax.lax.dynamic_update_slice where the starts are non-negative (JAX wraps
negative starts first). Each case also checks that the operand constant is
unchanged.''')
for k, t in enumerate(ALL_TYPES):
    dus_case(tf, f'dynamic_update_slice_{short(t)}', sample((4, 4), t, k), sample((2, 3), t, k + 50), t, (1, 1), 'i64')
dus_case(tf, 'dynamic_update_slice_clamp_high', sample((4, 4), 'i64', 1), sample((2, 3), 'i64', 2), 'i64', (4, 4), 'i64')
dus_case(tf, 'dynamic_update_slice_clamp_negative', sample((3, 5), 'f32', 3), sample((2, 2), 'f32', 4), 'f32', (-7, -1), 'i32')
dus_case(tf, 'dynamic_update_slice_unsigned_index', sample((3, 5), 'ui8', 5), sample((1, 2), 'ui8', 6), 'ui8', (250, 2), 'ui16')
dus_case(tf, 'dynamic_update_slice_whole', sample((2, 3), 'f64', 7), sample((2, 3), 'f64', 8), 'f64', (1, -1), 'i8')
dus_case(tf, 'dynamic_update_slice_rank3', sample((2, 3, 4), 'i32', 9), sample((1, 2, 2), 'i32', 10), 'i32', (1, 1, 3), 'i32')
write(tf)


# ---------------------------------------------------------------- concatenate
def cat_case(tf, name, xs, t, dim):
    exp = J(lax.concatenate(xs, dim))
    lines = [const(f'x{i}', x, t) for i, x in enumerate(xs)]
    names = ', '.join(f'%x{i}' for i in range(len(xs)))
    types = ', '.join(ttype(x.shape, t) for x in xs)
    lines += [f'%r = stablehlo.concatenate {names}, dim = {dim} : ({types}) -> {ttype(exp.shape, t)}', check('r', exp, t)]
    tf.case(name, lines)


tf = TestFile('concatenate', '''concatenate: expected values from jax.lax.concatenate.''')
for k, t in enumerate(ALL_TYPES):
    cat_case(tf, f'concatenate_{short(t)}', [sample((1, 2), t, k), sample((2, 2), t, k + 1)], t, 0)
cat_case(tf, 'concatenate_dim1_three', [sample((2, 1), 'i32', 1), sample((2, 3), 'i32', 2), sample((2, 2), 'i32', 3)], 'i32', 1)
cat_case(tf, 'concatenate_one_input', [sample((3,), 'f32', 4)], 'f32', 0)
cat_case(tf, 'concatenate_empty_input', [sample((2, 0), 'i64', 5), sample((2, 2), 'i64', 6)], 'i64', 1)
cat_case(tf, 'concatenate_rank3_middle', [sample((2, 1, 2), 'f16', 7), sample((2, 2, 2), 'f16', 8)], 'f16', 1)
write(tf)


# ---------------------------------------------------------------- pad
def pad_case(tf, name, x, t, pv, low, high, interior):
    exp = J(lax.pad(x, np.asarray(pv, NP[t]), list(zip(low, high, interior))))
    f = lambda v: ', '.join(map(str, v))
    tf.case(name, [const('x', x, t), const('v', np.asarray(pv, NP[t]), t),
        f'%r = stablehlo.pad %x, %v, low = [{f(low)}], high = [{f(high)}], interior = [{f(interior)}] : ({ttype(x.shape, t)}, {ttype((), t)}) -> {ttype(exp.shape, t)}',
        check('r', exp, t)])


tf = TestFile('pad', '''pad: expected values from jax.lax.pad, which takes negative edge padding
(cropping) and interior padding with the spec's semantics.''')
for k, t in enumerate(ALL_TYPES):
    pv = sample((), t, k + 100)
    pad_case(tf, f'pad_{short(t)}', sample((2, 3), t, k), t, pv, (1, 0), (0, 2), (1, 1))
x = np.array([[0, 0, 0, 0], [0, 1, 2, 0], [0, 3, 4, 0], [0, 5, 6, 0], [0, 0, 0, 0]], np.int64)
pad_case(tf, 'pad_spec_example', x, 'i64', -1, (1, -1), (1, -1), (0, 1))
pad_case(tf, 'pad_negative_into_interior', sample((3,), 'i32', 1), 'i32', 9, (-2,), (-1,), (2,))
pad_case(tf, 'pad_crop_only', sample((3, 4), 'f32', 2), 'f32', 0.5, (-1, 0), (0, -2), (0, 0))
pad_case(tf, 'pad_nothing', sample((2, 2), 'ui32', 3), 'ui32', 7, (0, 0), (0, 0), (0, 0))
pad_case(tf, 'pad_scalar', sample((), 'f64', 4), 'f64', 1.0, (), (), ())
pad_case(tf, 'pad_empty_operand', np.zeros((0, 2), np.float32), 'f32', 2.5, (1, 1), (2, 0), (3, 1))
pad_case(tf, 'pad_ui4', sample((3,), 'ui4', 6), 'ui4', 15, (1,), (-1,), (1,))
pad_case(tf, 'pad_rank3', sample((2, 2, 2), 'i8', 5), 'i8', -3, (0, 1, -1), (1, 0, 1), (1, 0, 2))
write(tf)

# ---------------------------------------------------------------- dynamic_pad
tf = TestFile('dynamic_pad', '''dynamic_pad: expected values from jax.lax.pad. Paddings as constants and as
run-time values.''')


def dpad_case(name, x, t, pv, low, high, interior, rt):
    exp = J(lax.pad(x, np.asarray(pv, NP[t]), list(zip(low, high, interior))))
    n = len(low)
    lines = [const('x', x, t), const('v', np.asarray(pv, NP[t]), t)]
    for nm, v in (('lo', low), ('hi', high), ('in', interior)):
        lines += runtime(nm, np.array(v, np.int64), 'i64') if rt else [const(nm, np.array(v, np.int64), 'i64')]
    st = ttype((n,), 'i64')
    res = ttype(exp.shape, t) if not rt else ttype(('?',) * n, t)
    lines.append(f'%r = stablehlo.dynamic_pad %x, %v, %lo, %hi, %in : ({ttype(x.shape, t)}, {ttype((), t)}, {st}, {st}, {st}) -> {res}')
    if rt:
        lines += [const('shape', np.array(exp.shape, np.int64), 'i64'),
                  f'%q = stablehlo.dynamic_reshape %r, %shape : ({res}, {st}) -> {ttype(exp.shape, t)}', check('q', exp, t)]
    else:
        lines.append(check('r', exp, t))
    tf.case(name, lines)


x = np.array([[0, 0, 0, 0], [0, 1, 2, 0], [0, 3, 4, 0], [0, 5, 6, 0], [0, 0, 0, 0]], np.int64)
dpad_case('dynamic_pad_spec_example', x, 'i64', -1, (1, -1), (1, -1), (0, 1), False)
for k, t in enumerate(['i1', 'ui16', 'bf16', 'f32', 'complex<f64>']):
    dpad_case(f'dynamic_pad_{short(t)}', sample((2, 3), t, k), t, sample((), t, k + 9), (0, 1), (1, -1), (1, 0), False)
dpad_case('dynamic_pad_runtime', sample((3, 2), 'i32', 3), 'i32', 5, (1, -1), (-1, 2), (1, 1), True)
write(tf)

# ---------------------------------------------------------------- real_dynamic_slice
tf = TestFile('real_dynamic_slice', '''real_dynamic_slice: expected values from jax.lax.slice with the same start,
limit and strides. Operands as constants and as run-time values.''')


def rds_case(name, x, t, start, limit, strides, rt):
    exp = J(lax.slice(x, start, limit, strides))
    n = len(start)
    lines = [const('x', x, t)]
    for nm, v in (('b', start), ('e', limit), ('s', strides)):
        lines += runtime(nm, np.array(v, np.int64), 'i64') if rt else [const(nm, np.array(v, np.int64), 'i64')]
    st = ttype((n,), 'i64')
    res = ttype(exp.shape, t) if not rt else ttype(('?',) * n, t)
    lines.append(f'%r = stablehlo.real_dynamic_slice %x, %b, %e, %s : ({ttype(x.shape, t)}, {st}, {st}, {st}) -> {res}')
    if rt:
        lines += [const('shape', np.array(exp.shape, np.int64), 'i64'),
                  f'%q = stablehlo.dynamic_reshape %r, %shape : ({res}, {st}) -> {ttype(exp.shape, t)}', check('q', exp, t)]
    else:
        lines.append(check('r', exp, t))
    tf.case(name, lines)


for k, t in enumerate(['i1', 'i8', 'ui64', 'f16', 'f64', 'complex<f32>']):
    rds_case(f'real_dynamic_slice_{short(t)}', sample((3, 6), t, k), t, (0, 1), (2, 6), (1, 2), False)
rds_case('real_dynamic_slice_runtime', sample((4, 7), 'f32', 7), 'f32', (1, 0), (4, 7), (2, 3), True)
write(tf)

# ---------------------------------------------------------------- reverse
tf = TestFile('reverse', '''reverse: expected values from jax.lax.rev.''')
for k, t in enumerate(ALL_TYPES):
    x = sample((3, 2), t, k)
    exp = J(lax.rev(x, (0,)))
    tf.case(f'reverse_{short(t)}', [const('x', x, t),
        f'%r = stablehlo.reverse %x, dims = [0] : {ttype(x.shape, t)}', check('r', exp, t)])
for dims, t in [((0, 1), 'i32'), ((), 'f32'), ((1,), 'i64'), ((0, 2), 'ui8')]:
    x = sample((2, 3, 4), t, 20)
    exp = J(lax.rev(x, dims))
    tf.case(f'reverse_rank3_dims{"".join(map(str, dims)) or "_none"}', [const('x', x, t),
        f'%r = stablehlo.reverse %x, dims = [{", ".join(map(str, dims))}] : {ttype(x.shape, t)}', check('r', exp, t)])
x = sample((3,), 'f64', 4)
tf.case('reverse_runtime_size', [const('x', x, 'f64')] + runtime('n', np.array([3], np.int64), 'i64') + [
    f'%d = stablehlo.dynamic_reshape %x, %n : (tensor<3xf64>, tensor<1xi64>) -> tensor<?xf64>',
    f'%r = stablehlo.reverse %d, dims = [0] : tensor<?xf64>',
    const('shape', np.array([3], np.int64), 'i64'),
    f'%q = stablehlo.dynamic_reshape %r, %shape : (tensor<?xf64>, tensor<1xi64>) -> tensor<3xf64>',
    check('q', x[::-1], 'f64')])
write(tf)

# ---------------------------------------------------------------- get_dimension_size
tf = TestFile('get_dimension_size', '''get_dimension_size: the size of the dimension as tensor<i32> (numpy
shape).''')
for k, t in enumerate(['i1', 'i64', 'ui8', 'bf16', 'f32', 'complex<f64>']):
    x = sample((2, 3), t, k)
    for dim in (0, 1):
        tf.case(f'get_dimension_size_{short(t)}_dim{dim}', [const('x', x, t),
            f'%r = stablehlo.get_dimension_size %x, dim = {dim} : ({ttype(x.shape, t)}) -> tensor<i32>',
            check('r', np.int32(x.shape[dim]), 'i32')])
tf.case('get_dimension_size_zero', [const('x', np.zeros((4, 0), np.float32), 'f32'),
    '%r = stablehlo.get_dimension_size %x, dim = 1 : (tensor<4x0xf32>) -> tensor<i32>', check('r', np.int32(0), 'i32')])
x = sample((5,), 'f32', 3)
tf.case('get_dimension_size_runtime', [const('x', x, 'f32')] + runtime('n', np.array([5], np.int64), 'i64') + [
    '%d = stablehlo.dynamic_reshape %x, %n : (tensor<5xf32>, tensor<1xi64>) -> tensor<?xf32>',
    '%r = stablehlo.get_dimension_size %d, dim = 0 : (tensor<?xf32>) -> tensor<i32>', check('r', np.int32(5), 'i32')])
write(tf)


# ---------------------------------------------------------------- bitcast_convert
def bits_of(x, t):
    """Little-endian bit vector of every element (LSB first)."""
    if t == 'i1':
        return np.asarray(x, np.uint8)[..., None]
    shape = np.asarray(x).shape
    b = np.asarray(x, NP[t]).reshape(shape + (1,)).view(np.uint8)
    return np.unpackbits(b, axis=-1, bitorder='little')


def from_bits(bits, t):
    if t == 'i1':
        return bits[..., 0].astype(bool)
    by = np.ascontiguousarray(np.packbits(bits, axis=-1, bitorder='little'))
    assert by.shape[-1] == np.dtype(NP[t]).itemsize
    return by.view(NP[t])[..., 0]


WIDTH = {'i1': 1, 'i8': 8, 'i16': 16, 'i32': 32, 'i64': 64, 'ui8': 8, 'ui16': 16, 'ui32': 32, 'ui64': 64,
         'f16': 16, 'bf16': 16, 'f32': 32, 'f64': 64, 'complex<f32>': 64, 'complex<f64>': 128}


def bitcast_ref(x, t_in, t_out):
    bits = bits_of(x, t_in)               # shape + (w_in,)
    w_in, w_out = WIDTH[t_in], WIDTH[t_out]
    if w_in == w_out:
        return from_bits(bits, t_out)
    if w_in > w_out:
        bits = bits.reshape(np.asarray(x).shape + (w_in // w_out, w_out))
        return from_bits(bits, t_out)
    bits = bits.reshape(np.asarray(x).shape[:-1] + (w_out,))
    return from_bits(bits, t_out)


tf = TestFile('bitcast_convert', '''bitcast_convert: expected values from numpy's little-endian bit layout
(ndarray.view; for i1 one bit per element, least significant first),
cross-checked with jax.lax.bitcast_convert_type where it applies.''')
pairs = [('f32', 'i32', (3,)), ('i32', 'f32', (3,)), ('f32', 'ui32', (2, 2)), ('f16', 'i16', (3,)),
         ('bf16', 'ui16', (3,)), ('i16', 'bf16', (3,)), ('f64', 'i64', (2,)), ('ui64', 'f64', (2,)),
         ('i8', 'ui8', (4,)), ('i1', 'i1', (3,)), ('complex<f32>', 'complex<f32>', (2,)),
         ('i32', 'i8', (2,)), ('ui8', 'ui32', (2, 4)), ('f64', 'f32', (2,)), ('f32', 'f64', (2, 2)),
         ('f16', 'i8', (3,)), ('i64', 'i16', (2,)), ('i16', 'i64', (1, 4)), ('ui8', 'i1', (2,)),
         ('i1', 'i8', (1, 8)), ('i1', 'i64', (64,)), ('f64', 'i1', ()), ('f32', 'bf16', (2,))]
for t_in, t_out, shape in pairs:
    x = sample(shape, t_in, WIDTH[t_in] + len(shape))
    if t_in == 'i1' and t_out == 'i64':
        x = np.array([int(c) for c in bin(0x0123456789ABCDEF)[2:].zfill(64)][::-1], bool)
    exp = bitcast_ref(x, t_in, t_out)
    if t_in != 'i1' and t_out != 'i1':
        jexp = J(lax.bitcast_convert_type(x, NP[t_out]))
        assert np.array_equal(jexp.view(np.uint8), np.asarray(exp).view(np.uint8)), (t_in, t_out)
    cmp_t, cmp_exp, conv = t_out, exp, []
    if t_out in FLOAT_TYPES or t_out.startswith('complex'):
        # Compare bit patterns: convert the result back to integers of the
        # same width (NaN payloads stay exact).
        it = {16: 'i16', 32: 'i32', 64: 'i64'}[WIDTH[t_out]] if not t_out.startswith('complex') else None
        if it:
            cmp_t, cmp_exp = it, bitcast_ref(exp, t_out, it)
            conv = [f'%b = stablehlo.bitcast_convert %r : ({ttype(np.shape(exp), t_out)}) -> {ttype(np.shape(exp), it)}']
    name = f'bitcast_convert_{short(t_in)}_to_{short(t_out)}'
    lines = [const('x', x, t_in),
             f'%r = stablehlo.bitcast_convert %x : ({ttype(x.shape, t_in)}) -> {ttype(np.shape(exp), t_out)}'] + conv
    lines.append(check('b' if conv else 'r', cmp_exp, cmp_t))
    tf.case(name, lines)
write(tf)

# ---------------------------------------------------------------- tuple / get_tuple_element
tf = TestFile('tuple', '''tuple and get_tuple_element: an element taken from a tuple is the value
put in (resolved at compile time).''')
for k, t in enumerate(ALL_TYPES):
    a, b = sample((2,), t, k), sample((), 'i32', k)
    tf.case(f'tuple_{short(t)}', [const('a', a, t), const('b', b, 'i32'),
        f'%t = stablehlo.tuple %a, %b : tuple<{ttype((2,), t)}, tensor<i32>>',
        f'%x = stablehlo.get_tuple_element %t[0] : (tuple<{ttype((2,), t)}, tensor<i32>>) -> {ttype((2,), t)}',
        f'%y = stablehlo.get_tuple_element %t[1] : (tuple<{ttype((2,), t)}, tensor<i32>>) -> tensor<i32>',
        check('x', a, t), check('y', b, 'i32')])
a, b, c = sample((2,), 'f64', 1), sample((), 'i64', 2), sample((3,), 'ui8', 3)
tf.case('tuple_nested', [const('a', a, 'f64'), const('b', b, 'i64'), const('c', c, 'ui8'),
    '%inner = stablehlo.tuple %b, %c : tuple<tensor<i64>, tensor<3xui8>>',
    '%t = stablehlo.tuple %a, %inner : tuple<tensor<2xf64>, tuple<tensor<i64>, tensor<3xui8>>>',
    '%x = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xf64>, tuple<tensor<i64>, tensor<3xui8>>>) -> tensor<2xf64>',
    '%i = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xf64>, tuple<tensor<i64>, tensor<3xui8>>>) -> tuple<tensor<i64>, tensor<3xui8>>',
    '%y = stablehlo.get_tuple_element %i[0] : (tuple<tensor<i64>, tensor<3xui8>>) -> tensor<i64>',
    '%z = stablehlo.get_tuple_element %i[1] : (tuple<tensor<i64>, tensor<3xui8>>) -> tensor<3xui8>',
    check('x', a, 'f64'), check('y', b, 'i64'), check('z', c, 'ui8')])
tf.case('tuple_unused', [const('a', a, 'f64'), '%t = stablehlo.tuple %a : tuple<tensor<2xf64>>',
    '%e = stablehlo.tuple : tuple<>', check('a', a, 'f64')])
write(tf)

# ---------------------------------------------------------------- optimization_barrier
tf = TestFile('optimization_barrier', '''optimization_barrier: returns its operands unchanged.''')
for k, t in enumerate(ALL_TYPES):
    a = sample((2, 2), t, k)
    tf.case(f'optimization_barrier_{short(t)}', [const('a', a, t),
        f'%r = stablehlo.optimization_barrier %a : {ttype(a.shape, t)}', check('r', a, t)])
a, b = sample((), 'f32', 1), sample((3,), 'ui64', 2)
tf.case('optimization_barrier_two', [const('a', a, 'f32'), const('b', b, 'ui64'),
    '%r0, %r1 = stablehlo.optimization_barrier %a, %b : tensor<f32>, tensor<3xui64>',
    check('r0', a, 'f32'), check('r1', b, 'ui64')])
write(tf)

# ---------------------------------------------------------------- torch_index_select
tf = TestFile('torch_index_select', '''torch_index_select (deprecated): expected values from numpy take along
`dim`, with the leading `batch_dims` of operand and index shared.''')


def tis_ref(x, idx, dim, batch):
    if batch == 0:
        return np.take(x, idx, axis=dim)
    return np.stack([tis_ref(x[i], idx[i], dim - 1, batch - 1) for i in range(x.shape[0])])


def tis_case(name, x, t, idx, it, dim, batch):
    exp = tis_ref(x, idx, dim, batch)
    tf.case(name, [const('x', x, t), const('i', idx, it),
        f'%r = "stablehlo.torch_index_select"(%x, %i) <{{batch_dims = {batch} : i64, dim = {dim} : i64}}> : ({ttype(x.shape, t)}, {ttype(idx.shape, it)}) -> {ttype(exp.shape, t)}',
        check('r', exp, t)])


for k, t in enumerate(['i1', 'i32', 'ui8', 'f16', 'f32', 'complex<f32>']):
    tis_case(f'torch_index_select_{short(t)}', sample((5, 2), t, k), t, np.array([4, 0, 2], np.int32), 'i32', 0, 0)
tis_case('torch_index_select_dim1_2d_index', sample((3, 4), 'i64', 1), 'i64', np.array([[3, 1], [0, 0]], np.int64), 'i64', 1, 0)
tis_case('torch_index_select_batch', sample((2, 4, 3), 'f64', 2), 'f64', np.array([[3, 0], [1, 1]], np.int32), 'i32', 1, 1)
tis_case('torch_index_select_unsigned_index', sample((4, 2), 'f32', 3), 'f32', np.array([3, 1], np.uint16), 'ui16', 0, 0)
write(tf)
print('ok')
