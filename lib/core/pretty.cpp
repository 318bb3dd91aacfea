// pretty.cpp - layout of pretty-printer documents.

#include "core/pretty.h"

namespace jx::pp {

enum class kind { nil, text, concat, brk, group, nest };

struct node {
  kind k;
  std::string s;
  std::vector<doc> children;
  int n = 0;
};

namespace {
doc make(kind k, std::string s = {}, std::vector<doc> c = {}, int n = 0) {
  return std::make_shared<const node>(node{k, std::move(s), std::move(c), n});
}
} // namespace

doc nil() { return make(kind::nil); }
doc text(std::string s) { return make(kind::text, std::move(s)); }
doc concat(std::vector<doc> docs) {
  return make(kind::concat, {}, std::move(docs));
}
doc brk(std::string s) { return make(kind::brk, std::move(s)); }
doc group(doc d) { return make(kind::group, {}, {std::move(d)}); }
doc nest(int n, doc d) { return make(kind::nest, {}, {std::move(d)}, n); }
doc operator+(const doc &a, const doc &b) { return concat({a, b}); }

doc join(const doc &sep, const std::vector<doc> &docs) {
  std::vector<doc> out;
  for (std::size_t i = 0; i < docs.size(); ++i) {
    if (i)
      out.push_back(sep);
    out.push_back(docs[i]);
  }
  return concat(std::move(out));
}

namespace {

/// Width of `d` printed flat, stopping once it exceeds `limit`.
int flat_width(const doc &d, int limit) {
  switch (d->k) {
  case kind::nil: return 0;
  case kind::text:
  case kind::brk: return static_cast<int>(d->s.size());
  default: {
    int w = 0;
    for (const doc &c : d->children) {
      w += flat_width(c, limit - w);
      if (w > limit)
        break;
    }
    return w;
  }
  }
}

struct state {
  int indent;
  bool flat;
  const node *d;
};

} // namespace

std::string format(const doc &d, int width) {
  std::string out;
  int column = 0;
  std::vector<state> agenda{{0, false, d.get()}};
  while (!agenda.empty()) {
    state st = agenda.back();
    agenda.pop_back();
    const node &n = *st.d;
    switch (n.k) {
    case kind::nil: break;
    case kind::text:
      out += n.s;
      column += static_cast<int>(n.s.size());
      break;
    case kind::concat:
      for (auto it = n.children.rbegin(); it != n.children.rend(); ++it)
        agenda.push_back({st.indent, st.flat, it->get()});
      break;
    case kind::brk:
      if (st.flat) {
        out += n.s;
        column += static_cast<int>(n.s.size());
      } else {
        out += '\n' + std::string(st.indent, ' ');
        column = st.indent;
      }
      break;
    case kind::nest:
      agenda.push_back({st.indent + n.n, st.flat, n.children[0].get()});
      break;
    case kind::group: {
      // Only the group itself has to fit, as in JAX's printer.
      int room = width - column;
      bool fits = st.flat || flat_width(n.children[0], room) <= room;
      agenda.push_back({st.indent, fits, n.children[0].get()});
      break;
    }
    }
  }
  return out;
}

} // namespace jx::pp
