#!/usr/bin/env python3
"""Print what JAX gives for the code of the example programs in examples/.

The examples (numpy_ops.cpp, jit_cache.cpp, inspect_jaxpr.cpp, user_guide.cpp) compare what
jx prints with these texts, pasted into them as literals. Re-run after a JAX
upgrade and update the literals if JAX's output changed:

    python3 scripts/gen_example_expectations.py
"""

import jax
import jax.numpy as jnp

jax.config.update("jax_platforms", "cpu")


def section(title):
    print(f"\n== {title}")


def main():
    print(f"jax {jax.__version__}")

    section("numpy_ops.cpp")
    x = jnp.arange(1, 7, dtype=jnp.float32).reshape(2, 3)
    b = jnp.array([10, 20, 30], jnp.float32)
    y = x * 2 + b
    print(repr(y))
    print(repr(jnp.sum(y, axis=1)))
    print(repr(jnp.mean(x, axis=0, keepdims=True)))
    print(repr(jnp.argmax(x, axis=1)))
    print(repr(jnp.where(x > 3, x, -x)))
    print(repr(jax.nn.softmax(jnp.array([1.0, 2.0, 3.0], jnp.float32))))
    n = jnp.array([1, 2, 3], jnp.int32)
    print(repr(n + 1.5))
    print(repr(n * 2))
    h = jnp.array([0.5, 1.5], jnp.float16)
    print(repr(h * 2.0))
    print(repr(h + jnp.array([1, 2], jnp.int32)))
    print(repr(jnp.asarray(2.0)))
    print(jnp.promote_types(jnp.uint8, jnp.int8),
          jnp.promote_types(jnp.bfloat16, jnp.float16),
          jnp.promote_types(jnp.int32, jnp.float16))

    section("jit_cache.cpp")
    x = jnp.array([0.5, -1.0, 2.0, 0.25, 1.5, -0.5], jnp.float32).reshape(2, 3)
    w = jnp.array([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.2],
                  jnp.float32).reshape(3, 4)
    b = jnp.array([0.0, 0.1, 0.2, 0.3], jnp.float32)
    print(repr(jax.jit(lambda x, w, b: jnp.tanh(x @ w + b))(x, w, b)))

    section("inspect_jaxpr.cpp")

    def f(x):
        return jnp.sin(x) * 2.0

    print(jax.make_jaxpr(f)(jnp.ones(8)))
    print(jax.jit(f).lower(jnp.ones(8)).as_text())
    print(repr(jax.jit(f)(jnp.ones(4))))
    c = jnp.array([1.0, 2.0, 3.0])
    print(jax.make_jaxpr(lambda x: x * c + 1.0)(jnp.ones((2, 3))))

    def layer(x, w):
        return jnp.tanh(x @ w).sum(axis=1)

    print(jax.make_jaxpr(layer)(jnp.ones((4, 8)), jnp.ones((8, 3))))

    section("user_guide.cpp")
    x = jnp.arange(1, 7, dtype=jnp.float32).reshape(2, 3)
    f = jax.jit(lambda a: jnp.tanh(a).sum())
    print(f.lower(x).as_text())
    print(repr(f(x)), repr(f(x * 3.0)))


if __name__ == "__main__":
    main()
