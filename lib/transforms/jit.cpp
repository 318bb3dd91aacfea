// jit.cpp - jx::jit: trace once per input signature, lower, compile, cache.

#include "core/trace.h"
#include "frontend/lowering.h"
#include "jx/jit.h"
#include "transforms/compile.h"

#include <map>
#include <mutex>

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

struct jit_core::state {
  flat_function f;
  std::string name;
  std::mutex mu;
  std::map<std::string, std::shared_ptr<const transforms::compiled>> cache;
  cache_stats stats;
};

jit_core::jit_core(flat_function f, std::string name)
    : state_(std::make_shared<state>()) {
  state_->f = std::move(f);
  state_->name = std::move(name);
}

namespace {
std::vector<shaped_array> avals_of(const std::vector<Array> &args) {
  std::vector<shaped_array> avals;
  for (const Array &a : args)
    avals.push_back(a.aval());
  return avals;
}
} // namespace

std::vector<Array> jit_core::call(const std::vector<Array> &args) const {
  if (core::current_frame()) {
    // Under another trace (make_jaxpr(jit(f)), jit of jit): trace through.
    return state_->f(args);
  }
  std::vector<shaped_array> avals = avals_of(args);
  std::string key = transforms::signature_key(avals);
  std::shared_ptr<const transforms::compiled> entry;
  {
    std::lock_guard<std::mutex> lock(state_->mu);
    auto it = state_->cache.find(key);
    if (it != state_->cache.end()) {
      ++state_->stats.hits;
      entry = it->second;
    }
  }
  if (!entry) {
    ClosedJaxpr j = core::trace_to_jaxpr(state_->f, avals);
    entry = transforms::compile(j, state_->name);
    std::lock_guard<std::mutex> lock(state_->mu);
    ++state_->stats.misses;
    state_->cache.emplace(key, entry);
  }
  return transforms::execute(*entry, args);
}

Lowered jit_core::lower(const std::vector<Array> &args) const {
  return Lowered(core::trace_to_jaxpr(state_->f, avals_of(args)),
                 state_->name);
}

cache_stats jit_core::stats() const {
  std::lock_guard<std::mutex> lock(state_->mu);
  return state_->stats;
}

} // namespace detail
} // namespace jx
