// RUN: python3 %jx_src_root/scripts/check_fixture_outputs.py jxc %jx_src_root/test/Fixtures/multidevice --work-dir %t

// Every multi-device JAX fixture in test/Fixtures/multidevice/ (pmap and
// shard_map with psum, pmean/pmax/pmin, all_gather, ppermute, psum_scatter,
// all_to_all, axis_index, grouped psum, a psum in a loop, the gradient of a
// data-parallel loss; a data-parallel MLP step and a tensor-parallel matmul
// under jit with NamedSharding) runs under `jxc run --devices N` on its
// recorded global inputs, and each result is compared with JAX's under the
// manifest's tolerance. No fixture may fail.
