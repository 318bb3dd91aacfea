// distributed.cpp - the communicator of multi-process runs, over MPI
// (jx/distributed.h). libjx_distributed: the only part of jx that links MPI.

#include "jx/distributed.h"

#include "jx/runtime/collectives.h"

#include <mpi.h>

#include <chrono>
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

class mpi_communicator final : public runtime::communicator {
public:
  std::string all_gather(const participants &p, const void *in,
                         std::size_t bytes, void *out) override {
    std::string error = agree(p, bytes);
    if (!error.empty())
      return error;
    MPI_Request r;
    MPI_Iallgather(in, static_cast<int>(bytes), MPI_BYTE, out,
                   static_cast<int>(bytes), MPI_BYTE, comm_of(p), &r);
    return wait(p, r);
  }

  std::string all_to_all(const participants &p, const void *in,
                         std::size_t chunk, void *out) override {
    std::string error = agree(p, chunk * p.devices.size());
    if (!error.empty())
      return error;
    MPI_Request r;
    MPI_Ialltoall(in, static_cast<int>(chunk), MPI_BYTE, out,
                  static_cast<int>(chunk), MPI_BYTE, comm_of(p), &r);
    return wait(p, r);
  }

  std::string permute(const participants &p, int to, int from, const void *in,
                      std::size_t bytes, void *out) override {
    std::string error = check(p, bytes);
    if (!error.empty())
      return error;
    std::vector<MPI_Request> requests;
    if (from >= 0) {
      requests.emplace_back();
      MPI_Irecv(out, static_cast<int>(bytes), MPI_BYTE, from, kTag,
                MPI_COMM_WORLD, &requests.back());
    } else {
      std::memset(out, 0, bytes);
    }
    if (to >= 0) {
      requests.emplace_back();
      MPI_Isend(in, static_cast<int>(bytes), MPI_BYTE, to, kTag,
                MPI_COMM_WORLD, &requests.back());
    }
    for (MPI_Request &r : requests) {
      std::string e = wait(p, r);
      if (!e.empty())
        return e;
    }
    return {};
  }

  std::string broadcast(const participants &p, const void *in,
                        std::size_t bytes, void *out) override {
    std::string error = agree(p, bytes);
    if (!error.empty())
      return error;
    if (p.me == 0)
      std::memcpy(out, in, bytes);
    MPI_Request r;
    MPI_Ibcast(out, static_cast<int>(bytes), MPI_BYTE, 0, comm_of(p), &r);
    return wait(p, r);
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
    MPI_Request r;
    MPI_Iallgather(&mine, sizeof mine, MPI_BYTE, all.data(), sizeof mine,
                   MPI_BYTE, comm_of(p), &r);
    error = wait(p, r);
    if (!error.empty())
      return error;
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

  /// Waits for `r`, no longer than the collective timeout.
  static std::string wait(const participants &p, MPI_Request &r) {
    auto deadline = std::chrono::steady_clock::now() +
                    std::chrono::duration<double>(runtime::collective_timeout());
    int done = 0;
    auto pause = std::chrono::microseconds(0);
    while (true) {
      MPI_Test(&r, &done, MPI_STATUS_IGNORE);
      if (done)
        return {};
      if (std::chrono::steady_clock::now() > deadline)
        return std::string(p.name) + " on rank " +
               std::to_string(process_index()) + " timed out after " +
               std::to_string(int(runtime::collective_timeout())) +
               " s waiting for the other processes (JX_COLLECTIVE_TIMEOUT)";
      // Spin briefly, then yield the core: a rank often waits for one
      // still computing on the same machine.
      if (pause < std::chrono::microseconds(200))
        pause += std::chrono::microseconds(10);
      std::this_thread::sleep_for(pause);
    }
  }

  std::map<std::vector<int>, MPI_Comm> comms_;
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
