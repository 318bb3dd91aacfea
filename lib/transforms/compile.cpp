// compile.cpp - compiling closed jaxprs and running them.

#include "transforms/compile.h"

#include "core/trace.h"
#include "frontend/lowering.h"

namespace jx::transforms {

std::string signature_key(const std::vector<shaped_array> &avals) {
  std::string key;
  for (const shaped_array &a : avals)
    key += a.str() + (a.weak_type ? "w;" : ";");
  return key;
}

std::shared_ptr<const compiled> compile(const ClosedJaxpr &j,
                                        const std::string &name) {
  mlir::OwningOpRef<mlir::ModuleOp> module = frontend::lower_to_module(j, name);
  std::string diagnostics;
  mlir::ScopedDiagnosticHandler handler(
      &frontend::context(), [&](mlir::Diagnostic &d) {
        diagnostics += frontend::diagnostic_text(d) + "\n";
        return mlir::success();
      });
  auto c = std::make_shared<compiled>();
  c->exe = runtime::executable::compile(*module, "main");
  if (!c->exe)
    throw std::runtime_error("jx::jit: compiling " + name + " failed:\n" +
                             diagnostics);
  c->out_avals = j.out_avals();
  return c;
}

std::vector<Array> execute(const compiled &c, const std::vector<Array> &args) {
  std::vector<runtime::host_buffer> buffers;
  buffers.reserve(args.size());
  for (const Array &a : args)
    buffers.push_back(a.buffer());
  std::vector<runtime::host_buffer> outs = c.exe->run(buffers);
  std::vector<Array> result;
  for (std::size_t i = 0; i < outs.size(); ++i)
    result.push_back(core::make_concrete(std::move(outs[i]),
                                         c.out_avals[i].weak_type));
  return result;
}

} // namespace jx::transforms
