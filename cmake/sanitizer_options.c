/* Default options of the sanitizer runtimes, linked into every program of a
 * JX_SANITIZE build (cmake/Sanitize.cmake); ASAN_OPTIONS and UBSAN_OPTIONS
 * add to them and override them.
 *
 * allow_user_poisoning=0: LLVM's BumpPtrAllocator poisons the unused part of
 *   its slabs where it is inlined into instrumented code (jx's) but not
 *   where it runs inside the uninstrumented libMLIR, so memory the library
 *   hands out from a slab jx's code made would read as poisoned.
 * allocator_may_return_null=1: malloc returns null when it cannot allocate,
 *   as without ASan, so that jx's out-of-memory errors are what users see.
 */
const char *__asan_default_options(void);
const char *__ubsan_default_options(void);

const char *__asan_default_options(void) {
  return "allow_user_poisoning=0:allocator_may_return_null=1";
}

const char *__ubsan_default_options(void) { return "print_stacktrace=1"; }
