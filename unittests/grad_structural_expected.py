# Expected values of grad_structural_test.cpp's JAX-comparison tests: how
# JAX 0.10 (x64) differentiates ties of max/min/cummax, zeros of prod and
# cumprod. Run: python3 unittests/grad_structural_expected.py
import jax
import jax.numpy as jnp
from jax import lax

jax.config.update("jax_enable_x64", True)

print("grad max ties", jax.grad(jnp.max)(jnp.array([1., 3., 3., 2.])))
print("grad max axis0 ties",
      jax.grad(lambda v: jnp.max(v, 0).sum())(jnp.array([[1., 3.], [3., 3.]])))
print("grad min ties", jax.grad(jnp.min)(jnp.array([1., 1., 2.])))
print("grad max nan", jax.grad(jnp.max)(jnp.array([1., jnp.nan, 2.])))
print("grad prod one zero", jax.grad(jnp.prod)(jnp.array([0., 2., 3.])))
print("grad prod two zeros", jax.grad(jnp.prod)(jnp.array([0., 2., 0.])))
print("hessian prod one zero", jax.hessian(jnp.prod)(jnp.array([0., 2., 3.])))
for x in ([1., 1., 1., 1.], [2., 1., 2., 0., 2.]):
    print("jacfwd cummax", x, jax.jacfwd(lax.cummax)(jnp.array(x)))
    print("jacrev cummax", x, jax.jacrev(lax.cummax)(jnp.array(x)))
print("jacrev cummax reverse", jax.jacrev(
    lambda v: lax.cummax(v, reverse=True))(jnp.array([1., 1., 1., 1.])))
print("jacfwd cummin", jax.jacfwd(lax.cummin)(jnp.array([3., 1., 1., 2., 1.])))
print("jacrev cumprod zero", jax.jacrev(lax.cumprod)(jnp.array([2., 0., 3., 4.])))
print("jacfwd cumprod zeros reverse", jax.jacfwd(
    lambda v: lax.cumprod(v, reverse=True))(jnp.array([2., 0., 3., 0.])))
