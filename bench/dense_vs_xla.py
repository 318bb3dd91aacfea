#!/usr/bin/env python3
"""jx next to XLA:CPU, OpenBLAS and the memory bandwidth, in one run.

    python3 bench/dense_vs_xla.py [--build build] [--cores 1|2|all]
                                  [--min-time 1] [WORKLOAD ...]

Needs JAX (`pip install jax` in a venv; without it the script says so and
exits 0). Each workload is a JAX function: it is exported with
`jax.jit(f).lower(*args).as_text()` to StableHLO, run once by `jxc run` and
checked against XLA's results, then timed by `jxc bench` (median of at
least --min-time seconds of calls), by XLA (`jax.jit`, device-resident
inputs, `block_until_ready`, same minimum time) and, for the GEMMs, by
numpy.dot (OpenBLAS). `--cores 1` pins everything to CPU 0 (`taskset`)
with one thread each (JX_NUM_THREADS, OPENBLAS_NUM_THREADS and XLA's
single-threaded Eigen); `--cores 2` pins to CPUs 0-1. The table gives the
median times, jx/XLA (above 1: jx is slower), and jx's rate: for the
GEMMs GFLOP/s as a fraction of numpy.dot's (f32 ones; bf16 and int8
matmuls are checked against XLA, the int8 one for equality), for the memory-bound workloads
(chain, gelu, softmax, layernorm, rowsum) GB/s of the least traffic the
program needs, as a fraction of the floor (that traffic at numpy.add's
bandwidth, measured in the same run). The CPU model is printed with the
table,
with jx's compile time (`jxc bench`'s, parsed module to executable) next
to XLA's (`jax.jit(f).lower(...).compile()`, the first compile of f).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time


def workloads(jnp, jax):
    """name -> (function, argument shapes/dtypes, flops)."""
    import numpy as np

    def mm(n):
        return (lambda a, b: a @ b, [((n, n), "f32"), ((n, n), "f32")], 2 * n ** 3)

    def conv(x, w):
        return jax.lax.conv_general_dilated(x, w, (1, 1), "SAME",
                                            dimension_numbers=("NHWC", "HWIO", "NHWC"))
    conv_flops = 2 * 8 * 56 * 56 * 64 * 64 * 9

    x0 = jnp.zeros((8, 56, 56, 64), jnp.float32)
    w0 = jnp.zeros((3, 3, 64, 64), jnp.float32)

    # The gradients JAX's transpose rules produce (convolutions with
    # dilations, swapped dimension roles, reversed windows).
    def conv_dx(w, g):
        return jax.vjp(lambda x: conv(x, w), x0)[1](g)[0]

    def conv_dw(x, g):
        return jax.vjp(lambda w: conv(x, w), w0)[1](g)[0]

    def mlp_step(w1, b1, w2, b2, w3, b3, x, y):
        def loss(p):
            w1, b1, w2, b2, w3, b3 = p
            h = jax.nn.relu(x @ w1 + b1)
            h = jax.nn.relu(h @ w2 + b2)
            logits = h @ w3 + b3
            return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * y, axis=-1))
        p = (w1, b1, w2, b2, w3, b3)
        l, g = jax.value_and_grad(loss)(p)
        return (l,) + tuple(a - 0.01 * b for a, b in zip(p, g))
    mlp_flops = 3 * 2 * 256 * (784 * 512 + 512 * 512 + 512 * 10)

    def block(x, wq, wk, wv, wo, w1, w2):
        s, d, h = 256, 512, 8

        def ln(v):
            m = v.mean(-1, keepdims=True)
            return (v - m) / jnp.sqrt(((v - m) ** 2).mean(-1, keepdims=True) + 1e-5)
        y = ln(x)
        q = (y @ wq).reshape(s, h, d // h).transpose(1, 0, 2)
        k = (y @ wk).reshape(s, h, d // h).transpose(1, 0, 2)
        v = (y @ wv).reshape(s, h, d // h).transpose(1, 0, 2)
        a = jax.nn.softmax(q @ k.transpose(0, 2, 1) / np.sqrt(d // h), axis=-1)
        o = (a @ v).transpose(1, 0, 2).reshape(s, d) @ wo
        x = x + o
        return x + jax.nn.gelu(ln(x) @ w1) @ w2
    block_flops = 2 * 256 * 512 * 512 * 4 + 2 * 2 * 256 * 256 * 512 + 2 * 2 * 256 * 512 * 2048

    def block_step(x, wq, wk, wv, wo, w1, w2):
        # The transformer block's forward and backward: the gradient of a
        # squared loss with respect to every weight, and an SGD update.
        p = (wq, wk, wv, wo, w1, w2)
        l, g = jax.value_and_grad(lambda p: jnp.mean(block(x, *p) ** 2))(p)
        return (l,) + tuple(a - 0.01 * b for a, b in zip(p, g))

    # A small CNN's training step (CIFAR-sized, NHWC): two 3x3 convolutions
    # with bias and relu, each followed by a 2x2 max pool, a dense layer and a
    # softmax cross-entropy loss; the gradients of the pools are
    # select_and_scatter, those of the convolutions are convolutions.
    def cnn_step(w1, b1, w2, b2, w3, b3, x, y):
        def pool(v):
            return jax.lax.reduce_window(v, -jnp.inf, jax.lax.max, (1, 2, 2, 1),
                                         (1, 2, 2, 1), "VALID")

        def loss(p):
            w1, b1, w2, b2, w3, b3 = p
            h = pool(jax.nn.relu(conv(x, w1) + b1))
            h = pool(jax.nn.relu(conv(h, w2) + b2))
            logits = h.reshape(h.shape[0], -1) @ w3 + b3
            return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * y, axis=-1))
        p = (w1, b1, w2, b2, w3, b3)
        l, g = jax.value_and_grad(loss)(p)
        return (l,) + tuple(a - 0.01 * b for a, b in zip(p, g))
    cnn_flops = 3 * 2 * 32 * (32 * 32 * 3 * 32 * 9 + 16 * 16 * 32 * 64 * 9 + 4096 * 10)

    # An LSTM over a sequence: lax.scan of 64 steps, batch 32, input 128,
    # hidden 256; returns every step's hidden state.
    def lstm(wi, wh, b, xs):
        hdim = wh.shape[0]

        def cell(carry, x):
            h, c = carry
            z = x @ wi + h @ wh + b
            i, f, o = (jax.nn.sigmoid(z[:, k * hdim:(k + 1) * hdim]) for k in range(3))
            c = f * c + i * jnp.tanh(z[:, 3 * hdim:])
            h = o * jnp.tanh(c)
            return (h, c), h
        zero = jnp.zeros((xs.shape[1], hdim), xs.dtype)
        return jax.lax.scan(cell, (zero, zero), xs)[1]
    lstm_flops = 64 * 2 * 32 * (128 + 256) * 4 * 256

    def gelu(x):
        return jax.nn.gelu(x, approximate=True)

    def softmax(x):
        return jax.nn.softmax(x, axis=-1)

    def layernorm(x, g, b):
        m = x.mean(-1, keepdims=True)
        v = ((x - m) ** 2).mean(-1, keepdims=True)
        return (x - m) / jnp.sqrt(v + 1e-5) * g + b

    def maxpool(x):
        return jax.lax.reduce_window(x.reshape(1, 4096, 4096, 1), -jnp.inf, jax.lax.max,
                                     (1, 2, 2, 1), (1, 2, 2, 1), "VALID")

    n16, n4 = 1 << 24, 4096
    big = 4 * n4 * n4  # bytes of one f32[4096, 4096]
    return {
        # Memory-bound: flops 0, the least bytes the program must move last.
        "chain_16m": (lambda x, y, z: jnp.exp(x) * y + z, [((n16,), "f32")] * 3, 0,
                      4 * 4 * n16),
        "gelu_16m": (gelu, [((n16,), "f32")], 0, 2 * 4 * n16),
        "softmax_4096": (softmax, [((n4, n4), "f32")], 0, 2 * 4 * n4 * n4),
        "layernorm_4096x1024": (layernorm, [((n4, 1024), "f32"), ((1024,), "f32"),
                                            ((1024,), "f32")], 0, 2 * 4 * n4 * 1024),
        "rowsum_4096": (lambda x: x.sum(-1), [((n4, n4), "f32")], 0, 4 * n4 * n4),
        # Data movement and scans over f32[4096, 4096] (one read, one write
        # of the matrix unless said): issue 12's "vectorize everything".
        "transpose_4096": (lambda x: x.T, [((n4, n4), "f32")], 0, 2 * big),
        "gather_rows_4096": (lambda x, i: x[i], [((n4, n4), "f32"), ((n4,), "idx")], 0,
                             2 * big),
        "concat_4096": (lambda x: jnp.concatenate([x[:, :2048] * 2, x[:, 2048:]], axis=1),
                        [((n4, n4), "f32")], 0, 2 * big),
        "pad_4096": (lambda x: jnp.pad(x, ((1, 1), (1, 1))), [((n4, n4), "f32")], 0, 2 * big),
        "reverse_4096": (lambda x: x[:, ::-1], [((n4, n4), "f32")], 0, 2 * big),
        "colsum_4096": (lambda x: x.sum(0), [((n4, n4), "f32")], 0, big),
        "maxpool_4096": (maxpool, [((n4, n4), "f32")], 0, big + big // 4),
        "cumsum_4096": (lambda x: jnp.cumsum(x, axis=1), [((n4, n4), "f32")], 0, 2 * big),
        "argmax_4096": (lambda x: jnp.argmax(x, axis=1), [((n4, n4), "f32")], 0, big),
        # Sorting, selection and scatter as models use them: rows sorted, the
        # 8 largest of each row with their indices, a scatter-add of 16384
        # rows of 256 into 4096 (embedding gradients, segment sums), and a
        # cross-entropy against integer labels.
        "sort_rows_1024x4096": (lambda x: jnp.sort(x, axis=-1), [((1024, n4), "f32")], 0,
                                2 * 4 * 1024 * n4),
        "top_k_4096": (lambda x: jax.lax.top_k(x, 8), [((n4, n4), "f32")], 0, big),
        "scatter_add_4096": (lambda u, i: jnp.zeros((n4, 256), jnp.float32).at[i].add(u),
                             [((4 * n4, 256), "f32"), ((4 * n4,), "idx")], 0,
                             4 * 4 * n4 * 256 + 2 * 4 * n4 * 256),
        # Random numbers as training draws them (threefry): normal samples and
        # a dropout mask applied, from a key passed in.
        "random_normal_16m": (lambda s: jax.random.normal(jax.random.PRNGKey(s[0]), (n16,)),
                              [((2,), "idx")], 0, 4 * n16),
        "dropout_16m": (lambda x, s: jnp.where(
            jax.random.bernoulli(jax.random.PRNGKey(s[0]), 0.9, x.shape), x / 0.9, 0.0),
                        [((n16,), "f32"), ((2,), "idx")], 0, 2 * 4 * n16),
        "logsumexp_4096": (lambda x: jax.nn.logsumexp(x, axis=-1), [((n4, n4), "f32")], 0,
                           big),
        "xent_4096": (lambda x, t: -jnp.take_along_axis(jax.nn.log_softmax(x, axis=-1),
                                                        t[:, None], axis=1).mean(),
                      [((n4, n4), "f32"), ((n4,), "idx")], 0, big),
        # Loops over the rows of f32[4096, 4096] (jx-fuse-rows) with cheap and
        # with transcendental passes, and a plain map: one read, one write.
        "neg_4096": (lambda x: -x, [((n4, n4), "f32")], 0, 2 * big),
        "log_softmax_4096": (lambda x: jax.nn.log_softmax(x, axis=-1), [((n4, n4), "f32")],
                             0, 2 * big),
        "layernorm_4096": (layernorm, [((n4, n4), "f32"), ((n4,), "f32"), ((n4,), "f32")], 0,
                           2 * big),
        # Positive values: rows of normal noise sum to near zero, where any
        # two summation orders give quotients that differ.
        "normalize_rows_4096": (lambda x: x / x.sum(-1, keepdims=True), [((n4, n4), "pos")],
                                0, 2 * big),
        "center_rows_4096": (lambda x: x - x.max(-1, keepdims=True), [((n4, n4), "f32")], 0,
                             2 * big),
        # Elementwise work over rows of 16 (features of a small layer): a bias
        # broadcast along the short last dimension, and a map with no
        # broadcast (jx-short-inner-loops).
        "bias_relu_1mx16": (lambda x, b: jax.nn.relu(x + b),
                            [((1 << 20, 16), "f32"), ((16,), "f32")], 0, 2 * 4 * (1 << 24)),
        "fma_1mx16": (lambda x, y: x * y + 3.0, [((1 << 20, 16), "f32")] * 2, 0,
                      3 * 4 * (1 << 24)),
        # Reductions along a short last dimension: row sums and a softmax
        # over rows of 16 (attention over short sequences, a classifier's
        # logits).
        "rowsum_1mx16": (lambda x: x.sum(-1), [((1 << 20, 16), "f32")], 0,
                         4 * (1 << 24) + 4 * (1 << 20)),
        "softmax_1mx16": (lambda x: jax.nn.softmax(x, axis=-1), [((1 << 20, 16), "f32")], 0,
                          2 * 4 * (1 << 24)),
        "argmax_1mx16": (lambda x: jnp.argmax(x, axis=-1), [((1 << 20, 16), "f32")], 0,
                         4 * (1 << 24) + 4 * (1 << 20)),
        "transpose_1mx16": (lambda x: x.T, [((1 << 20, 16), "f32")], 0, 2 * 4 * (1 << 24)),
        "colsum_1mx16": (lambda x: x.sum(0), [((1 << 20, 16), "f32")], 0, 4 * (1 << 24)),
        "concat_1mx16": (lambda a, b: jnp.concatenate([a, b], axis=1),
                         [((1 << 20, 8), "f32")] * 2, 0, 2 * 4 * (1 << 24)),
        "softmax_512kx32": (lambda x: jax.nn.softmax(x, axis=-1), [((1 << 19, 32), "f32")], 0,
                            2 * 4 * (1 << 24)),
        "matmul_1024": mm(1024),
        "matmul_2048": mm(2048),
        # bf16 x bf16 -> bf16 (accumulated in f32 by both), and int8 x int8 ->
        # int32 (exact: checked for equality).
        "matmul_bf16_2048": (lambda a, b: a @ b, [((2048, 2048), "bf16")] * 2,
                             2 * 2048 ** 3),
        "matmul_int8_1024": (lambda a, b: jax.lax.dot(a, b, preferred_element_type=jnp.int32),
                             [((1024, 1024), "i8")] * 2, 2 * 1024 ** 3),
        "conv_resnet": (conv, [((8, 56, 56, 64), "f32"), ((3, 3, 64, 64), "f32")], conv_flops),
        "conv_resnet_dx": (conv_dx, [((3, 3, 64, 64), "f32"), ((8, 56, 56, 64), "f32")],
                           conv_flops),
        "conv_resnet_dw": (conv_dw, [((8, 56, 56, 64), "f32"), ((8, 56, 56, 64), "f32")],
                           conv_flops),
        "mlp_step": (mlp_step, [((784, 512), "f32"), ((512,), "f32"), ((512, 512), "f32"),
                                ((512,), "f32"), ((512, 10), "f32"), ((10,), "f32"),
                                ((256, 784), "f32"), ((256, 10), "f32")], mlp_flops),
        "transformer_block": (block, [((256, 512), "f32")] + [((512, 512), "f32")] * 4 +
                              [((512, 2048), "f32"), ((2048, 512), "f32")], block_flops),
        "transformer_step": (block_step, [((256, 512), "f32")] + [((512, 512), "f32")] * 4 +
                             [((512, 2048), "f32"), ((2048, 512), "f32")], 3 * block_flops),
        "cnn_step": (cnn_step, [((3, 3, 3, 32), "f32"), ((32,), "f32"), ((3, 3, 32, 64), "f32"),
                                ((64,), "f32"), ((4096, 10), "f32"), ((10,), "f32"),
                                ((32, 32, 32, 3), "f32"), ((32, 10), "f32")], cnn_flops),
        "lstm_64x32x256": (lstm, [((128, 1024), "f32"), ((256, 1024), "f32"), ((1024,), "f32"),
                                  ((64, 32, 128), "f32")], lstm_flops),
    }


def cpu_model():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def bandwidth(np, min_time):
    """Bytes per second of numpy.add over three 256 MiB arrays (two read,
    one written): the memory floor the memory-bound workloads are held to."""
    n = 1 << 26
    a, b, c = (np.ones(n, np.float32) for _ in range(3))
    return 3 * 4 * n / timed(lambda: np.add(b, c, out=a), min_time)


def timed(fn, min_time):
    fn()
    times = []
    start = time.perf_counter()
    while len(times) < 3 or time.perf_counter() - start < min_time:
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    times.sort()
    return times[len(times) // 2]


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(os.path.dirname(__file__), "..", "build"))
    ap.add_argument("--cores", default="all", choices=["1", "2", "all"])
    ap.add_argument("--min-time", type=float, default=1.0)
    ap.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "jx-dense-bench"))
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()

    # Pin before JAX or BLAS start their threads: re-run under taskset.
    if a.cores != "all" and os.environ.get("JX_DENSE_BENCH_PINNED") != "1":
        cpus = "0" if a.cores == "1" else "0,1"
        env = dict(os.environ, JX_DENSE_BENCH_PINNED="1")
        if a.cores == "1":
            env.update(JX_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1",
                       XLA_FLAGS=(env.get("XLA_FLAGS", "") +
                                  " --xla_cpu_multi_thread_eigen=false").strip())
        os.execvpe("taskset", ["taskset", "-c", cpus, sys.executable] + sys.argv, env)

    try:
        import jax
        import jax.numpy as jnp
        import numpy as np
    except ImportError:
        print("dense_vs_xla: JAX is not installed (pip install jax); nothing measured")
        return 0
    jax.config.update("jax_platforms", "cpu")
    jxc = os.path.join(a.build, "bin", "jxc")
    os.makedirs(a.work, exist_ok=True)
    table = workloads(jnp, jax)
    names = a.names or list(table)
    rng = np.random.default_rng(0)
    rows = []
    bw = bandwidth(np, a.min_time)
    for name in names:
        fn, specs, flops, *rest = table[name]
        nbytes = rest[0] if rest else 0
        def make(shape, dtype):
            if dtype == "i8":
                return rng.integers(-128, 128, shape).astype(np.int8)
            if dtype == "idx":  # int32 indices into a leading dimension of 4096
                return rng.integers(0, 4096, shape).astype(np.int32)
            if dtype == "pos":  # f32 in [0.5, 1.5): sums far from zero
                return (rng.random(shape) + 0.5).astype(np.float32)
            x = rng.standard_normal(shape).astype(np.float32) * 0.1
            return x.astype(jnp.bfloat16) if dtype == "bf16" else x
        args = [make(shape, dtype) for shape, dtype in specs]
        exact = all(dtype in ("i8", "idx") for _, dtype in specs)
        tolerance = 1e-2 if any(dtype == "bf16" for _, dtype in specs) else 1e-3
        jitted = jax.jit(fn)
        lowered = jitted.lower(*args)
        text = lowered.as_text()
        t0 = time.perf_counter()
        lowered.compile()  # XLA's compile, the first of this function
        xla_compile = time.perf_counter() - t0
        path = os.path.join(a.work, name + ".mlir")
        with open(path, "w") as f:
            f.write(text)
        inputs = []
        for i, x in enumerate(args):
            p = os.path.join(a.work, f"{name}_in{i}.npy")
            np.save(p, x)
            inputs += ["--input", p]
        dev = [jax.device_put(x) for x in args]
        want = jax.tree_util.tree_leaves(jitted(*dev))
        xla = timed(lambda: jax.block_until_ready(jitted(*dev)), a.min_time)
        out = os.path.join(a.work, name + "_out")
        run = subprocess.run([jxc, "run", path, *inputs, "--output-dir", out],
                             capture_output=True, text=True)
        status, err = "ok", 0.0
        if run.returncode != 0:
            status = "jxc run failed: " + (run.stderr or run.stdout).strip()[-200:]
        else:
            for i, w in enumerate(want):
                got = np.load(os.path.join(out, f"result{i}.npy"))
                if got.dtype.kind == "V" and got.dtype.itemsize == 2:  # bf16's bits
                    got = got.view(jnp.bfloat16)
                if np.asarray(w).dtype.kind in "iub":  # integers (argmax): equal
                    if not np.array_equal(got, np.asarray(w)):
                        err = max(err, 1.0)
                    continue
                got = got.astype(np.float64)
                w = np.asarray(w).astype(np.float64)
                scale = max(1e-30, float(np.abs(w).max()))
                err = max(err, float(np.abs(got - w).max()) / scale)
            if err > (0 if exact else tolerance):
                status = f"WRONG (max error {err:.2g} of the largest value)"
        jx = None
        if status == "ok":
            b = subprocess.run([jxc, "bench", path, *inputs, "--min-time", str(a.min_time),
                                "--format=json"], capture_output=True, text=True)
            if b.returncode == 0:
                rec = json.loads(b.stdout.strip().splitlines()[-1])
                jx = rec["median_ms"] / 1e3
                compile_s = rec["compile_ms"] / 1e3
            else:
                status = "jxc bench failed: " + b.stderr.strip()[-200:]
        blas = None
        if name.startswith("matmul") and all(d == "f32" for _, d in specs):
            x, y = args
            blas = timed(lambda: np.dot(x, y), a.min_time)
        rows.append(dict(name=name, status=status, jx=jx, xla=xla, blas=blas, flops=flops,
                         bytes=nbytes, compile=compile_s if jx else None,
                         xla_compile=xla_compile, err=err))

    print(f"# {cpu_model()}, cores: {a.cores}, jx build {os.path.abspath(a.build)}")
    print(f"# memory: numpy.add {bw / 1e9:.1f} GB/s; 'floor' = least bytes / that")
    print(f"{'workload':<20}{'jx':>11}{'XLA':>11}{'jx/XLA':>8}{'jx rate':>13}"
          f"{'reference':>11}{'frac':>7}{'compile':>9}{'XLA comp':>9}  status")
    for r in rows:
        def ms(t):
            return f"{t * 1e3:.2f} ms" if t is not None else "-"
        ratio = f"{r['jx'] / r['xla']:.2f}" if r["jx"] else "-"
        if r["bytes"]:
            floor = r["bytes"] / bw
            rate = f"{r['bytes'] / r['jx'] / 1e9:.1f} GB/s" if r["jx"] else "-"
            ref = f"floor {floor * 1e3:.1f}"
            frac = f"{floor / r['jx']:.2f}" if r["jx"] else "-"
        else:
            rate = f"{r['flops'] / r['jx'] / 1e9:.1f} GF/s" if r["jx"] else "-"
            ref = ms(r["blas"])
            frac = (f"{(r['blas'] / r['jx']):.2f}" if r["jx"] and r["blas"] else "-")
        comp = f"{r['compile']:.2f} s" if r["compile"] is not None else "-"
        print(f"{r['name']:<20}{ms(r['jx']):>11}{ms(r['xla']):>11}{ratio:>8}{rate:>13}"
              f"{ref:>11}{frac:>7}{comp:>9}{r['xla_compile']:>8.2f}s  {r['status']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
