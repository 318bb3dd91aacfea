#!/usr/bin/env python3
"""Differential test of jx's fusion and BLAS paths.

Generates random StableHLO programs -- chains of elementwise, broadcast,
transpose, reduce and dot_general ops (outer products, matrix products with
batch and transposed operands, contractions of several dimensions) -- runs
each with `jxc run` three ways: as compiled normally, with --no-fuse (every
op its own loop nest) and with --no-fuse --no-blas (the plain loop nests,
the reference path), and checks the results agree within float32 rounding
and against numpy's evaluation of the same program. --convs, --filter-grads, --dots and
--rows draw other programs (see --help).

    fusion_differential.py JXC [--seed S] [--count N] [--keep DIR]

Exit 0 when every program agrees; otherwise prints the failing program.
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

import numpy as np


# The largest intermediate drawn (an outer product of two large operands
# would otherwise need terabytes).
MAX_ELEMENTS = 1 << 22


class Program:
    def __init__(self, rng, dims=(2, 3, 4, 5, 17, 32)):
        self.rng = rng
        self.dims = dims
        self.lines = []
        self.values = []  # (name, shape, numpy value)
        self.args = []
        self.counter = 0

    def dim(self):
        # Mostly small; sometimes large enough that contractions take the
        # BLAS path (and odd sizes that tile badly).
        return self.rng.choice(self.dims)

    def fresh(self):
        self.counter += 1
        return f"%v{self.counter}"

    @staticmethod
    def ty(shape):
        return "tensor<" + "".join(f"{d}x" for d in shape) + "f32>"

    def add_arg(self, shape):
        name = f"%arg{len(self.args)}"
        value = self.rng_array(shape)
        self.args.append((name, shape, value))
        self.values.append((name, tuple(shape), value))

    def rng_array(self, shape):
        seed = self.rng.randrange(1 << 30)
        return np.random.default_rng(seed).uniform(-1, 1, shape).astype(np.float32)

    def emit(self, text, shape, value):
        name = self.fresh()
        self.lines.append(f"    {name} = {text}")
        self.values.append((name, tuple(shape), value.astype(np.float32)))
        return name

    def pick(self, pred=lambda v: True):
        cands = [v for v in self.values if pred(v)]
        # Prefer recent values, so that chains form.
        if not cands:
            return None
        weights = [1 + i for i in range(len(cands))]
        return self.rng.choices(cands, weights)[0]

    # Ops ------------------------------------------------------------------
    def unary(self):
        name, shape, x = self.pick()
        op, f = self.rng.choice([
            ("tanh", np.tanh), ("negate", np.negative), ("abs", np.abs),
            ("sine", np.sin), ("exponential", lambda a: np.exp(np.clip(a, -60, 60)))])
        if op == "exponential":
            # Keep magnitudes bounded: exp of tanh.
            t = self.emit(f"stablehlo.tanh {name} : {self.ty(shape)}", shape, np.tanh(x))
            return self.emit(f"stablehlo.exponential {t} : {self.ty(shape)}", shape,
                             np.exp(np.tanh(x)))
        return self.emit(f"stablehlo.{op} {name} : {self.ty(shape)}", shape, f(x))

    def binary(self):
        a = self.pick()
        b = self.pick(lambda v: v[1] == a[1])
        op, f = self.rng.choice([("add", np.add), ("subtract", np.subtract),
                                 ("multiply", np.multiply), ("maximum", np.maximum)])
        return self.emit(f"stablehlo.{op} {a[0]}, {b[0]} : {self.ty(a[1])}", a[1],
                         f(a[2], b[2]))

    def broadcast(self):
        name, shape, x = self.pick(lambda v: len(v[1]) < 3)
        rank = len(shape) + 1
        pos = self.rng.randrange(rank)
        new = self.dim()
        if np.prod(shape) * new > MAX_ELEMENTS:
            new = 2
        out = list(shape[:pos]) + [new] + list(shape[pos:])
        dims = [i for i in range(rank) if i != pos]
        value = np.broadcast_to(np.expand_dims(x, pos), out)
        return self.emit(f"stablehlo.broadcast_in_dim {name}, dims = {dims} : "
                         f"({self.ty(shape)}) -> {self.ty(out)}", out, value)

    def transpose(self):
        name, shape, x = self.pick(lambda v: len(v[1]) >= 2)
        perm = list(range(len(shape)))
        while perm == sorted(perm):
            self.rng.shuffle(perm)
        out = [shape[p] for p in perm]
        return self.emit(f"stablehlo.transpose {name}, dims = {perm} : "
                         f"({self.ty(shape)}) -> {self.ty(out)}", out,
                         np.transpose(x, perm))

    def reduce(self):
        name, shape, x = self.pick(lambda v: len(v[1]) >= 2)
        dim = self.rng.randrange(len(shape))
        kind = self.rng.choice(["add", "maximum"])
        init = "0.0" if kind == "add" else "0xFF800000"
        z = self.fresh()
        self.lines.append(f"    {z} = stablehlo.constant dense<{init}> : tensor<f32>")
        out = [d for i, d in enumerate(shape) if i != dim]
        value = x.sum(axis=dim) if kind == "add" else x.max(axis=dim)
        return self.emit(f"stablehlo.reduce({name} init: {z}) applies stablehlo.{kind} "
                         f"across dimensions = [{dim}] : ({self.ty(shape)}, tensor<f32>) "
                         f"-> {self.ty(out)}", out, value)

    def dot(self):
        lhs = self.pick(lambda v: len(v[1]) <= 3)
        ln, ls, lv = lhs
        # Batch and contracting dimensions: pairs of equal size.
        rng = self.rng
        nb = rng.choice([0, 0, 1]) if len(ls) >= 2 else 0
        lb = rng.sample(range(len(ls)), nb)
        rest = [d for d in range(len(ls)) if d not in lb]
        nc = rng.choice([0, 1, 1, 1, 2]) if rest else 0
        nc = min(nc, len(rest))
        lc = rng.sample(rest, nc)
        # The rhs: batch dims, contracting dims and up to 2 free dims, in a
        # random order; an existing value of that shape when there is one.
        free = [self.dim() for _ in range(rng.choice([0, 1, 1, 2]))]
        if len(ls) - nb - nc + len(free) + nb > 4:
            free = free[:1]
        parts = [("b", i) for i in range(nb)] + [("c", i) for i in range(nc)] + \
                [("f", i) for i in range(len(free))]
        rng.shuffle(parts)
        rs = []
        rb, rc = [0] * nb, [0] * nc
        for pos, (kind, i) in enumerate(parts):
            if kind == "b":
                rb[i] = pos
                rs.append(ls[lb[i]])
            elif kind == "c":
                rc[i] = pos
                rs.append(ls[lc[i]])
            else:
                rs.append(free[i])
        if np.prod(rs) > MAX_ELEMENTS:
            return None
        existing = self.pick(lambda v: list(v[1]) == rs)
        if existing is not None and rng.random() < 0.5:
            rn, rv = existing[0], existing[2]
        else:
            self.add_arg(rs)
            rn, _, rv = self.args[-1]
        # numpy: move batch, free, contracting to canonical order, einsum.
        letters = "abcdefghijklmnop"
        lsub = [None] * len(ls)
        rsub = [None] * len(rs)
        k = 0
        for i in range(nb):
            lsub[lb[i]] = rsub[rb[i]] = letters[k]; k += 1
        for i in range(nc):
            lsub[lc[i]] = rsub[rc[i]] = letters[k]; k += 1
        out = [letters[i] for i in range(nb)]
        out_shape = [ls[d] for d in lb]
        for d in range(len(ls)):
            if lsub[d] is None:
                lsub[d] = letters[k]; out.append(letters[k]); out_shape.append(ls[d]); k += 1
        for d in range(len(rs)):
            if rsub[d] is None:
                rsub[d] = letters[k]; out.append(letters[k]); out_shape.append(rs[d]); k += 1
        if len(out_shape) > 4 or np.prod(out_shape) > MAX_ELEMENTS:
            return None
        value = np.einsum(f"{''.join(lsub)},{''.join(rsub)}->{''.join(out)}",
                          lv.astype(np.float64), rv.astype(np.float64))
        batching = f"batching_dims = {lb} x {rb}, " if nb else ""
        text = (f"stablehlo.dot_general {ln}, {rn}, {batching}contracting_dims = "
                f"{lc} x {rc}, precision = [DEFAULT, DEFAULT] : "
                f"({self.ty(ls)}, {self.ty(rs)}) -> {self.ty(out_shape)}")
        return self.emit(text, out_shape, value)

    def generate_dot(self):
        """One dot_general with a random layout and odd sizes (1, 3, 17,
        255, 1000), for the BLAS path against the reference loops."""
        sizes = [1, 3, 17, 255]
        big = self.rng.random() < 0.3
        def size():
            return self.rng.choice(sizes)
        rank = self.rng.choice([1, 2, 2, 3])
        shape = [size() for _ in range(rank)]
        if big:  # one dimension of 1000, the others small
            shape[self.rng.randrange(rank)] = 1000
        while np.prod(shape) > 300000:
            shape[shape.index(max(shape))] = 17
        self.add_arg(shape)
        self.dim = lambda: self.rng.choice([1, 3, 17, 64])
        for _ in range(8):
            if self.dot() is not None:
                return [self.values[-1]]
        return [self.values[-1]]

    def generate_filter_grad(self):
        """The gradient of a random NHWC x HWIO convolution with respect to
        its kernel, written as JAX's transpose rule writes it: a convolution
        of the input (its batch as the features) with the output gradient
        as the window, dimension numbers [f, 0, 1, b]x[i, 0, 1, o] ->
        [0, 1, b, f], window strides the forward kernel dilation, window
        dilation the forward strides, feature groups as batch groups
        (depthwise too), and high padding that the last window may not
        reach. numpy sums over the images and output positions directly."""
        r = self.rng
        # Mostly large enough for oneDNN (the gradient path), some not.
        big = r.random() < 0.75
        groups = r.choice([1, 1, 1, 2, 4, "depthwise"])
        cg = r.choice([3, 8, 16] if big else [1, 3, 8])
        depthwise = groups == "depthwise"
        groups = r.choice([4, 8, 16]) if depthwise else groups
        if depthwise:
            cg = 1  # one input feature per group
        c, f = groups * cg, groups * r.choice([16, 32] if big else [1, 4, 16])
        n = r.choice([2, 4] if big else [1, 2])
        h, w = r.choice([9, 16, 17, 24]), r.choice([7, 16, 20])
        kh, kw = r.choice([1, 2, 3]), r.choice([1, 3, 5])
        stride = [r.choice([1, 1, 2]), r.choice([1, 2, 3])]
        kdil = [r.choice([1, 1, 2]), r.choice([1, 1, 2])]
        lo = [r.choice([0, 1, 2]), r.choice([0, 1])]
        fpad_hi = [r.choice([0, 1, 2]), r.choice([0, 1, 2])]
        ekh, ekw = (kh - 1) * kdil[0] + 1, (kw - 1) * kdil[1] + 1
        oh = (h + lo[0] + fpad_hi[0] - ekh) // stride[0] + 1
        ow = (w + lo[1] + fpad_hi[1] - ekw) // stride[1] + 1
        if oh <= 0 or ow <= 0:
            return None
        # The padding the gradient's windows read: exactly to the last one,
        # plus up to (window stride - 1) that no window reaches.
        hi = []
        for i, (size, q, k) in enumerate([(h, oh, kh), (w, ow, kw)]):
            need = (q - 1) * stride[i] + (k - 1) * kdil[i] + 1 - size - lo[i]
            if need < 0:
                return None
            hi.append(need + r.randrange(kdil[i]))
        x = self.rng_array((n, h, w, c))
        dy = self.rng_array((n, oh, ow, f))
        xp = np.pad(x.astype(np.float64),
                    ((0, 0), (lo[0], hi[0]), (lo[1], hi[1]), (0, 0)))
        fg = f // groups
        dw = np.zeros((kh, kw, cg, f))
        for i in range(kh):
            for j in range(kw):
                sl = xp[:, i * kdil[0]: i * kdil[0] + (oh - 1) * stride[0] + 1: stride[0],
                        j * kdil[1]: j * kdil[1] + (ow - 1) * stride[1] + 1: stride[1], :]
                for g in range(groups):
                    dw[i, j, :, g * fg:(g + 1) * fg] = np.einsum(
                        "nhwc,nhwf->cf", sl[..., g * cg:(g + 1) * cg],
                        dy[..., g * fg:(g + 1) * fg].astype(np.float64))
        self.args.append(("%arg0", x.shape, x))
        self.args.append(("%arg1", dy.shape, dy))
        pad = [[lo[0], hi[0]], [lo[1], hi[1]]]
        text = (f"stablehlo.convolution(%arg0, %arg1) dim_numbers = "
                f"[f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = "
                f"{{stride = {kdil}, pad = {pad}, rhs_dilate = {stride}}} "
                f"{{batch_group_count = {groups} : i64, feature_group_count = 1 : i64}} : "
                f"({self.ty(x.shape)}, {self.ty(dy.shape)}) -> {self.ty(dw.shape)}")
        self.emit(text, dw.shape, dw)
        return [self.values[-1]]

    def generate_conv(self):
        """One 2-D convolution, NHWC x HWIO -> NHWC or NCHW x OIHW -> NCHW,
        with random strides, padding, dilations, feature groups and
        reversal-free windows, sometimes followed by a bias add (which the
        oneDNN path fuses); numpy computes it directly (pad, dilate, sum
        over window taps, group by group)."""
        r = self.rng
        groups = r.choice([1, 1, 1, 2, 4])
        n, c, f = r.choice([1, 2]), groups * r.choice([1, 3, 8, 16]), groups * r.choice([1, 4, 16, 32])
        h, w = r.choice([1, 5, 9, 16]), r.choice([1, 4, 7, 16])
        kh, kw = r.choice([1, 2, 3]), r.choice([1, 3])
        # Half the cases are the ones oneDNN computes (a window no larger
        # than the output, enough work).
        library = r.random() < 0.5
        if library:
            n, h, w = 2, r.choice([8, 12, 16]), r.choice([7, 12, 16])
            c, f = groups * r.choice([4, 8, 16]), groups * r.choice([8, 16, 32])
        if not library and r.random() < 0.35:
            # A window larger than 64 positions over a small output: the
            # shape of a filter gradient.
            h, w = r.choice([9, 12, 16]), r.choice([9, 12])
            kh, kw = h - r.choice([0, 1, 2]), w - r.choice([0, 1, 3])
        stride = [r.choice([1, 1, 2]), r.choice([1, 1, 2])]
        rdil = [r.choice([1, 1, 2]), r.choice([1, 1, 2])]
        ldil = [r.choice([1, 1, 1, 2]), r.choice([1, 1, 1, 2])]
        if library and ldil != [1, 1]:
            # A base dilation goes to oneDNN (as a deconvolution) with unit
            # window strides.
            stride = [1, 1]
        pad = [[r.choice([0, 1, 2]), r.choice([0, 1])], [r.choice([0, 1]), r.choice([0, 2])]]
        nchw = r.random() < 0.3
        x = self.rng_array((n, h, w, c))
        k = self.rng_array((kh, kw, c // groups, f))
        # numpy: dilate, pad, then sum over taps.
        hd, wd = (h - 1) * ldil[0] + 1, (w - 1) * ldil[1] + 1
        xd = np.zeros((n, hd, wd, c), np.float64)
        xd[:, ::ldil[0], ::ldil[1], :] = x
        xp = np.pad(xd, ((0, 0), tuple(pad[0]), tuple(pad[1]), (0, 0)))
        ekh, ekw = (kh - 1) * rdil[0] + 1, (kw - 1) * rdil[1] + 1
        oh = (xp.shape[1] - ekh) // stride[0] + 1
        ow = (xp.shape[2] - ekw) // stride[1] + 1
        if oh <= 0 or ow <= 0:
            return None
        out = np.zeros((n, oh, ow, f))
        cg, fg = c // groups, f // groups
        for g in range(groups):
            for i in range(kh):
                for j in range(kw):
                    sl = xp[:, i * rdil[0]: i * rdil[0] + (oh - 1) * stride[0] + 1: stride[0],
                            j * rdil[1]: j * rdil[1] + (ow - 1) * stride[1] + 1: stride[1],
                            g * cg:(g + 1) * cg]
                    out[..., g * fg:(g + 1) * fg] += np.einsum(
                        "nhwc,cf->nhwf", sl, k[i, j, :, g * fg:(g + 1) * fg].astype(np.float64))
        if nchw:
            xa, ka, oa = x.transpose(0, 3, 1, 2), k.transpose(3, 2, 0, 1), out.transpose(0, 3, 1, 2)
            dn = "[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]"
            fdim = 1
        else:
            xa, ka, oa = x, k, out
            dn = "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]"
            fdim = 3
        self.args.append(("%arg0", xa.shape, np.ascontiguousarray(xa)))
        self.args.append(("%arg1", ka.shape, np.ascontiguousarray(ka)))
        text = (f"stablehlo.convolution(%arg0, %arg1) dim_numbers = {dn}, window = "
                f"{{stride = {stride}, pad = {pad}, lhs_dilate = {ldil}, rhs_dilate = {rdil}}} "
                f"{{batch_group_count = 1 : i64, feature_group_count = {groups} : i64}} : "
                f"({self.ty(xa.shape)}, {self.ty(ka.shape)}) -> {self.ty(oa.shape)}")
        self.emit(text, oa.shape, oa)
        if r.random() < 0.4:
            bias = self.rng_array((f,))
            self.args.append(("%arg2", bias.shape, bias))
            conv = self.values[-1][0]
            self.emit(f"stablehlo.broadcast_in_dim %arg2, dims = [{fdim}] : "
                      f"({self.ty(bias.shape)}) -> {self.ty(oa.shape)}", oa.shape,
                      np.zeros(oa.shape))
            bvalue = self.values[-1][0]
            shape = [1] * 4
            shape[fdim] = f
            oa = oa + bias.astype(np.float64).reshape(shape)
            self.emit(f"stablehlo.add {conv}, {bvalue} : {self.ty(oa.shape)}", oa.shape, oa)
        return [self.values[-1]]

    def generate(self, steps):
        for _ in range(self.rng.choice([1, 2])):
            self.add_arg([self.dim() for _ in range(self.rng.choice([1, 2, 3]))])
        ops = [self.unary, self.binary, self.broadcast, self.transpose, self.reduce,
               self.dot, self.dot]
        for _ in range(steps):
            op = self.rng.choice(ops)
            try:
                op()
            except TypeError:  # pick() found no operand for this op
                pass
        results = [self.values[-1]]
        other = self.pick(lambda v: v is not self.values[-1] and not v[0].startswith("%arg"))
        if other is not None and self.rng.random() < 0.5:
            results.append(other)
        return results

    def text(self, results):
        args = ", ".join(f"{n}: {self.ty(s)}" for n, s, _ in self.args)
        rtypes = ", ".join(self.ty(r[1]) for r in results)
        body = "\n".join(self.lines)
        names = ", ".join(r[0] for r in results)
        return (f"func.func @main({args}) -> ({rtypes}) {{\n{body}\n"
                f"    return {names} : {rtypes}\n}}\n")


def run(jxc, path, inputs, outdir, flags):
    cmd = [jxc, "run", path, "--output-dir", outdir] + flags
    for i in inputs:
        cmd += ["--input", i]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        return None, p.stdout + p.stderr
    outs = []
    i = 0
    while os.path.exists(os.path.join(outdir, f"result{i}.npy")):
        outs.append(np.load(os.path.join(outdir, f"result{i}.npy")))
        i += 1
    return outs, ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("jxc")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--steps", type=int, default=6)
    ap.add_argument("--keep")
    ap.add_argument("--convs", action="store_true",
                    help="single 2-D convolutions of random windows and layouts")
    ap.add_argument("--filter-grads", action="store_true",
                    help="filter gradients of random convolutions, as JAX "
                    "writes them")
    ap.add_argument("--dots", action="store_true",
                    help="single dot_generals of random layouts and odd sizes")
    ap.add_argument("--rows", action="store_true",
                    help="sizes large enough (up to 10^5-10^6 elements) that "
                    "reductions and their users become loops over rows "
                    "(jx-fuse-rows)")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    work = a.keep or tempfile.mkdtemp(prefix="jx-fusion-diff-")
    os.makedirs(work, exist_ok=True)
    failures = 0
    variants = {"fused": [], "unfused": ["--no-fuse"],
                "reference": ["--no-fuse", "--no-blas"]}
    if a.convs or a.filter_grads:
        variants["gemms"] = ["--no-dnnl"]
    dims = (3, 33, 64, 130, 256) if a.rows else (2, 3, 4, 5, 17, 32)
    for case in range(a.count):
        prog = Program(rng, dims)
        if a.convs or a.filter_grads:
            results = None
            while results is None:
                prog = Program(rng)
                results = (prog.generate_filter_grad() if a.filter_grads
                           else prog.generate_conv())
        else:
            results = prog.generate_dot() if a.dots else prog.generate(a.steps)
        path = os.path.join(work, f"case{case}.mlir")
        with open(path, "w") as f:
            f.write(prog.text(results))
        inputs = []
        for i, (_, _, v) in enumerate(prog.args):
            p = os.path.join(work, f"case{case}_in{i}.npy")
            np.save(p, v)
            inputs.append(p)
        got = {}
        for vname, flags in variants.items():
            outdir = os.path.join(work, f"case{case}_{vname}")
            os.makedirs(outdir, exist_ok=True)
            got[vname], err = run(a.jxc, path, inputs, outdir, flags)
            if got[vname] is None:
                print(f"FAIL case {case} ({vname}): jxc failed\n{err}\n{prog.text(results)}")
                failures += 1
                break
        else:
            expected = [r[2] for r in results]
            for vname, outs in got.items():
                for j, (o, e) in enumerate(zip(outs, expected)):
                    scale = max(1.0, float(np.abs(e).max(initial=0)))
                    err = float(np.abs(o.astype(np.float64) - e).max(initial=0)) / scale
                    if o.shape != tuple(e.shape) or err > 1e-4:
                        print(f"FAIL case {case} result {j} ({vname}): max relative "
                              f"error {err:.3g}, shape {o.shape}\n{prog.text(results)}")
                        failures += 1
                        break
            ref = got["reference"]
            for vname in [v for v in got if v != "reference"]:
                for o, r in zip(got[vname], ref):
                    scale = max(1.0, float(np.abs(r).max(initial=0)))
                    if float(np.abs(o.astype(np.float64) - r).max(initial=0)) / scale > 1e-5:
                        print(f"FAIL case {case}: {vname} differs from the reference "
                              f"path\n{prog.text(results)}")
                        failures += 1
                        break
    what = ("convolution" if a.convs else "filter gradient" if a.filter_grads
            else "dot_general" if a.dots else "fusion")
    print(f"{what} differential: {a.count - failures} passed, {failures} failed "
          f"(seed {a.seed}, {a.count} programs)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
