// collectives.h - running one program on many devices, and the exchanges
// its collective ops make between them.
//
// A program compiled for R replicas and P partitions (StableHLO's
// mhlo.num_replicas / mhlo.num_partitions) runs as R*P copies of the same
// code, one per device, each on its own inputs. Device d is process
// (replica d / P, partition d % P) of the StableHLO process grid. The
// collectives in the code (all_reduce, all_gather, reduce_scatter,
// all_to_all, collective_permute, collective_broadcast) call the runtime's
// jx_rt_collective (kernels.h), which moves bytes between the devices of a
// process group through a `communicator`:
//
// - in one process (run_spmd): the devices are threads that meet at each
//   collective and copy from each other's memory;
// - across processes: one device per MPI rank (distributed.h).
//
// Reductions are computed by the compiled code from the gathered values,
// folded in the order of the process group, so results are the same on
// every device, on every run and with either communicator.
//
// A collective whose participants disagree (sizes, groups), a device that
// fails or finishes the program without joining, or a wait longer than the
// timeout (JX_COLLECTIVE_TIMEOUT seconds, default 300) ends the call on
// every device with an error that names the op and the devices.

#ifndef JX_RUNTIME_COLLECTIVES_H
#define JX_RUNTIME_COLLECTIVES_H

#include "jx/runtime/executable.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace jx::runtime {

/// The devices of one collective, as the runtime resolved its process group.
struct participants {
  /// Which op this is (the address of its descriptor: the same in every
  /// device's copy of the code in one process) and how many times this
  /// device has run it before: together they match the devices' calls.
  const void *op = nullptr;
  uint64_t generation = 0;
  /// Global device indices (replica * P + partition), in group order.
  std::vector<int> devices;
  /// This device's position in `devices`.
  int me = 0;
  /// "all_gather" etc., for messages.
  const char *name = "";
};

/// What moves bytes between the devices of a run. Each function is called
/// by every participant; it returns an empty string or says what failed.
class communicator {
public:
  virtual ~communicator() = default;
  /// out[k * bytes ...] = participant k's `in` (bytes each).
  virtual std::string all_gather(const participants &p, const void *in,
                                 std::size_t bytes, void *out) = 0;
  /// `in` holds one chunk of `chunk` bytes per participant; out chunk k =
  /// participant k's chunk for this device.
  virtual std::string all_to_all(const participants &p, const void *in,
                                 std::size_t chunk, void *out) = 0;
  /// Sends `in` to device `to` (-1: none) and receives `out` from device
  /// `from` (-1: none; out is then zeros). Every device of the run calls
  /// it (p.devices is the whole run).
  virtual std::string permute(const participants &p, int to, int from,
                              const void *in, std::size_t bytes, void *out) = 0;
  /// out = in of the group's first participant.
  virtual std::string broadcast(const participants &p, const void *in,
                                std::size_t bytes, void *out) = 0;
  /// out = the participants' `in` (count elements each) reduced
  /// elementwise in group order, as collective_desc describes
  /// (reduction_code, element_code): reduce_in_order() below.
  virtual std::string all_reduce(const participants &p, const void *in,
                                 std::size_t count, int64_t element,
                                 int64_t reduction, void *out) = 0;
};

/// out[i] = ((parts[0][i] op parts[1][i]) op parts[2][i]) ... for i in
/// [begin, end): the one fold every communicator uses, so that all give
/// the same bits.
void reduce_in_order(const std::vector<const void *> &parts, int64_t element,
                     int64_t reduction, std::size_t begin, std::size_t end,
                     void *out);
/// Bytes of one element of `element` (a collective_desc::element_code).
std::size_t element_size(int64_t element);

/// The device the calling thread runs compiled code for.
struct device_context {
  int replica = 0, partition = 0;
  int num_replicas = 1, num_partitions = 1;
  communicator *comm = nullptr;
  /// "cpu:1" or "rank 1", for messages.
  std::string name;
  int global_id() const { return replica * num_partitions + partition; }
};
/// Sets the calling thread's device (nullptr: none) for the code it runs
/// next; returns the previous one.
const device_context *set_current_device(const device_context *device);
const device_context *current_device();

/// How long a device waits at a collective for the others (seconds).
double collective_timeout();
/// The same for messages: "300 s", "0.5 s".
std::string timeout_text();

/// Runs `exe` on num_replicas * num_partitions devices of this process at
/// once, device d on its own thread with args[d] (each as executable::run
/// checks them), and returns each device's results. Each device's kernels
/// use an equal share of the runtime's threads (num_threads() / devices, at
/// least one). When a device fails, every device's call ends and this
/// throws std::runtime_error naming the first failure (invalid_input for
/// bad arguments, before anything runs).
std::vector<std::vector<host_buffer>>
run_spmd(const executable &exe, int num_replicas, int num_partitions,
         const std::vector<std::vector<const host_buffer *>> &args,
         check_log *log = nullptr);

/// The processes this one runs with, one device each (set by
/// jx::distributed::initialize(), distributed.h, which implements the
/// communicator over MPI; null: this process alone).
struct process_group {
  communicator *comm = nullptr;
  int rank = 0, size = 1;
};
void set_process_group(const process_group *group);
const process_group *current_process_group();

/// Runs `exe` as this process's device of a grid of num_replicas x
/// num_partitions devices spread over the process group (device = rank;
/// the grid must have as many devices as there are processes) and returns
/// this device's results. Throws as run_spmd does.
std::vector<host_buffer>
run_as_process(const executable &exe, int num_replicas, int num_partitions,
               const std::vector<const host_buffer *> &args,
               check_log *log = nullptr);

/// Runs a multi-device executable on its exe.num_replicas() x
/// exe.num_partitions() devices with the convention of jxc and jx-run
/// (docs/multi-device.md): a replicated program (num_replicas > 1) takes
/// each input as the replicas' values stacked on a new leading axis and
/// returns its results stacked the same way; a partitioned one takes and
/// returns global arrays (every device gets each input whole; the results
/// are device 0's). Under a process group (jx::distributed) this process
/// runs its own device and the replicas' results are gathered. Throws
/// invalid_input for inputs that do not fit, std::runtime_error when a
/// device fails.
std::vector<host_buffer> run_on_grid(const executable &exe,
                                     const std::vector<host_buffer> &args,
                                     check_log *log = nullptr);

} // namespace jx::runtime

#endif // JX_RUNTIME_COLLECTIVES_H
