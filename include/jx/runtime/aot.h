/* aot.h - what ahead-of-time libraries call in jx's runtime (C and C++).
 *
 * `jxc compile prog.mlir --emit=library --name NAME -o DIR` writes DIR/NAME.h
 * and DIR/libNAME.a (or .so). NAME.h's functions pack their arguments and
 * call the compiled entry through jx_rt_call_packed, which runs it as
 * jx::runtime::executable::run does: temporaries counted against the
 * memory limit (JX_MAX_MEMORY), parallel loops on JX_NUM_THREADS threads,
 * and a failed allocation or library call returned as an error instead of
 * a crash. A program that links such a library links libjx_runtime.so and
 * LLVM's OpenMP runtime (libomp), nothing of the compiler. */

#ifndef JX_RUNTIME_AOT_H
#define JX_RUNTIME_AOT_H

#ifdef __cplusplus
extern "C" {
#endif

/* Calls `entry` (a compiled entry's packed wrapper, `_mlir_<name>`) with
 * `args` (a pointer to each word of each argument's memref descriptor:
 * inputs, then one out-parameter per output). Returns 0 on success, or 1
 * with the reason in jx_rt_last_error(). */
int jx_rt_call_packed(void (*entry)(void **), void **args);

/* Why the last failed jx_rt_call_packed on this thread failed ("" when
 * none has). Valid until the next call on this thread. */
const char *jx_rt_last_error(void);

#ifdef __cplusplus
}
#endif

#endif /* JX_RUNTIME_AOT_H */
