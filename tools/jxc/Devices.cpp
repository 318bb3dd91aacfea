//===- Devices.cpp - jxc run --devices: multi-device programs -------------===//

#include "Devices.h"

#include "mlir/IR/BuiltinAttributes.h"

namespace jxc {

DeviceGrid deviceGridOf(mlir::ModuleOp module) {
  DeviceGrid grid;
  if (auto r = module->getAttrOfType<mlir::IntegerAttr>("mhlo.num_replicas"))
    grid.replicas = r.getInt();
  if (auto p = module->getAttrOfType<mlir::IntegerAttr>("mhlo.num_partitions"))
    grid.partitions = p.getInt();
  return grid;
}

} // namespace jxc
