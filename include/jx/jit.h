// jit.h - jx::make_jaxpr and jx::jit.
//
//   auto f = [](const jx::Array &x) { return jnp::sin(x) * 2.0f; };
//   std::cout << jx::make_jaxpr(f)(x);          // { lambda ; a:f32[8]. ... }
//   auto jf = jx::jit(f, "f");
//   std::cout << jf.lower(x).as_text();         // module @jit_f ...
//   jx::Array y = jf(x);                        // compiles once per shape
//   jf.cache_hits(), jf.cache_misses();
//
// Functions take jx::Array arguments (C++ scalars convert) and return an
// Array, a std::vector<Array> or a std::tuple of Arrays.

#ifndef JX_JIT_H
#define JX_JIT_H

#include "jx/array.h"
#include "jx/jaxpr.h"

#include <functional>
#include <memory>
#include <tuple>
#include <utility>
#include <vector>

namespace jx {

using flat_function =
    std::function<std::vector<Array>(const std::vector<Array> &)>;

/// The result of jit(f).lower(args...): the traced jaxpr and its StableHLO.
class Lowered {
public:
  Lowered(ClosedJaxpr jaxpr, std::string name);
  /// The StableHLO module as text, as jax.jit(f).lower(x).as_text() prints.
  std::string as_text() const;
  const ClosedJaxpr &jaxpr() const { return jaxpr_; }

private:
  ClosedJaxpr jaxpr_;
  std::string name_;
};

/// Counters of a compile cache.
struct cache_stats {
  int64_t hits = 0;
  int64_t misses = 0; // each miss traced and compiled once
};

namespace detail {

/// The type-erased part of jit: cache, tracing, compilation, execution.
class jit_core {
public:
  jit_core(flat_function f, std::string name);
  std::vector<Array> call(const std::vector<Array> &args) const;
  Lowered lower(const std::vector<Array> &args) const;
  cache_stats stats() const;

private:
  struct state;
  std::shared_ptr<state> state_;
};

inline void flatten_into(std::vector<Array> &out, const Array &a) {
  out.push_back(a);
}
inline void flatten_into(std::vector<Array> &out, const std::vector<Array> &v) {
  out.insert(out.end(), v.begin(), v.end());
}
template <class... T>
void flatten_into(std::vector<Array> &out, const std::tuple<T...> &t) {
  std::apply([&](const auto &...x) { (flatten_into(out, x), ...); }, t);
}

template <class R> struct unflatten;
template <> struct unflatten<Array> {
  static Array from(const std::vector<Array> &v) { return v.at(0); }
};
template <> struct unflatten<std::vector<Array>> {
  static std::vector<Array> from(const std::vector<Array> &v) { return v; }
};
template <class... T> struct unflatten<std::tuple<T...>> {
  static std::tuple<T...> from(const std::vector<Array> &v) {
    return from_impl(v, std::index_sequence_for<T...>{});
  }
  template <std::size_t... I>
  static std::tuple<T...> from_impl(const std::vector<Array> &v,
                                    std::index_sequence<I...>) {
    return std::tuple<T...>(v.at(I)...);
  }
};

template <class F, std::size_t... I>
auto call_flat(const F &f, const std::vector<Array> &args,
               std::index_sequence<I...>) {
  return f(args.at(I)...);
}

/// f as a function of a flat argument list of `N` arrays.
template <std::size_t N, class F> flat_function make_flat(F f) {
  return [f](const std::vector<Array> &args) {
    std::vector<Array> out;
    flatten_into(out, call_flat(f, args, std::make_index_sequence<N>{}));
    return out;
  };
}

template <class F, class... A>
using result_t = std::decay_t<std::invoke_result_t<F, const A &...>>;

} // namespace detail

/// make_jaxpr(f)(args...): traces f on the arguments' shapes and dtypes.
template <class F> class make_jaxpr_fn {
public:
  explicit make_jaxpr_fn(F f) : f_(std::move(f)) {}
  template <class... A> ClosedJaxpr operator()(const A &...args) const {
    std::vector<shaped_array> avals{Array(args).aval()...};
    return core::trace_to_jaxpr(detail::make_flat<sizeof...(A)>(f_), avals);
  }

private:
  F f_;
};
template <class F> make_jaxpr_fn<F> make_jaxpr(F f) {
  return make_jaxpr_fn<F>(std::move(f));
}

/// jit(f, name): f compiled per input signature (shapes, dtypes, weak
/// types), cached; copies share the cache.
template <class F> class Jitted {
public:
  Jitted(F f, std::string name) : f_(std::move(f)), name_(std::move(name)) {}

  template <class... A> auto operator()(const A &...args) const {
    using R = detail::result_t<F, decltype(Array(args))...>;
    return detail::unflatten<R>::from(core<sizeof...(A)>().call({Array(args)...}));
  }
  template <class... A> Lowered lower(const A &...args) const {
    return core<sizeof...(A)>().lower({Array(args)...});
  }
  int64_t cache_hits() const { return stats().hits; }
  int64_t cache_misses() const { return stats().misses; }
  cache_stats stats() const {
    return core_ ? core_->stats() : cache_stats{};
  }

private:
  template <std::size_t N> const detail::jit_core &core() const {
    if (!core_)
      core_ = std::make_shared<detail::jit_core>(detail::make_flat<N>(f_),
                                                 name_);
    return *core_;
  }
  F f_;
  std::string name_;
  mutable std::shared_ptr<detail::jit_core> core_;
};

/// `name` names the module (`module @jit_<name>`), as the Python function's
/// name does in JAX; lambdas are "_lambda" there.
template <class F> Jitted<F> jit(F f, std::string name = "_lambda") {
  return Jitted<F>(std::move(f), std::move(name));
}

/// The cache of single-primitive executables that eager mode runs ops with.
cache_stats eager_cache_stats();

} // namespace jx

#endif // JX_JIT_H
