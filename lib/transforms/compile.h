// compile.h - internal: a closed jaxpr compiled for the host CPU, shared by
// jit and eager mode.

#ifndef JX_LIB_TRANSFORMS_COMPILE_H
#define JX_LIB_TRANSFORMS_COMPILE_H

#include "jx/jaxpr.h"
#include "jx/jit.h"
#include "jx/runtime/client.h"
#include "jx/runtime/executable.h"

#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <unordered_map>

namespace jx::transforms {

/// A map from keys to values made once per key, however many threads ask
/// at once (jit's and eager mode's compile caches): the first caller of a
/// missing key makes its value, outside the lock, while later callers of
/// that key wait for it. When making throws, the exception goes to that
/// caller alone and a waiting caller makes the value itself, so that each
/// thread reports its own error. Values are never removed: the references
/// get() returns stay valid.
template <class V> class once_cache {
public:
  template <class Make> const V &get(const std::string &key, Make &&make) {
    std::unique_lock<std::mutex> lock(mu_);
    slot *mine = nullptr;
    while (!mine) {
      auto [it, inserted] = slots_.try_emplace(key);
      slot &s = it->second;
      if (inserted) {
        s.maker = std::this_thread::get_id();
        mine = &s;
      } else if (s.value) {
        ++stats_.hits;
        return *s.value;
      } else if (s.maker == std::this_thread::get_id()) {
        throw std::logic_error("jx: internal error: a compile of " + key +
                               " needs its own result");
      } else {
        cv_.wait(lock); // then look again: made, or its maker failed
      }
    }
    lock.unlock();
    std::optional<V> v;
    try {
      v.emplace(make());
    } catch (...) {
      lock.lock();
      slots_.erase(key);
      cv_.notify_all();
      throw;
    }
    lock.lock();
    mine->value = std::move(v);
    ++stats_.misses;
    cv_.notify_all();
    return *mine->value;
  }

  cache_stats stats() const {
    std::lock_guard<std::mutex> lock(mu_);
    return stats_;
  }

private:
  struct slot {
    std::optional<V> value;  // empty while its maker works
    std::thread::id maker;
  };
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::unordered_map<std::string, slot> slots_;
  cache_stats stats_;
};

/// A jaxpr with shard_map equations at its top level, run in stages
/// (staged.cpp): programs for jit's device between shard_maps run on their
/// devices.
struct staged_plan;
bool has_shard_map(const Jaxpr &j);
std::shared_ptr<const staged_plan> plan_stages(const ClosedJaxpr &j,
                                               const std::string &name,
                                               const std::string &device);
std::vector<Array> run_stages(const staged_plan &plan,
                              const std::vector<Array> &args);

struct compiled {
  /// On the default client's cpu:0 (runtime::default_client()); null when
  /// the program runs in stages.
  std::unique_ptr<runtime::LoadedExecutable> exe;
  std::shared_ptr<const staged_plan> staged;
  std::vector<shaped_array> out_avals; // weak types included
};

/// "f32[2,3];i32[]w;..." - what a compile cache keys on.
std::string signature_key(const std::vector<shaped_array> &avals);
/// Appends one aval's part of signature_key ("f32[2,3];") to `key`.
void append_signature(std::string &key, const shaped_array &aval);

/// `device`, or where it is empty the environment variable JX_DEVICE, else
/// "cpu": where jit and jx::load compile for by default.
std::string device_or_default(const std::string &device);

/// Lowers and compiles `j` for `device` ("cpu", "cuda", "cuda-emulator";
/// empty: JX_DEVICE, else "cpu"); throws std::runtime_error with the
/// compiler's diagnostics on failure.
std::shared_ptr<const compiled> compile(const ClosedJaxpr &j,
                                        const std::string &name,
                                        const std::string &device = "");

/// Runs `c` on concrete `args`; throws jx::error for a tracer or a donated
/// array.
std::vector<Array> execute(const compiled &c, const std::vector<Array> &args);

/// execute() donating the args whose `donate` flag is set (concrete, not
/// C++ scalars): each output takes the memory of a donated arg of its dtype
/// and shape where the executable allows it (executable::may_alias) and
/// the arg appears once in `args`; afterwards every donated arg is deleted
/// (its data dropped, any use throws naming `donated_to`, "jit(f)"). A
/// program run in stages takes no donations (the args stay valid).
std::vector<Array> execute(const compiled &c, const std::vector<Array> &args,
                           const std::vector<char> &donate,
                           const std::shared_ptr<const std::string> &donated_to);

} // namespace jx::transforms

#endif // JX_LIB_TRANSFORMS_COMPILE_H
