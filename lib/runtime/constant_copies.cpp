// constant_copies.cpp - a program's constants where its device reads them
// (constant_copies.h).

#include "jx/runtime/constant_copies.h"

#include "jx/runtime/host_buffer.h"
#include "jx/runtime/memory.h"

#include <cstring>
#include <stdexcept>
#include <string>

namespace jx::runtime {

constant_copies::~constant_copies() {
  for (auto &[host, e] : copies_)
    e.free(e.copy);
}

void *constant_copies::get(const void *host, std::size_t bytes,
                           allocate_fn allocate, copy_fn copy, free_fn free) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = copies_.find(host);
  if (it != copies_.end()) {
    if (it->second.bytes != bytes)
      throw std::invalid_argument(
          "constant at " + std::to_string(reinterpret_cast<uintptr_t>(host)) +
          " asked for with " + std::to_string(bytes) + " bytes, before with " +
          std::to_string(it->second.bytes));
    return it->second.copy;
  }
  void *p = allocate(bytes ? bytes : 1);
  try {
    copy(p, host, bytes);
  } catch (...) {
    free(p);
    throw;
  }
  copies_.emplace(host, entry{p, bytes, free});
  return p;
}

std::size_t constant_copies::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return copies_.size();
}

namespace {
thread_local constant_copies *current_ = nullptr;
} // namespace

constant_copies &current_constant_copies() {
  if (current_)
    return *current_;
  static auto *process = new constant_copies; // never freed: code stays loaded
  return *process;
}

constant_copies_scope::constant_copies_scope(constant_copies *copies)
    : previous_(current_) {
  current_ = copies;
}

constant_copies_scope::~constant_copies_scope() { current_ = previous_; }

} // namespace jx::runtime

extern "C" int64_t jx_rt_host_constant(int64_t host, int64_t bytes) {
  using namespace jx::runtime;
  try {
    void *p = current_constant_copies().get(
        reinterpret_cast<const void *>(host), static_cast<std::size_t>(bytes),
        [](std::size_t n) { return allocate_buffer(n); },
        [](void *to, const void *from, std::size_t n) {
          std::memcpy(to, from, n);
        },
        [](void *p) { free_buffer(p, 0); });
    return reinterpret_cast<int64_t>(p);
  } catch (const std::exception &e) {
    fail_current_call(std::string("constant copy: ") + e.what());
  }
}
