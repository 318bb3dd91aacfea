// compile.cpp - compiling closed jaxprs and running them.

#include "transforms/compile.h"

#include "core/trace.h"
#include "jx/Compiler/Compile.h"
#include "frontend/lowering.h"

#include <cstdio>
#include <cstdlib>

namespace jx::transforms {

void append_signature(std::string &key, const shaped_array &a) {
  key += short_dtype_name(a.dtype);
  key += '[';
  char digits[24];
  for (std::size_t i = 0; i < a.shape.size(); ++i) {
    if (i)
      key += ',';
    int n = std::snprintf(digits, sizeof digits, "%lld",
                          static_cast<long long>(a.shape[i]));
    key.append(digits, n);
  }
  key += a.weak_type ? "]w;" : "];";
}

std::string signature_key(const std::vector<shaped_array> &avals) {
  std::string key;
  for (const shaped_array &a : avals)
    append_signature(key, a);
  return key;
}

std::string device_or_default(const std::string &device) {
  if (!device.empty())
    return device;
  const char *env = std::getenv("JX_DEVICE");
  return env && *env ? env : "cpu";
}

std::shared_ptr<const compiled> compile(const ClosedJaxpr &j,
                                        const std::string &name,
                                        const std::string &device) {
  if (has_shard_map(*j.jaxpr)) {
    // pmap or shard_map under jit: their equations run on their devices.
    auto c = std::make_shared<compiled>();
    c->staged = plan_stages(j, name, device);
    c->out_avals = j.out_avals();
    return c;
  }
  mlir::OwningOpRef<mlir::ModuleOp> module = frontend::lower_to_module(j, name);
  // This compile's diagnostics only, though other threads compile at once.
  frontend::diagnostic_capture diagnostics;
  auto c = std::make_shared<compiled>();
  compiler::compile_options options;
  options.device = device_or_default(device);
  std::unique_ptr<runtime::executable> exe =
      compiler::compile(*module, "main", options);
  if (!exe)
    throw std::runtime_error("jx::jit: compiling " + name + " failed:\n" +
                             diagnostics.text());
  runtime::Client &client = runtime::default_client();
  c->exe = client.load(std::move(exe), client.device(0));
  c->out_avals = j.out_avals();
  return c;
}

namespace {
std::vector<Array> wrap(const compiled &c,
                        std::vector<runtime::host_buffer> outs) {
  std::vector<Array> result;
  result.reserve(outs.size());
  for (std::size_t i = 0; i < outs.size(); ++i)
    result.push_back(core::make_concrete(std::move(outs[i]),
                                         c.out_avals[i].weak_type));
  return result;
}
} // namespace

std::vector<Array> execute(const compiled &c, const std::vector<Array> &args) {
  if (c.staged)
    return run_stages(*c.staged, args);
  std::vector<const runtime::host_buffer *> buffers;
  buffers.reserve(args.size());
  for (const Array &a : args)
    buffers.push_back(&a.buffer());
  std::vector<runtime::host_buffer> none;
  return wrap(c, c.exe->execute_host(buffers, none));
}

std::vector<Array> execute(const compiled &c, const std::vector<Array> &args,
                           const std::vector<char> &donate,
                           const std::shared_ptr<const std::string> &donated_to) {
  if (c.staged)
    return run_stages(*c.staged, args);
  std::size_t n = args.size(), m = c.exe->executable().outputs().size();
  std::vector<const runtime::host_buffer *> buffers;
  buffers.reserve(n);
  for (const Array &a : args)
    buffers.push_back(&a.buffer());
  // Which donated args may give their memory: concrete data (not a C++
  // scalar) passed only once (else the kernel would read what it writes).
  std::vector<char> usable(n, 0);
  for (std::size_t k = 0; k < n; ++k) {
    if (!donate[k] || args[k].impl()->literal ||
        args[k].buffer().data.empty())
      continue;
    usable[k] = 1;
    for (std::size_t i = 0; i < n; ++i)
      if (i != k && args[i].impl() == args[k].impl())
        usable[k] = 0;
  }
  // Output j takes the first usable donated arg it may alias.
  std::vector<runtime::host_buffer> reuse(m);
  std::vector<std::pair<std::size_t, std::size_t>> taken; // (arg, output)
  for (std::size_t j = 0; j < m; ++j)
    for (std::size_t k = 0; k < n; ++k)
      if (usable[k] && c.exe->executable().may_alias(k, j)) {
        usable[k] = 0;
        taken.emplace_back(k, j);
        break;
      }
  auto impl_of = [&](std::size_t k) -> core::array_impl & {
    // Arrays are shared immutable handles; donation is the one place that
    // changes one (every handle sees it deleted), as jax.Array.delete does.
    return const_cast<core::array_impl &>(*args[k].impl());
  };
  for (auto [k, j] : taken) {
    reuse[j] = std::move(*impl_of(k).value);
    buffers[k] = &reuse[j];
  }
  std::vector<runtime::host_buffer> outs;
  try {
    outs = c.exe->execute_host(buffers, reuse);
  } catch (...) {
    for (auto [k, j] : taken)
      impl_of(k).value = std::move(reuse[j]);
    throw;
  }
  for (std::size_t k = 0; k < n; ++k)
    if (donate[k] && !args[k].impl()->literal) {
      impl_of(k).value.reset();
      impl_of(k).donated_to = donated_to;
    }
  return wrap(c, std::move(outs));
}

} // namespace jx::transforms
