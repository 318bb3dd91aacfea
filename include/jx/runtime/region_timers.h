// region_timers.h - time spent in each region of compiled code.
//
// Code compiled with compile_options::time_regions (the pipeline's
// jx-time-regions pass) calls jx_rt_region_begin(id) and
// jx_rt_region_end(id) around each top-level loop nest, library call and
// copy of its entry function; region `id` is numbered from 0 in each
// compiled module, and the op carries it as `jx.region` in the loops stage.
// The runtime adds each region's time and calls into one table per
// process. Whoever reads it resets it, runs one timed executable, and reads
// it: two timed executables running at once add into the same slots. The
// pipeline explorer (lib/Explorer) is the reader.

#ifndef JX_RUNTIME_REGION_TIMERS_H
#define JX_RUNTIME_REGION_TIMERS_H

#include <cstdint>

namespace jx::runtime {

struct region_time {
  uint64_t ns = 0;    // summed over the calls
  uint64_t calls = 0; // times the region ran
};

/// Regions 0..kMaxTimedRegions-1 have slots; a region of a higher id adds
/// into the last slot.
constexpr std::size_t kMaxTimedRegions = 4096;

/// Zeroes every slot.
void reset_region_times();
/// Region `id`'s slot since the last reset.
region_time region_time_of(int64_t id);

} // namespace jx::runtime

extern "C" void jx_rt_region_begin(int64_t id);
extern "C" void jx_rt_region_end(int64_t id);

#endif // JX_RUNTIME_REGION_TIMERS_H
