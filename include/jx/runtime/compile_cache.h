// compile_cache.h - the persistent compile cache: serialized executables
// on disk, shared by every process that compiles the same program.
//
// Off unless asked for: JX_CACHE_DIR=<folder> turns it on there; JX_CACHE=1
// turns it on in the default folder, $XDG_CACHE_HOME/jx/executables (else
// $HOME/.cache/jx/executables); JX_CACHE=0 turns it off whatever else is
// set. set_cache_dir() overrides the environment. With it on,
// jx::compiler::compile (so jx::jit, eager ops, jxc run and jxc bench) looks
// each program up before compiling it and stores what it compiles.
//
// Entries are named by a key the compiler computes (a SHA-256 of the
// program's text with its locations, the entry, the options, the jx version,
// the compiler binary's build ID and the CPU), written atomically (a
// temporary file renamed into place). An entry that does not load — a
// truncated or corrupted file, another jx version, another CPU — is
// removed and compiled again, never run. JX_CACHE_LOG=1 prints each hit,
// miss, store and rejected entry on stderr.

#ifndef JX_RUNTIME_COMPILE_CACHE_H
#define JX_RUNTIME_COMPILE_CACHE_H

#include "jx/runtime/executable.h"

#include <cstdint>
#include <memory>
#include <string>

namespace jx::runtime {

/// The cache's folder, or "" when the cache is off.
std::string cache_dir();
/// Turns the cache on in `dir`, or off with "".
void set_cache_dir(const std::string &dir);

/// The executable stored under `key`, or null when there is none or it
/// does not load (then it is removed).
std::unique_ptr<executable> cache_lookup(const std::string &key);
/// Stores `exe` (which must be serializable()) under `key`; a failure to
/// write is a warning on stderr, not an error.
void cache_store(const std::string &key, const executable &exe);

/// What this process did with the cache.
struct cache_activity {
  uint64_t hits = 0, misses = 0, rejected = 0, stores = 0;
};
cache_activity cache_counters();

/// Entries and bytes on disk in the cache's folder.
struct cache_contents {
  uint64_t entries = 0, bytes = 0;
};
cache_contents cache_statistics();
/// Removes every entry; returns how many.
uint64_t cache_clear();

} // namespace jx::runtime

#endif // JX_RUNTIME_COMPILE_CACHE_H
