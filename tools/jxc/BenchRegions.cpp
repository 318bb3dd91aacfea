//===- BenchRegions.cpp - jxc bench --regions: time per region ------------===//

#include "BenchRegions.h"

#include "jx/Pipelines/CPUPipeline.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace mlir;

namespace jxc {

namespace {

/// "file:line:col" of the first file location in `loc`, and how many other
/// distinct lines it names (a fused op's).
std::string sourceOf(Location loc) {
  std::vector<std::pair<std::string, unsigned>> lines;
  std::string first;
  loc->walk([&](Location l) {
    if (auto f = dyn_cast<FileLineColLoc>(l)) {
      std::string file = llvm::sys::path::filename(f.getFilename().getValue()).str();
      std::pair<std::string, unsigned> key{file, f.getLine()};
      if (std::find(lines.begin(), lines.end(), key) == lines.end()) {
        if (lines.empty())
          first = llvm::formatv("{0}:{1}:{2}", file, f.getLine(), f.getColumn()).str();
        lines.push_back(key);
      }
    }
    return WalkResult::advance();
  });
  if (lines.empty())
    return "?";
  if (lines.size() > 1)
    first += llvm::formatv(" (+{0} more)", lines.size() - 1).str();
  return first;
}

} // namespace

std::vector<BenchRegion> describeRegions(ModuleOp module) {
  std::vector<BenchRegion> regions;
  jx::forEachTimedRegion(module, [&](const jx::TimedRegionInfo &info) {
    BenchRegion r;
    r.id = info.id;
    r.kind = info.kind;
    r.source = sourceOf(info.begin->getLoc());
    regions.push_back(std::move(r));
  });
  return regions;
}

void printRegions(llvm::raw_ostream &os, std::vector<BenchRegion> regions,
                  std::size_t calls, double medianSeconds) {
  std::sort(regions.begin(), regions.end(),
            [](const BenchRegion &a, const BenchRegion &b) { return a.time.ns > b.time.ns; });
  double sum = 0;
  os << "  per call    share  region\n";
  for (const BenchRegion &r : regions) {
    double ms = r.time.ns * 1e-6 / std::max<std::size_t>(1, calls);
    sum += ms;
    os << llvm::formatv("  {0,8:f3} ms {1,5:f1} %  {2} ({3})\n", ms,
                        100 * ms / (medianSeconds * 1e3), r.kind, r.source);
  }
  os << llvm::formatv("  {0,8:f3} ms {1,5:f1} %  outside the {2} regions "
                      "(allocation, frees, small ops, the call)\n",
                      std::max(0.0, medianSeconds * 1e3 - sum),
                      std::max(0.0, 100 * (1 - sum / (medianSeconds * 1e3))),
                      regions.size());
}

void printRegionsJson(llvm::raw_ostream &os, const std::vector<BenchRegion> &regions,
                      std::size_t calls) {
  llvm::json::OStream j(os);
  j.array([&] {
    for (const BenchRegion &r : regions)
      j.object([&] {
        j.attribute("id", r.id);
        j.attribute("kind", r.kind);
        j.attribute("source", r.source);
        j.attribute("ms_per_call",
                    r.time.ns * 1e-6 / std::max<std::size_t>(1, calls));
      });
  });
}

} // namespace jxc
