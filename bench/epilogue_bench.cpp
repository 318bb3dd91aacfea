// epilogue_bench: does fusing a GEMM's epilogue (bias add, residual add)
// into the GEMM pay, with the libraries jx's GEMMs call? Four ways to
// compute D = A B + bias (broadcast along rows) + R, per shape, on one
// thread and on all of them:
//
//   openblas         cblas_sgemm, then one pass over C adding bias and R
//   openblas-panels  the same per block of columns (P at a time), each
//                    block's epilogue applied while it is in cache
//   onednn           oneDNN's matmul, then the pass
//   onednn-postops   oneDNN's matmul with two binary_add post-ops, the
//                    epilogue applied to the tile in registers
//
// The pass is vectorized for the running CPU (target_clones). Results are
// checked against each other. Times are the minimum of repeated calls.
// Usage: epilogue_bench [M N K [P]]... (default: the shapes of
// bench-peers' MLP step and transformer block). docs/performance.md.

#include <cblas.h>
#include <oneapi/dnnl/dnnl.hpp>
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <initializer_list>
#include <vector>

namespace {

double seconds() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

/// Best time of `reps` calls after one warm-up call, in microseconds.
double best_us(int reps, const std::function<void()> &fn) {
  fn();
  double best = 1e30;
  for (int r = 0; r < reps; ++r) {
    double t = seconds();
    fn();
    best = std::min(best, seconds() - t);
  }
  return best * 1e6;
}

/// C[rows x cols] (leading dimension ld) += bias[cols], then += R (same
/// layout), in that order: what the compiled epilogue computes.
__attribute__((target_clones("avx512f", "avx2", "default"))) void
epilogue(float *c, const float *bias, const float *r, long rows, long cols,
         long ld) {
  for (long i = 0; i < rows; ++i) {
    float *ci = c + i * ld;
    const float *ri = r + i * ld;
    for (long j = 0; j < cols; ++j)
      ci[j] = (ci[j] + bias[j]) + ri[j];
  }
}

/// The pass over all rows, divided among the threads as compiled parallel
/// loops divide it.
void epilogue_parallel(float *c, const float *bias, const float *r, long m,
                       long n, long ld) {
#pragma omp parallel for schedule(static)
  for (long i = 0; i < m; ++i)
    epilogue(c + i * ld, bias, r + i * ld, 1, n, ld);
}

struct shape {
  long m, n, k, panel;
};

void run(const shape &s, int threads) {
  using namespace dnnl;
  using dt = memory::data_type;
  const long M = s.m, N = s.n, K = s.k, P = std::min(s.panel, s.n);
  std::vector<float> a(M * K), b(K * N), bias(N), r(M * N), c(M * N),
      ref(M * N);
  unsigned x = 12345;
  auto rnd = [&] {
    x = x * 1664525u + 1013904223u;
    return static_cast<float>(x >> 8) / 16777216.0f - 0.5f;
  };
  for (std::vector<float> *v : {&a, &b, &bias, &r})
    for (float &e : *v)
      e = rnd();
  omp_set_num_threads(threads);
  openblas_set_num_threads(threads);
  int reps = std::max(10L, std::min(500L, 20000000000L / (2 * M * N * K)));

  auto openblas = [&] {
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, M, N, K, 1.0f,
                a.data(), K, b.data(), N, 0.0f, c.data(), N);
    epilogue_parallel(c.data(), bias.data(), r.data(), M, N, N);
  };
  auto panels = [&] {
#pragma omp parallel for schedule(static) if (threads > 1)
    for (long j0 = 0; j0 < N; j0 += P) {
      long w = std::min(P, N - j0);
      cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, M, w, K, 1.0f,
                  a.data(), K, b.data() + j0, N, 0.0f, c.data() + j0, N);
      epilogue(c.data() + j0, bias.data() + j0, r.data() + j0, M, w, N);
    }
  };
  engine eng(engine::kind::cpu, 0);
  stream str(eng);
  memory::desc ad({M, K}, dt::f32, memory::dims{K, 1});
  memory::desc bd({K, N}, dt::f32, memory::dims{N, 1});
  memory::desc cd({M, N}, dt::f32, memory::dims{N, 1});
  memory::desc biasd({1, N}, dt::f32, memory::dims{N, 1});
  matmul plain(matmul::primitive_desc(matmul::desc(ad, bd, cd), eng));
  post_ops ops;
  ops.append_binary(algorithm::binary_add, biasd);
  ops.append_binary(algorithm::binary_add, cd);
  primitive_attr attr;
  attr.set_post_ops(ops);
  matmul fused(matmul::primitive_desc(matmul::desc(ad, bd, cd), attr, eng));
  memory am(ad, eng, a.data()), bm(bd, eng, b.data()), cm(cd, eng, c.data()),
      biasm(biasd, eng, bias.data()), rm(cd, eng, r.data());
  auto onednn = [&] {
    plain.execute(str, {{DNNL_ARG_SRC, am}, {DNNL_ARG_WEIGHTS, bm}, {DNNL_ARG_DST, cm}});
    str.wait();
    epilogue_parallel(c.data(), bias.data(), r.data(), M, N, N);
  };
  auto postops = [&] {
    fused.execute(str, {{DNNL_ARG_SRC, am},
                        {DNNL_ARG_WEIGHTS, bm},
                        {DNNL_ARG_DST, cm},
                        {DNNL_ARG_ATTR_MULTIPLE_POST_OP(0) | DNNL_ARG_SRC_1, biasm},
                        {DNNL_ARG_ATTR_MULTIPLE_POST_OP(1) | DNNL_ARG_SRC_1, rm}});
    str.wait();
  };

  // Every way computes the same D, up to the GEMM's summation order.
  openblas();
  ref = c;
  double worst = 0;
  for (const std::function<void()> &way :
       std::initializer_list<std::function<void()>>{panels, onednn, postops}) {
    std::fill(c.begin(), c.end(), NAN);
    way();
    for (long i = 0; i < M * N; ++i)
      worst = std::max(worst, static_cast<double>(std::fabs(c[i] - ref[i])));
  }
  double t_ob = best_us(reps, openblas), t_panels = best_us(reps, panels),
         t_dnnl = best_us(reps, onednn), t_post = best_us(reps, postops);
  std::printf("%5ldx%5ldx%5ld %2d thr  openblas %9.1f  panels(%ld) %9.1f (%.2fx)  "
              "onednn %9.1f  postops %9.1f (%.2fx)  max|diff| %.1e\n",
              M, N, K, threads, t_ob, P, t_panels, t_ob / t_panels, t_dnnl, t_post,
              t_dnnl / t_post, worst);
}

} // namespace

int main(int argc, char **argv) {
  std::vector<shape> shapes;
  for (int i = 1; i + 2 < argc; i += 4)
    shapes.push_back({std::atol(argv[i]), std::atol(argv[i + 1]),
                      std::atol(argv[i + 2]),
                      i + 3 < argc ? std::atol(argv[i + 3]) : 128});
  if (shapes.empty())
    shapes = {{256, 512, 784, 128},  {256, 512, 512, 128}, {256, 2048, 512, 256},
              {256, 512, 2048, 128}, {128, 256, 256, 64},  {256, 256, 256, 64}};
  int all = omp_get_num_procs();
  std::printf("times in microseconds (best of repeated calls); ratios > 1: "
              "the fused way is faster\n");
  for (const shape &s : shapes)
    for (int t : {1, all})
      run(s, t);
}
