//===- BenchRegions.h - jxc bench --regions: time per region ----*- C++ -*-===//
//
// With --regions, `jxc bench` compiles the entry with the runtime's region
// timers (compile_options::time_regions, jx-time-regions) and prints, after
// the time per call, each region's time per call: every top-level loop nest,
// library call and copy of the entry, with the source lines it came from.
//
//===----------------------------------------------------------------------===//

#ifndef JX_TOOLS_JXC_BENCHREGIONS_H
#define JX_TOOLS_JXC_BENCHREGIONS_H

#include "jx/runtime/region_timers.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace jxc {

struct BenchRegion {
  int64_t id = 0;
  std::string kind;   // "loop nest", "parallel loop nest", a callee, "copy"
  std::string source; // "f.mlir:12:5", with "(+N more)" for fused ops
  jx::runtime::region_time time;
};

/// The regions jx-time-regions numbered in `module` (the loops stage).
std::vector<BenchRegion> describeRegions(mlir::ModuleOp module);

/// The table, the slowest first: time per call (over `calls` calls), share
/// of the median call, kind and source.
void printRegions(llvm::raw_ostream &os, std::vector<BenchRegion> regions,
                  std::size_t calls, double medianSeconds);

/// The same as a JSON array (one object per region, in id order).
void printRegionsJson(llvm::raw_ostream &os,
                      const std::vector<BenchRegion> &regions, std::size_t calls);

} // namespace jxc

#endif // JX_TOOLS_JXC_BENCHREGIONS_H
