// aot.cpp - the runtime entry of ahead-of-time libraries (aot.h).

#include "jx/runtime/aot.h"
#include "jx/runtime/memory.h"
#include "jx/runtime/threads.h"

#include <string>

namespace {
thread_local std::string last_error;
} // namespace

extern "C" int jx_rt_call_packed(void (*entry)(void **), void **args) {
  last_error.clear();
  jx::runtime::allocation_scope memory(0);
  jx::runtime::apply_num_threads();
  if (!jx::runtime::call_guarded(entry, args, memory)) {
    last_error = memory.error();
    return 1;
  }
  return 0;
}

extern "C" const char *jx_rt_last_error(void) { return last_error.c_str(); }
