// tree.h - jx's pytrees: nested containers of arrays that the transforms
// take and return (jax.tree_util).
//
// A tree is a jx::Array, a std::vector / std::array / std::map (any key) /
// std::pair / std::tuple of trees, or a user struct registered once:
//
//   struct Params { jx::Array w, b; std::vector<jx::Array> layers; };
//   JX_REGISTER_TREE(Params, w, b, layers)   // at global scope
//
// Leaves are visited depth first, in field / element / key order.
// grad returns gradients in the structure of the argument; jit, vmap and
// the optimizers in examples/ map over the leaves.

#ifndef JX_TREE_H
#define JX_TREE_H

#include "jx/array.h"

#include <array>
#include <map>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace jx {

/// How to flatten a T into leaves and rebuild one from leaves, given a
/// value `like` with the same structure (sizes, keys). Not defined for
/// types that are not trees.
template <class T, class Enable = void> struct tree_traits;

template <class T, class = void> struct is_tree : std::false_type {};
template <class T>
struct is_tree<T, std::void_t<decltype(tree_traits<T>::flatten(
                      std::declval<const T &>(),
                      std::declval<std::vector<Array> &>()))>>
    : std::true_type {};

template <class T> void tree_flatten_into(const T &t, std::vector<Array> &out) {
  static_assert(is_tree<T>::value,
                "jx: not a tree: use jx::Array, std containers of trees, or "
                "a struct registered with JX_REGISTER_TREE");
  tree_traits<T>::flatten(t, out);
}

/// The leaves of `t`, in order.
template <class T> std::vector<Array> tree_leaves(const T &t) {
  std::vector<Array> out;
  tree_flatten_into(t, out);
  return out;
}

/// A tree shaped like `like` whose leaves are `leaves` (as many as `like`
/// has; throws jx::error otherwise).
template <class T>
T tree_unflatten(const T &like, const std::vector<Array> &leaves) {
  const Array *it = leaves.data();
  const Array *end = it + leaves.size();
  T out = tree_traits<T>::unflatten(like, it, end);
  if (it != end)
    throw error("jx::tree_unflatten: " + std::to_string(leaves.size()) +
                " leaves for a tree of " +
                std::to_string(tree_leaves(like).size()));
  return out;
}

/// `f` applied to each leaf (tree_map), or to matching leaves of two trees
/// of the same structure.
template <class T, class F> T tree_map(F f, const T &t) {
  std::vector<Array> leaves = tree_leaves(t);
  for (Array &a : leaves)
    a = f(a);
  return tree_unflatten(t, leaves);
}
template <class T, class F> T tree_map(F f, const T &a, const T &b) {
  std::vector<Array> la = tree_leaves(a), lb = tree_leaves(b);
  if (la.size() != lb.size())
    throw error("jx::tree_map: trees of " + std::to_string(la.size()) +
                " and " + std::to_string(lb.size()) + " leaves");
  for (std::size_t i = 0; i < la.size(); ++i)
    la[i] = f(la[i], lb[i]);
  return tree_unflatten(a, la);
}

namespace detail {
inline Array take_leaf(const Array *&it, const Array *end) {
  if (it == end)
    throw error("jx::tree_unflatten: too few leaves for the tree");
  return *it++;
}
} // namespace detail

template <> struct tree_traits<Array> {
  static void flatten(const Array &a, std::vector<Array> &out) {
    out.push_back(a);
  }
  static Array unflatten(const Array &, const Array *&it, const Array *end) {
    return detail::take_leaf(it, end);
  }
};

template <class T> struct tree_traits<std::vector<T>> {
  static void flatten(const std::vector<T> &v, std::vector<Array> &out) {
    for (const T &x : v)
      tree_flatten_into(x, out);
  }
  static std::vector<T> unflatten(const std::vector<T> &like, const Array *&it,
                                  const Array *end) {
    std::vector<T> r;
    r.reserve(like.size());
    for (const T &x : like)
      r.push_back(tree_traits<T>::unflatten(x, it, end));
    return r;
  }
};

template <class T, std::size_t N> struct tree_traits<std::array<T, N>> {
  static void flatten(const std::array<T, N> &v, std::vector<Array> &out) {
    for (const T &x : v)
      tree_flatten_into(x, out);
  }
  static std::array<T, N> unflatten(const std::array<T, N> &like,
                                    const Array *&it, const Array *end) {
    std::array<T, N> r = like;
    for (std::size_t i = 0; i < N; ++i)
      r[i] = tree_traits<T>::unflatten(like[i], it, end);
    return r;
  }
};

template <class K, class T, class C, class A>
struct tree_traits<std::map<K, T, C, A>> {
  using M = std::map<K, T, C, A>;
  static void flatten(const M &m, std::vector<Array> &out) {
    for (const auto &kv : m)
      tree_flatten_into(kv.second, out);
  }
  static M unflatten(const M &like, const Array *&it, const Array *end) {
    M r;
    for (const auto &kv : like)
      r.emplace(kv.first, tree_traits<T>::unflatten(kv.second, it, end));
    return r;
  }
};

template <class A, class B> struct tree_traits<std::pair<A, B>> {
  static void flatten(const std::pair<A, B> &p, std::vector<Array> &out) {
    tree_flatten_into(p.first, out);
    tree_flatten_into(p.second, out);
  }
  static std::pair<A, B> unflatten(const std::pair<A, B> &like,
                                   const Array *&it, const Array *end) {
    A a = tree_traits<A>::unflatten(like.first, it, end);
    B b = tree_traits<B>::unflatten(like.second, it, end);
    return {std::move(a), std::move(b)};
  }
};

template <class... T> struct tree_traits<std::tuple<T...>> {
  static void flatten(const std::tuple<T...> &t, std::vector<Array> &out) {
    std::apply([&](const auto &...x) { (tree_flatten_into(x, out), ...); }, t);
  }
  static std::tuple<T...> unflatten(const std::tuple<T...> &like,
                                    const Array *&it, const Array *end) {
    return unflatten_impl(like, it, end, std::index_sequence_for<T...>{});
  }
  template <std::size_t... I>
  static std::tuple<T...> unflatten_impl(const std::tuple<T...> &like,
                                         const Array *&it, const Array *end,
                                         std::index_sequence<I...>) {
    // Braced initialization evaluates left to right: leaves stay in order.
    return std::tuple<T...>{
        tree_traits<std::tuple_element_t<I, std::tuple<T...>>>::unflatten(
            std::get<I>(like), it, end)...};
  }
};

} // namespace jx

// JX_REGISTER_TREE(Type, field, ...): makes a struct a tree whose leaves
// are its listed fields' leaves, in order (up to 16 fields; each field a
// tree). Use at global scope, after the struct's definition.
#define JX_PP_NARGS(...)                                                       \
  JX_PP_NARGS_(__VA_ARGS__, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3,  \
               2, 1)
#define JX_PP_NARGS_(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13,   \
                     _14, _15, _16, N, ...)                                    \
  N
#define JX_PP_CAT(a, b) JX_PP_CAT_(a, b)
#define JX_PP_CAT_(a, b) a##b
#define JX_FE_1(m, x) m(x)
#define JX_FE_2(m, x, ...) m(x) JX_FE_1(m, __VA_ARGS__)
#define JX_FE_3(m, x, ...) m(x) JX_FE_2(m, __VA_ARGS__)
#define JX_FE_4(m, x, ...) m(x) JX_FE_3(m, __VA_ARGS__)
#define JX_FE_5(m, x, ...) m(x) JX_FE_4(m, __VA_ARGS__)
#define JX_FE_6(m, x, ...) m(x) JX_FE_5(m, __VA_ARGS__)
#define JX_FE_7(m, x, ...) m(x) JX_FE_6(m, __VA_ARGS__)
#define JX_FE_8(m, x, ...) m(x) JX_FE_7(m, __VA_ARGS__)
#define JX_FE_9(m, x, ...) m(x) JX_FE_8(m, __VA_ARGS__)
#define JX_FE_10(m, x, ...) m(x) JX_FE_9(m, __VA_ARGS__)
#define JX_FE_11(m, x, ...) m(x) JX_FE_10(m, __VA_ARGS__)
#define JX_FE_12(m, x, ...) m(x) JX_FE_11(m, __VA_ARGS__)
#define JX_FE_13(m, x, ...) m(x) JX_FE_12(m, __VA_ARGS__)
#define JX_FE_14(m, x, ...) m(x) JX_FE_13(m, __VA_ARGS__)
#define JX_FE_15(m, x, ...) m(x) JX_FE_14(m, __VA_ARGS__)
#define JX_FE_16(m, x, ...) m(x) JX_FE_15(m, __VA_ARGS__)
#define JX_FOR_EACH(m, ...)                                                    \
  JX_PP_CAT(JX_FE_, JX_PP_NARGS(__VA_ARGS__))(m, __VA_ARGS__)

#define JX_TREE_FLATTEN_FIELD(f) ::jx::tree_flatten_into(v.f, out);
#define JX_TREE_UNFLATTEN_FIELD(f)                                             \
  r.f = ::jx::tree_traits<std::decay_t<decltype(r.f)>>::unflatten(like.f, it,  \
                                                                  end);
#define JX_TREE_VISIT_FIELD(f) visit(v.f);
#define JX_REGISTER_TREE(T, ...)                                               \
  template <> struct jx::tree_traits<T> {                                      \
    /* Calls visit(field) for each listed field, in order (jit keys the   */ \
    /* structure of every field, not only the leaf count).                */ \
    template <class V> static void for_each_field(const T &v, V &&visit) {     \
      JX_FOR_EACH(JX_TREE_VISIT_FIELD, __VA_ARGS__)                            \
    }                                                                          \
    static void flatten(const T &v, std::vector<::jx::Array> &out) {           \
      JX_FOR_EACH(JX_TREE_FLATTEN_FIELD, __VA_ARGS__)                          \
    }                                                                          \
    static T unflatten(const T &like, const ::jx::Array *&it,                  \
                       const ::jx::Array *end) {                               \
      T r = like;                                                              \
      JX_FOR_EACH(JX_TREE_UNFLATTEN_FIELD, __VA_ARGS__)                        \
      return r;                                                                \
    }                                                                          \
  };

#endif // JX_TREE_H
