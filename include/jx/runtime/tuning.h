// tuning.h - the tuning database: which library computes each GEMM shape
// on this CPU.
//
// jx's dense kernels are libraries that choose their own tiles for the CPU
// they run on (OpenBLAS, oneDNN). What depends on the shape and the machine
// is which library is faster: oneDNN's per-call cost makes OpenBLAS win
// below about 64^3 multiply-adds on one AVX-512 Xeon, and on an AVX2-only
// AMD EPYC OpenBLAS also wins above 256^3. Without tuning the runtime uses
// that measured rule per CPU and shape (blas.cpp, default_sgemm_library).
// With tuning on (JX_TUNE=1, or `jxc tune FILE`), the first call of each f32
// GEMM shape the database lacks times the candidates (OpenBLAS, oneDNN's
// matmul primitive "onednn", oneDNN's dnnl_sgemm "onednn-sgemm") on the
// call's own operands, uses the fastest, and records it.
//
// The database is a JSON file: JX_TUNING_DB if set, else
// $XDG_CACHE_HOME/jx/tuning.json, else $HOME/.cache/jx/tuning.json. Entries
// are keyed by the CPU model (/proc/cpuinfo's "model name"), then by the
// shape and thread count ("sgemm m=256 n=512 k=784 ta=0 tb=1 lda=784
// ldb=784 ldc=512 threads=2"), and hold the winner and the times measured. Delete the file (or run
// `jxc tune --clear`) to forget everything; an unreadable file is ignored
// with a warning.

#ifndef JX_RUNTIME_TUNING_H
#define JX_RUNTIME_TUNING_H

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace jx::runtime {

/// The database's path, as described above.
std::string tuning_db_path();
/// "Intel(R) Xeon(R) Processor @ 2.80GHz"; "unknown CPU" if unreadable.
std::string cpu_model();

/// Whether shapes missing from the database are timed and recorded
/// (default: the environment variable JX_TUNE is 1).
bool tuning_enabled();
void set_tuning(bool on);

/// The recorded winner for `key` on this CPU.
std::optional<std::string> tuned_choice(const std::string &key);
/// Records `winner` for `key` on this CPU with each candidate's time in
/// microseconds, and writes the database file at once.
void record_tuning(const std::string &key, const std::string &winner,
                   const std::vector<std::pair<std::string, double>> &times);

/// What this process recorded, one line per entry ("key: winner (a 12.0
/// us, b 15.1 us)"), for `jxc tune`'s report.
std::vector<std::string> tuning_report();

} // namespace jx::runtime

#endif // JX_RUNTIME_TUNING_H
