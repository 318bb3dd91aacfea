// threads.h - how many threads the runtime's kernels use.
//
// The default is the environment variable JX_NUM_THREADS, else the cores
// this process may run on (its CPU affinity, so `taskset -c 0` means one).
// The BLAS library's own thread pool follows this setting, so does oneDNN's
// (GNU OpenMP, set before each of its calls, dnnl.cpp), and so do the
// parallel loops of compiled code (jx-parallel-loops), which run on LLVM's
// OpenMP runtime: loops over at least ~64K elements are divided among the
// threads, smaller ones run on the calling thread.

#ifndef JX_RUNTIME_THREADS_H
#define JX_RUNTIME_THREADS_H

namespace jx::runtime {

unsigned num_threads();
/// 0 restores the default.
void set_num_threads(unsigned n);
/// A count for the calling thread only, which num_threads() returns on it
/// (0 removes it): each device of a multi-device run (run_spmd) takes its
/// share of the cores this way.
void set_thread_num_threads(unsigned n);
/// Gives the calling thread's OpenMP setting the current count (what
/// executable::run does before each call of compiled code).
void apply_num_threads();

} // namespace jx::runtime

#endif // JX_RUNTIME_THREADS_H
