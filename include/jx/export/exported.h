// exported.h - read what jax.export.Exported.serialize() writes.
//
// A serialized jax.export.Exported is a flatbuffer (lib/export/exported.fbs)
// around a StableHLO portable artifact: the function's name, its input and
// output pytrees and abstract values (shapes, possibly symbolic, and
// dtypes), shardings, the platforms it was lowered for, effects, disabled
// safety checks, the calling convention version, which inputs the module
// keeps, and the module itself (MLIR bytecode of VHLO). parse() turns the
// bytes into an Exported; the module stays bytes, for the compiler to read.
//
// This library needs neither MLIR nor LLVM (the runtime uses it too).
//
// Errors: parse() and read_file() throw format_error, whose what() says what
// is wrong in a sentence ("not a serialized jax.export.Exported: ...",
// "unsupported serialization version 12 (jx reads versions 1..11)", "the
// module is missing", ...). No input makes them crash or read out of bounds:
// the flatbuffer is verified before anything is read from it.

#ifndef JX_EXPORT_EXPORTED_H
#define JX_EXPORT_EXPORTED_H

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace jx::exported {

/// Bytes that are not a serialized Exported jx can read.
class format_error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// The serialization versions parse() accepts, in JAX's numbering. JAX
/// stores 3 in the field for every version since 3 (up to 11 in JAX
/// 0.10.2), so the stored number says little: the reader looks at which
/// fields are present instead (the v10 dedup tables, the 32-bit device
/// count, named or HLO shardings).
inline constexpr unsigned kMinSerializationVersion = 1;
inline constexpr unsigned kMaxSerializationVersion = 11;

/// The calling convention versions JAX 0.10.2 can call
/// (jax.export.minimum/maximum_supported_calling_convention_version).
/// parse() accepts any; calling_convention_supported() tells.
inline constexpr unsigned kMinCallingConventionVersion = 9;
inline constexpr unsigned kMaxCallingConventionVersion = 10;

/// A pytree's structure, as jax.tree_util.PyTreeDef.
struct TreeDef {
  enum class Kind { leaf, none, tuple, list, dict, custom };
  Kind kind = Kind::leaf;
  std::vector<TreeDef> children;
  /// dict: one key per child, in the children's order (JAX sorts them).
  std::vector<std::string> keys;
  /// custom: the name the node type was registered under for serialization
  /// and its auxdata bytes as that registration serialized them.
  std::string custom_name;
  std::string custom_auxdata;

  /// The number of leaves ("*") below this node.
  std::size_t num_leaves() const;
  /// As JAX prints it: "PyTreeDef((*, {'a': *, 'b': *}))". A custom node
  /// prints as "CustomNode(<custom_name>[<auxdata as a Python bytes
  /// literal>], [<children>])" (JAX prints its Python type instead).
  std::string to_string() const;
  /// The same without "PyTreeDef(...)" around it.
  std::string body_string() const;
};

/// JAX's dtypes as the format numbers them.
enum class DType : std::int8_t {
  bool_ = 0, i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, f32, f64, c64,
  c128, bf16, i4, ui4, f8_e4m3b11fnuz, f8_e4m3fn, f8_e4m3fnuz, f8_e5m2,
  f8_e5m2fnuz, f0, f8_e4m3, f8_e3m4, f8_e8m0fnu, f4_e2m1fn,
  key_fry, key_rbg, key_unsafe_rbg,
};

/// True for the PRNG key dtypes (key<fry>, key<rbg>, key<unsafe_rbg>).
bool is_key(DType dtype);
/// numpy's (ml_dtypes') name: "float32", "int32", "bool", "bfloat16",
/// "float8_e4m3fn", "float0", ... Throws format_error for the PRNG key
/// types, which have none.
std::string_view numpy_name(DType dtype);
/// JAX's name: numpy_name, or "key<fry>" etc. for the key types.
std::string_view jax_name(DType dtype);

enum class MemorySpace { device, host, any };
std::string_view to_string(MemorySpace space);

/// One input or output: jax.core.ShapedArray, or a token.
struct AbstractValue {
  enum class Kind { shaped_array, token };
  Kind kind = Kind::shaped_array;
  /// One string per dimension exactly as serialized: "8", or a symbolic
  /// dimension such as "b", "2*b", "b + 1".
  std::vector<std::string> shape;
  DType dtype = DType::f32;
  /// Device when the file does not say (written before version 5).
  MemorySpace memory_space = MemorySpace::device;

  /// True when a dimension string is a constant ("8"), false when it is
  /// symbolic.
  static bool is_constant_dim(std::string_view dim);
  /// The value of dimension i if it is a constant.
  std::optional<std::int64_t> dim(std::size_t i) const;
  /// Every dimension is a constant.
  bool is_static() const;
  std::string_view dtype_name() const { return numpy_name(dtype); }
  /// "float32[b,8]" as JAX prints a ShapedArray; "key<fry>[]"; "token".
  std::string to_string() const;
};

/// A mesh without devices: jax.sharding.AbstractMesh.
struct AbstractMesh {
  enum class AxisType { unset, auto_, explicit_, manual };
  std::vector<std::uint32_t> axis_sizes;
  std::vector<std::string> axis_names;
  std::vector<AxisType> axis_types;
  /// The kind of device the mesh was made for (version 8 and later).
  struct Device {
    std::string device_kind;
    std::optional<std::uint32_t> num_cores;
    /// Empty before version 11.
    std::string platform;
  };
  std::optional<Device> device;
  std::string to_string() const;
};

/// jax.sharding.NamedSharding over an abstract mesh.
struct NamedSharding {
  AbstractMesh mesh;
  /// One entry per array dimension: the mesh axes it is split over (empty:
  /// not split).
  std::vector<std::vector<std::string>> partitions;
  std::vector<std::string> reduced, unreduced;
  std::optional<std::string> memory_kind;
  std::string to_string() const;
};

/// The sharding of one input or output.
struct Sharding {
  enum class Kind { unspecified, hlo_sharding, named_sharding };
  Kind kind = Kind::unspecified;
  /// hlo_sharding (written before version 9): an xla.OpSharding proto.
  std::string hlo_sharding_proto;
  /// named_sharding (version 6 and later).
  NamedSharding named;
  /// "unspecified", "NamedSharding(mesh=..., spec=P('x', None), ...)",
  /// "HloSharding(<n>-byte OpSharding proto)".
  std::string to_string() const;
};

/// A safety check disabled at export (jax.export.DisabledSafetyCheck).
struct DisabledSafetyCheck {
  enum class Kind { platform, custom_call, shape_assertions };
  Kind kind = Kind::platform;
  /// custom_call: the target the check allows.
  std::string custom_call_target;
  std::string to_string() const;
};

/// A deserialized jax.export.Exported.
struct Exported {
  std::string function_name;
  /// As stored: JAX 0.10.2 stores 3 (see kMaxSerializationVersion).
  unsigned serialization_version = 0;
  /// The input tree is (args, kwargs): a tuple of the positional arguments'
  /// trees and a dict of the keyword arguments'.
  TreeDef in_tree, out_tree;
  /// One per leaf of in_tree / out_tree, in flattening order.
  std::vector<AbstractValue> in_avals, out_avals;
  /// One per aval; unspecified where JAX recorded none.
  std::vector<Sharding> in_shardings, out_shardings;
  /// The number of devices the module was lowered for: nr_devices_32, or
  /// nr_devices_short when that is 0 (files older than version 5).
  std::uint32_t nr_devices = 1;
  std::uint32_t nr_devices_32 = 0;
  std::int16_t nr_devices_short = 0;
  /// Lowered for these ("cpu", "cuda", "rocm", "tpu"); a module lowered for
  /// several takes the platform's index as its first argument.
  std::vector<std::string> platforms;
  /// Effect type names (str() of the Python class).
  std::vector<std::string> ordered_effects, unordered_effects;
  std::vector<DisabledSafetyCheck> disabled_safety_checks;
  /// The module: a StableHLO portable artifact (MLIR bytecode of VHLO).
  std::string mlir_module_serialized;
  unsigned calling_convention_version = 0;
  /// The indices of the in_avals that the module takes, ascending.
  std::vector<std::uint32_t> module_kept_var_idx;
  /// The module needs shape refinement: symbolic shapes or several
  /// platforms.
  bool uses_global_constants = false;
  /// The file had the deduplicated tables of version 10 and later.
  bool has_unique_tables = false;
  /// The exported vjp of this function, when one was serialized with it
  /// (serialize(vjp_order=n)).
  std::shared_ptr<const Exported> vjp;

  bool has_vjp() const { return vjp != nullptr; }
  bool calling_convention_supported() const {
    return calling_convention_version >= kMinCallingConventionVersion &&
           calling_convention_version <= kMaxCallingConventionVersion;
  }
  /// The module starts with MLIR bytecode's magic, "ML\xefR".
  bool module_is_bytecode() const;
  /// Some input or output has a symbolic dimension.
  bool is_shape_polymorphic() const;
  /// A few lines describing everything above (not the module's bytes).
  std::string summary() const;
};

/// Reads a serialized Exported. Throws format_error when the bytes are not
/// one (MLIR bytecode, text, a truncated or corrupted flatbuffer), when its
/// serialization version is outside kMin..kMaxSerializationVersion, or
/// when what it says is inconsistent (no module, tree leaves and avals that
/// do not match, an index out of range, an unknown enum value).
Exported parse(std::string_view bytes);

/// parse() of a file's content; format_error also when it cannot be read.
Exported read_file(const std::string &path);

/// A cheap check for tools that take several kinds of files: true when the
/// bytes are an Exported flatbuffer (they verify and hold a module), false
/// for MLIR bytecode ("ML\xefR"), text and anything else. Never throws.
bool looks_like_exported(std::string_view bytes);

} // namespace jx::exported

#endif // JX_EXPORT_EXPORTED_H
