// client.h - the runtime's devices, buffers and loaded executables, named as
// PJRT names them (XLA's runtime interface) so that XLA users read them at
// sight.
//
//   auto client = jx::runtime::Client::cpu();              // cpu:0
//   (JX_CPU_DEVICES=N: N) jx::runtime::Device &d = client->device(0);
//   jx::runtime::Buffer x = client->buffer_from_host(read_npy("x.npy"), d);
//   auto exe = client->deserialize_executable(bytes, d);   // or
//   load(compile(...), d) std::vector<jx::runtime::Buffer> out =
//   exe->execute({&x}); DLManagedTensor *t = out[0].to_dlpack(); // to another
//   framework
//
// A CPU client's buffers are host memory. A CUDA client's devices are the
// machine's GPUs and its buffers stay in their memory between calls
// (CUDA managed memory from the runtime's pool, jx/runtime/cuda.h): only
// buffer_from_host and to_host copy.
//
//   auto gpu = jx::runtime::Client::cuda();                // cuda:0..N-1
//   jx::runtime::Buffer w = gpu->buffer_from_host(read_npy("w.npy"),
//   gpu->device(0)); auto step = gpu->load(jx::compiler::compile(module,
//   "main", {.device = "cuda"}),
//                         gpu->device(0));
//   auto out = step->execute({&w, &x}, {.donate = {0}});    // w's memory
//   reused host_buffer y = out[0].to_host();
//
// A program compiled for several devices is loaded on as many CPU devices
// and runs on all at once, one thread each, its collectives moving data
// between them:
//
//   auto client = jx::runtime::Client::cpu({.cpu_devices = 2});
//   auto exe = client->load(std::move(compiled), client->devices(), 2);
//   auto outs = exe->execute_on_devices({{&x0}, {&x1}});  // outs[d][i]
//
// Links no MLIR and no LLVM, as the rest of the runtime.

#ifndef JX_RUNTIME_CLIENT_H
#define JX_RUNTIME_CLIENT_H

#include "jx/runtime/executable.h"
#include "jx/runtime/host_buffer.h"

#include <memory>
#include <string>
#include <vector>

struct DLManagedTensor;

namespace jx::runtime {

class Client;

/// One device of a client: "cpu:0", "cpu:1", ..., "cuda:0", ...
class Device {
public:
  int id() const { return id_; }
  const std::string &kind() const { return kind_; } // "cpu" or "cuda"
  std::string to_string() const { return kind_ + ":" + std::to_string(id_); }
  Client &client() const { return *client_; }

private:
  friend class Client;
  Device(Client *client, int id, std::string kind)
      : client_(client), id_(id), kind_(std::move(kind)) {}
  Client *client_;
  int id_;
  std::string kind_;
};

/// A CUDA buffer's memory: managed memory from the runtime's pool, given
/// back when the last Buffer sharing it goes (client.cpp).
struct device_array {
  jx::runtime::dtype dtype = dtype::float32;
  std::vector<int64_t> shape;
  void *data = nullptr;
  std::size_t bytes = 0;
  device_array() = default;
  device_array(const device_array &) = delete;
  device_array &operator=(const device_array &) = delete;
  ~device_array();
};

/// An array in one device's memory. Copies share the memory (a buffer is
/// immutable once made; execute() writes only into new buffers, or into
/// the memory of buffers donated to it).
class Buffer {
public:
  jx::runtime::dtype dtype() const;
  const std::vector<int64_t> &shape() const;
  std::string type_string() const;
  std::size_t size_in_bytes() const;
  Device &device() const { return *device_; }
  /// Whether execute() took its memory (an argument it was asked to
  /// donate). Anything else but device() then throws std::logic_error.
  bool is_deleted() const { return !storage_ && !device_memory_; }

  /// The values on the host: for a CPU device, the buffer's own storage.
  /// Throws std::logic_error for a CUDA buffer (to_host() copies it).
  const host_buffer &host() const;
  /// A copy on the host (from a GPU, by its copy engines).
  host_buffer to_host() const;
  /// Where its values are: host memory for a CPU buffer, CUDA managed
  /// memory (which kernels, cuBLAS and the host all address) for a CUDA
  /// one. Valid while a Buffer sharing it lives (PJRT's
  /// UnsafeBufferPointer).
  void *unsafe_pointer() const;

  /// A DLPack (0.6) tensor sharing this buffer's memory, which stays alive
  /// until the consumer calls the tensor's deleter: kDLCPU for a CPU
  /// buffer, kDLCUDAManaged for a CUDA one. Throws std::invalid_argument
  /// for bool and sub-byte integers, which DLPack 0.6 cannot describe.
  DLManagedTensor *to_dlpack() const;
  /// A buffer on `device` (a CPU device) with a copy of a DLPack tensor's
  /// values (any strides; CPU memory only). Takes the tensor: its deleter
  /// is called before this returns, also when it throws
  /// std::invalid_argument (a type jx lacks, a device other than the CPU).
  static Buffer from_dlpack(DLManagedTensor *tensor, Device &device);

private:
  friend class Client;
  friend class LoadedExecutable;
  Buffer(std::shared_ptr<host_buffer> storage, Device *device)
      : storage_(std::move(storage)), device_(device) {}
  Buffer(std::shared_ptr<device_array> memory, Device *device)
      : device_memory_(std::move(memory)), device_(device) {}
  /// Throws std::logic_error naming `what` when deleted.
  void check_alive(const char *what) const;
  std::shared_ptr<host_buffer> storage_;        // a CPU buffer's
  std::shared_ptr<device_array> device_memory_; // a CUDA buffer's
  Device *device_;
};

/// How LoadedExecutable::execute runs (PJRT's ExecuteOptions).
struct execute_options {
  std::vector<std::size_t> donate;
  check_log *log = nullptr;
};

/// An executable loaded on one device of a client, or on several: a
/// program compiled for R replicas x P partitions (its module's
/// mhlo.num_replicas / mhlo.num_partitions) loaded on R*P devices, device
/// k of the list being process (k / P, k % P) of its collectives.
class LoadedExecutable {
public:
  /// Runs it on `args`, which must be buffers on its device (std::invalid_argument
  /// otherwise), as executable::run does on host buffers; the results are
  /// new buffers on that device.
  std::vector<Buffer> execute(const std::vector<const Buffer *> &args,
                              check_log *log = nullptr) const;
  /// execute() with options: `donate` lists arguments (indices into
  /// `args`, as jax.jit's donate_argnums) whose memory the results may be
  /// written into: each gives up its memory (is_deleted() afterwards),
  /// which becomes a result of the same dtype and shape where the program
  /// allows it (executable::may_alias) and is freed otherwise. A donated
  /// buffer must be the only Buffer holding its memory and be passed once
  /// (std::invalid_argument otherwise, before anything is taken).
  ///   exe->execute({&params, &batch}, {.donate = {0}});
  std::vector<Buffer> execute(const std::vector<Buffer *> &args,
                              const execute_options &options) const;
  /// execute() on host buffers in its device's memory, with executable::
  /// run's output reuse (buffer donation): what jx::jit runs arrays with.
  std::vector<host_buffer> execute_host(const std::vector<const host_buffer *> &args,
                                        std::vector<host_buffer> &reuse,
                                        check_log *log = nullptr) const {
    return exe_->run(args, reuse, log);
  }
  /// Runs it on every device it is loaded on at once, each on its own
  /// thread (PJRT's Execute): args[k] are buffers on devices()[k], and
  /// result k's buffers are on devices()[k]. Collectives go between the
  /// devices (jx/runtime/collectives.h); a device that fails ends every
  /// device's call and this throws std::runtime_error naming it.
  std::vector<std::vector<Buffer>>
  execute_on_devices(const std::vector<std::vector<const Buffer *>> &args,
                     check_log *log = nullptr) const;
  const jx::runtime::executable &executable() const { return *exe_; }
  /// The (first) device it is loaded on.
  Device &device() const { return *device_; }
  const std::vector<Device *> &devices() const { return devices_; }
  /// As executable::serialize (throws std::logic_error when not serializable).
  std::string serialize() const { return exe_->serialize(); }

private:
  friend class Client;
  LoadedExecutable(std::unique_ptr<jx::runtime::executable> exe,
                   std::vector<Device *> devices, int replicas, int partitions)
      : exe_(std::move(exe)), device_(devices.front()),
        devices_(std::move(devices)), replicas_(replicas),
        partitions_(partitions) {}
  std::unique_ptr<jx::runtime::executable> exe_;
  Device *device_;
  std::vector<Device *> devices_;
  int replicas_ = 1, partitions_ = 1;
};

struct client_options {
  /// CPU devices; 0: JX_CPU_DEVICES if set, else 1.
  int cpu_devices = 0;
};

/// The devices of one platform and what lives on them.
class Client {
public:
  /// A client of this machine's CPU. Throws std::invalid_argument for a
  /// device count below 1 (or a JX_CPU_DEVICES that is not a count).
  static std::shared_ptr<Client> cpu(const client_options &options = {});
  /// A client of this machine's NVIDIA GPUs, cuda:0..N-1 (docs/cuda.md).
  /// Throws std::runtime_error saying why where there is none ("CUDA: no
  /// NVIDIA driver: cannot load libcuda.so.1 (...)").
  static std::shared_ptr<Client> cuda();
  Client(const Client &) = delete;
  Client &operator=(const Client &) = delete;

  const std::string &platform_name() const {
    return platform_;
  } // "cpu", "cuda"
  /// "jx 0.1.0 on <CPU model>", "jx 0.1.0 on <GPU name> (sm_90)".
  std::string platform_version() const;
  int device_count() const { return static_cast<int>(devices_.size()); }
  /// Throws std::out_of_range naming the devices there are.
  Device &device(int id) const;
  std::vector<Device *> devices() const;

  /// A buffer on `device` holding `values` (on a CPU device moved in, no
  /// copy; on a GPU copied to its memory).
  Buffer buffer_from_host(host_buffer values, Device &device) const;
  /// An executable (from jx::compiler::compile, or deserialized) on `device`.
  /// A CUDA device takes only code compiled for "cuda"
  /// (std::invalid_argument otherwise).
  std::unique_ptr<LoadedExecutable> load(std::unique_ptr<jx::runtime::executable> exe,
                                         Device &device) const;
  /// An executable compiled for num_replicas x num_partitions devices,
  /// loaded on `devices` (as many, distinct, all of this client): what
  /// execute_on_devices runs. Throws std::invalid_argument otherwise, and
  /// for several CUDA devices (not supported on cuda yet).
  std::unique_ptr<LoadedExecutable>
  load(std::unique_ptr<jx::runtime::executable> exe,
       const std::vector<Device *> &devices, int num_replicas,
       int num_partitions = 1) const;
  /// executable::deserialize, then load(); throws load_error.
  std::unique_ptr<LoadedExecutable> deserialize_executable(const std::string &bytes,
                                                           Device &device) const;

private:
  explicit Client(std::string platform) : platform_(std::move(platform)) {}
  void check_mine(const Device &device, const char *what) const;
  std::string platform_;
  std::vector<std::unique_ptr<Device>> devices_;
};

/// The process's CPU client (JX_CPU_DEVICES devices, made on first use):
/// jx::jit and eager ops load their executables on its cpu:0.
Client &default_client();

} // namespace jx::runtime

#endif // JX_RUNTIME_CLIENT_H
