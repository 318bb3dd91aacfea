// threads.h - how many threads the runtime's kernels use.
//
// The default is the environment variable JX_NUM_THREADS, else the cores
// this process may run on (its CPU affinity, so `taskset -c 0` means one).
// The BLAS library's own thread pool follows this setting.

#ifndef JX_RUNTIME_THREADS_H
#define JX_RUNTIME_THREADS_H

namespace jx::runtime {

unsigned num_threads();
/// 0 restores the default.
void set_num_threads(unsigned n);

} // namespace jx::runtime

#endif // JX_RUNTIME_THREADS_H
