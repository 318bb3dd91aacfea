// threads.cpp - the runtime's thread count, shared with the BLAS library
// and the OpenMP runtime that runs compiled code's parallel loops.

#include "jx/runtime/threads.h"

#include <cblas.h>
#include <omp.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <sched.h>
#include <thread>

namespace jx::runtime {
namespace {

unsigned default_threads() {
  if (const char *env = std::getenv("JX_NUM_THREADS")) {
    char *end = nullptr;
    long n = std::strtol(env, &end, 10);
    if (end != env && *end == '\0' && n > 0 && n <= 4096)
      return static_cast<unsigned>(n);
    std::fprintf(stderr,
                 "jx: warning: ignoring JX_NUM_THREADS='%s' (expected a "
                 "positive number)\n",
                 env);
  }
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    return static_cast<unsigned>(CPU_COUNT(&set));
  unsigned n = std::thread::hardware_concurrency();
  return n ? n : 1;
}

std::atomic<unsigned> chosen{0};
thread_local unsigned this_thread = 0;

} // namespace

unsigned num_threads() {
  if (this_thread)
    return this_thread;
  unsigned n = chosen.load();
  if (n)
    return n;
  static const unsigned fallback = [] {
    unsigned d = default_threads();
    openblas_set_num_threads(static_cast<int>(d));
    return d;
  }();
  return fallback;
}

void set_num_threads(unsigned n) {
  chosen = n;
  openblas_set_num_threads(static_cast<int>(num_threads()));
}

void set_thread_num_threads(unsigned n) { this_thread = n; }

void apply_num_threads() {
  // OpenMP's settings are per thread: each thread that runs compiled code
  // gets them before its first call. Its workers spin for 1 ms after a
  // parallel loop ends, then sleep (unless KMP_BLOCKTIME says otherwise):
  //  - LLVM's default, 200 ms, took the cores from the threads of the next
  //    library call when OpenBLAS ran its own pthreads (an MLP step ran
  //    2.2x slower); with that build the workers sleep at once (0 ms).
  //  - Sleeping at once costs ~0.1 ms per loop on a virtual machine (the
  //    worker's wake-up): with oneDNN and OpenBLAS on GNU OpenMP, the MLP
  //    training step took 3.0 ms on two cores with 0 ms and 1.9 ms with
  //    1 ms, the transformer block 5.9 and 4.1 ms (AMD EPYC Zen 5, 2
  //    vCPUs; 5 to 200 ms gave the same as 1 ms; docs/performance.md).
  thread_local bool configured = false;
  if (!configured) {
    configured = true;
    static const bool userBlocktime = std::getenv("KMP_BLOCKTIME") != nullptr;
    static const bool blasOnOpenMP = openblas_get_parallel() == 2;
    if (!userBlocktime)
      kmp_set_blocktime(blasOnOpenMP ? 1 : 0);
  }
  int n = static_cast<int>(num_threads());
  if (omp_get_max_threads() != n)
    omp_set_num_threads(n);
}

} // namespace jx::runtime
