// shard_map_processes.cpp - jx::shard_map with one device per MPI process
// (jx::distributed) gives the same global results as on the devices of one
// process: every process passes the global arrays and gets the global
// results. Run alone (a mesh of 2 devices in this process) and under
// `mpirun -np 2` (ctest jx-shard-map-processes, -mpi); exits 1 on a wrong
// value, naming it, on the rank that saw it.

#include "jx/distributed.h"
#include "jx/jx.h"

#include <cmath>
#include <cstdio>
#include <string>
#include <tuple>
#include <vector>

namespace jnp = jx::numpy;
namespace lax = jx::lax;
using jx::Array;

namespace {

int rank = 0;
int failures = 0;

void expect_equal(const std::string &what, const Array &got, const Array &want) {
  std::vector<double> g = got.to_vector<double>(), w = want.to_vector<double>();
  bool same = got.shape() == want.shape() && g.size() == w.size();
  for (std::size_t i = 0; same && i < g.size(); ++i)
    same = std::abs(g[i] - w[i]) <= 1e-5 * (1 + std::abs(w[i]));
  if (!same) {
    std::fprintf(stderr, "rank %d: %s: got %s, want %s\n", rank, what.c_str(),
                 got.str().c_str(), want.str().c_str());
    ++failures;
  }
}

} // namespace

int main() {
  if (jx::distributed::launched_by_mpirun())
    jx::distributed::initialize();
  rank = jx::distributed::process_index();
  const int processes = jx::distributed::process_count();
  const int64_t devices = processes > 1 ? processes : 2;

  // The same global inputs on every process.
  Array x = jnp::reshape(
      jnp::arange(0.0, static_cast<double>(devices * 6), 1.0, jx::dtype::float32),
      {devices * 2, 3});
  Array w = jx::array({0.5f, -1.0f, 2.0f});

  // Rows split over "x": each device scales its block, sums it with psum,
  // and gathers every block's row sums.
  jx::Mesh mesh{{"x"}, {devices}};
  auto [scaled, total, gathered] = jx::shard_map([&](const Array &v) {
    Array rows = jnp::sum(v * w, 1);
    return std::make_tuple(v * 2.0f + 1.0f, lax::psum(jnp::sum(v, 0), "x"),
                           lax::all_gather(rows, "x", 0, /*tiled=*/true));
  }, mesh, {{{"x"}}}, {{{"x"}}, {}, {}})(x);
  expect_equal("v * 2 + 1 (blocks put back)", scaled, x * 2.0f + 1.0f);
  expect_equal("psum of column sums", total, jnp::sum(x, 0));
  expect_equal("all_gather of row sums", gathered, jnp::sum(x * w, 1));

  // A gradient on shards, summed over the devices, equals the whole batch's.
  auto loss = [](const Array &w, const Array &x) {
    return jnp::sum(jnp::tanh(jnp::matmul(x, w) * 0.01f));
  };
  Array g = jx::shard_map([&](const Array &wv, const Array &v) {
    return lax::psum(jx::grad(loss)(wv, v), "x");
  }, mesh, {{}, {{"x"}}}, {{}})(w, x);
  expect_equal("psum of shard gradients", g, jx::grad(loss)(w, x));

  // Under mpirun, a mesh must have one device per process.
  if (processes > 1) {
    std::string message = "no error";
    try {
      jx::Mesh wide{{"x"}, {2 * devices}};
      jx::shard_map([](const Array &v) { return v; }, wide, {{{"x"}}},
                    {{{"x"}}})(x);
    } catch (const jx::error &e) {
      message = e.what();
    }
    if (message.find("the mesh has " + std::to_string(2 * devices) +
                     " devices, but there are " + std::to_string(processes) +
                     " processes of one device each") == std::string::npos) {
      std::fprintf(stderr, "rank %d: mesh larger than the processes: %s\n",
                   rank, message.c_str());
      ++failures;
    }
  }

  if (failures == 0 && rank == 0)
    std::printf("shard_map on %lld devices (%d process%s): ok\n",
                static_cast<long long>(devices), processes,
                processes == 1 ? "" : "es");
  return failures ? 1 : 0;
}
