// pretty.h - internal: a Wadler/Lindig-style pretty printer, the layout
// model of JAX's jaxpr printer. A group prints flat (breaks as their text)
// when all of it fits in the rest of the line, else its breaks are newlines
// indented by the enclosing nests.

#ifndef JX_LIB_CORE_PRETTY_H
#define JX_LIB_CORE_PRETTY_H

#include <memory>
#include <string>
#include <vector>

namespace jx::pp {

struct node;
using doc = std::shared_ptr<const node>;

doc nil();
doc text(std::string s);
doc concat(std::vector<doc> docs);
doc brk(std::string s = " ");
doc group(doc d);
doc nest(int n, doc d);
doc join(const doc &sep, const std::vector<doc> &docs);
doc operator+(const doc &a, const doc &b);

std::string format(const doc &d, int width = 80);

} // namespace jx::pp

#endif // JX_LIB_CORE_PRETTY_H
