// RUN: python3 %jx_src_root/scripts/check_fixture_outputs.py jxc %jx_src_root/test/Fixtures/jax --expect-fail-list %jx_src_root/test/Fixtures/jax_outputs.expected_failures --work-dir %t

// Every JAX fixture in test/Fixtures/jax/ is compiled and run by jxc on its
// recorded inputs, and each result is compared with JAX's output under the
// manifest's tolerance. Fixtures that do not pass yet are listed, with the
// reason, in jax_outputs.expected_failures; a failure off the list, or a pass
// on it, fails this test (see scripts/check_fixture_outputs.py).
