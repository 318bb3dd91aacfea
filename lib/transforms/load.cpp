// load.cpp - jx::load: programs written elsewhere, called with jx arrays.

#include "jx/load.h"

#include "frontend/lowering.h"
#include "transforms/compile.h"

#include "jx/Compiler/Compile.h"
#include "jx/Compiler/Exported.h"
#include "jx/Compiler/LargeConstants.h"
#include "jx/Compiler/Load.h"
#include "jx/runtime/client.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <mutex>
#include <sstream>

namespace jx {

//===----------------------------------------------------------------------===//
// TreeValue
//===----------------------------------------------------------------------===//

TreeValue::TreeValue(Array leaf)
    : kind_(Kind::leaf), leaf_(std::make_shared<const Array>(std::move(leaf))) {}

TreeValue TreeValue::none() { return TreeValue(); }

TreeValue TreeValue::tuple(std::vector<TreeValue> items) {
  TreeValue t;
  t.kind_ = Kind::tuple;
  t.children_ = std::move(items);
  return t;
}

TreeValue TreeValue::list(std::vector<TreeValue> items) {
  TreeValue t = tuple(std::move(items));
  t.kind_ = Kind::list;
  return t;
}

TreeValue TreeValue::dict(std::vector<std::pair<std::string, TreeValue>> items) {
  std::sort(items.begin(), items.end(),
            [](const auto &a, const auto &b) { return a.first < b.first; });
  TreeValue t;
  t.kind_ = Kind::dict;
  for (auto &[k, v] : items) {
    if (!t.keys_.empty() && t.keys_.back() == k)
      throw error("jx::TreeValue::dict: the key '" + k + "' appears twice");
    t.keys_.push_back(k);
    t.children_.push_back(std::move(v));
  }
  return t;
}

TreeValue TreeValue::custom(std::string name, std::vector<TreeValue> children) {
  TreeValue t = tuple(std::move(children));
  t.kind_ = Kind::custom;
  t.name_ = std::move(name);
  return t;
}

const Array &TreeValue::array() const {
  if (kind_ != Kind::leaf)
    throw error("jx::TreeValue::array: this value is " + structure() +
                ", not an array");
  return *leaf_;
}

const TreeValue &TreeValue::operator[](std::size_t i) const {
  if (i >= children_.size())
    throw error("jx::TreeValue: index " + std::to_string(i) + " of " +
                structure() + ", which has " +
                std::to_string(children_.size()) + " children");
  return children_[i];
}

const TreeValue &TreeValue::operator[](const std::string &key) const {
  for (std::size_t i = 0; i < keys_.size(); ++i)
    if (keys_[i] == key)
      return children_[i];
  std::string known;
  for (const std::string &k : keys_)
    known += (known.empty() ? "'" : ", '") + k + "'";
  throw error("jx::TreeValue: no key '" + key + "' in " + structure() +
              (known.empty() ? " (not a dict)" : " (keys " + known + ")"));
}

void TreeValue::flatten_into(std::vector<Array> &out) const {
  if (kind_ == Kind::leaf)
    out.push_back(*leaf_);
  for (const TreeValue &c : children_)
    c.flatten_into(out);
}

std::vector<Array> TreeValue::leaves() const {
  std::vector<Array> out;
  flatten_into(out);
  return out;
}

std::string TreeValue::body() const {
  std::string out;
  auto join = [&](const char *open, const char *close) {
    out += open;
    for (std::size_t i = 0; i < children_.size(); ++i) {
      if (i)
        out += ", ";
      if (kind_ == Kind::dict)
        out += "'" + keys_[i] + "': ";
      out += children_[i].body();
    }
    if (kind_ == Kind::tuple && children_.size() == 1)
      out += ",";
    out += close;
  };
  switch (kind_) {
  case Kind::leaf: return "*";
  case Kind::none: return "None";
  case Kind::tuple: join("(", ")"); break;
  case Kind::list: join("[", "]"); break;
  case Kind::dict: join("{", "}"); break;
  case Kind::custom:
    out = "CustomNode(" + name_ + ", ";
    join("[", "]");
    out += ")";
    break;
  }
  return out;
}

std::string TreeValue::structure() const { return "PyTreeDef(" + body() + ")"; }

namespace {
TreeValue unflattenAt(const exported::TreeDef &def,
                      std::vector<Array> &leaves, std::size_t &next) {
  using K = exported::TreeDef::Kind;
  std::vector<TreeValue> children;
  for (const exported::TreeDef &c : def.children)
    children.push_back(unflattenAt(c, leaves, next));
  switch (def.kind) {
  case K::leaf: return TreeValue(leaves[next++]);
  case K::none: return TreeValue::none();
  case K::tuple: return TreeValue::tuple(std::move(children));
  case K::list: return TreeValue::list(std::move(children));
  case K::dict: {
    std::vector<std::pair<std::string, TreeValue>> items;
    for (std::size_t i = 0; i < children.size(); ++i)
      items.emplace_back(def.keys[i], std::move(children[i]));
    return TreeValue::dict(std::move(items));
  }
  case K::custom: return TreeValue::custom(def.custom_name, std::move(children));
  }
  return TreeValue::none();
}

/// Empty when `v` has the structure `def` describes, else where it differs.
std::string mismatch(const TreeValue &v, const exported::TreeDef &def,
                     const std::string &path) {
  using K = exported::TreeDef::Kind;
  auto kindOf = [](K k) {
    switch (k) {
    case K::leaf: return TreeValue::Kind::leaf;
    case K::none: return TreeValue::Kind::none;
    case K::tuple: return TreeValue::Kind::tuple;
    case K::list: return TreeValue::Kind::list;
    case K::dict: return TreeValue::Kind::dict;
    case K::custom: return TreeValue::Kind::custom;
    }
    return TreeValue::Kind::none;
  };
  std::string want = "PyTreeDef(" + def.body_string() + ")";
  if (v.kind() != kindOf(def.kind) || v.size() != def.children.size() ||
      (def.kind == K::dict && v.keys() != def.keys) ||
      (def.kind == K::custom && v.custom_name() != def.custom_name))
    return path + " is " + v.structure() + ", the export expects " + want;
  for (std::size_t i = 0; i < def.children.size(); ++i) {
    std::string sub = def.kind == K::dict ? path + "['" + def.keys[i] + "']"
                                          : path + "[" + std::to_string(i) + "]";
    std::string m = mismatch(v[i], def.children[i], sub);
    if (!m.empty())
      return m;
  }
  return "";
}
} // namespace

TreeValue TreeValue::unflatten(const exported::TreeDef &def,
                               std::vector<Array> leaves) {
  if (leaves.size() != def.num_leaves())
    throw error("jx::TreeValue::unflatten: " + def.to_string() + " has " +
                std::to_string(def.num_leaves()) + " leaves, got " +
                std::to_string(leaves.size()));
  std::size_t next = 0;
  return unflattenAt(def, leaves, next);
}

//===----------------------------------------------------------------------===//
// LoadedProgram
//===----------------------------------------------------------------------===//

struct LoadedProgram::impl {
  std::string name;
  std::string device; // "cpu", "cuda", "cuda-emulator"
  compiler::ProgramForm form = compiler::ProgramForm::Text;
  std::shared_ptr<const exported::Exported> exported;
  mlir::OwningOpRef<mlir::ModuleOp> module; // on frontend::context()
  std::vector<std::string> inputs, outputs;  // "f32[b,8]"
  std::mutex mu;                             // guards module while cloning
  transforms::once_cache<std::shared_ptr<const transforms::compiled>> cache;

  std::shared_ptr<const transforms::compiled>
  compile(const std::vector<std::vector<int64_t>> &shapes);
};

namespace {
std::string typeText(mlir::Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << t;
  return s;
}
} // namespace

std::shared_ptr<const transforms::compiled>
LoadedProgram::impl::compile(const std::vector<std::vector<int64_t>> &shapes) {
  std::lock_guard<std::mutex> lock(mu);
  frontend::diagnostic_capture diagnostics;
  mlir::OwningOpRef<mlir::ModuleOp> m(module->clone());
  if (mlir::failed(compiler::refineShapes(
          *m, "main", shapes,
          !exported || compiler::checksShapeAssertions(*exported))))
    throw error(diagnostics.text().empty()
                    ? "jx::load(" + name + "): the inputs do not fit"
                    : diagnostics.text().substr(
                          0, diagnostics.text().find_last_not_of('\n') + 1));
  compiler::compile_options options;
  options.device = device;
  std::unique_ptr<runtime::executable> exe =
      compiler::compile(*m, "main", options);
  if (!exe)
    throw error("jx::load(" + name + "): compiling failed:\n" +
                diagnostics.text());
  auto c = std::make_shared<transforms::compiled>();
  c->out_avals.resize(exe->outputs().size());
  runtime::Client &client = runtime::default_client();
  c->exe = client.load(std::move(exe), client.device(0));
  return c;
}

std::vector<Array>
LoadedProgram::operator()(const std::vector<Array> &inputs) const {
  impl &p = *impl_;
  std::vector<runtime::tensor_spec> specs;
  std::vector<std::vector<int64_t>> dims;
  std::vector<std::string> dtypes;
  std::string key;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    if (!inputs[i].is_concrete())
      throw error("jx::load(" + p.name + "): input " + std::to_string(i) +
                  " is traced; a loaded program takes concrete arrays");
    const runtime::host_buffer &b = inputs[i].buffer();
    specs.push_back({b.dtype, b.shape});
    dims.push_back(b.shape);
    dtypes.push_back(runtime::dtype_name(b.dtype));
    key += specs.back().type_string() + ";";
  }
  if (inputs.size() != p.inputs.size())
    throw error("jx::load(" + p.name + "): the program takes " +
                std::to_string(p.inputs.size()) + " inputs, got " +
                std::to_string(inputs.size()));
  if (p.exported) {
    std::string m = compiler::checkInputShapes(*p.exported, dims, dtypes);
    if (!m.empty())
      throw error(m);
  }
  const transforms::compiled &c =
      *p.cache.get(key, [&] { return p.compile(dims); });
  const auto &want = c.exe->executable().inputs();
  for (std::size_t i = 0; i < inputs.size(); ++i)
    if (!(want[i] == specs[i]))
      throw error("jx::load(" + p.name + "): input " + std::to_string(i) +
                  " is " + specs[i].type_string() + "; the program takes " +
                  want[i].type_string());
  return transforms::execute(c, inputs);
}

TreeValue LoadedProgram::call(
    const std::vector<TreeValue> &args,
    const std::vector<std::pair<std::string, TreeValue>> &kwargs) const {
  impl &p = *impl_;
  TreeValue in = TreeValue::tuple(
      {TreeValue::tuple(args), TreeValue::dict(kwargs)});
  if (!p.exported) {
    std::vector<Array> outs = (*this)(in.leaves());
    std::vector<TreeValue> items(outs.begin(), outs.end());
    return TreeValue::tuple(std::move(items));
  }
  std::string m = mismatch(in, p.exported->in_tree, "(args, kwargs)");
  if (!m.empty())
    throw error("jx::load(" + p.name + "): " + m);
  return TreeValue::unflatten(p.exported->out_tree, (*this)(in.leaves()));
}

const std::string &LoadedProgram::name() const { return impl_->name; }
const std::string &LoadedProgram::device() const { return impl_->device; }
std::string LoadedProgram::form() const {
  return compiler::formName(impl_->form);
}
const exported::Exported *LoadedProgram::exported() const {
  return impl_->exported.get();
}
std::vector<std::string> LoadedProgram::input_types() const {
  return impl_->inputs;
}
std::vector<std::string> LoadedProgram::output_types() const {
  return impl_->outputs;
}

LoadedProgram LoadedProgram::from_impl(std::shared_ptr<impl> impl) {
  LoadedProgram program;
  program.impl_ = std::move(impl);
  return program;
}

namespace {
/// load_options::device, resolved; jx::error for an unknown one.
std::string deviceFor(const std::string &name, const load_options &options) {
  std::string device = transforms::device_or_default(options.device);
  if (device != "cpu" && device != "cuda" && device != "cuda-emulator")
    throw error("jx::load(" + name + "): unknown device '" + device +
                "' (cpu, cuda, cuda-emulator)");
  return device;
}

/// The program `parse` reads (null after a diagnostic), named `name`;
/// throws jx::error with the diagnostics when it fails or lacks @main.
LoadedProgram
loadWith(const std::string &name, compiler::ProgramForm form,
         const load_options &options,
         const std::function<mlir::OwningOpRef<mlir::ModuleOp>(
             mlir::MLIRContext &, std::shared_ptr<const exported::Exported> *)>
             &parse) {
  auto p = std::make_shared<LoadedProgram::impl>();
  p->name = name;
  p->device = deviceFor(name, options);
  p->form = form;
  frontend::diagnostic_capture diagnostics;
  p->module = parse(frontend::context(), &p->exported);
  if (!p->module)
    throw error("jx::load(" + name + "): " +
                (diagnostics.text().empty() ? "cannot read the program"
                                            : diagnostics.text()));
  auto main = p->module->lookupSymbol<mlir::func::FuncOp>("main");
  if (!main)
    throw error("jx::load(" + name + "): the program has no @main");
  if (p->exported) {
    for (const auto &a : p->exported->in_avals)
      p->inputs.push_back(a.to_string());
    for (const auto &a : p->exported->out_avals)
      p->outputs.push_back(a.to_string());
  } else {
    for (mlir::Type t : main.getArgumentTypes())
      p->inputs.push_back(typeText(t));
    for (mlir::Type t : main.getResultTypes())
      p->outputs.push_back(typeText(t));
  }
  return LoadedProgram::from_impl(std::move(p));
}

/// The program in `buffer`, in any form; the buffer is released once the
/// module is parsed.
LoadedProgram load_buffer(std::unique_ptr<llvm::MemoryBuffer> buffer,
                          const std::string &name,
                          const load_options &options) {
  auto form = compiler::detectForm(buffer->getBuffer());
  return loadWith(
      name, form, options, [&](mlir::MLIRContext &ctx, auto *exported) {
        llvm::SourceMgr sourceMgr;
        sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
        return compiler::parseProgram(sourceMgr, ctx, exported);
      });
}
} // namespace

LoadedProgram load_bytes(std::string_view bytes, const std::string &name,
                         const load_options &options) {
  return load_buffer(llvm::MemoryBuffer::getMemBufferCopy(
                         llvm::StringRef(bytes.data(), bytes.size()), name),
                     name, options);
}

LoadedProgram load(const std::string &path, const load_options &options) {
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/true);
  if (!file)
    throw error("jx::load: cannot open '" + path +
                "': " + file.getError().message());
  // A large text program (a model with its weights) is read again in
  // pieces, its large hex literals decoded once (LargeConstants.h), and the
  // file is not held.
  if (compiler::mayHoldLargeConstants((*file)->getBufferSize()) &&
      compiler::detectForm((*file)->getBuffer().take_front(64)) ==
          compiler::ProgramForm::Text) {
    file->reset();
    compiler::TextProgram text;
    try {
      text = compiler::readTextProgram(path);
    } catch (const std::exception &e) {
      throw error("jx::load: " + std::string(e.what()));
    }
    return loadWith(path, compiler::ProgramForm::Text, options,
                    [&](mlir::MLIRContext &ctx, auto *) {
                      return compiler::parseTextProgram(text, path, ctx);
                    });
  }
  // Other files are mapped, not copied.
  return load_buffer(std::move(*file), path, options);
}

} // namespace jx
