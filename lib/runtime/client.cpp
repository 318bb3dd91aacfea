// client.cpp - devices, buffers and loaded executables (client.h).

#include "jx/runtime/client.h"

#include "jx/runtime/collectives.h"
#include "jx/runtime/cuda.h"

#include <cstdlib>
#include <stdexcept>

namespace jx::runtime {

std::shared_ptr<Client> Client::cpu(const client_options &options) {
  int n = options.cpu_devices;
  if (n == 0) {
    n = 1;
    if (const char *env = std::getenv("JX_CPU_DEVICES"); env && *env) {
      char *end = nullptr;
      long v = std::strtol(env, &end, 10);
      if (*end != '\0' || v < 1 || v > 4096)
        throw std::invalid_argument(std::string("JX_CPU_DEVICES='") + env +
                                    "' is not a device count (1 to 4096)");
      n = static_cast<int>(v);
    }
  }
  if (n < 1)
    throw std::invalid_argument("jx::runtime::Client::cpu: " + std::to_string(n) +
                                " devices; a client has at least one");
  std::shared_ptr<Client> client(new Client("cpu"));
  for (int i = 0; i < n; ++i)
    client->devices_.push_back(std::unique_ptr<Device>(new Device(client.get(), i, "cpu")));
  return client;
}

std::shared_ptr<Client> Client::cuda() {
  if (!cuda::available())
    throw std::runtime_error("CUDA: " + cuda::unavailable_reason());
  std::shared_ptr<Client> client(new Client("cuda"));
  for (int i = 0; i < cuda::device_count(); ++i)
    client->devices_.push_back(
        std::unique_ptr<Device>(new Device(client.get(), i, "cuda")));
  return client;
}

Client &default_client() {
  // Never destroyed: executables in static caches outlive main().
  static auto *client = new std::shared_ptr<Client>(Client::cpu());
  return **client;
}

std::string Client::platform_version() const {
  if (platform_ == "cuda") {
    cuda::device_info gpu = cuda::device(0);
    return std::string("jx ") + version() + " on " + gpu.name + " (" +
           gpu.arch() + ")";
  }
  return std::string("jx ") + version() + " on " + host_cpu().model;
}

// Buffers.

device_array::~device_array() { cuda::free_managed(data); }

void Buffer::check_alive(const char *what) const {
  if (is_deleted())
    throw std::logic_error(std::string("Buffer::") + what + ": the buffer on " +
                           device_->to_string() +
                           " was donated to an execution, which took its "
                           "memory");
}

dtype Buffer::dtype() const {
  check_alive("dtype");
  return storage_ ? storage_->dtype : device_memory_->dtype;
}

const std::vector<int64_t> &Buffer::shape() const {
  check_alive("shape");
  return storage_ ? storage_->shape : device_memory_->shape;
}

std::string Buffer::type_string() const {
  check_alive("type_string");
  if (storage_)
    return storage_->type_string();
  return tensor_spec{device_memory_->dtype, device_memory_->shape}
      .type_string();
}

std::size_t Buffer::size_in_bytes() const {
  check_alive("size_in_bytes");
  return storage_ ? storage_->data.size() : device_memory_->bytes;
}

const host_buffer &Buffer::host() const {
  check_alive("host");
  if (!storage_)
    throw std::logic_error("Buffer::host: " + type_string() + " on " +
                           device_->to_string() +
                           " is in the GPU's memory; to_host() copies it");
  return *storage_;
}

host_buffer Buffer::to_host() const {
  check_alive("to_host");
  if (storage_)
    return *storage_;
  host_buffer out;
  out.dtype = device_memory_->dtype;
  out.shape = device_memory_->shape;
  out.data.resize(device_memory_->bytes);
  cuda::device_scope scope(device_->id());
  cuda::synchronize();
  cuda::copy(out.data.data(), device_memory_->data, device_memory_->bytes);
  return out;
}

void *Buffer::unsafe_pointer() const {
  check_alive("unsafe_pointer");
  return storage_ ? static_cast<void *>(storage_->data.data())
                  : device_memory_->data;
}

namespace {

/// Managed memory for an array on CUDA device `ordinal`.
std::shared_ptr<device_array>
new_device_array(dtype type, const std::vector<int64_t> &shape,
                 std::size_t bytes, int ordinal) {
  auto memory = std::make_shared<device_array>();
  memory->dtype = type;
  memory->shape = shape;
  memory->bytes = bytes;
  cuda::device_scope scope(ordinal);
  memory->data = cuda::alloc_managed(bytes);
  return memory;
}

} // namespace

Device &Client::device(int id) const {
  if (id < 0 || id >= device_count())
    throw std::out_of_range("no device " + platform_ + ":" + std::to_string(id) +
                            "; this client has " + platform_ + ":0.." + platform_ +
                            ":" + std::to_string(device_count() - 1));
  return *devices_[static_cast<std::size_t>(id)];
}

std::vector<Device *> Client::devices() const {
  std::vector<Device *> out;
  for (const auto &d : devices_)
    out.push_back(d.get());
  return out;
}

void Client::check_mine(const Device &device, const char *what) const {
  if (&device.client() != this)
    throw std::invalid_argument(std::string(what) + ": device " + device.to_string() +
                                " belongs to another client");
}

Buffer Client::buffer_from_host(host_buffer values, Device &device) const {
  check_mine(device, "buffer_from_host");
  if (device.kind() != "cuda")
    return Buffer(std::make_shared<host_buffer>(std::move(values)), &device);
  auto memory = new_device_array(values.dtype, values.shape, values.data.size(),
                                 device.id());
  cuda::device_scope scope(device.id());
  cuda::copy(memory->data, values.data.data(), values.data.size());
  return Buffer(std::move(memory), &device);
}

std::unique_ptr<LoadedExecutable>
Client::load(std::unique_ptr<jx::runtime::executable> exe, Device &device) const {
  check_mine(device, "load");
  if (!exe)
    throw std::invalid_argument("load: no executable (did compiling fail?)");
  if (device.kind() == "cuda" && exe->device_kind() != "cuda")
    throw std::invalid_argument(
        "load: @" + exe->entry() + " was compiled for " + exe->device_kind() +
        "; " + device.to_string() +
        " runs code compiled for cuda (compile_options::device = \"cuda\")");
  return std::unique_ptr<LoadedExecutable>(
      new LoadedExecutable(std::move(exe), {&device}, 1, 1));
}

std::unique_ptr<LoadedExecutable>
Client::load(std::unique_ptr<jx::runtime::executable> exe,
             const std::vector<Device *> &devices, int num_replicas,
             int num_partitions) const {
  if (!exe)
    throw std::invalid_argument("load: no executable (did compiling fail?)");
  if (num_replicas < 1 || num_partitions < 1 ||
      static_cast<std::size_t>(num_replicas) * num_partitions != devices.size())
    throw std::invalid_argument(
        "load: @" + exe->entry() + " compiled for " +
        std::to_string(num_replicas) + " replicas x " +
        std::to_string(num_partitions) + " partitions needs as many devices; " +
        std::to_string(devices.size()) + " given");
  for (std::size_t i = 0; i < devices.size(); ++i) {
    if (!devices[i])
      throw std::invalid_argument("load: device #" + std::to_string(i) +
                                  " is null");
    check_mine(*devices[i], "load");
    if (devices[i]->kind() == "cuda" && devices.size() > 1)
      throw std::invalid_argument("load: @" + exe->entry() + " on " +
                                  std::to_string(devices.size()) +
                                  " devices: programs for several devices are "
                                  "not supported on cuda yet");
    for (std::size_t j = 0; j < i; ++j)
      if (devices[j] == devices[i])
        throw std::invalid_argument("load: " + devices[i]->to_string() +
                                    " is listed twice");
  }
  return std::unique_ptr<LoadedExecutable>(new LoadedExecutable(
      std::move(exe), devices, num_replicas, num_partitions));
}

std::unique_ptr<LoadedExecutable>
Client::deserialize_executable(const std::string &bytes, Device &device) const {
  return load(executable::deserialize(bytes), device);
}

std::vector<std::vector<Buffer>> LoadedExecutable::execute_on_devices(
    const std::vector<std::vector<const Buffer *>> &args, check_log *log) const {
  if (args.size() != devices_.size())
    throw std::invalid_argument("@" + exe_->entry() + " is loaded on " +
                                std::to_string(devices_.size()) +
                                " devices; arguments for " +
                                std::to_string(args.size()) + " given");
  if (devices_.front()->kind() == "cuda") // loaded on one device (load())
    return {execute(args.front(), log)};
  std::vector<std::vector<const host_buffer *>> hosts(args.size());
  for (std::size_t d = 0; d < args.size(); ++d)
    for (std::size_t i = 0; i < args[d].size(); ++i) {
      const Buffer *b = args[d][i];
      if (!b || &b->device() != devices_[d])
        throw std::invalid_argument(
            "@" + exe_->entry() + " argument #" + std::to_string(i) + " of " +
            devices_[d]->to_string() + " is " +
            (b ? "on " + b->device().to_string() : std::string("null")));
      hosts[d].push_back(b->storage_.get());
    }
  std::vector<std::vector<host_buffer>> results =
      run_spmd(*exe_, replicas_, partitions_, hosts, log);
  std::vector<std::vector<Buffer>> out(results.size());
  for (std::size_t d = 0; d < results.size(); ++d)
    for (host_buffer &r : results[d])
      out[d].push_back(
          Buffer(std::make_shared<host_buffer>(std::move(r)), devices_[d]));
  return out;
}

std::vector<Buffer> LoadedExecutable::execute(const std::vector<const Buffer *> &args,
                                              check_log *log) const {
  std::vector<Buffer *> mutable_args;
  mutable_args.reserve(args.size());
  for (const Buffer *b : args)
    mutable_args.push_back(const_cast<Buffer *>(b)); // not donated: not changed
  execute_options options;
  options.log = log;
  return execute(mutable_args, options);
}

std::vector<Buffer>
LoadedExecutable::execute(const std::vector<Buffer *> &args,
                          const execute_options &options) const {
  const std::vector<std::size_t> &donate = options.donate;
  check_log *log = options.log;
  const std::string where = "@" + exe_->entry();
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (!args[i])
      throw std::invalid_argument(where + " argument #" + std::to_string(i) +
                                  " is null");
    if (&args[i]->device() != device_)
      throw std::invalid_argument(where + " argument #" + std::to_string(i) +
                                  " is on " + args[i]->device().to_string() +
                                  ", the executable on " +
                                  device_->to_string());
    if (args[i]->is_deleted())
      throw std::invalid_argument(where + " argument #" + std::to_string(i) +
                                  " was donated to an earlier execution");
  }
  // The arguments' types first: a call refused for them takes nothing.
  const auto &specs = exe_->inputs();
  if (args.size() != specs.size())
    throw invalid_input(where + " takes " + std::to_string(specs.size()) +
                        " inputs, got " + std::to_string(args.size()));
  for (std::size_t i = 0; i < args.size(); ++i)
    if (args[i]->dtype() != specs[i].dtype ||
        args[i]->shape() != specs[i].shape)
      throw invalid_input(where + " input #" + std::to_string(i) + " must be " +
                          specs[i].type_string() + ", got " +
                          args[i]->type_string());
  // Donated arguments: each once, held by no other Buffer, its memory not
  // also another argument's.
  std::vector<char> donated(args.size(), 0);
  for (std::size_t k : donate) {
    if (k >= args.size())
      throw std::invalid_argument(where + ": donated argument #" +
                                  std::to_string(k) + ", but there are " +
                                  std::to_string(args.size()));
    if (donated[k])
      throw std::invalid_argument(where + ": argument #" + std::to_string(k) +
                                  " is donated twice");
    donated[k] = 1;
    const Buffer &b = *args[k];
    long holders =
        b.storage_ ? b.storage_.use_count() : b.device_memory_.use_count();
    if (holders != 1)
      throw std::invalid_argument(
          where + ": argument #" + std::to_string(k) +
          " cannot be donated: another Buffer (or a DLPack tensor) shares its "
          "memory");
    for (std::size_t j = 0; j < args.size(); ++j)
      if (j != k && args[j]->unsafe_pointer() == b.unsafe_pointer())
        throw std::invalid_argument(
            where + ": argument #" + std::to_string(k) +
            " cannot be donated: it is also argument #" + std::to_string(j));
  }
  // Which output takes which donated argument's memory.
  const std::size_t outputs = exe_->outputs().size();
  std::vector<int> taker(outputs, -1);
  std::vector<char> taken(args.size(), 0);
  for (std::size_t o = 0; o < outputs; ++o)
    for (std::size_t k = 0; k < args.size(); ++k)
      if (donated[k] && !taken[k] && exe_->may_alias(k, o)) {
        taker[o] = static_cast<int>(k);
        taken[k] = 1;
        break;
      }
  std::vector<Buffer> out;
  out.reserve(outputs);
  if (device_->kind() == "cuda") {
    std::vector<const void *> in;
    for (Buffer *b : args)
      in.push_back(b->device_memory_->data);
    std::vector<std::shared_ptr<device_array>> results;
    std::vector<void *> result_memory;
    for (std::size_t o = 0; o < outputs; ++o) {
      const tensor_spec &spec = exe_->outputs()[o];
      results.push_back(
          taker[o] >= 0
              ? args[static_cast<std::size_t>(taker[o])]->device_memory_
              : new_device_array(spec.dtype, spec.shape,
                                 static_cast<std::size_t>(element_count(spec)) *
                                     itemsize(spec.dtype),
                                 device_->id()));
      result_memory.push_back(results.back()->data);
    }
    // Taken once the program starts, whether it succeeds or not (it may
    // have written into the donated memory); kept alive until it returns.
    std::vector<std::shared_ptr<device_array>> held;
    for (std::size_t k = 0; k < args.size(); ++k)
      if (donated[k])
        held.push_back(std::move(args[k]->device_memory_));
    {
      cuda::device_scope scope(device_->id());
      exe_->run_in_place(in, result_memory, log);
    }
    for (auto &r : results)
      out.push_back(Buffer(std::move(r), device_));
    return out;
  }
  // A CPU device: run() with the donated memory as its reused outputs.
  std::vector<host_buffer> reuse(outputs);
  std::vector<const host_buffer *> hosts;
  hosts.reserve(args.size());
  for (std::size_t i = 0; i < args.size(); ++i)
    hosts.push_back(args[i]->storage_.get());
  for (std::size_t o = 0; o < outputs; ++o)
    if (taker[o] >= 0) {
      auto k = static_cast<std::size_t>(taker[o]);
      reuse[o] = std::move(*args[k]->storage_);
      hosts[k] = &reuse[o];
    }
  // Taken once the program starts, whether it succeeds or not (it may
  // have written into the donated memory); kept alive until it returns.
  std::vector<std::shared_ptr<host_buffer>> held;
  for (std::size_t k = 0; k < args.size(); ++k)
    if (donated[k])
      held.push_back(std::move(args[k]->storage_));
  std::vector<host_buffer> results = exe_->run(hosts, reuse, log);
  for (host_buffer &r : results)
    out.push_back(Buffer(std::make_shared<host_buffer>(std::move(r)), device_));
  return out;
}

} // namespace jx::runtime
