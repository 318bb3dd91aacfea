// region_timers.cpp - the table of region times (region_timers.h).

#include "jx/runtime/region_timers.h"

#include <algorithm>
#include <atomic>
#include <chrono>

namespace {

std::atomic<uint64_t> ns_table[jx::runtime::kMaxTimedRegions];
std::atomic<uint64_t> calls_table[jx::runtime::kMaxTimedRegions];

/// Regions are top-level ops of an entry function, so they never nest on
/// one thread: one start time per thread is enough.
thread_local std::chrono::steady_clock::time_point started;

std::size_t slot(int64_t id) {
  if (id < 0)
    return 0;
  return std::min<std::size_t>(static_cast<std::size_t>(id),
                               jx::runtime::kMaxTimedRegions - 1);
}

} // namespace

namespace jx::runtime {

void reset_region_times() {
  for (std::size_t i = 0; i < kMaxTimedRegions; ++i) {
    ns_table[i].store(0, std::memory_order_relaxed);
    calls_table[i].store(0, std::memory_order_relaxed);
  }
}

region_time region_time_of(int64_t id) {
  std::size_t i = slot(id);
  return {ns_table[i].load(std::memory_order_relaxed),
          calls_table[i].load(std::memory_order_relaxed)};
}

} // namespace jx::runtime

extern "C" void jx_rt_region_begin(int64_t) {
  started = std::chrono::steady_clock::now();
}

extern "C" void jx_rt_region_end(int64_t id) {
  auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                std::chrono::steady_clock::now() - started)
                .count();
  std::size_t i = slot(id);
  ns_table[i].fetch_add(static_cast<uint64_t>(ns), std::memory_order_relaxed);
  calls_table[i].fetch_add(1, std::memory_order_relaxed);
}
