// stages.cpp - JAX's stage API: jit(f).lower(x).compile() (jit.h).

#include "core/trace.h"
#include "frontend/lowering.h"
#include "jx/Compiler/Compile.h"
#include "jx/Explorer/Explorer.h"
#include "jx/Target/CPU/CPUTarget.h"
#include "jx/jit.h"
#include "transforms/compile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <mutex>
#include <sstream>
#include <stdexcept>

namespace jx {

struct Compiled::state {
  transforms::compiled program;
  /// What the program was compiled from, for explore().
  ClosedJaxpr jaxpr;
  std::string name;
  std::map<std::string, std::string> texts;
  cost_analysis_result cost;
  /// The llvm-dialect module, translated to LLVM IR and assembly when
  /// asked (a second code generation nobody pays for otherwise).
  mlir::OwningOpRef<mlir::ModuleOp> llvm_dialect;
  mutable std::mutex lazy;
  mutable std::map<std::string, std::string> lazy_texts;
};

const std::vector<std::string> &Compiled::stages() {
  static const std::vector<std::string> names = {
      "stablehlo", "hlo", "linalg", "bufferized", "loops", "llvm-dialect",
      "llvm-ir", "asm"};
  return names;
}

namespace {
std::string print(mlir::ModuleOp m) {
  std::string text;
  llvm::raw_string_ostream os(text);
  m.print(os);
  return text;
}
} // namespace

Compiled Lowered::compile() const {
  mlir::OwningOpRef<mlir::ModuleOp> module = frontend::lower_to_module(jaxpr_, name_);
  frontend::diagnostic_capture diagnostics;
  auto s = std::make_shared<Compiled::state>();
  s->jaxpr = jaxpr_;
  s->name = name_;
  s->texts["stablehlo"] = print(*module);
  compiler::compile_options options;
  options.serializable = true;
  options.after_phase = [&](const std::string &phase, mlir::ModuleOp m) {
    s->texts[phase] = print(m);
    if (phase == "hlo") {
      compiler::program_cost c = compiler::cost_of(m);
      s->cost = {c.flops, c.transcendentals, c.bytes_accessed};
    }
    if (phase == "llvm-dialect")
      s->llvm_dialect = mlir::OwningOpRef<mlir::ModuleOp>(m.clone());
  };
  std::unique_ptr<runtime::executable> exe = compiler::compile(*module, "main", options);
  if (!exe)
    throw std::runtime_error("jx::jit: compiling " + name_ + " failed:\n" +
                             diagnostics.text());
  runtime::Client &client = runtime::default_client();
  s->program.exe = client.load(std::move(exe), client.device(0));
  s->program.out_avals = jaxpr_.out_avals();
  return Compiled(std::move(s));
}

std::string Compiled::as_text(const std::string &stage) const {
  auto it = state_->texts.find(stage);
  if (it != state_->texts.end())
    return it->second;
  if (stage != "llvm-ir" && stage != "asm") {
    std::string names;
    for (const std::string &n : stages())
      names += (names.empty() ? "" : ", ") + n;
    throw std::invalid_argument("jx::Compiled::as_text: no stage '" + stage +
                                "'; the stages are " + names);
  }
  std::lock_guard<std::mutex> lock(state_->lazy);
  auto done = state_->lazy_texts.find(stage);
  if (done != state_->lazy_texts.end())
    return done->second;
  std::string text;
  llvm::raw_string_ostream os(text);
  if (stage == "llvm-ir") {
    llvm::LLVMContext context;
    auto ir = cpu::translateToLLVMIR(*state_->llvm_dialect, context);
    if (!ir)
      throw std::runtime_error("jx::Compiled::as_text: translating to LLVM IR failed");
    ir->print(os, nullptr);
  } else {
    llvm::SmallString<0> buffer;
    llvm::raw_svector_ostream asmOs(buffer);
    if (mlir::failed(cpu::emitMachineCode(*state_->llvm_dialect, true, asmOs)))
      throw std::runtime_error("jx::Compiled::as_text: emitting assembly failed");
    text = buffer.str().str();
  }
  return state_->lazy_texts[stage] = std::move(text);
}

cost_analysis_result Compiled::cost_analysis() const { return state_->cost; }

std::string Compiled::serialize() const { return state_->program.exe->serialize(); }

std::vector<Array> Compiled::operator()(const std::vector<Array> &args) const {
  return transforms::execute(state_->program, args);
}

void Compiled::explore(const std::string &path, const std::vector<Array> &args,
                       const std::string &title) const {
  const state &s = *state_;
  explorer::explore_options options;
  options.file = "jit(" + s.name + ")";
  options.title = title.empty() ? options.file : title;
  std::ostringstream jaxpr;
  jaxpr << s.jaxpr << "\n";
  options.source_text = jaxpr.str();
  options.source_name = "the jaxpr jit traced";
  for (const Array &a : args)
    options.inputs.push_back(a.buffer());
  frontend::diagnostic_capture diagnostics;
  mlir::OwningOpRef<mlir::ModuleOp> module = frontend::lower_to_module(s.jaxpr, s.name);
  mlir::FailureOr<explorer::page> page = explorer::make_page(*module, options);
  if (mlir::failed(page)) {
    std::string why = diagnostics.text();
    while (!why.empty() && why.back() == '\n')
      why.pop_back();
    throw std::runtime_error("jx::Compiled::explore: " + why);
  }
  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec);
  if (!ec) {
    out << page->html;
    out.close();
    ec = out.error();
  }
  if (ec)
    throw std::runtime_error("jx::Compiled::explore: cannot write " + path +
                             ": " + ec.message());
}

} // namespace jx
