//===- Devices.h - jxc run --devices: multi-device programs -----*- C++ -*-===//
//
// A program compiled for R replicas x P partitions (mhlo.num_replicas,
// mhlo.num_partitions) runs on R*P devices: of this process (--devices N)
// or one per MPI process (under mpirun). The convention for inputs and
// results is the runtime's run_on_grid (jx/runtime/collectives.h,
// docs/multi-device.md).
//
//===----------------------------------------------------------------------===//

#ifndef JX_TOOLS_JXC_DEVICES_H
#define JX_TOOLS_JXC_DEVICES_H

#include "mlir/IR/BuiltinOps.h"

namespace jxc {

struct DeviceGrid {
  int64_t replicas = 1, partitions = 1;
  int64_t count() const { return replicas * partitions; }
};

/// The grid `module` is compiled for.
DeviceGrid deviceGridOf(mlir::ModuleOp module);

} // namespace jxc

#endif // JX_TOOLS_JXC_DEVICES_H
