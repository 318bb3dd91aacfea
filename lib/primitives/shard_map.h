// shard_map.h - internal: the shard_map primitive, which pmap and
// shard_map bind when they are called under a trace (jit, grad, vmap), and
// its run on the devices (lib/transforms/pmap.cpp).

#ifndef JX_LIB_PRIMITIVES_SHARD_MAP_H
#define JX_LIB_PRIMITIVES_SHARD_MAP_H

#include "jx/parallel.h"
#include "primitives/primitive.h"

#include <functional>

namespace jx::core {

/// shard_map[jaxpr mesh in_specs out_specs name]: `jaxpr` (constant-free)
/// runs on every device of `mesh` on the device's blocks of the operands,
/// split as in_specs say; the results are put together as out_specs say
/// (a mesh axis a spec does not name: the first device along it gives the
/// value). Evaluated on the devices (one thread each, or one process each
/// under jx::distributed); lowered into a program it is a vmap over each
/// mesh axis on one device, the collectives combining the vmapped examples.
extern const primitive shard_map_p;

using flat_function =
    std::function<std::vector<Array>(const std::vector<Array> &)>;

/// Binds shard_map of `f` (a function of one device's blocks, traced with
/// the mesh's axes bound) on `args`. `out_specs`: one per result, or one
/// for all. What f closes over goes to every device whole.
std::vector<Array> bind_shard_map(const flat_function &f,
                                  const std::vector<Array> &args,
                                  const Mesh &mesh,
                                  const std::vector<PartitionSpec> &in_specs,
                                  const std::vector<PartitionSpec> &out_specs,
                                  const std::string &name);
/// The same, with out_specs chosen once the body's results are known
/// (one device's blocks).
using out_specs_fn = std::function<std::vector<PartitionSpec>(
    const std::vector<shaped_array> &)>;
std::vector<Array> bind_shard_map(const flat_function &f,
                                  const std::vector<Array> &args,
                                  const Mesh &mesh,
                                  const std::vector<PartitionSpec> &in_specs,
                                  const out_specs_fn &out_specs,
                                  const std::string &name);

/// How many blocks each dimension of a value of `rank` dimensions splits
/// into under `spec`; throws jx::error "<api>: <what>'s spec ..." for an
/// axis the mesh lacks, one named twice, or more dimensions than `rank`.
std::vector<int64_t> spec_parts(const PartitionSpec &spec, const Mesh &mesh,
                                std::size_t rank, const std::string &api,
                                const std::string &what);

} // namespace jx::core

namespace jx::detail {
/// Runs `body` (one device's program) on the devices of `mesh` on the
/// blocks of `args`, and puts the results together (pmap.cpp).
std::vector<Array> run_shard_map(const ClosedJaxpr &body, const Mesh &mesh,
                                 const std::vector<PartitionSpec> &in_specs,
                                 const std::vector<PartitionSpec> &out_specs,
                                 const std::vector<Array> &args,
                                 const std::string &api);
} // namespace jx::detail

#endif // JX_LIB_PRIMITIVES_SHARD_MAP_H
