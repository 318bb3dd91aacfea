// distributed.h - many processes: jx over MPI (jax.distributed).
//
//   // mpirun -np 2 ./train
//   jx::distributed::initialize();            // MPI_Init; rank, size
//   int rank = jx::distributed::process_index();
//   auto step = jx::pmap(grad_step, "batch"); // psum over every process
//   ... step(params, my_batch[None]) ...
//   jx::distributed::shutdown();              // or at exit
//
// Each process is one device: device i of the global list is rank i.
// Programs compiled for R replicas x P partitions run with R*P = size:
// jx::pmap's collectives (axis size: the processes' devices together),
// jxc run under mpirun, and runtime::run_as_process. The exchanges go
// through MPI (Debian's OpenMPI): all_gather as MPI_Allgather, all_to_all
// as MPI_Alltoall, broadcasts as MPI_Bcast on communicators of the process
// groups, permutes as MPI_Sendrecv; reductions are folded by the compiled
// code from the gathered parts in group order, so every rank computes the
// same bits, the same as the in-process devices do. A collective that
// waits longer than JX_COLLECTIVE_TIMEOUT seconds (default 300) fails the
// call with an error naming the op and the rank; jxc then ends every rank
// (MPI_Abort), so nothing hangs.
//
// Link: jx::distributed (libjx_distributed, which links MPI); the rest of
// jx does not depend on MPI.

#ifndef JX_DISTRIBUTED_H
#define JX_DISTRIBUTED_H

namespace jx::distributed {

/// Initializes MPI (once; later calls do nothing) and makes this process's
/// rank its device for multi-device programs. Under no launcher it is a
/// group of one process. Throws std::runtime_error when MPI fails.
void initialize();
/// Whether initialize() ran and shutdown() has not.
bool is_initialized();
/// This process's rank and the number of processes (0 and 1 before
/// initialize()).
int process_index();
int process_count();
/// Whether this process was started by mpirun (its environment says so).
bool launched_by_mpirun();
/// Ends every process of the run with `code` (MPI_Abort), after an error
/// that the others cannot learn of.
[[noreturn]] void abort(int code);
/// MPI_Finalize (also done at exit when initialize() ran).
void shutdown();

} // namespace jx::distributed

#endif // JX_DISTRIBUTED_H
