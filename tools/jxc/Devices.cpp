//===- Devices.cpp - jxc run --devices: multi-device programs -------------===//

#include "Devices.h"

#include "jx/runtime/collectives.h"

#include "mlir/IR/BuiltinAttributes.h"

#include <cstring>

namespace jxc {

DeviceGrid deviceGridOf(mlir::ModuleOp module) {
  DeviceGrid grid;
  if (auto r = module->getAttrOfType<mlir::IntegerAttr>("mhlo.num_replicas"))
    grid.replicas = r.getInt();
  if (auto p = module->getAttrOfType<mlir::IntegerAttr>("mhlo.num_partitions"))
    grid.partitions = p.getInt();
  return grid;
}

namespace {

using jx::runtime::host_buffer;

/// The type of `replicas` values of type `t` stacked.
std::string stacked(jx::runtime::tensor_spec t, int64_t replicas) {
  t.shape.insert(t.shape.begin(), replicas);
  return t.type_string();
}

/// Item `i` of `stacked` along its leading axis.
host_buffer item(const host_buffer &stacked, int64_t i) {
  host_buffer out;
  out.dtype = stacked.dtype;
  out.shape.assign(stacked.shape.begin() + 1, stacked.shape.end());
  std::size_t bytes = stacked.data.size() / stacked.shape[0];
  out.data.resize(bytes);
  std::memcpy(out.data.data(), stacked.data.data() + i * bytes, bytes);
  return out;
}

host_buffer stack(const std::vector<const host_buffer *> &items) {
  host_buffer out;
  out.dtype = items[0]->dtype;
  out.shape.push_back(static_cast<int64_t>(items.size()));
  out.shape.insert(out.shape.end(), items[0]->shape.begin(),
                   items[0]->shape.end());
  std::size_t bytes = items[0]->data.size();
  out.data.resize(bytes * items.size());
  for (std::size_t i = 0; i < items.size(); ++i)
    std::memcpy(out.data.data() + i * bytes, items[i]->data.data(), bytes);
  return out;
}

} // namespace

/// Checks that `args` are stacked over the replicas (replicated programs).
void checkStacked(const jx::runtime::executable &exe, DeviceGrid grid,
                  const std::vector<host_buffer> &args) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const host_buffer &a = args[i];
    if (a.shape.empty() || a.shape[0] != grid.replicas)
      throw jx::runtime::invalid_input(
          "input #" + std::to_string(i) + " " + a.type_string() +
          " must hold the values of the " + std::to_string(grid.replicas) +
          " replicas stacked on its leading axis" +
          (i < exe.inputs().size()
               ? " (" + stacked(exe.inputs()[i], grid.replicas) + ")"
               : std::string()));
  }
}

std::vector<host_buffer> runAsProcess(const jx::runtime::executable &exe,
                                      DeviceGrid grid,
                                      const std::vector<host_buffer> &args,
                                      jx::runtime::check_log &log) {
  const jx::runtime::process_group *group =
      jx::runtime::current_process_group();
  int64_t replica = group->rank / grid.partitions;
  std::vector<host_buffer> mine;
  std::vector<const host_buffer *> pointers;
  if (grid.replicas > 1) {
    checkStacked(exe, grid, args);
    for (const host_buffer &a : args)
      mine.push_back(item(a, replica));
    for (const host_buffer &a : mine)
      pointers.push_back(&a);
  } else {
    for (const host_buffer &a : args)
      pointers.push_back(&a);
  }
  std::vector<host_buffer> results = jx::runtime::run_as_process(
      exe, static_cast<int>(grid.replicas), static_cast<int>(grid.partitions),
      pointers, &log);
  if (grid.replicas == 1)
    return results;
  // Every process gathers each result of partition 0 of every replica.
  jx::runtime::participants p;
  p.op = &exe;
  p.name = "gathering the results";
  for (int d = 0; d < group->size; ++d)
    p.devices.push_back(d);
  p.me = group->rank;
  std::vector<host_buffer> out;
  for (host_buffer &r : results) {
    host_buffer all;
    all.dtype = r.dtype;
    all.shape = r.shape;
    all.shape.insert(all.shape.begin(), group->size);
    all.data.resize(r.data.size() * group->size);
    std::string error =
        group->comm->all_gather(p, r.data.data(), r.data.size(), all.data.data());
    if (!error.empty())
      throw std::runtime_error(error);
    std::vector<const host_buffer *> items;
    std::vector<host_buffer> parts;
    for (int64_t k = 0; k < grid.replicas; ++k)
      parts.push_back(item(all, k * grid.partitions));
    for (const host_buffer &h : parts)
      items.push_back(&h);
    out.push_back(stack(items));
  }
  return out;
}

std::vector<host_buffer> runOnDevices(const jx::runtime::executable &exe,
                                      DeviceGrid grid,
                                      const std::vector<host_buffer> &args,
                                      jx::runtime::check_log &log) {
  const int64_t n = grid.count();
  // Replicated programs take each input stacked over the replicas.
  std::vector<std::vector<host_buffer>> perReplica(grid.replicas);
  if (grid.replicas > 1) {
    checkStacked(exe, grid, args);
    for (const host_buffer &a : args)
      for (int64_t r = 0; r < grid.replicas; ++r)
        perReplica[r].push_back(item(a, r));
  }
  std::vector<std::vector<const host_buffer *>> deviceArgs(n);
  for (int64_t d = 0; d < n; ++d) {
    int64_t r = d / grid.partitions;
    for (std::size_t i = 0; i < args.size(); ++i)
      deviceArgs[d].push_back(grid.replicas > 1 ? &perReplica[r][i] : &args[i]);
  }
  std::vector<std::vector<host_buffer>> results = jx::runtime::run_spmd(
      exe, static_cast<int>(grid.replicas), static_cast<int>(grid.partitions),
      deviceArgs, &log);
  // Every partition of a replica computes the global results; replicas
  // are stacked.
  if (grid.replicas == 1)
    return std::move(results[0]);
  std::vector<host_buffer> out;
  for (std::size_t j = 0; j < exe.outputs().size(); ++j) {
    std::vector<const host_buffer *> items;
    for (int64_t r = 0; r < grid.replicas; ++r)
      items.push_back(&results[r * grid.partitions][j]);
    out.push_back(stack(items));
  }
  return out;
}

} // namespace jxc
