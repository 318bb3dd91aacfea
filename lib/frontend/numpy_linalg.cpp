// numpy_linalg.cpp - jx::numpy::dot, matmul, einsum, tensordot, outer,
// inner and vdot, as dot_general.

#include "frontend/api_util.h"
#include "jx/lax.h"
#include "jx/numpy.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>

namespace jx::numpy {

namespace {

/// Promotes both operands to their common dtype.
std::pair<Array, Array> promote_pair(const Array &a, const Array &b) {
  typed_dtype t = result_type({{a.dtype(), a.weak_type()},
                               {b.dtype(), b.weak_type()}});
  return {astype(a, t.dtype), astype(b, t.dtype)};
}

void check_contracting(const std::string &api, const Array &a, int64_t ad,
                       const Array &b, int64_t bd) {
  if (a.shape()[ad] != b.shape()[bd])
    throw error("jx::" + api + ": contracting dims differ: lhs " +
                a.aval().str() + " dim " + std::to_string(ad) + " is " +
                std::to_string(a.shape()[ad]) + ", rhs " + b.aval().str() +
                " dim " + std::to_string(bd) + " is " +
                std::to_string(b.shape()[bd]));
}

Array contract(const std::string &api, const Array &a, const Array &b,
               int64_t ad, int64_t bd, std::vector<int64_t> batch = {}) {
  check_contracting(api, a, ad, b, bd);
  for (int64_t d : batch)
    if (a.shape()[d] != b.shape()[d])
      throw error("jx::" + api + ": batch dims differ: lhs " + a.aval().str() +
                  " dim " + std::to_string(d) + ", rhs " + b.aval().str() +
                  " dim " + std::to_string(d));
  auto [x, y] = promote_pair(a, b);
  dot_dimension_numbers dn{{ad}, {bd}, batch, batch};
  return lax::dot_general(x, y, dn, x.dtype());
}

} // namespace

Array matmul(const Array &a, const Array &b) {
  if (a.ndim() == 0 || b.ndim() == 0)
    throw error("jx::matmul: operands must have at least one dimension, got " +
                a.aval().str() + " and " + b.aval().str());
  if (b.ndim() == 1)
    return contract("matmul", a, b, a.ndim() - 1, 0);
  if (a.ndim() == 1)
    return contract("matmul", a, b, 0, b.ndim() - 2);
  if (a.ndim() == 2 && b.ndim() == 2)
    return contract("matmul", a, b, 1, 0);
  if (a.ndim() != b.ndim())
    throw error("jx::matmul: batch ranks differ (" + a.aval().str() + " and " +
                b.aval().str() + "); broadcasting batch dims is not "
                "supported yet");
  std::vector<int64_t> batch;
  for (int64_t i = 0; i + 2 < a.ndim(); ++i)
    batch.push_back(i);
  return contract("matmul", a, b, a.ndim() - 1, b.ndim() - 2, batch);
}

Array dot(const Array &a, const Array &b) {
  if (a.ndim() == 0 || b.ndim() == 0)
    return multiply(a, b);
  return contract("dot", a, b, a.ndim() - 1, b.ndim() == 1 ? 0 : b.ndim() - 2);
}

} // namespace jx::numpy

// --- numpy-more (issue 4): einsum, tensordot, outer, inner, vdot ---

namespace jx::numpy {

namespace {

/// einsum's labels: letters by their code; the dims of `...` by kEllipsis
/// plus their position in the broadcast ellipsis shape.
constexpr int kEllipsis = 1000;

std::string label_str(int l) {
  if (l >= kEllipsis)
    return "... dim " + std::to_string(l - kEllipsis);
  return std::string("'") + static_cast<char>(l) + "'";
}

/// One term of the subscripts ("ij", "...i"): its letters, and where the
/// ellipsis is (-1: none).
struct einsum_term {
  std::vector<int> letters;
  int64_t ellipsis_at = -1;
};

einsum_term parse_term(const std::string &api, const std::string &subscripts,
                       const std::string &term) {
  einsum_term t;
  for (std::size_t i = 0; i < term.size(); ++i) {
    char c = term[i];
    if (c == '.') {
      if (term.compare(i, 3, "...") != 0 || t.ellipsis_at >= 0)
        throw error(api + ": invalid subscripts '" + subscripts +
                    "': '.' must come as one '...' per term");
      t.ellipsis_at = static_cast<int64_t>(t.letters.size());
      i += 2;
    } else if (std::isalpha(static_cast<unsigned char>(c))) {
      t.letters.push_back(c);
    } else {
      throw error(api + ": invalid subscripts '" + subscripts +
                  "': character '" + std::string(1, c) +
                  "' is not a letter");
    }
  }
  return t;
}

/// Sums `x` over the dims whose labels `drop` says, keeping `labels` in step.
Array sum_labels(Array x, std::vector<int> &labels,
                 const std::function<bool(int)> &drop) {
  std::vector<int64_t> axes;
  std::vector<int> kept;
  for (std::size_t d = 0; d < labels.size(); ++d) {
    if (drop(labels[d]))
      axes.push_back(static_cast<int64_t>(d));
    else
      kept.push_back(labels[d]);
  }
  if (axes.empty())
    return x;
  labels = kept;
  return is_bool(x.dtype()) ? lax::reduce_or(x, axes) : lax::reduce_sum(x, axes);
}

/// The diagonal over the dims of a label repeated in one operand: entries
/// off the diagonal are zeroed and summed out.
Array take_diagonals(Array x, std::vector<int> &labels) {
  for (;;) {
    std::size_t d1 = 0, d2 = 0;
    for (std::size_t i = 0; i < labels.size() && !d2; ++i)
      for (std::size_t j = i + 1; j < labels.size(); ++j)
        if (labels[i] == labels[j]) {
          d1 = i;
          d2 = j;
          break;
        }
    if (!d2)
      return x;
    Array mask = lax::eq(lax::iota(dtype::int32, x.shape(), d1),
                         lax::iota(dtype::int32, x.shape(), d2));
    Array zero = lax::broadcast_in_dim(Array(0).astype(x.dtype()), x.shape(), {});
    x = lax::select_n(mask, {zero, x});
    x = is_bool(x.dtype()) ? lax::reduce_or(x, {static_cast<int64_t>(d2)})
                           : lax::reduce_sum(x, {static_cast<int64_t>(d2)});
    labels.erase(labels.begin() + d2);
  }
}

} // namespace

Array einsum(const std::string &subscripts,
             const std::vector<Array> &operands) {
  const std::string api = "jx::einsum";
  std::string spec;
  for (char c : subscripts)
    if (c != ' ')
      spec += c;
  std::string lhs = spec, rhs;
  bool explicit_out = false;
  if (std::size_t arrow = spec.find("->"); arrow != std::string::npos) {
    lhs = spec.substr(0, arrow);
    rhs = spec.substr(arrow + 2);
    explicit_out = true;
    if (rhs.find("->") != std::string::npos || rhs.find(',') != std::string::npos)
      throw error(api + ": invalid subscripts '" + subscripts +
                  "': one '->' and one output term at most");
  }
  std::vector<std::string> terms{""};
  for (char c : lhs) {
    if (c == ',')
      terms.emplace_back();
    else
      terms.back() += c;
  }
  if (operands.empty())
    throw error(api + ": needs at least one operand");
  if (terms.size() != operands.size())
    throw error(api + ": subscripts '" + subscripts + "' name " +
                std::to_string(terms.size()) + " operands, got " +
                std::to_string(operands.size()));
  std::string types;
  for (const Array &a : operands)
    types += (types.empty() ? "" : ", ") + a.aval().str();

  // Labels of each operand's dims; `...` right-aligned to the broadcast
  // ellipsis rank.
  std::vector<einsum_term> parsed;
  int64_t ellipsis_rank = 0;
  for (std::size_t i = 0; i < terms.size(); ++i) {
    parsed.push_back(parse_term(api, subscripts, terms[i]));
    const einsum_term &t = parsed.back();
    int64_t n = static_cast<int64_t>(t.letters.size());
    int64_t nd = operands[i].ndim();
    if (t.ellipsis_at < 0 ? n != nd : n > nd)
      throw error(api + ": operand " + std::to_string(i) + " " +
                  operands[i].aval().str() + " has " + std::to_string(nd) +
                  " dims but subscripts '" + terms[i] + "' name " +
                  std::to_string(n));
    if (t.ellipsis_at >= 0)
      ellipsis_rank = std::max(ellipsis_rank, nd - n);
  }
  std::vector<std::vector<int>> labels(operands.size());
  std::map<int, int64_t> size_of;
  std::map<int, int64_t> count;
  for (std::size_t i = 0; i < operands.size(); ++i) {
    const einsum_term &t = parsed[i];
    int64_t e = operands[i].ndim() - static_cast<int64_t>(t.letters.size());
    for (int64_t j = 0; j < static_cast<int64_t>(t.letters.size()); ++j) {
      if (j == t.ellipsis_at)
        for (int64_t k = 0; k < e; ++k)
          labels[i].push_back(kEllipsis + ellipsis_rank - e + k);
      labels[i].push_back(t.letters[j]);
    }
    if (t.ellipsis_at == static_cast<int64_t>(t.letters.size()))
      for (int64_t k = 0; k < e; ++k)
        labels[i].push_back(kEllipsis + ellipsis_rank - e + k);
    for (std::size_t d = 0; d < labels[i].size(); ++d) {
      int l = labels[i][d];
      int64_t n = operands[i].shape()[d];
      ++count[l];
      auto [it, fresh] = size_of.insert({l, n});
      if (fresh || it->second == n || n == 1)
        continue;
      if (it->second != 1)
        throw error(api + ": size of label " + label_str(l) + " for operand " +
                    std::to_string(i) + " (" + std::to_string(n) +
                    ") does not match previous terms (" +
                    std::to_string(it->second) + "); operands " + types);
      it->second = n;
    }
  }

  // The output's labels.
  std::vector<int> out;
  if (explicit_out) {
    einsum_term t = parse_term(api, subscripts, rhs);
    for (int64_t j = 0; j <= static_cast<int64_t>(t.letters.size()); ++j) {
      if (j == t.ellipsis_at)
        for (int64_t k = 0; k < ellipsis_rank; ++k)
          out.push_back(kEllipsis + k);
      if (j < static_cast<int64_t>(t.letters.size()))
        out.push_back(t.letters[j]);
    }
    for (std::size_t j = 0; j < out.size(); ++j) {
      if (!size_of.count(out[j]))
        throw error(api + ": output label " + label_str(out[j]) +
                    " of '" + subscripts + "' is not in any operand");
      if (std::count(out.begin(), out.end(), out[j]) > 1)
        throw error(api + ": output label " + label_str(out[j]) +
                    " is repeated in '" + subscripts + "'");
    }
  } else {
    for (int64_t k = 0; k < ellipsis_rank; ++k)
      out.push_back(kEllipsis + k);
    for (auto [l, c] : count) // std::map: sorted, letters in ASCII order
      if (l < kEllipsis && c == 1)
        out.push_back(l);
  }

  // One dtype for all; size-1 dims that broadcast against a larger size are
  // dropped (the label then lives in the other operands only); diagonals.
  std::vector<typed_dtype> tds;
  for (const Array &a : operands)
    tds.push_back({a.dtype(), a.weak_type()});
  dtype common = result_type(tds).dtype;
  std::vector<Array> ops;
  for (std::size_t i = 0; i < operands.size(); ++i) {
    Array x = lax::convert_element_type(operands[i], common);
    shape_t kept_shape;
    std::vector<int> kept;
    for (std::size_t d = 0; d < labels[i].size(); ++d) {
      if (x.shape()[d] == 1 && size_of[labels[i][d]] != 1)
        continue;
      kept.push_back(labels[i][d]);
      kept_shape.push_back(x.shape()[d]);
    }
    if (kept.size() != labels[i].size()) {
      x = lax::reshape(x, kept_shape);
      labels[i] = kept;
    }
    ops.push_back(take_diagonals(x, labels[i]));
  }

  auto in_out = [&](int l) {
    return std::find(out.begin(), out.end(), l) != out.end();
  };
  /// Whether label l is used by operands after `i` or the output.
  auto needed_after = [&](int l, std::size_t i) {
    if (in_out(l))
      return true;
    for (std::size_t j = i + 1; j < ops.size(); ++j)
      if (std::find(labels[j].begin(), labels[j].end(), l) != labels[j].end())
        return true;
    return false;
  };
  auto has = [](const std::vector<int> &ls, int l) {
    return std::find(ls.begin(), ls.end(), l) != ls.end();
  };

  Array cur = ops[0];
  std::vector<int> cur_labels = labels[0];
  for (std::size_t i = 1; i < ops.size(); ++i) {
    std::vector<int> &rl = labels[i];
    // Labels used by one side only and nowhere after are summed first.
    cur = sum_labels(cur, cur_labels, [&](int l) {
      return !has(rl, l) && !needed_after(l, i);
    });
    Array r = sum_labels(ops[i], rl, [&](int l) {
      return !has(cur_labels, l) && !needed_after(l, i);
    });
    dot_dimension_numbers dn;
    std::vector<int> batch_labels, result;
    for (std::size_t d = 0; d < cur_labels.size(); ++d) {
      int l = cur_labels[d];
      auto it = std::find(rl.begin(), rl.end(), l);
      if (it == rl.end())
        continue;
      int64_t rd = it - rl.begin();
      if (needed_after(l, i)) {
        dn.lhs_batch.push_back(static_cast<int64_t>(d));
        dn.rhs_batch.push_back(rd);
        batch_labels.push_back(l);
      } else {
        dn.lhs_contracting.push_back(static_cast<int64_t>(d));
        dn.rhs_contracting.push_back(rd);
      }
    }
    result = batch_labels;
    for (int l : cur_labels)
      if (!has(rl, l))
        result.push_back(l);
    for (int l : rl)
      if (!has(cur_labels, l))
        result.push_back(l);
    cur = lax::dot_general(cur, r, dn, common);
    cur_labels = result;
  }
  cur = sum_labels(cur, cur_labels, [&](int l) { return !in_out(l); });
  std::vector<int64_t> perm;
  for (int l : out) {
    auto it = std::find(cur_labels.begin(), cur_labels.end(), l);
    perm.push_back(it - cur_labels.begin());
  }
  bool identity = true;
  for (std::size_t d = 0; d < perm.size(); ++d)
    identity = identity && perm[d] == static_cast<int64_t>(d);
  return identity ? cur : lax::transpose(cur, perm);
}

Array tensordot(const Array &a, const Array &b,
                const std::pair<std::vector<int64_t>, std::vector<int64_t>> &axes) {
  const std::string api = "jx::tensordot";
  if (axes.first.size() != axes.second.size())
    throw error(api + ": axes lists differ in length (" +
                std::to_string(axes.first.size()) + " and " +
                std::to_string(axes.second.size()) + ") for " +
                a.aval().str() + " and " + b.aval().str());
  std::vector<int64_t> ad = frontend::normalize_axes(api, axes.first, a.aval());
  std::vector<int64_t> bd = frontend::normalize_axes(api, axes.second, b.aval());
  for (std::size_t i = 0; i < ad.size(); ++i)
    if (a.shape()[ad[i]] != b.shape()[bd[i]])
      throw error(api + ": contracting dims differ: lhs " + a.aval().str() +
                  " dim " + std::to_string(ad[i]) + " is " +
                  std::to_string(a.shape()[ad[i]]) + ", rhs " +
                  b.aval().str() + " dim " + std::to_string(bd[i]) + " is " +
                  std::to_string(b.shape()[bd[i]]));
  auto [x, y] = promote_pair(a, b);
  return lax::dot_general(x, y, dot_dimension_numbers{ad, bd, {}, {}},
                          x.dtype());
}

Array tensordot(const Array &a, const Array &b, int64_t axes) {
  if (axes < 0 || axes > a.ndim() || axes > b.ndim())
    throw error("jx::tensordot: axes " + std::to_string(axes) +
                " must be in [0, min(rank)] for " + a.aval().str() + " and " +
                b.aval().str());
  std::vector<int64_t> ad, bd;
  for (int64_t i = 0; i < axes; ++i) {
    ad.push_back(a.ndim() - axes + i);
    bd.push_back(i);
  }
  return tensordot(a, b, {ad, bd});
}

Array outer(const Array &a, const Array &b) {
  Array x = reshape(a, {-1}), y = reshape(b, {-1});
  return multiply(lax::broadcast_in_dim(x, {x.size(), 1}, {0}),
                  lax::broadcast_in_dim(y, {1, y.size()}, {1}));
}

Array inner(const Array &a, const Array &b) {
  if (a.ndim() == 0 || b.ndim() == 0)
    return multiply(a, b);
  if (a.shape().back() != b.shape().back())
    throw error("jx::inner: last dims differ: " + a.aval().str() + " and " +
                b.aval().str());
  return tensordot(a, b, {{a.ndim() - 1}, {b.ndim() - 1}});
}

Array vdot(const Array &a, const Array &b) {
  if (is_complex(a.dtype()))
    throw error("jx::vdot: complex operands need conj, which jx lacks yet: " +
                a.aval().str());
  Array x = reshape(a, {-1}), y = reshape(b, {-1});
  if (x.size() != y.size())
    throw error("jx::vdot: operands have different sizes: " + a.aval().str() +
                " and " + b.aval().str());
  return tensordot(x, y, {{0}, {0}});
}

} // namespace jx::numpy
