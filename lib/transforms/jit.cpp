// jit.cpp - jx::jit: trace once per input signature, lower, compile, cache.

#include "core/trace.h"
#include "frontend/lowering.h"
#include "jx/jit.h"
#include "transforms/compile.h"

namespace jx {

Lowered::Lowered(ClosedJaxpr jaxpr, std::string name)
    : jaxpr_(std::move(jaxpr)), name_(std::move(name)) {}

std::string Lowered::as_text() const {
  mlir::OwningOpRef<mlir::ModuleOp> m = frontend::lower_to_module(jaxpr_, name_);
  std::string text;
  llvm::raw_string_ostream os(text);
  m->print(os);
  return text;
}

namespace detail {

bool tracing() { return core::current_frame() != nullptr; }

void throw_error(const std::string &message) { throw error(message); }

void check_leaf(const std::string &api, int argnum, const Array &a) {
  core::check_not_donated(*a.impl(),
                          api + ": argument " + std::to_string(argnum));
}

struct jit_core::state {
  flat_function f; // jit_core(f, name) only
  std::string name;
  std::string device;                            // jit_options::device()
  std::string api;                               // "jx::jit(name)"
  std::shared_ptr<const std::string> donated_to; // "jit(name)"
  struct entry {
    std::shared_ptr<const transforms::compiled> compiled;
    std::shared_ptr<const void> out_like;
  };
  // Entries are never removed: call() hands out out_like pointers. Threads
  // calling with one new signature at once trace and compile it once.
  transforms::once_cache<entry> cache;
};

jit_core::jit_core(std::string name, std::string device)
    : state_(std::make_shared<state>()) {
  state_->name = std::move(name);
  state_->device = std::move(device);
  state_->api = "jx::jit(" + state_->name + ")";
  state_->donated_to =
      std::make_shared<const std::string>("jit(" + state_->name + ")");
}

jit_core::jit_core(flat_function f, std::string name)
    : jit_core(std::move(name)) {
  state_->f = std::move(f);
}

const std::string &jit_core::name() const { return state_->name; }

using core::avals_of;

jit_core::call_result jit_core::call(call_args &args, trace_ref trace) const {
  state &s = *state_;
  for (std::size_t i = 0; i < args.leaves.size(); ++i)
    if (args.leaves[i].impl()->donated_to)
      check_leaf(s.api, args.leaf_arg.empty() ? static_cast<int>(i)
                                              : args.leaf_arg[i],
                 args.leaves[i]);
  for (const Array &a : args.leaves)
    transforms::append_signature(args.key, a.aval());
  const state::entry &hit = s.cache.get(args.key, [&] {
    state::entry e;
    std::shared_ptr<const void> like;
    ClosedJaxpr j = core::trace_to_jaxpr(
        [&](const std::vector<Array> &tracers) {
          return trace.fn(trace.obj, tracers, like);
        },
        avals_of(args.leaves));
    e.compiled = transforms::compile(j, s.name, s.device);
    e.out_like = std::move(like);
    return e;
  });
  call_result r;
  r.leaves = args.donate.empty()
                 ? transforms::execute(*hit.compiled, args.leaves)
                 : transforms::execute(*hit.compiled, args.leaves,
                                       args.donate, s.donated_to);
  r.out_like = hit.out_like.get();
  return r;
}

std::vector<Array> jit_core::call(const std::vector<Array> &args) const {
  if (core::current_frame()) {
    // Under another trace (make_jaxpr(jit(f)), jit of jit): trace through.
    return state_->f(args);
  }
  call_args c;
  c.leaves = args;
  const flat_function *f = &state_->f;
  trace_ref trace{f, [](const void *o, const std::vector<Array> &tracers,
                        std::shared_ptr<const void> &) {
                    return (*static_cast<const flat_function *>(o))(tracers);
                  }};
  return call(c, trace).leaves;
}

Lowered jit_core::lower(const std::vector<Array> &args) const {
  return Lowered(core::trace_to_jaxpr(state_->f, avals_of(args)),
                 state_->name);
}

cache_stats jit_core::stats() const { return state_->cache.stats(); }

} // namespace detail
} // namespace jx
