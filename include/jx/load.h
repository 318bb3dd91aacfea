// load.h - run a program written elsewhere: jx::load.
//
// jx::load reads a program in any of the forms JAX and jx write, told apart
// by content: StableHLO text (`jax.jit(f).lower(x).as_text()`), MLIR
// bytecode, a StableHLO portable artifact, or a serialized
// `jax.export.Exported` (`exp.serialize()`, the documented way to take a
// model from Python to a C++ service: docs/deploy.md). The result is called
// with jx arrays:
//
//   jx::LoadedProgram model = jx::load("model.exported");
//   std::vector<jx::Array> out = model({x, w});        // flat inputs
//   jx::TreeValue y = model.call({params, x});          // the export's trees
//
// It runs where load_options::device says (JX_DEVICE, else the CPU):
//
//   jx::LoadedProgram gpu = jx::load("model.exported", {.device = "cuda"});
//
// Inputs are checked against what the program takes (a jax.export
// artifact's abstract values: rank, constant dimensions, dtype), with JAX's
// messages; a shape-polymorphic export (`b, 8`) is specialized to the
// shapes of each call and compiled once per shape.

#ifndef JX_LOAD_H
#define JX_LOAD_H

#include "jx/array.h"
#include "jx/export/exported.h"

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace jx {

/// A pytree value whose structure is known at run time, as a jax.export
/// artifact's inputs and outputs are: an array (leaf), None, a tuple or a
/// list of values, a dict from strings to values (keys sorted, as JAX
/// keeps them), or a custom node (a namedtuple, a registered dataclass:
/// its registered name and its children).
class TreeValue {
public:
  enum class Kind { leaf, none, tuple, list, dict, custom };

  TreeValue(Array leaf);
  static TreeValue none();
  static TreeValue tuple(std::vector<TreeValue> items);
  static TreeValue list(std::vector<TreeValue> items);
  /// Keys are sorted (as JAX flattens dicts).
  static TreeValue dict(std::vector<std::pair<std::string, TreeValue>> items);
  static TreeValue custom(std::string name, std::vector<TreeValue> children);

  Kind kind() const { return kind_; }
  bool is_leaf() const { return kind_ == Kind::leaf; }
  /// The array of a leaf; throws jx::error for other kinds.
  const Array &array() const;
  /// Children of a tuple, list, dict or custom node.
  std::size_t size() const { return children_.size(); }
  const TreeValue &operator[](std::size_t i) const;
  /// A dict's value; throws jx::error naming the keys when absent.
  const TreeValue &operator[](const std::string &key) const;
  const std::vector<std::string> &keys() const { return keys_; }
  const std::string &custom_name() const { return name_; }

  /// The leaves, in JAX's flattening order.
  std::vector<Array> leaves() const;
  /// The structure as JAX prints it, "PyTreeDef((*, {'a': *}))".
  std::string structure() const;

  /// The value of `def` whose leaves are `leaves` (as many as it has).
  static TreeValue unflatten(const exported::TreeDef &def,
                             std::vector<Array> leaves);

private:
  TreeValue() = default;
  void flatten_into(std::vector<Array> &out) const;
  std::string body() const;
  Kind kind_ = Kind::none;
  std::shared_ptr<const Array> leaf_;
  std::vector<TreeValue> children_;
  std::vector<std::string> keys_;
  std::string name_;
};

/// A program read by jx::load. Copies share the program and its compiled
/// forms; calls may come from several threads.
class LoadedProgram {
public:
  /// Runs the program on `inputs` (the leaves of its inputs, in order) and
  /// returns its outputs. Throws jx::error for inputs of the wrong number,
  /// dtype or shape (JAX's messages for a jax.export artifact), or a
  /// shape assertion of a polymorphic export that fails.
  std::vector<Array> operator()(const std::vector<Array> &inputs) const;

  /// For a jax.export artifact: calls it as JAX's `exp.call(*args,
  /// **kwargs)` does, checking the trees against the export's input tree,
  /// and returns the output tree. Programs in other forms take and return
  /// a tuple of arrays.
  TreeValue call(const std::vector<TreeValue> &args,
                 const std::vector<std::pair<std::string, TreeValue>> &kwargs =
                     {}) const;

  /// The file name or the name given to load_bytes.
  const std::string &name() const;
  /// "text", "MLIR bytecode", "StableHLO portable artifact" or "jax.export
  /// artifact".
  std::string form() const;
  /// Where it runs: "cpu", "cuda" or "cuda-emulator" (load_options).
  const std::string &device() const;
  /// What the jax.export artifact says (trees, avals, platforms, ...);
  /// null for the other forms.
  const exported::Exported *exported() const;
  /// The inputs and outputs as "f32[b,8]" (symbolic dimensions by name for
  /// an export, `?` for other dynamic dimensions).
  std::vector<std::string> input_types() const;
  std::vector<std::string> output_types() const;

  struct impl;

  /// The program `impl` describes (for jx::load's implementation).
  static LoadedProgram from_impl(std::shared_ptr<impl> impl);

private:
  std::shared_ptr<impl> impl_;
};

struct load_options {
  /// Where the program runs: "cpu", "cuda" (this machine's GPU, the CUDA
  /// pipeline: docs/cuda.md) or "cuda-emulator"; empty: the environment
  /// variable JX_DEVICE, else "cpu". A jax.export artifact's CPU lowering
  /// is the one compiled, for either device. jx::error for another name.
  std::string device;
};

/// Reads the program at `path`. Throws jx::error naming the file for one
/// that cannot be read, parsed or verified, or that jx cannot run (an export
/// for another platform, ...).
LoadedProgram load(const std::string &path, const load_options &options = {});
/// The same from bytes in memory.
LoadedProgram load_bytes(std::string_view bytes,
                         const std::string &name = "<memory>",
                         const load_options &options = {});

} // namespace jx

#endif // JX_LOAD_H
