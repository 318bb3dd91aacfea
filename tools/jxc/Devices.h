//===- Devices.h - jxc run --devices: multi-device programs -----*- C++ -*-===//
//
// A program compiled for R replicas x P partitions (mhlo.num_replicas,
// mhlo.num_partitions) runs on R*P devices of this process. What jxc takes
// and prints (docs/multi-device.md):
// - replicated (R > 1): each input holds the R replicas' values stacked on
//   a new leading axis, as jax.pmap takes them; each result likewise;
// - partitioned (P > 1): each input is the global array, each result the
//   global result.
//
//===----------------------------------------------------------------------===//

#ifndef JX_TOOLS_JXC_DEVICES_H
#define JX_TOOLS_JXC_DEVICES_H

#include "jx/runtime/executable.h"

#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <vector>

namespace jxc {

struct DeviceGrid {
  int64_t replicas = 1, partitions = 1;
  int64_t count() const { return replicas * partitions; }
};

/// The grid `module` is compiled for.
DeviceGrid deviceGridOf(mlir::ModuleOp module);

/// Runs `exe` on the grid's devices with inputs and results in jxc's
/// convention above. Throws jx::runtime::invalid_input for inputs that do
/// not fit, std::runtime_error when a device fails.
std::vector<jx::runtime::host_buffer>
runOnDevices(const jx::runtime::executable &exe, DeviceGrid grid,
             const std::vector<jx::runtime::host_buffer> &args,
             jx::runtime::check_log &log);

/// runOnDevices under mpirun: this process runs one device of the grid
/// (its rank), which must have as many devices as there are processes;
/// every process returns the whole results (replicas gathered).
std::vector<jx::runtime::host_buffer>
runAsProcess(const jx::runtime::executable &exe, DeviceGrid grid,
             const std::vector<jx::runtime::host_buffer> &args,
             jx::runtime::check_log &log);

} // namespace jxc

#endif // JX_TOOLS_JXC_DEVICES_H
