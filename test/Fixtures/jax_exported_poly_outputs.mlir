// RUN: python3 %jx_src_root/scripts/check_fixture_outputs.py jxc %jx_src_root/test/Fixtures/jax --form exported_poly --work-dir %t

// The JAX fixtures that JAX can export with a symbolic leading dimension
// ("b"; scripts/gen_poly_export_fixtures.py writes <name>.poly.exported) are
// specialized by jxc to the fixture's recorded inputs, run, and compared
// with JAX's outputs: shape refinement on 84 everyday programs (elementwise
// math, reductions, dots, convolutions, pooling, control flow, indexing,
// sort/top_k, cumulative ops, linear algebra's LAPACK custom calls).
