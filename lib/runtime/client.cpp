// client.cpp - devices, buffers and loaded executables (client.h).

#include "jx/runtime/client.h"

#include "jx/runtime/collectives.h"

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

Client &default_client() {
  // Never destroyed: executables in static caches outlive main().
  static auto *client = new std::shared_ptr<Client>(Client::cpu());
  return **client;
}

std::string Client::platform_version() const {
  return std::string("jx ") + version() + " on " + host_cpu().model;
}

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
  return Buffer(std::make_shared<host_buffer>(std::move(values)), &device);
}

std::unique_ptr<LoadedExecutable>
Client::load(std::unique_ptr<jx::runtime::executable> exe, Device &device) const {
  check_mine(device, "load");
  if (!exe)
    throw std::invalid_argument("load: no executable (did compiling fail?)");
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
  std::vector<const host_buffer *> hosts;
  hosts.reserve(args.size());
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (!args[i])
      throw std::invalid_argument("@" + exe_->entry() + " argument #" +
                                  std::to_string(i) + " is null");
    if (&args[i]->device() != device_)
      throw std::invalid_argument("@" + exe_->entry() + " argument #" +
                                  std::to_string(i) + " is on " +
                                  args[i]->device().to_string() +
                                  ", the executable on " + device_->to_string());
    hosts.push_back(args[i]->storage_.get());
  }
  std::vector<host_buffer> none;
  std::vector<host_buffer> results = exe_->run(hosts, none, log);
  std::vector<Buffer> out;
  out.reserve(results.size());
  for (host_buffer &r : results)
    out.push_back(Buffer(std::make_shared<host_buffer>(std::move(r)), device_));
  return out;
}

} // namespace jx::runtime
