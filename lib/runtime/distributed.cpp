// distributed.cpp - the communicator of multi-process runs, over MPI
// (jx/distributed.h). libjx_distributed: the only part of jx that links MPI.

#include "jx/distributed.h"

#include "jx/runtime/collectives.h"

#include <mpi.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <map>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace jx::distributed {
namespace {

using runtime::participants;

/// The collective this process waits in, and since when: a watchdog thread
/// ends every process (MPI_Abort) with an error naming it when the wait
/// passes JX_COLLECTIVE_TIMEOUT, since MPI's blocking calls, the fast ones,
/// cannot time out themselves.
struct watchdog {
  std::mutex mu;
  const char *what = nullptr;
  uint64_t call = 0;
  std::chrono::steady_clock::time_point since;
  std::thread thread;
  bool stop = false;
  std::condition_variable changed;

  void start() {
    thread = std::thread([this] {
      std::unique_lock<std::mutex> lock(mu);
      while (!stop) {
        changed.wait_for(lock, std::chrono::milliseconds(100));
        if (!what)
          continue;
        double waited = std::chrono::duration<double>(
                            std::chrono::steady_clock::now() - since)
                            .count();
        if (waited > runtime::collective_timeout()) {
          std::fprintf(stderr,
                       "jx: error: rank %d: %s (its call #%llu) timed out "
                       "after %s waiting for the other processes "
                       "(JX_COLLECTIVE_TIMEOUT); ending every process\n",
                       process_index(), what,
                       static_cast<unsigned long long>(call + 1),
                       runtime::timeout_text().c_str());
          std::fflush(stderr);
          MPI_Abort(MPI_COMM_WORLD, 3);
        }
      }
    });
  }
  void finish() {
    {
      std::lock_guard<std::mutex> lock(mu);
      stop = true;
    }
    changed.notify_all();
    if (thread.joinable())
      thread.join();
  }
};
watchdog *the_watchdog = nullptr;

/// Marks this process as waiting in `p`'s collective while it lives.
struct watched {
  explicit watched(const participants &p) {
    if (!the_watchdog)
      return;
    std::lock_guard<std::mutex> lock(the_watchdog->mu);
    the_watchdog->what = p.name;
    the_watchdog->call = p.generation;
    the_watchdog->since = std::chrono::steady_clock::now();
  }
  ~watched() {
    if (!the_watchdog)
      return;
    std::lock_guard<std::mutex> lock(the_watchdog->mu);
    the_watchdog->what = nullptr;
  }
};

class mpi_communicator final : public runtime::communicator {
public:
  std::string all_gather(const participants &p, const void *in,
                         std::size_t bytes, void *out) override {
    std::string error = agree(p, bytes);
    if (!error.empty())
      return error;
    watched w(p);
    MPI_Allgather(in, static_cast<int>(bytes), MPI_BYTE, out,
                  static_cast<int>(bytes), MPI_BYTE, comm_of(p));
    return {};
  }

  std::string all_to_all(const participants &p, const void *in,
                         std::size_t chunk, void *out) override {
    std::string error = agree(p, chunk * p.devices.size());
    if (!error.empty())
      return error;
    watched w(p);
    MPI_Alltoall(in, static_cast<int>(chunk), MPI_BYTE, out,
                 static_cast<int>(chunk), MPI_BYTE, comm_of(p));
    return {};
  }

  std::string permute(const participants &p, int to, int from, const void *in,
                      std::size_t bytes, void *out) override {
    std::string error = check(p, bytes);
    if (!error.empty())
      return error;
    watched w(p);
    if (from < 0)
      std::memset(out, 0, bytes);
    if (to >= 0 && from >= 0)
      MPI_Sendrecv(in, static_cast<int>(bytes), MPI_BYTE, to, kTag, out,
                   static_cast<int>(bytes), MPI_BYTE, from, kTag,
                   MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    else if (to >= 0)
      MPI_Send(in, static_cast<int>(bytes), MPI_BYTE, to, kTag, MPI_COMM_WORLD);
    else if (from >= 0)
      MPI_Recv(out, static_cast<int>(bytes), MPI_BYTE, from, kTag,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return {};
  }

  std::string broadcast(const participants &p, const void *in,
                        std::size_t bytes, void *out) override {
    std::string error = agree(p, bytes);
    if (!error.empty())
      return error;
    if (p.me == 0)
      std::memcpy(out, in, bytes);
    watched w(p);
    MPI_Bcast(out, static_cast<int>(bytes), MPI_BYTE, 0, comm_of(p));
    return {};
  }

  /// Reduce-scatter then all-gather: participant k gets chunk k of every
  /// operand (MPI_Alltoall), reduces it in group order (the fold every
  /// communicator uses), and the reduced chunks are gathered.
  std::string all_reduce(const participants &p, const void *in,
                         std::size_t count, int64_t element, int64_t reduction,
                         void *out) override {
    std::size_t g = p.devices.size(), size = runtime::element_size(element);
    std::size_t chunk = (count + g - 1) / g;
    std::string error = agree(p, count * size);
    if (error.empty())
      error = check(p, chunk * size);
    if (!error.empty())
      return error;
    // Scratch kept across calls: fresh pages for every call cost more than
    // the exchange itself.
    std::size_t block = chunk * size;
    char *send = scratch(0, g * block), *got = scratch(1, g * block),
         *reduced = scratch(2, block), *all = scratch(3, g * block);
    std::memcpy(send, in, count * size);
    std::memset(send + count * size, 0, g * block - count * size);
    watched w(p);
    MPI_Alltoall(send, static_cast<int>(block), MPI_BYTE, got,
                 static_cast<int>(block), MPI_BYTE, comm_of(p));
    std::vector<const void *> parts;
    for (std::size_t k = 0; k < g; ++k)
      parts.push_back(got + k * block);
    runtime::reduce_in_order(parts, element, reduction, 0, chunk, reduced);
    MPI_Allgather(reduced, static_cast<int>(block), MPI_BYTE, all,
                  static_cast<int>(block), MPI_BYTE, comm_of(p));
    std::memcpy(out, all, count * size);
    return {};
  }

  void free_all() {
    for (auto &[group, comm] : comms_)
      MPI_Comm_free(&comm);
    comms_.clear();
  }

private:
  static constexpr int kTag = 0x6a78; // "jx"

  static std::string check(const participants &p, std::size_t bytes) {
    if (bytes > static_cast<std::size_t>(INT_MAX))
      return std::string(p.name) + ": " + std::to_string(bytes) +
             " bytes in one MPI message (at most " + std::to_string(INT_MAX) +
             ")";
    return {};
  }

  /// Checks, before moving data, that every process of the group is at the
  /// same collective (name and how many times it ran) with as many bytes:
  /// MPI would otherwise match two different collectives on the same
  /// communicator, or fail deep inside with a truncated message.
  std::string agree(const participants &p, std::size_t bytes) {
    std::string error = check(p, bytes);
    if (!error.empty())
      return error;
    struct signature {
      uint64_t name, generation, bytes;
    } mine{0xcbf29ce484222325ull, p.generation, bytes};
    for (const char *c = p.name; *c; ++c)
      mine.name = (mine.name ^ static_cast<unsigned char>(*c)) * 0x100000001b3ull;
    std::vector<signature> all(p.devices.size());
    {
      watched w(p);
      MPI_Allgather(&mine, sizeof mine, MPI_BYTE, all.data(), sizeof mine,
                    MPI_BYTE, comm_of(p));
    }
    for (std::size_t k = 0; k < all.size(); ++k) {
      if (all[k].name != mine.name || all[k].generation != mine.generation)
        return std::string(p.name) + " on rank " +
               std::to_string(process_index()) + " (its call #" +
               std::to_string(p.generation + 1) + ") met another collective " +
               "on rank " + std::to_string(p.devices[k]) +
               " (the processes' programs or control flow differ)";
      if (all[k].bytes != mine.bytes)
        return std::string(p.name) + ": rank " +
               std::to_string(process_index()) + " has " +
               std::to_string(mine.bytes) + " bytes, rank " +
               std::to_string(p.devices[k]) + " " +
               std::to_string(all[k].bytes) +
               " (the processes' operands differ in shape or type)";
    }
    return {};
  }

  /// A communicator of the group's processes, made by its members only
  /// (MPI_Comm_create_group), once per group.
  MPI_Comm comm_of(const participants &p) {
    auto it = comms_.find(p.devices);
    if (it != comms_.end())
      return it->second;
    MPI_Group world, group;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_incl(world, static_cast<int>(p.devices.size()), p.devices.data(),
                   &group);
    MPI_Comm comm;
    MPI_Comm_create_group(MPI_COMM_WORLD, group, kTag, &comm);
    MPI_Group_free(&group);
    MPI_Group_free(&world);
    comms_[p.devices] = comm;
    return comm;
  }

  /// Scratch buffer `i` of at least `bytes`.
  char *scratch(int i, std::size_t bytes) {
    if (scratch_[i].size() < bytes)
      scratch_[i].resize(bytes);
    return scratch_[i].data();
  }

  std::map<std::vector<int>, MPI_Comm> comms_;
  std::vector<char> scratch_[4];
};

mpi_communicator *the_comm = nullptr;
runtime::process_group the_group;
bool initialized = false;

void finalize_at_exit() {
  if (initialized)
    shutdown();
}

} // namespace

bool launched_by_mpirun() {
  return std::getenv("OMPI_COMM_WORLD_SIZE") || std::getenv("PMIX_RANK") ||
         std::getenv("PMI_SIZE");
}

void initialize() {
  if (initialized)
    return;
  int already = 0;
  MPI_Initialized(&already);
  if (!already) {
    // Open MPI's shared-memory transport copies large messages with
    // process_vm_readv (CMA) by default; measured here, that slowed the
    // ranks' own computation by 1.6x (a data-parallel step: 50 ms instead
    // of 32 on two cores) while bringing nothing to messages of this size.
    // Off unless the user chose otherwise (OMPI_MCA_... or mpirun --mca).
    setenv("OMPI_MCA_btl_vader_single_copy_mechanism", "none", 0);
    int provided = 0;
    if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) !=
        MPI_SUCCESS)
      throw std::runtime_error("jx::distributed::initialize: MPI_Init failed");
    static const bool hook = (std::atexit(finalize_at_exit), true);
    (void)hook;
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &the_group.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &the_group.size);
  the_comm = new mpi_communicator();
  the_watchdog = new watchdog();
  the_watchdog->start();
  the_group.comm = the_comm;
  runtime::set_process_group(&the_group);
  initialized = true;
}

bool is_initialized() { return initialized; }
int process_index() { return initialized ? the_group.rank : 0; }
int process_count() { return initialized ? the_group.size : 1; }

void abort(int code) {
  int up = 0;
  MPI_Initialized(&up);
  if (up)
    MPI_Abort(MPI_COMM_WORLD, code);
  std::exit(code);
}

void shutdown() {
  if (!initialized)
    return;
  runtime::set_process_group(nullptr);
  the_watchdog->finish();
  delete the_watchdog;
  the_watchdog = nullptr;
  the_comm->free_all();
  delete the_comm;
  the_comm = nullptr;
  initialized = false;
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized)
    MPI_Finalize();
}

} // namespace jx::distributed
