// jit.h - jx::make_jaxpr and jx::jit.
//
//   auto f = [](const jx::Array &x) { return jnp::sin(x) * 2.0f; };
//   std::cout << jx::make_jaxpr(f)(x);          // { lambda ; a:f32[8]. ... }
//   auto jf = jx::jit(f, "f");
//   std::cout << jf.lower(x).as_text();         // module @jit_f ...
//   jx::Compiled c = jf.lower(x).compile();     // c.as_text("loops"),
//                                               // c.cost_analysis().flops
//   jx::Array y = jf(x);                        // compiles once per shape
//   jf.cache_hits(), jf.cache_misses();
//
//   auto g = jx::jit([](const Params &p, const jx::Array &x, int n) {...},
//                    jx::jit_options().static_argnums({2}).donate_argnums({0})
//                                     .name("g"));
//
// Arguments. Each argument of a jitted function is one of
//  - a tree (jx/tree.h: jx::Array, std::vector / std::array / std::map /
//    std::pair / std::tuple of trees, JX_REGISTER_TREE structs): traced, f
//    gets a tree of the same structure whose leaves are tracers;
//  - a C++ scalar (bool, integers, floating point): traced as a weakly typed
//    0-d jx::Array (bool: strongly typed), as JAX traces Python scalars,
//    unless its index is in static_argnums: then f gets the value itself;
//  - any other value (std::string, enums, std::vector<int>, user types):
//    static, always (it cannot be traced; listing it in static_argnums is
//    allowed). f gets the value itself at trace time.
// Static values must have a jx::static_key(v) -> std::string (provided for
// scalars, enums, strings, and std::vector / std::array / std::pair /
// std::tuple / std::optional of those; for your own type define
// `std::string static_key(const T &)` in T's namespace): equal keys mean
// equal values. Each distinct static value compiles separately.
// An Array or tree named in static_argnums is an error (jx::error naming
// jit(f) and the argument). A scalar in static_argnums needs f to take it
// as a C++ value (`int n`); a traced scalar needs f to take a jx::Array
// there: f's parameter types are checked against each choice at compile
// time, so give f concrete parameter types (not `auto`) for static scalars.
//
// Results are trees of arrays (an Array, std::vector<Array>, tuples, maps,
// registered structs, nested).
//
// The cache key is: the argument types, each tree's structure (container
// sizes, map keys; a registered struct the structure of each field), the
// static values, and each leaf's dtype, shape and weak type.
//
// Donation (donate_argnums, as jax.jit's): every array leaf of a donated
// argument is deleted by the call - any later use (reading it, an op,
// passing it to jit) throws jx::error "... was donated to jit(f) and
// deleted", in every handle that shares it - and its memory is reused for
// an output of the same dtype and shape where the compiled code reads none
// of that input's elements after it starts writing the output (decided when
// compiling; the reuse is skipped otherwise, and for an array passed twice
// in one call). Under another trace (make_jaxpr(jit(f)), grad, vmap) jit
// traces f inline and donation does nothing.

#ifndef JX_JIT_H
#define JX_JIT_H

#include "jx/array.h"
#include "jx/jaxpr.h"
#include "jx/tree.h"

#include <array>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace jx {

using flat_function =
    std::function<std::vector<Array>(const std::vector<Array> &)>;

/// What Compiled::cost_analysis() reports (jx/Compiler/Compile.h,
/// program_cost): flops, transcendentals and bytes accessed, counted on the
/// program after simplification as XLA counts them.
struct cost_analysis_result {
  double flops = 0, transcendentals = 0, bytes_accessed = 0;
};

/// The result of jit(f).lower(args...).compile(), as jax.stages.Compiled:
/// the compiled program with the text of every stage it went through.
class Compiled {
public:
  /// The stages, in order: "stablehlo", "hlo", "linalg", "bufferized",
  /// "loops", "llvm-dialect", "llvm-ir", "asm".
  static const std::vector<std::string> &stages();
  /// One stage's text; the default, "hlo", is the program after
  /// simplification (JAX prints XLA's optimized HLO there). Throws
  /// std::invalid_argument for a stage not in stages().
  std::string as_text(const std::string &stage = "hlo") const;
  cost_analysis_result cost_analysis() const;
  /// The executable's bytes (jx::runtime::executable::deserialize loads
  /// them in any process of this jx version on a CPU like this one).
  std::string serialize() const;
  /// Runs it on flat arguments, the lowered jaxpr's inputs in order.
  std::vector<Array> operator()(const std::vector<Array> &args) const;
  /// Writes the pipeline explorer's page of this program to `path`
  /// (docs/explorer.md): one self-contained HTML file with the jaxpr and
  /// every stage above, the fusion decisions, the memory plan and the
  /// devices. With `args` (flat, as operator() takes them) the page also
  /// shows the time of a call and the results. The page is made from its
  /// own compilation of the program, whose ops carry the StableHLO lines
  /// they came from. `title` defaults to the jitted function's name. Throws
  /// std::runtime_error when the page cannot be made or written, or when
  /// `args` do not fit the program (the message names the argument).
  void explore(const std::string &path, const std::vector<Array> &args = {},
               const std::string &title = "") const;

  struct state;
  explicit Compiled(std::shared_ptr<const state> s) : state_(std::move(s)) {}

private:
  std::shared_ptr<const state> state_;
};

/// The result of jit(f).lower(args...): the traced jaxpr and its StableHLO.
class Lowered {
public:
  Lowered(ClosedJaxpr jaxpr, std::string name);
  /// The StableHLO module as text, as jax.jit(f).lower(x).as_text() prints.
  std::string as_text() const;
  const ClosedJaxpr &jaxpr() const { return jaxpr_; }
  /// Compiles it, keeping every stage's text (jax.stages.Lowered.compile).
  /// Throws std::runtime_error with the compiler's diagnostics on failure.
  Compiled compile() const;

private:
  ClosedJaxpr jaxpr_;
  std::string name_;
};

/// Counters of a compile cache.
struct cache_stats {
  int64_t hits = 0;
  int64_t misses = 0; // each miss traced and compiled once
};

/// jit's options (jax.jit's keyword arguments), set by chained calls:
///   jx::jit_options().static_argnums({1}).donate_argnums({0}).name("f")
/// Argument indices may be negative (counting from the end).
class jit_options {
public:
  jit_options &static_argnums(std::vector<int> v) {
    static_argnums_ = std::move(v);
    return *this;
  }
  jit_options &donate_argnums(std::vector<int> v) {
    donate_argnums_ = std::move(v);
    return *this;
  }
  /// Names the module (`module @jit_<name>`) and appears in errors.
  jit_options &name(std::string n) {
    name_ = std::move(n);
    return *this;
  }
  /// Where the compiled code runs: "cpu", "cuda" (this machine's CUDA
  /// device, docs/cuda.md) or "cuda-emulator"; empty (the default): the
  /// environment variable JX_DEVICE, else "cpu".
  jit_options &device(std::string d) {
    device_ = std::move(d);
    return *this;
  }
  const std::vector<int> &static_argnums() const { return static_argnums_; }
  const std::vector<int> &donate_argnums() const { return donate_argnums_; }
  const std::string &name() const { return name_; }
  const std::string &device() const { return device_; }

private:
  std::vector<int> static_argnums_, donate_argnums_;
  std::string name_ = "_lambda";
  std::string device_;
};

// --- static_key: the cache key of a static argument's value ---------------
inline std::string static_key(bool v) { return v ? "true" : "false"; }
template <class T, std::enable_if_t<std::is_integral_v<T> &&
                                        !std::is_same_v<T, bool>,
                                    int> = 0>
std::string static_key(T v) {
  return std::to_string(v);
}
/// Floating point: the exact value (hexadecimal), so 0.1f and 0.1 differ.
template <class T, std::enable_if_t<std::is_floating_point_v<T>, int> = 0>
std::string static_key(T v) {
  char buf[64];
  int n = std::snprintf(buf, sizeof buf, "%La", static_cast<long double>(v));
  return std::string(buf, n > 0 ? n : 0);
}
template <class E, std::enable_if_t<std::is_enum_v<E>, int> = 0>
std::string static_key(E v) {
  return static_key(static_cast<std::underlying_type_t<E>>(v));
}
inline std::string static_key(std::string_view s) {
  return std::to_string(s.size()) + ":" + std::string(s);
}
inline std::string static_key(const std::string &s) {
  return static_key(std::string_view(s));
}
inline std::string static_key(const char *s) {
  return static_key(std::string_view(s));
}
/// Whether static_key(T) exists (containers: of keyable elements).
template <class T, class = void> struct is_static_keyable : std::false_type {};
template <class T>
struct is_static_keyable<
    T, std::void_t<decltype(static_key(std::declval<const T &>()))>>
    : std::true_type {};
template <class T, class A>
struct is_static_keyable<std::vector<T, A>> : is_static_keyable<T> {};
template <class T, std::size_t N>
struct is_static_keyable<std::array<T, N>> : is_static_keyable<T> {};
template <class A, class B>
struct is_static_keyable<std::pair<A, B>>
    : std::bool_constant<is_static_keyable<A>::value &&
                         is_static_keyable<B>::value> {};
template <class... T>
struct is_static_keyable<std::tuple<T...>>
    : std::bool_constant<(is_static_keyable<T>::value && ...)> {};
template <class T>
struct is_static_keyable<std::optional<T>> : is_static_keyable<T> {};
template <class T>
using if_keyable = std::enable_if_t<is_static_keyable<T>::value, int>;

template <class T, class A, if_keyable<T> = 0>
std::string static_key(const std::vector<T, A> &v);
template <class T, std::size_t N, if_keyable<T> = 0>
std::string static_key(const std::array<T, N> &v);
template <class A, class B, if_keyable<A> = 0, if_keyable<B> = 0>
std::string static_key(const std::pair<A, B> &p);
template <class... T,
          std::enable_if_t<(is_static_keyable<T>::value && ...), int> = 0>
std::string static_key(const std::tuple<T...> &t);
template <class T, if_keyable<T> = 0>
std::string static_key(const std::optional<T> &o);

template <class T, class A, if_keyable<T>>
std::string static_key(const std::vector<T, A> &v) {
  std::string s = "[";
  for (const T &x : v)
    s += static_key(x) + ",";
  return s + "]";
}
template <class T, std::size_t N, if_keyable<T>>
std::string static_key(const std::array<T, N> &v) {
  std::string s = "[";
  for (const T &x : v)
    s += static_key(x) + ",";
  return s + "]";
}
template <class A, class B, if_keyable<A>, if_keyable<B>>
std::string static_key(const std::pair<A, B> &p) {
  return "(" + static_key(p.first) + "," + static_key(p.second) + ")";
}
template <class... T,
          std::enable_if_t<(is_static_keyable<T>::value && ...), int>>
std::string static_key(const std::tuple<T...> &t) {
  std::string s = "(";
  std::apply([&](const auto &...x) { ((s += static_key(x) + ","), ...); }, t);
  return s + ")";
}
template <class T, if_keyable<T>>
std::string static_key(const std::optional<T> &o) {
  return o ? "?" + static_key(*o) : std::string("none");
}

namespace detail {

/// The type-erased part of jit: cache, tracing, compilation, execution.
class jit_core {
public:
  /// A call prepared by jit's template (see Jitted::operator()).
  struct call_args {
    std::vector<Array> leaves;   // the traced leaves, in order
    std::vector<int> leaf_arg;   // the argument each leaf belongs to
    std::vector<char> donate;    // per leaf; empty: nothing donated
    std::string key;             // types, tree structure, static values
  };
  /// Traces f: from one tracer per leaf to the flat outputs, storing the
  /// output tree (with placeholder leaves) in `out_like`.
  struct trace_ref {
    const void *obj;
    std::vector<Array> (*fn)(const void *obj, const std::vector<Array> &,
                             std::shared_ptr<const void> &out_like);
  };
  struct call_result {
    std::vector<Array> leaves;
    const void *out_like; // the output tree; valid while the jit lives
  };

  jit_core(flat_function f, std::string name);
  /// `device`: jit_options::device().
  jit_core(std::string name, std::string device = "");
  std::vector<Array> call(const std::vector<Array> &args) const;
  call_result call(call_args &args, trace_ref trace) const;
  Lowered lower(const std::vector<Array> &args) const;
  cache_stats stats() const;
  const std::string &name() const;

private:
  struct state;
  std::shared_ptr<state> state_;
};

/// Whether a trace (make_jaxpr, jit, grad, vmap) is active.
bool tracing();
/// Throws jx::error "<api>: argument <i>: ..." for a donated (deleted) leaf.
void check_leaf(const std::string &api, int argnum, const Array &a);
[[noreturn]] void throw_error(const std::string &message);

// Flattening of the result types jit supported first (kept for callers).
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

// --- what an argument is -----------------------------------------------
template <class T, class = void> struct is_array_tree : is_tree<T> {};
template <> struct is_array_tree<Array> : std::true_type {};
template <class T, class A>
struct is_array_tree<std::vector<T, A>> : is_array_tree<T> {};
template <class T, std::size_t N>
struct is_array_tree<std::array<T, N>> : is_array_tree<T> {};
template <class K, class T, class C, class A>
struct is_array_tree<std::map<K, T, C, A>> : is_array_tree<T> {};
template <class A, class B>
struct is_array_tree<std::pair<A, B>>
    : std::bool_constant<is_array_tree<A>::value && is_array_tree<B>::value> {
};
template <class... T>
struct is_array_tree<std::tuple<T...>>
    : std::bool_constant<(is_array_tree<T>::value && ...)> {};

template <class T> using has_static_key = is_static_keyable<T>;

enum arg_kind : int { tree_arg, scalar_arg, static_arg };
template <class A>
constexpr int kind_of = is_array_tree<A>::value      ? tree_arg
                        : std::is_arithmetic_v<A>    ? scalar_arg
                                                     : static_arg;

// --- flattening a tree argument with its structure into the key -------
struct any_field_visitor {
  template <class F> void operator()(const F &) const {}
};
template <class T, class = void> struct has_fields : std::false_type {};
template <class T>
struct has_fields<T, std::void_t<decltype(tree_traits<T>::for_each_field(
                         std::declval<const T &>(), any_field_visitor{}))>>
    : std::true_type {};

template <class T, class = void> struct walk {
  // A JX_REGISTER_TREE struct: each field's structure in turn (a
  // hand-written tree_traits without for_each_field: its leaf count).
  static void run(const T &v, std::vector<Array> &leaves, std::string &key) {
    if constexpr (has_fields<T>::value) {
      key += '<';
      tree_traits<T>::for_each_field(v, [&](const auto &field) {
        walk<std::decay_t<decltype(field)>>::run(field, leaves, key);
      });
      key += '>';
    } else {
      std::size_t before = leaves.size();
      tree_traits<T>::flatten(v, leaves);
      key += '<';
      key += std::to_string(leaves.size() - before);
      key += '>';
    }
  }
};
template <> struct walk<Array> {
  static void run(const Array &a, std::vector<Array> &leaves,
                  std::string &key) {
    leaves.push_back(a);
    key += 'a';
  }
};
template <class Seq> void walk_sequence(const Seq &s, std::vector<Array> &l,
                                        std::string &key) {
  key += '[';
  for (const auto &x : s)
    walk<std::decay_t<decltype(x)>>::run(x, l, key);
  key += ']';
}
template <class T, class A> struct walk<std::vector<T, A>> {
  static void run(const std::vector<T, A> &v, std::vector<Array> &l,
                  std::string &key) {
    walk_sequence(v, l, key);
  }
};
template <class T, std::size_t N> struct walk<std::array<T, N>> {
  static void run(const std::array<T, N> &v, std::vector<Array> &l,
                  std::string &key) {
    walk_sequence(v, l, key);
  }
};
template <class K, class T, class C, class A> struct walk<std::map<K, T, C, A>> {
  static void run(const std::map<K, T, C, A> &m, std::vector<Array> &l,
                  std::string &key) {
    key += '{';
    for (const auto &kv : m) {
      if constexpr (has_static_key<K>::value) {
        std::string k = static_key(kv.first);
        key += std::to_string(k.size());
        key += ':';
        key += k;
      } else {
        key += '#'; // keys without a static_key: only their number counts
      }
      walk<T>::run(kv.second, l, key);
    }
    key += '}';
  }
};
template <class A, class B> struct walk<std::pair<A, B>> {
  static void run(const std::pair<A, B> &p, std::vector<Array> &l,
                  std::string &key) {
    key += '(';
    walk<A>::run(p.first, l, key);
    walk<B>::run(p.second, l, key);
    key += ')';
  }
};
template <class... T> struct walk<std::tuple<T...>> {
  static void run(const std::tuple<T...> &t, std::vector<Array> &l,
                  std::string &key) {
    key += '(';
    std::apply([&](const auto &...x) {
      (walk<std::decay_t<decltype(x)>>::run(x, l, key), ...);
    }, t);
    key += ')';
  }
};

/// A unique address per instantiation: the argument types in the key.
template <class... T> inline constexpr char type_tag = 0;

/// The output tree with placeholder leaves, kept to rebuild outputs.
template <class R> std::shared_ptr<const void> output_like(const R &r) {
  if constexpr (std::is_same_v<R, Array>) {
    return nullptr;
  } else {
    Array placeholder;
    return std::make_shared<const R>(
        tree_map([&](const Array &) { return placeholder; }, r));
  }
}
template <class R>
R rebuild_output(const void *like, const std::vector<Array> &leaves) {
  if constexpr (std::is_same_v<R, Array>)
    return leaves.at(0);
  else
    return tree_unflatten(*static_cast<const R *>(like), leaves);
}

template <std::size_t N>
constexpr std::size_t scalar_ordinal(const std::array<int, N> &kinds,
                                     std::size_t i) {
  std::size_t o = 0;
  for (std::size_t j = 0; j < i; ++j)
    o += kinds[j] == scalar_arg;
  return o;
}
template <class... A> struct arg_info {
  static constexpr std::size_t N = sizeof...(A);
  static constexpr std::array<int, N> kinds{{kind_of<A>...}};
  static constexpr std::size_t num_scalars = scalar_ordinal(kinds, N);
  /// Whether argument I is static when the scalars' choices are `M` (bit b:
  /// the b-th scalar argument is static).
  template <std::size_t I, std::size_t M>
  static constexpr bool is_static =
      kinds[I] == static_arg ||
      (kinds[I] == scalar_arg && ((M >> scalar_ordinal(kinds, I)) & 1));
};
/// What f gets for an argument: the tree (rebuilt from tracers) or the
/// static value as it is, or a traced scalar's jx::Array.
template <class T, bool AsIs>
using pass_type = std::conditional_t<AsIs, const T &, const Array &>;

template <bool Invocable, class F, class... P> struct result_or_void {
  using type = void;
};
template <class F, class... P> struct result_or_void<true, F, P...> {
  using type = std::decay_t<std::invoke_result_t<const F &, P...>>;
};
/// f called with the scalars' choices M.
template <class F, std::size_t M, class Seq, class... A> struct combo_info;
template <class F, std::size_t M, std::size_t... I, class... A>
struct combo_info<F, M, std::index_sequence<I...>, A...> {
  using info = arg_info<A...>;
  static constexpr bool invocable = std::is_invocable_v<
      const F &, pass_type<A, info::kinds[I] == tree_arg ||
                                  info::template is_static<I, M>>...>;
  using result = typename result_or_void<
      invocable, F,
      pass_type<A, info::kinds[I] == tree_arg ||
                       info::template is_static<I, M>>...>::type;
  static constexpr bool returns_tree =
      !std::is_void_v<result> && is_array_tree<result>::value;
};
template <class F, class Seq, class... A> struct default_mask_of;
template <class F, std::size_t... M, class... A>
struct default_mask_of<F, std::index_sequence<M...>, A...> {
  static constexpr std::size_t find() {
    constexpr bool viable[] = {
        combo_info<F, M, std::index_sequence_for<A...>, A...>::returns_tree...};
    for (std::size_t m = 0; m < sizeof...(M); ++m)
      if (viable[m])
        return m;
    return sizeof...(M);
  }
  static constexpr std::size_t value = find();
};

/// How f is called with arguments of types A...: which arguments are
/// traced, and which static/traced choices of its C++ scalars f accepts
/// (all choices that compile, returning the same tree type).
template <class F, class... A> struct call_plan {
  using info = arg_info<A...>;
  static constexpr std::size_t N = info::N;
  static constexpr std::array<int, N> kinds = info::kinds;
  static_assert(info::num_scalars <= 6,
                "jx::jit: at most 6 C++ scalar arguments (each may be "
                "static or traced); pass more as jx::Array or in a container");
  static constexpr std::size_t num_masks = std::size_t(1)
                                           << info::num_scalars;
  static constexpr std::size_t default_mask =
      default_mask_of<F, std::make_index_sequence<num_masks>, A...>::value;
  static_assert(default_mask < num_masks,
                "jx::jit / make_jaxpr: f cannot be called with these "
                "arguments (trees, jx::Array for traced C++ scalars, the "
                "values themselves for static ones), or does not return a "
                "tree of jx::Array");
  template <std::size_t M>
  using combo = combo_info<F, M, std::index_sequence_for<A...>, A...>;
  using result = typename combo<default_mask>::result;
  template <std::size_t M>
  static constexpr bool viable =
      combo<M>::returns_tree &&
      std::is_same_v<typename combo<M>::result, result>;
  template <std::size_t I>
  using arg_t = std::tuple_element_t<I, std::tuple<A...>>;

  /// The value passed to f at position I: `args` is the original argument,
  /// `leaves` the tracers of that argument's leaves.
  template <std::size_t I, std::size_t M>
  static decltype(auto) pass(const arg_t<I> &arg, const Array *leaves,
                             const Array *end) {
    if constexpr (kinds[I] == tree_arg) {
      const Array *it = leaves;
      return tree_traits<arg_t<I>>::unflatten(arg, it, end);
    } else if constexpr (info::template is_static<I, M>) {
      return (arg);
    } else {
      return (*leaves);
    }
  }
  template <std::size_t M, std::size_t... I>
  static result call_mask(const F &f, const std::vector<Array> &tracers,
                          const std::size_t *offsets,
                          std::index_sequence<I...>, const A &...args) {
    const Array *begin = tracers.data(), *end = begin + tracers.size();
    return f(pass<I, M>(args, begin + offsets[I], end)...);
  }
  /// f called with the tracers of the traced arguments (one per leaf, in
  /// order; `offsets[i]` is argument i's first leaf) and the static ones.
  static result call(const F &f, std::size_t mask,
                     const std::vector<Array> &tracers,
                     const std::size_t *offsets, const A &...args) {
    return call_table(std::make_index_sequence<num_masks>{})[mask](
        f, tracers, offsets, args...);
  }
  using call_fn = result (*)(const F &, const std::vector<Array> &,
                             const std::size_t *, const A &...);
  template <std::size_t M> static call_fn entry() {
    if constexpr (viable<M>)
      return [](const F &f, const std::vector<Array> &t, const std::size_t *o,
                const A &...args) {
        return call_mask<M>(f, t, o, std::make_index_sequence<N>{}, args...);
      };
    else
      return nullptr;
  }
  template <std::size_t... M>
  static const std::array<call_fn, num_masks> &
  call_table(std::index_sequence<M...>) {
    static const std::array<call_fn, num_masks> table{{entry<M>()...}};
    return table;
  }
  static bool mask_viable(std::size_t mask) {
    return call_table(std::make_index_sequence<num_masks>{})[mask] != nullptr;
  }

  /// A call of f on `args` made ready: static positions checked, leaves
  /// flattened, the key built. `static_mask` gets the scalars' choices.
  struct prepared {
    jit_core::call_args call;
    std::array<std::size_t, N + 1> offsets{};
    std::size_t mask = 0;
  };
  static prepared prepare(const std::string &api,
                          const std::vector<int> &static_argnums,
                          const std::vector<int> &donate_argnums,
                          const A &...args) {
    prepared p;
    std::array<bool, N> is_static_arg{}, donated{};
    auto position = [&](int i, const char *what) -> std::size_t {
      int j = i < 0 ? i + static_cast<int>(N) : i;
      if (j < 0 || j >= static_cast<int>(N))
        throw_error(api + ": " + what + " names argument " +
                    std::to_string(i) + ", but f was called with " +
                    std::to_string(N) + " argument" + (N == 1 ? "" : "s"));
      return static_cast<std::size_t>(j);
    };
    for (int i : static_argnums)
      is_static_arg[position(i, "static_argnums")] = true;
    for (int i : donate_argnums) {
      std::size_t j = position(i, "donate_argnums");
      if (is_static_arg[j] || kinds[j] == static_arg)
        throw_error(api + ": argument " + std::to_string(j) +
                    " is static and cannot be donated");
      donated[j] = true;
    }
    jit_core::call_args &c = p.call;
    c.leaves.reserve(N);
    c.key.reserve(32);
    const char *tag = &type_tag<F, A...>;
    c.key.append(reinterpret_cast<const char *>(&tag), sizeof tag);
    std::size_t i = 0;
    bool any_donated = false;
    for (bool d : donated)
      any_donated |= d;
    auto one = [&](const auto &arg) {
      using T = std::decay_t<decltype(arg)>;
      p.offsets[i] = c.leaves.size();
      if constexpr (kind_of<T> == tree_arg) {
        if (is_static_arg[i]) {
          std::vector<Array> leaves = tree_leaves(arg);
          throw_error(api + ": argument " + std::to_string(i) +
                      " is in static_argnums but is " +
                      (std::is_same_v<T, Array>
                           ? "a jx::Array (" +
                                 (leaves.at(0).aval().str()) + ")"
                           : std::string("a tree of jx::Array")) +
                      "; static arguments are C++ values (int, bool, "
                      "std::string, enums, ...) with a jx::static_key");
        }
        walk<T>::run(arg, c.leaves, c.key);
      } else if constexpr (kind_of<T> == scalar_arg) {
        if (is_static_arg[i]) {
          p.mask |= std::size_t(1) << scalar_ordinal(kinds, i);
          std::string k = static_key(arg);
          c.key += 'S';
          c.key += k;
          c.key += ';';
        } else {
          c.leaves.push_back(Array(arg));
          c.key += 's';
        }
      } else {
        static_assert(has_static_key<T>::value,
                      "jx::jit / make_jaxpr: an argument is not a tree of "
                      "jx::Array, a C++ scalar, or a static value with a "
                      "jx::static_key(const T &) overload (define one in "
                      "T's namespace)");
        if constexpr (has_static_key<T>::value) {
          std::string k = static_key(arg);
          c.key += 'S';
          c.key += std::to_string(k.size());
          c.key += ':';
          c.key += k;
        }
      }
      if (any_donated) {
        c.donate.resize(c.leaves.size(), 0);
        if (donated[i])
          for (std::size_t l = p.offsets[i]; l < c.leaves.size(); ++l)
            c.donate[l] = 1;
      }
      c.leaf_arg.resize(c.leaves.size(), static_cast<int>(i));
      ++i;
    };
    (one(args), ...);
    p.offsets[N] = c.leaves.size();
    if (!mask_viable(p.mask)) {
      std::string traced, stat;
      for (std::size_t j = 0; j < N; ++j)
        if (kinds[j] == scalar_arg)
          (is_static_arg[j] ? stat : traced) +=
              (stat.empty() && traced.empty() ? "" : ", ") +
              std::to_string(j);
      throw_error(api + ": f cannot be called with its C++ scalar "
                  "arguments " +
                  (traced.empty() ? "" : traced + " traced (as jx::Array)") +
                  (traced.empty() || stat.empty() ? "" : " and ") +
                  (stat.empty() ? "" : stat + " static (as C++ values)") +
                  "; change static_argnums (f's parameter types decide)");
    }
    return p;
  }
};

} // namespace detail

/// make_jaxpr(f)(args...): traces f on the arguments' shapes and dtypes.
/// Arguments as for jit (trees, C++ scalars, static values); optionally
/// `static_argnums` as jax.make_jaxpr's.
template <class F> class make_jaxpr_fn {
public:
  explicit make_jaxpr_fn(F f, std::vector<int> static_argnums = {})
      : f_(std::move(f)), static_argnums_(std::move(static_argnums)) {}
  template <class... A> ClosedJaxpr operator()(const A &...args) const {
    using plan = detail::call_plan<F, A...>;
    auto p = plan::prepare("jx::make_jaxpr", static_argnums_, {}, args...);
    std::vector<shaped_array> avals;
    avals.reserve(p.call.leaves.size());
    for (const Array &a : p.call.leaves)
      avals.push_back(a.aval());
    return core::trace_to_jaxpr(
        [&](const std::vector<Array> &tracers) {
          std::vector<Array> out;
          tree_flatten_into(
              plan::call(f_, p.mask, tracers, p.offsets.data(), args...), out);
          return out;
        },
        avals);
  }

private:
  F f_;
  std::vector<int> static_argnums_;
};
template <class F> make_jaxpr_fn<F> make_jaxpr(F f) {
  return make_jaxpr_fn<F>(std::move(f));
}
template <class F>
make_jaxpr_fn<F> make_jaxpr(F f, std::vector<int> static_argnums) {
  return make_jaxpr_fn<F>(std::move(f), std::move(static_argnums));
}

/// jit(f, options): f compiled per input signature (argument types, tree
/// structures, static values, shapes, dtypes, weak types), cached; copies
/// share the cache.
template <class F> class Jitted {
public:
  Jitted(F f, jit_options options)
      : f_(std::move(f)), options_(std::move(options)),
        api_("jx::jit(" + options_.name() + ")"),
        core_(std::make_shared<detail::jit_core>(options_.name(),
                                                 options_.device())) {}
  Jitted(F f, std::string name)
      : Jitted(std::move(f), jit_options().name(std::move(name))) {}

  template <class... A> auto operator()(const A &...args) const {
    using plan = detail::call_plan<F, A...>;
    using R = typename plan::result;
    auto p = plan::prepare(api_, options_.static_argnums(),
                           options_.donate_argnums(), args...);
    if (detail::tracing()) // inside make_jaxpr / jit / grad / vmap: inline
      return plan::call(f_, p.mask, p.call.leaves, p.offsets.data(), args...);
    struct ctx {
      const F &f;
      const typename plan::prepared &p;
      std::tuple<const A &...> args;
    } c{f_, p, std::tuple<const A &...>(args...)};
    detail::jit_core::trace_ref trace{
        &c, [](const void *o, const std::vector<Array> &tracers,
               std::shared_ptr<const void> &out_like) {
          const ctx &c = *static_cast<const ctx *>(o);
          R r = std::apply(
              [&](const A &...a) {
                return plan::call(c.f, c.p.mask, tracers, c.p.offsets.data(),
                                  a...);
              },
              c.args);
          out_like = detail::output_like(r);
          return tree_leaves(r);
        }};
    auto res = core_->call(p.call, trace);
    return detail::rebuild_output<R>(res.out_like, res.leaves);
  }
  template <class... A> Lowered lower(const A &...args) const {
    using plan = detail::call_plan<F, A...>;
    auto p = plan::prepare(api_, options_.static_argnums(), {}, args...);
    std::vector<shaped_array> avals;
    for (const Array &a : p.call.leaves)
      avals.push_back(a.aval());
    return Lowered(core::trace_to_jaxpr(
                       [&](const std::vector<Array> &tracers) {
                         return tree_leaves(plan::call(f_, p.mask, tracers,
                                                       p.offsets.data(),
                                                       args...));
                       },
                       avals),
                   options_.name());
  }
  int64_t cache_hits() const { return stats().hits; }
  int64_t cache_misses() const { return stats().misses; }
  cache_stats stats() const { return core_->stats(); }
  const jit_options &options() const { return options_; }

private:
  F f_;
  jit_options options_;
  std::string api_;
  std::shared_ptr<detail::jit_core> core_;
};

/// `name` names the module (`module @jit_<name>`), as the Python function's
/// name does in JAX; lambdas are "_lambda" there.
template <class F> Jitted<F> jit(F f, std::string name = "_lambda") {
  return Jitted<F>(std::move(f), std::move(name));
}
/// jit with options: jx::jit(f, jx::jit_options().static_argnums({1})).
template <class F> Jitted<F> jit(F f, jit_options options) {
  return Jitted<F>(std::move(f), std::move(options));
}

/// The cache of single-primitive executables that eager mode runs ops with.
cache_stats eager_cache_stats();

} // namespace jx

#endif // JX_JIT_H
