// RUN: python3 %jx_src_root/scripts/check_fixture_outputs.py jxc %jx_src_root/test/Fixtures/jax --form exported --work-dir %t

// Every JAX fixture as JAX's jax.export ships it (`<name>.exported`: the
// Exported flatbuffer around a StableHLO portable artifact, written by
// scripts/gen_export_fixtures.py) is read, compiled and run by jxc on the
// recorded inputs, and each result is compared with JAX's output under the
// manifest's tolerance. No fixture is expected to fail.
