// collectives.cpp - multi-device runs in one process, and the kernel that
// compiled collectives call (collectives.h, kernels.h).

#include "jx/runtime/collectives.h"
#include "jx/runtime/cuda.h"

#include "jx/runtime/kernels.h"
#include "jx/runtime/memory.h"
#include "jx/runtime/threads.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <tuple>
#include <type_traits>
#include <unordered_map>

namespace jx::runtime {
namespace {

thread_local const device_context *this_device = nullptr;
/// How many times this thread's device ran each collective op.
thread_local std::unordered_map<const void *, uint64_t> *generations = nullptr;

namespace cd = collective_desc;

template <typename T, typename Op>
void fold(const std::vector<const void *> &parts, std::size_t begin,
          std::size_t end, void *out, Op op) {
  T *o = static_cast<T *>(out);
  const T *first = static_cast<const T *>(parts[0]);
  for (std::size_t i = begin; i < end; ++i)
    o[i] = first[i];
  for (std::size_t k = 1; k < parts.size(); ++k) {
    const T *x = static_cast<const T *>(parts[k]);
    for (std::size_t i = begin; i < end; ++i)
      o[i] = op(o[i], x[i]);
  }
}

template <typename T>
void fold_as(const std::vector<const void *> &parts, int64_t reduction,
             std::size_t begin, std::size_t end, void *out) {
  // Integers wrap (computed unsigned); floating max/min propagate NaN, as
  // stablehlo.maximum / minimum do.
  struct itself {
    using type = T;
  };
  using U = typename std::conditional_t<std::is_integral_v<T>,
                                        std::make_unsigned<T>, itself>::type;
  switch (reduction) {
  case cd::sum:
    return fold<T>(parts, begin, end, out, [](T a, T b) {
      return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
    });
  case cd::product:
    return fold<T>(parts, begin, end, out, [](T a, T b) {
      return static_cast<T>(static_cast<U>(a) * static_cast<U>(b));
    });
  case cd::maximum:
    return fold<T>(parts, begin, end, out, [](T a, T b) {
      if constexpr (std::is_floating_point_v<T>)
        if (a != a || b != b)
          return a != a ? a : b;
      return a > b ? a : b;
    });
  default:
    return fold<T>(parts, begin, end, out, [](T a, T b) {
      if constexpr (std::is_floating_point_v<T>)
        if (a != a || b != b)
          return a != a ? a : b;
      return a < b ? a : b;
    });
  }
}

const char *op_name(int64_t op) {
  static const char *const names[] = {
      "replica_id", "partition_id",       "all_gather",
      "all_reduce", "reduce_scatter",     "all_to_all",
      "collective_permute", "collective_broadcast"};
  return op >= 0 && op < cd::num_ops ? names[op] : "collective";
}

/// The process group (global device ids, in order) that `device` belongs
/// to, or an empty list when it is in none.
std::vector<int> group_of(const int64_t *d, const device_context &device) {
  const int64_t R = device.num_replicas, P = device.num_partitions;
  const int64_t rows = d[cd::rows], cols = d[cd::cols];
  const int64_t *table = d + cd::header;
  std::vector<std::vector<int64_t>> groups;
  for (int64_t r = 0; r < rows; ++r) {
    std::vector<int64_t> g;
    for (int64_t c = 0; c < cols; ++c)
      if (table[r * cols + c] >= 0)
        g.push_back(table[r * cols + c]);
    groups.push_back(std::move(g));
  }
  int64_t mode = d[cd::mode];
  if (groups.empty()) { // one group of every id
    int64_t n = mode == cd::cross_partition ? P
                : mode == cd::flattened_ids ? R * P
                                            : R;
    groups.emplace_back();
    for (int64_t i = 0; i < n; ++i)
      groups.back().push_back(i);
  }
  const int64_t me_r = device.replica, me_p = device.partition;
  auto id = [&](int64_t r, int64_t p) { return static_cast<int>(r * P + p); };
  for (const std::vector<int64_t> &g : groups) {
    std::vector<int> members;
    bool mine = false;
    switch (mode) {
    case cd::cross_replica: // this partition's copy of the replica group
      for (int64_t r : g) {
        members.push_back(id(r, me_p));
        mine |= r == me_r;
      }
      break;
    case cd::cross_partition:
      for (int64_t p : g) {
        members.push_back(id(me_r, p));
        mine |= p == me_p;
      }
      break;
    case cd::cross_replica_and_partition:
      for (int64_t p = 0; p < P; ++p)
        for (int64_t r : g)
          members.push_back(id(r, p));
      mine = std::find(g.begin(), g.end(), me_r) != g.end();
      break;
    case cd::flattened_ids:
      for (int64_t f : g)
        members.push_back(static_cast<int>(f));
      mine = std::find(g.begin(), g.end(), int64_t(device.global_id())) !=
             g.end();
      break;
    }
    if (mine)
      return members;
  }
  return {};
}

/// For a permute: the devices this one sends to and receives from (-1:
/// none).
std::pair<int, int> permute_peers(const int64_t *d, const device_context &device) {
  const int64_t P = device.num_partitions;
  const int64_t rows = d[cd::rows];
  const int64_t *pairs = d + cd::header;
  bool by_partition = d[cd::mode] == cd::cross_partition;
  int64_t mine = by_partition ? device.partition : device.replica;
  auto global = [&](int64_t id) {
    return static_cast<int>(by_partition ? device.replica * P + id
                                         : id * P + device.partition);
  };
  int to = -1, from = -1;
  for (int64_t i = 0; i < rows; ++i) {
    if (pairs[2 * i] == mine)
      to = global(pairs[2 * i + 1]);
    if (pairs[2 * i + 1] == mine)
      from = global(pairs[2 * i]);
  }
  return {to, from};
}

std::string run_collective(const int64_t *d, const void *in, void *out) {
  if (d[cd::version] != cd::kVersion || d[cd::kind] < 0 ||
      d[cd::kind] >= cd::num_kinds || d[cd::mode] < 0 ||
      d[cd::mode] >= cd::num_modes || d[cd::op] < 0 || d[cd::op] >= cd::num_ops)
    return "jx_rt_collective: not a descriptor of this runtime";
  const char *name = op_name(d[cd::op]);
  const device_context *device = this_device;
  const int64_t R = d[cd::num_replicas], P = d[cd::num_partitions];
  if (!device)
    return std::string(name) + " needs " + std::to_string(R * P) +
           " devices (the program is compiled for " + std::to_string(R) +
           " replicas x " + std::to_string(P) +
           " partitions) and runs on one; run it on that many (jxc run "
           "--devices N, jx::runtime::run_spmd)";
  if (device->num_replicas != R || device->num_partitions != P)
    return std::string(name) + " is compiled for " + std::to_string(R) +
           " replicas x " + std::to_string(P) + " partitions, run on " +
           std::to_string(device->num_replicas) + " x " +
           std::to_string(device->num_partitions);
  if (d[cd::kind] == cd::replica_id || d[cd::kind] == cd::partition_id) {
    uint32_t v = static_cast<uint32_t>(
        d[cd::kind] == cd::replica_id ? device->replica : device->partition);
    std::memcpy(out, &v, sizeof v);
    return {};
  }
  participants p;
  p.op = d;
  p.name = name;
  p.generation = generations ? (*generations)[d]++ : 0;
  const std::size_t bytes = static_cast<std::size_t>(d[cd::bytes]);
  if (d[cd::kind] == cd::permute) {
    for (int i = 0; i < R * P; ++i)
      p.devices.push_back(i);
    p.me = device->global_id();
    auto [to, from] = permute_peers(d, *device);
    return device->comm->permute(p, to, from, in, bytes, out);
  }
  p.devices = group_of(d, *device);
  auto at = std::find(p.devices.begin(), p.devices.end(), device->global_id());
  if (at == p.devices.end()) {
    // collective_broadcast gives zeros to a process in no group (the spec);
    // the other ops' groups cover every process.
    if (d[cd::op] == cd::op_collective_broadcast) {
      // A dynamic root gathers the group's operands first: zeros for each.
      std::size_t parts = 1;
      if (d[cd::kind] == cd::all_gather)
        parts = d[cd::cols] > 0 ? static_cast<std::size_t>(d[cd::cols])
                : d[cd::mode] == cd::cross_partition
                    ? static_cast<std::size_t>(P)
                    : static_cast<std::size_t>(R);
      std::memset(out, 0, bytes * parts);
      return {};
    }
    return std::string(name) + ": " + device->name +
           " is in none of the op's process groups";
  }
  p.me = static_cast<int>(at - p.devices.begin());
  switch (d[cd::kind]) {
  case cd::all_gather:
    return device->comm->all_gather(p, in, bytes, out);
  case cd::all_reduce: {
    int64_t element = d[cd::element], reduction = d[cd::reduction];
    if (element < 0 || element >= cd::num_elements || reduction < 0 ||
        reduction >= cd::num_reductions)
      return "jx_rt_collective: not a descriptor of this runtime";
    return device->comm->all_reduce(p, in, bytes / element_size(element),
                                    element, reduction, out);
  }
  case cd::all_to_all:
    if (bytes % p.devices.size())
      return std::string(name) + ": " + std::to_string(bytes) +
             " bytes do not split into " + std::to_string(p.devices.size()) +
             " chunks";
    return device->comm->all_to_all(p, in, bytes / p.devices.size(), out);
  default:
    return device->comm->broadcast(p, in, bytes, out);
  }
}

} // namespace

void reduce_in_order(const std::vector<const void *> &parts, int64_t element,
                     int64_t reduction, std::size_t begin, std::size_t end,
                     void *out) {
  switch (element) {
  case cd::e_f32: return fold_as<float>(parts, reduction, begin, end, out);
  case cd::e_f64: return fold_as<double>(parts, reduction, begin, end, out);
  case cd::e_i32: return fold_as<int32_t>(parts, reduction, begin, end, out);
  case cd::e_i64: return fold_as<int64_t>(parts, reduction, begin, end, out);
  case cd::e_u32: return fold_as<uint32_t>(parts, reduction, begin, end, out);
  default: return fold_as<uint64_t>(parts, reduction, begin, end, out);
  }
}

std::size_t element_size(int64_t element) {
  return element == cd::e_f32 || element == cd::e_i32 || element == cd::e_u32
             ? 4
             : 8;
}

namespace {

/// The devices of one run_spmd meet at each collective: every participant
/// publishes its operand's address, waits for the others, copies what it
/// needs from their memory, and waits again until all have copied (so no
/// operand is freed while read).
class local_communicator final : public communicator {
public:
  explicit local_communicator(int devices)
      : done_(devices, 0), names_(devices) {
    for (int i = 0; i < devices; ++i)
      names_[i] = "cpu:" + std::to_string(i);
  }

  std::string all_gather(const participants &p, const void *in,
                         std::size_t bytes, void *out) override {
    return meet(p, in, bytes, -1, [&](const meeting &m) {
      for (std::size_t k = 0; k < m.in.size(); ++k)
        std::memcpy(static_cast<char *>(out) + k * bytes, m.in[k], bytes);
    });
  }

  std::string all_to_all(const participants &p, const void *in,
                         std::size_t chunk, void *out) override {
    return meet(p, in, chunk, -1, [&](const meeting &m) {
      for (std::size_t k = 0; k < m.in.size(); ++k)
        std::memcpy(static_cast<char *>(out) + k * chunk,
                    static_cast<const char *>(m.in[k]) + p.me * chunk, chunk);
    });
  }

  std::string permute(const participants &p, int to, int from, const void *in,
                      std::size_t bytes, void *out) override {
    return meet(p, in, bytes, to, [&](const meeting &m) {
      if (from < 0) {
        std::memset(out, 0, bytes);
        return;
      }
      std::memcpy(out, m.in[from], bytes);
    }, from);
  }

  std::string broadcast(const participants &p, const void *in,
                        std::size_t bytes, void *out) override {
    return meet(p, in, bytes, -1,
                [&](const meeting &m) { std::memcpy(out, m.in[0], bytes); });
  }

  /// Each participant reduces its share of the elements (in group order)
  /// and writes it into every participant's output.
  std::string all_reduce(const participants &p, const void *in,
                         std::size_t count, int64_t element, int64_t reduction,
                         void *out) override {
    std::size_t size = element_size(element);
    return meet(
        p, in, count * size, -1,
        [&](const meeting &m) {
          std::size_t g = m.in.size();
          std::size_t begin = count * p.me / g, end = count * (p.me + 1) / g;
          if (begin == end)
            return;
          reduce_in_order(m.in, element, reduction, begin, end, out);
          for (std::size_t k = 0; k < g; ++k)
            if (static_cast<int>(k) != p.me)
              std::memcpy(static_cast<char *>(m.out[k]) + begin * size,
                          static_cast<char *>(out) + begin * size,
                          (end - begin) * size);
        },
        -2, out);
  }

  /// Device `d` returned from the program (error: it failed with it).
  void finish(int d, const std::string &error) {
    std::lock_guard<std::mutex> lock(mutex_);
    done_[d] = 1;
    if (!error.empty() && failure_.empty())
      failure_ = names_[d] + " failed: " + error;
    changed_.notify_all();
  }

private:
  struct meeting {
    explicit meeting(std::size_t n)
        : here(n), in(n), out(n), bytes(n), to(n) {}
    std::vector<char> here;
    std::vector<const void *> in;
    std::vector<void *> out;
    std::vector<std::size_t> bytes;
    std::vector<int> to;
    std::size_t arrived = 0, left = 0;
  };
  using key = std::tuple<const void *, uint64_t, int>;

  template <typename Copy>
  std::string meet(const participants &p, const void *in, std::size_t bytes,
                   int to, Copy copy, int from = -2, void *out = nullptr) {
    std::unique_lock<std::mutex> lock(mutex_);
    key k{p.op, p.generation, p.devices.front()};
    std::shared_ptr<meeting> &slot = meetings_[k];
    if (!slot)
      slot = std::make_shared<meeting>(p.devices.size());
    std::shared_ptr<meeting> m = slot;
    m->here[p.me] = 1;
    m->in[p.me] = in;
    m->out[p.me] = out;
    m->bytes[p.me] = bytes;
    m->to[p.me] = to;
    ++m->arrived;
    changed_.notify_all();
    auto deadline = std::chrono::steady_clock::now() +
                    std::chrono::duration<double>(collective_timeout());
    std::string error;
    auto wait_for = [&](std::size_t meeting::*counter) {
      while (m.get()->*counter < m->in.size()) {
        // A device that finished without arriving will never arrive.
        if (!failure_.empty()) {
          error = std::string(p.name) + " on " + names_[p.devices[p.me]] +
                  " stopped: " + failure_;
          return;
        }
        if (counter == &meeting::arrived)
          for (std::size_t j = 0; j < p.devices.size(); ++j)
            if (done_[p.devices[j]] && !m->here[j]) {
              error = std::string(p.name) + " on " + names_[p.devices[p.me]] +
                      " waits for " + names_[p.devices[j]] +
                      ", which finished the program without joining it";
              return;
            }
        if (changed_.wait_until(lock, deadline) == std::cv_status::timeout &&
            m.get()->*counter < m->in.size()) {
          error = std::string(p.name) + " on " + names_[p.devices[p.me]] +
                  " timed out after " + timeout_text() +
                  " waiting for the other devices (JX_COLLECTIVE_TIMEOUT)";
          return;
        }
      }
    };
    wait_for(&meeting::arrived);
    if (error.empty())
      for (std::size_t j = 0; j < p.devices.size(); ++j)
        if (m->bytes[j] != m->bytes[0] && from == -2) {
          error = std::string(p.name) + ": " + names_[p.devices[0]] + " has " +
                  std::to_string(m->bytes[0]) + " bytes, " +
                  names_[p.devices[j]] + " " + std::to_string(m->bytes[j]) +
                  " (the devices' operands differ in shape or type)";
          break;
        }
    if (error.empty() && from >= 0) {
      if (m->to[from] != p.devices[p.me])
        error = std::string(p.name) + ": " + names_[p.devices[p.me]] +
                " expects from " + names_[from] + ", which sends to " +
                (m->to[from] < 0 ? std::string("no device")
                                 : names_[m->to[from]]) +
                " (the devices' source_target_pairs differ)";
      else if (m->bytes[from] != bytes)
        error = std::string(p.name) + ": " + names_[from] + " sends " +
                std::to_string(m->bytes[from]) + " bytes, " +
                names_[p.devices[p.me]] + " expects " + std::to_string(bytes) +
                " (the devices' operands differ in shape or type)";
    }
    if (!error.empty()) {
      if (failure_.empty())
        failure_ = error;
      meetings_.erase(k);
      changed_.notify_all();
      return error;
    }
    lock.unlock();
    copy(*m);
    lock.lock();
    if (++m->left == m->in.size()) {
      meetings_.erase(k);
      changed_.notify_all();
      return {};
    }
    changed_.notify_all();
    wait_for(&meeting::left);
    return error;
  }

  std::mutex mutex_;
  std::condition_variable changed_;
  std::map<key, std::shared_ptr<meeting>> meetings_;
  std::vector<char> done_;
  std::vector<std::string> names_;
  std::string failure_; // the first failure of the run
};

/// The threads devices run on, kept between calls (starting a thread per
/// device per call cost ~50 us). A task never waits for a free thread: one
/// is started when none is idle, since a device's task may wait at a
/// collective for another device's task.
class thread_pool {
public:
  void run(std::function<void()> task) {
    std::lock_guard<std::mutex> lock(mu_);
    tasks_.push_back(std::move(task));
    // More tasks waiting than threads waiting for tasks: start one.
    if (tasks_.size() > waiting_)
      std::thread([this] { work(); }).detach();
    else
      cv_.notify_one();
  }

private:
  void work() {
    std::unique_lock<std::mutex> lock(mu_);
    while (true) {
      ++waiting_;
      cv_.wait(lock, [&] { return !tasks_.empty(); });
      --waiting_;
      std::function<void()> task = std::move(tasks_.front());
      tasks_.pop_front();
      lock.unlock();
      task();
      lock.lock();
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> tasks_;
  std::size_t waiting_ = 0;
};

/// Never destroyed: its threads outlive static destruction.
thread_pool &device_threads() {
  static thread_pool *pool = new thread_pool();
  return *pool;
}

} // namespace

const device_context *set_current_device(const device_context *device) {
  const device_context *previous = this_device;
  this_device = device;
  return previous;
}

const device_context *current_device() { return this_device; }

std::string timeout_text() {
  char text[32];
  double s = collective_timeout();
  std::snprintf(text, sizeof text, s == static_cast<int64_t>(s) ? "%.0f s" : "%g s", s);
  return text;
}

double collective_timeout() {
  static const double seconds = [] {
    if (const char *v = std::getenv("JX_COLLECTIVE_TIMEOUT")) {
      char *end = nullptr;
      double s = std::strtod(v, &end);
      if (end != v && *end == '\0' && s > 0)
        return s;
    }
    return 300.0;
  }();
  return seconds;
}

std::vector<std::vector<host_buffer>>
run_spmd(const executable &exe, int num_replicas, int num_partitions,
         const std::vector<std::vector<const host_buffer *>> &args,
         check_log *log) {
  if (num_replicas < 1 || num_partitions < 1)
    throw std::invalid_argument("run_spmd: " + std::to_string(num_replicas) +
                                " replicas x " + std::to_string(num_partitions) +
                                " partitions");
  const int n = num_replicas * num_partitions;
  if (static_cast<int>(args.size()) != n)
    throw invalid_input("@" + exe.entry() + " runs on " + std::to_string(n) +
                        " devices; got inputs for " +
                        std::to_string(args.size()));
  for (int d = 0; d < n; ++d) {
    if (args[d].size() != exe.inputs().size())
      throw invalid_input("cpu:" + std::to_string(d) + ": @" + exe.entry() +
                          " takes " + std::to_string(exe.inputs().size()) +
                          " inputs, got " + std::to_string(args[d].size()));
    for (std::size_t i = 0; i < args[d].size(); ++i)
      if (args[d][i]->dtype != exe.inputs()[i].dtype ||
          args[d][i]->shape != exe.inputs()[i].shape)
        throw invalid_input("cpu:" + std::to_string(d) + ": @" + exe.entry() +
                            " input #" + std::to_string(i) + " must be " +
                            exe.inputs()[i].type_string() + ", got " +
                            args[d][i]->type_string());
  }
  local_communicator comm(n);
  std::vector<device_context> devices(n);
  std::vector<std::vector<host_buffer>> results(n);
  std::vector<check_log> logs(n);
  std::vector<std::string> errors(n);
  std::mutex order;
  std::vector<int> failed; // devices in the order they failed
  const unsigned share = std::max(1u, num_threads() / static_cast<unsigned>(n));
  auto body = [&](int d) {
    device_context &dev = devices[d];
    dev.replica = d / num_partitions;
    dev.partition = d % num_partitions;
    dev.num_replicas = num_replicas;
    dev.num_partitions = num_partitions;
    dev.comm = &comm;
    dev.name = "cpu:" + std::to_string(d);
    std::unordered_map<const void *, uint64_t> counts;
    generations = &counts;
    const device_context *previous = set_current_device(&dev);
    set_thread_num_threads(share);
    std::string error;
    try {
      // CUDA code: device d on GPU d (modulo the GPUs there are). Its
      // collectives meet in host code over managed memory, as the CPU's
      // do (the host waits for queued kernels before it calls them:
      // CudaHostWaits.cpp).
      std::optional<cuda::device_scope> gpu;
      if (exe.device_kind() == "cuda") {
        int gpus = std::max(1, cuda::device_count());
        std::string chip = "cuda:" + std::to_string(d % gpus);
        dev.name = n <= gpus
                       ? chip
                       : "device " + std::to_string(d) + " (" + chip + ")";
        gpu.emplace(d % gpus);
      }
      std::vector<host_buffer> none;
      results[d] = exe.run(args[d], none, &logs[d]);
    } catch (const std::exception &e) {
      error = e.what();
    }
    set_thread_num_threads(0);
    set_current_device(previous);
    generations = nullptr;
    if (!error.empty()) {
      std::lock_guard<std::mutex> lock(order);
      errors[d] = error;
      failed.push_back(d);
    }
    comm.finish(d, error);
  };
  // Devices 1.. on the pool's threads, device 0 on this one.
  std::mutex done_mu;
  std::condition_variable done_cv;
  int running = n - 1;
  for (int d = 1; d < n; ++d)
    device_threads().run([&, d] {
      body(d);
      std::lock_guard<std::mutex> lock(done_mu);
      if (--running == 0)
        done_cv.notify_all();
    });
  body(0);
  {
    std::unique_lock<std::mutex> lock(done_mu);
    done_cv.wait(lock, [&] { return running == 0; });
  }
  if (log)
    for (int d = 0; d < n; ++d) {
      log->checks_run += logs[d].checks_run;
      for (std::string &f : logs[d].failures)
        log->failures.push_back("cpu:" + std::to_string(d) + ": " + f);
    }
  if (!failed.empty()) {
    int first = failed.front();
    throw std::runtime_error("cpu:" + std::to_string(first) + ": " +
                             errors[first]);
  }
  return results;
}

namespace {
const process_group *the_process_group = nullptr;
} // namespace

void set_process_group(const process_group *group) {
  the_process_group = group;
}
const process_group *current_process_group() { return the_process_group; }

std::vector<host_buffer>
run_as_process(const executable &exe, int num_replicas, int num_partitions,
               const std::vector<const host_buffer *> &args, check_log *log) {
  const process_group *group = the_process_group;
  if (!group)
    throw std::logic_error("run_as_process: no process group "
                           "(jx::distributed::initialize)");
  if (num_replicas < 1 || num_partitions < 1 ||
      num_replicas * num_partitions != group->size)
    throw invalid_input("@" + exe.entry() + " runs on " +
                        std::to_string(num_replicas * num_partitions) +
                        " devices (" + std::to_string(num_replicas) +
                        " replicas x " + std::to_string(num_partitions) +
                        " partitions); there are " +
                        std::to_string(group->size) +
                        " processes of one device each");
  device_context dev;
  dev.replica = group->rank / num_partitions;
  dev.partition = group->rank % num_partitions;
  dev.num_replicas = num_replicas;
  dev.num_partitions = num_partitions;
  dev.comm = group->comm;
  dev.name = "rank " + std::to_string(group->rank);
  std::unordered_map<const void *, uint64_t> counts;
  auto *previous_counts = generations;
  generations = &counts;
  const device_context *previous = set_current_device(&dev);
  struct restore {
    const device_context *device;
    std::unordered_map<const void *, uint64_t> *counts;
    ~restore() {
      set_current_device(device);
      generations = counts;
    }
  } guard{previous, previous_counts};
  std::vector<host_buffer> none;
  try {
    return exe.run(args, none, log);
  } catch (const invalid_input &) {
    throw;
  } catch (const std::exception &e) {
    throw std::runtime_error(dev.name + ": " + e.what());
  }
}


namespace {

/// The type of `replicas` values of type `t` stacked.
std::string stacked(tensor_spec t, int64_t replicas) {
  t.shape.insert(t.shape.begin(), replicas);
  return t.type_string();
}

/// Checks that `args` are stacked over the replicas (replicated programs).
void check_stacked(const executable &exe, const std::vector<host_buffer> &args) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const host_buffer &a = args[i];
    if (a.shape.empty() || a.shape[0] != exe.num_replicas())
      throw invalid_input(
          "input #" + std::to_string(i) + " " + a.type_string() +
          " must hold the values of the " + std::to_string(exe.num_replicas()) +
          " replicas stacked on its leading axis" +
          (i < exe.inputs().size()
               ? " (" + stacked(exe.inputs()[i], exe.num_replicas()) + ")"
               : std::string()));
  }
}

} // namespace

std::vector<host_buffer> run_on_grid(const executable &exe,
                                     const std::vector<host_buffer> &args,
                                     check_log *log) {
  const int replicas = exe.num_replicas(), partitions = exe.num_partitions();
  const int n = replicas * partitions;
  std::vector<std::vector<host_buffer>> per_replica(replicas);
  if (replicas > 1) {
    check_stacked(exe, args);
    for (const host_buffer &a : args)
      for (int r = 0; r < replicas; ++r)
        per_replica[r].push_back(index_along(a, 0, r));
  }
  auto device_args = [&](int d) {
    std::vector<const host_buffer *> out;
    for (std::size_t i = 0; i < args.size(); ++i)
      out.push_back(replicas > 1 ? &per_replica[d / partitions][i] : &args[i]);
    return out;
  };
  const process_group *group = current_process_group();
  if (group && group->size > 1) {
    // This process is device `rank`; every process gathers partition 0's
    // results of every replica.
    std::vector<host_buffer> mine = run_as_process(
        exe, replicas, partitions,
        group->rank < n ? device_args(group->rank)
                        : std::vector<const host_buffer *>{},
        log);
    if (replicas == 1)
      return mine;
    participants p;
    p.op = &exe;
    p.name = "gathering the results";
    for (int d = 0; d < group->size; ++d)
      p.devices.push_back(d);
    p.me = group->rank;
    std::vector<host_buffer> out;
    for (host_buffer &r : mine) {
      host_buffer all;
      all.dtype = r.dtype;
      all.shape = r.shape;
      all.shape.insert(all.shape.begin(), group->size);
      all.data.resize(r.data.size() * group->size);
      std::string error = group->comm->all_gather(p, r.data.data(),
                                                  r.data.size(), all.data.data());
      if (!error.empty())
        throw std::runtime_error(error);
      std::vector<host_buffer> parts;
      for (int k = 0; k < replicas; ++k)
        parts.push_back(index_along(all, 0, k * partitions));
      std::vector<const host_buffer *> items;
      for (const host_buffer &h : parts)
        items.push_back(&h);
      out.push_back(stack_along(items, 0));
    }
    return out;
  }
  std::vector<std::vector<const host_buffer *>> all_args;
  for (int d = 0; d < n; ++d)
    all_args.push_back(device_args(d));
  std::vector<std::vector<host_buffer>> results =
      run_spmd(exe, replicas, partitions, all_args, log);
  if (replicas == 1)
    return std::move(results[0]);
  std::vector<host_buffer> out;
  for (std::size_t j = 0; j < exe.outputs().size(); ++j) {
    std::vector<const host_buffer *> items;
    for (int r = 0; r < replicas; ++r)
      items.push_back(&results[r * partitions][j]);
    out.push_back(stack_along(items, 0));
  }
  return out;
}

} // namespace jx::runtime

extern "C" void jx_rt_collective(int64_t desc, int64_t in, int64_t out) {
  std::string error = jx::runtime::run_collective(
      reinterpret_cast<const int64_t *>(desc),
      reinterpret_cast<const void *>(in), reinterpret_cast<void *>(out));
  if (!error.empty())
    jx::runtime::fail_current_call(std::move(error));
}
