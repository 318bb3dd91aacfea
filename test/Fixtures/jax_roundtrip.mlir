// RUN: bash %jx_src_root/scripts/check_roundtrip.sh jx-opt %jx_src_root/test/Fixtures/jax/*.mlir

// Every StableHLO module JAX printed for test/Fixtures/jax/ (see
// scripts/gen_jax_fixtures.py) must parse, print and re-parse to the same text.
