"""Expected values of custom_rules_test.cpp, from JAX (python3 gen_custom_rules_expected.py).

Prints JAX's jaxprs of a custom_jvp function, a custom_vjp function and a
checkpointed function (jx prints its rules as <name>_<rule>#<id>, JAX as the
Python function's name; the test replaces the id), and the values the tests
compare with.
"""
import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)


@jax.custom_jvp
def log1pexp(x):
    return jnp.log1p(jnp.exp(x))


@log1pexp.defjvp
def log1pexp_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return log1pexp(x), t * jax.nn.sigmoid(x)


@jax.custom_vjp
def clip_gradient(x):
    return jnp.sin(x)


def clip_gradient_fwd(x):
    return jnp.sin(x), jnp.cos(x)


def clip_gradient_bwd(c, g):
    return (jnp.clip(g * c, -0.5, 0.5),)


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)

x32 = jnp.float32(1.0)
print(jax.make_jaxpr(log1pexp)(x32))
print(jax.make_jaxpr(clip_gradient)(x32))
print(jax.make_jaxpr(jax.checkpoint(lambda x: jnp.sin(jnp.sin(x))))(x32))

# log1pexp's gradient at 100 in float32: naive nan, custom 1.0.
print(jax.grad(lambda x: jnp.log1p(jnp.exp(x)))(jnp.float32(100.0)),
      jax.grad(log1pexp)(jnp.float32(100.0)))
# clip_gradient: grad of sum(clip_gradient(x)).
xs = jnp.array([0.1, 1.0, 1.5, 3.0])
print(jax.grad(lambda x: jnp.sum(clip_gradient(x)))(xs))
