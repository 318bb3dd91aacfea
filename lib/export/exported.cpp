//===- exported.cpp - read a serialized jax.export.Exported ---------------===//
//
// The bytes are verified by flatbuffers' Verifier before anything is read
// (every offset, vector and string in bounds, nesting and table count
// bounded), then turned into jx::exported::Exported, checking what the
// Verifier cannot: enum values in range, indices into the dedup tables,
// trees whose leaves match the avals, a module that is there. The format is
// in exported.fbs.
//
//===----------------------------------------------------------------------===//

#include "jx/export/exported.h"

#include "exported_generated.h"

#include <algorithm>
#include <charconv>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>

namespace jx::exported {
namespace {

namespace fbs = jx::exported::fb;

// Our enums number their values as the format does.
template <typename A, typename B> constexpr bool same_number(A a, B b) {
  return static_cast<int>(a) == static_cast<int>(b);
}
static_assert(same_number(TreeDef::Kind::custom, fbs::PyTreeDefKind::custom) &&
              same_number(TreeDef::Kind::dict, fbs::PyTreeDefKind::dict) &&
              same_number(TreeDef::Kind::list, fbs::PyTreeDefKind::list) &&
              same_number(TreeDef::Kind::tuple, fbs::PyTreeDefKind::tuple) &&
              same_number(TreeDef::Kind::none, fbs::PyTreeDefKind::none));
static_assert(same_number(AbstractValue::Kind::token, fbs::AbstractValueKind::abstractToken));
static_assert(same_number(DType::key_unsafe_rbg, fbs::DType::key_unsafe_rbg) &&
              same_number(DType::f4_e2m1fn, fbs::DType::f4_e2m1fn) &&
              same_number(DType::f0, fbs::DType::f0) &&
              same_number(DType::bf16, fbs::DType::bf16) &&
              same_number(DType::key_unsafe_rbg, fbs::DType::MAX));
static_assert(same_number(AbstractMesh::AxisType::manual, fbs::AxisType::Manual));
static_assert(same_number(DisabledSafetyCheck::Kind::shape_assertions,
                          fbs::DisabledSafetyCheckKind::shape_assertions) &&
              same_number(DisabledSafetyCheck::Kind::custom_call,
                          fbs::DisabledSafetyCheckKind::custom_call));

[[noreturn]] void fail(const std::string &message) { throw format_error(message); }

const char kNotExported[] = "not a serialized jax.export.Exported: ";

/// MLIR bytecode (what a StableHLO portable artifact is) starts with this.
constexpr std::string_view kBytecodeMagic("ML\xef"
                                          "R",
                                          4);

bool starts_with_bytecode_magic(std::string_view bytes) {
  return bytes.substr(0, kBytecodeMagic.size()) == kBytecodeMagic;
}

/// The first bytes are text: printable ASCII, whitespace or UTF-8. A
/// flatbuffer starts with a small little-endian offset, so has NULs early.
bool looks_like_text(std::string_view bytes) {
  std::string_view head = bytes.substr(0, 256);
  if (head.empty())
    return false;
  for (unsigned char c : head)
    if (c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f')
      return false;
  return true;
}

/// What the input is when it is no flatbuffer we can read: the start of
/// every structural error message.
std::string describe_non_flatbuffer(std::string_view bytes) {
  if (bytes.empty())
    return std::string(kNotExported) + "the input is empty";
  if (starts_with_bytecode_magic(bytes))
    return std::string(kNotExported) +
           "it is MLIR bytecode (a StableHLO portable artifact?), which is a "
           "module, not the jax.export container around one";
  if (looks_like_text(bytes))
    return std::string(kNotExported) +
           "it is text (MLIR text?), not a flatbuffer";
  if (bytes.size() < 8)
    return std::string(kNotExported) + "it is too short to be a flatbuffer (" +
           std::to_string(bytes.size()) + " bytes)";
  return std::string(kNotExported) +
         "the bytes do not verify as an Exported flatbuffer (" +
         std::to_string(bytes.size()) + " bytes; truncated or corrupted?)";
}

/// The flatbuffer's bytes, 8-byte aligned (flatbuffers reads scalars in
/// place): the caller's when they are, else a copy.
class AlignedBytes {
public:
  explicit AlignedBytes(std::string_view bytes) : size_(bytes.size()) {
    if (reinterpret_cast<std::uintptr_t>(bytes.data()) % alignof(std::uint64_t) == 0) {
      data_ = reinterpret_cast<const std::uint8_t *>(bytes.data());
      return;
    }
    copy_.reset(new std::uint64_t[(bytes.size() + 7) / 8 + 1]);
    std::memcpy(copy_.get(), bytes.data(), bytes.size());
    data_ = reinterpret_cast<const std::uint8_t *>(copy_.get());
  }
  const std::uint8_t *data() const { return data_; }
  std::size_t size() const { return size_; }

private:
  std::unique_ptr<std::uint64_t[]> copy_;
  const std::uint8_t *data_ = nullptr;
  std::size_t size_;
};

/// Verifies the buffer; nullptr when it is not an Exported flatbuffer.
const fbs::Exported *verified_root(const AlignedBytes &buf) {
  // Below 8 bytes there is no room for a root offset and a table; the
  // Verifier asserts on sizes of 2 GiB and more.
  if (buf.size() < 8 || buf.size() >= FLATBUFFERS_MAX_BUFFER_SIZE)
    return nullptr;
  flatbuffers::Verifier::Options options;
  // Pytrees nest: each level is a table and a vector.
  options.max_depth = 512;
  options.max_tables = 1000000;
  flatbuffers::Verifier verifier(buf.data(), buf.size(), options);
  if (!fbs::VerifyExportedBuffer(verifier))
    return nullptr;
  return fbs::GetExported(buf.data());
}

/// Converts a verified buffer. A flatbuffer may point at one string or
/// table from many places, so what the reader copies out is bounded by a
/// budget proportional to the input: a small buffer cannot make it
/// allocate gigabytes.
class Reader {
public:
  // Real files copy out a few hundred bytes per input for a dozen or more in
  // the file; the budget leaves ample room for that.
  explicit Reader(std::size_t input_size) : budget_(256 * input_size + (16u << 20)) {}

  Exported exported(const fbs::Exported &e, int vjp_depth);

private:
  std::size_t budget_;

  void spend(std::size_t n) {
    if (n > budget_)
      fail(std::string(kNotExported) +
           "the flatbuffer refers to the same data so many times that reading "
           "it would take far more memory than its size (corrupted?)");
    budget_ -= n;
  }
  static std::size_t cost(const std::string &s) { return s.size() + 32; }
  static std::size_t cost(const std::vector<std::string> &v) {
    std::size_t n = 0;
    for (const auto &s : v)
      n += cost(s);
    return n;
  }
  static std::size_t cost(const AbstractValue &a) { return sizeof(a) + cost(a.shape); }
  static std::size_t cost(const AbstractMesh &m) {
    return sizeof(m) + 4 * m.axis_sizes.size() + cost(m.axis_names) + m.axis_types.size() +
           (m.device ? cost(m.device->device_kind) + cost(m.device->platform) : 0);
  }
  static std::size_t cost(const NamedSharding &s) {
    std::size_t n = sizeof(s) + cost(s.mesh) + cost(s.reduced) + cost(s.unreduced) +
                    (s.memory_kind ? cost(*s.memory_kind) : 0);
    for (const auto &p : s.partitions)
      n += cost(p);
    return n;
  }
  std::string str(const flatbuffers::String *s) {
    if (!s)
      return {};
    spend(s->size() + 32);
    return s->str();
  }
  std::string bytes(const flatbuffers::Vector<std::int8_t> *v) {
    if (!v)
      return {};
    spend(v->size() + 32);
    return std::string(reinterpret_cast<const char *>(v->data()), v->size());
  }
  std::vector<std::string>
  strings(const flatbuffers::Vector<flatbuffers::Offset<flatbuffers::String>> *v,
          const char *what) {
    std::vector<std::string> out;
    if (!v)
      return out;
    spend(v->size() * sizeof(std::string));
    out.reserve(v->size());
    for (const flatbuffers::String *s : *v) {
      if (!s)
        fail(std::string(kNotExported) + "a null string in " + what);
      out.push_back(str(s));
    }
    return out;
  }

  TreeDef tree(const fbs::PyTreeDef *t, const char *what);
  AbstractValue aval(const fbs::AbstractValue *a);
  AbstractMesh mesh(const fbs::AbstractMesh *m);
  NamedSharding named_sharding(const fbs::NamedSharding *s,
                               const std::vector<AbstractMesh> &unique_meshes);
  Sharding sharding(const fbs::Sharding *s,
                    const std::vector<AbstractMesh> &unique_meshes);
  /// The avals of one side, `leaves` of them (the tree's leaves).
  void avals(const fbs::Exported &e, bool inputs, const std::vector<AbstractValue> &unique,
             std::size_t leaves, std::vector<AbstractValue> &out);
  void shardings(const fbs::Exported &e, bool inputs,
                 const std::vector<NamedSharding> &unique,
                 const std::vector<AbstractMesh> &unique_meshes, std::size_t n,
                 std::vector<Sharding> &out);
};

TreeDef Reader::tree(const fbs::PyTreeDef *t, const char *what) {
  if (!t)
    fail(std::string(kNotExported) + "a node of " + what + " is missing");
  spend(sizeof(TreeDef));
  TreeDef out;
  int kind = static_cast<int>(t->kind());
  if (kind < 0 || kind > static_cast<int>(fbs::PyTreeDefKind::MAX))
    fail(std::string(kNotExported) + what + " has a node of unknown kind " +
         std::to_string(kind));
  out.kind = static_cast<TreeDef::Kind>(kind);
  if (const auto *children = t->children()) {
    if ((out.kind == TreeDef::Kind::leaf || out.kind == TreeDef::Kind::none) &&
        children->size() != 0)
      fail(std::string(kNotExported) + what + " has a " +
           (out.kind == TreeDef::Kind::leaf ? "leaf" : "None") + " with children");
    spend(children->size() * sizeof(TreeDef));
    out.children.reserve(children->size());
    for (const fbs::PyTreeDef *c : *children)
      out.children.push_back(tree(c, what));
  }
  if (out.kind == TreeDef::Kind::dict) {
    out.keys = strings(t->children_names(), what);
    if (out.keys.size() != out.children.size())
      fail(std::string(kNotExported) + what + " has a dict node with " +
           std::to_string(out.children.size()) + " children and " +
           std::to_string(out.keys.size()) + " keys");
  }
  if (out.kind == TreeDef::Kind::custom) {
    if (!t->custom_name())
      fail(std::string(kNotExported) + what +
           " has a custom node without its registered name");
    out.custom_name = str(t->custom_name());
    out.custom_auxdata = bytes(t->custom_auxdata());
  }
  return out;
}

AbstractValue Reader::aval(const fbs::AbstractValue *a) {
  if (!a)
    fail(std::string(kNotExported) + "an abstract value is missing");
  AbstractValue out;
  int kind = static_cast<int>(a->kind());
  if (kind < 0 || kind > static_cast<int>(fbs::AbstractValueKind::MAX))
    fail(std::string(kNotExported) + "an abstract value of unknown kind " +
         std::to_string(kind));
  out.kind = static_cast<AbstractValue::Kind>(kind);
  auto dtype = static_cast<int>(a->dtype());
  if (dtype < 0 || dtype > static_cast<int>(DType::key_unsafe_rbg))
    fail(std::string(kNotExported) + "an abstract value has dtype number " +
         std::to_string(dtype) + ", which JAX's format does not define (0..29)");
  out.dtype = static_cast<DType>(dtype);
  // Missing (0): written before version 5, which JAX reads as Device.
  static const MemorySpace spaces[] = {MemorySpace::device, MemorySpace::device,
                                       MemorySpace::host, MemorySpace::any};
  int space = static_cast<int>(a->memory_space());
  if (space < 0 || space > 3)
    fail(std::string(kNotExported) + "an abstract value has memory space number " +
         std::to_string(space) + ", which JAX's format does not define (0..3)");
  out.memory_space = spaces[space];
  out.shape = strings(a->shape(), "a shape");
  for (const std::string &d : out.shape) {
    if (d.empty())
      fail(std::string(kNotExported) + "a shape has an empty dimension");
    if (AbstractValue::is_constant_dim(d)) {
      std::int64_t v;
      auto [end, ec] = std::from_chars(d.data(), d.data() + d.size(), v);
      if (ec != std::errc() || end != d.data() + d.size())
        fail(std::string(kNotExported) + "a shape has dimension " + d +
             ", too large for 64 bits");
    }
  }
  return out;
}

AbstractMesh Reader::mesh(const fbs::AbstractMesh *m) {
  if (!m)
    fail(std::string(kNotExported) + "a named sharding has no mesh");
  AbstractMesh out;
  if (const auto *sizes = m->axis_sizes()) {
    spend(sizes->size() * 4);
    out.axis_sizes.assign(sizes->begin(), sizes->end());
  }
  out.axis_names = strings(m->axis_names(), "a mesh's axis names");
  if (out.axis_sizes.size() != out.axis_names.size())
    fail(std::string(kNotExported) + "a mesh has " + std::to_string(out.axis_sizes.size()) +
         " axis sizes and " + std::to_string(out.axis_names.size()) + " axis names");
  if (const auto *types = m->axis_types()) {
    if (types->size() != out.axis_names.size())
      fail(std::string(kNotExported) + "a mesh has " + std::to_string(types->size()) +
           " axis types for " + std::to_string(out.axis_names.size()) + " axes");
    for (fbs::AxisType type : *types) {
      int t = static_cast<int>(type);
      if (t < 0 || t > 3)
        fail(std::string(kNotExported) + "a mesh has axis type number " +
             std::to_string(t) + ", which JAX's format does not define (0..3)");
      out.axis_types.push_back(static_cast<AbstractMesh::AxisType>(t));
    }
  }
  if (const fbs::AbstractDevice *d = m->abstract_device()) {
    AbstractMesh::Device dev;
    dev.device_kind = str(d->device_kind());
    if (d->num_cores())
      dev.num_cores = *d->num_cores();
    dev.platform = str(d->platform());
    out.device = std::move(dev);
  }
  return out;
}

NamedSharding Reader::named_sharding(const fbs::NamedSharding *s,
                                     const std::vector<AbstractMesh> &unique_meshes) {
  if (!s)
    fail(std::string(kNotExported) + "a named sharding is missing");
  NamedSharding out;
  // As JAX: the mesh table by index when the file has one (version 10),
  // else the mesh written in place.
  if (!unique_meshes.empty()) {
    if (s->abstract_mesh_idx() >= unique_meshes.size())
      fail(std::string(kNotExported) + "a named sharding refers to mesh " +
           std::to_string(s->abstract_mesh_idx()) + " of " +
           std::to_string(unique_meshes.size()));
    spend(cost(unique_meshes[s->abstract_mesh_idx()]));
    out.mesh = unique_meshes[s->abstract_mesh_idx()];
  } else {
    out.mesh = mesh(s->mesh());
  }
  if (const fbs::PartitionSpec *spec = s->spec()) {
    if (const auto *parts = spec->partitions()) {
      spend(parts->size() * sizeof(std::vector<std::string>));
      for (const fbs::PartitionSpecOneAxis *p : *parts) {
        if (!p)
          fail(std::string(kNotExported) + "a partition spec has a null entry");
        out.partitions.push_back(strings(p->axes(), "a partition spec"));
      }
    }
    out.reduced = strings(spec->reduced(), "a partition spec");
    out.unreduced = strings(spec->unreduced(), "a partition spec");
  }
  if (s->memory_kind())
    out.memory_kind = str(s->memory_kind());
  return out;
}

Sharding Reader::sharding(const fbs::Sharding *s,
                          const std::vector<AbstractMesh> &unique_meshes) {
  if (!s)
    fail(std::string(kNotExported) + "a sharding is missing");
  Sharding out;
  // JAX reads what is there, whatever `kind` says (it no longer sets it).
  if (s->named_sharding()) {
    out.kind = Sharding::Kind::named_sharding;
    out.named = named_sharding(s->named_sharding(), unique_meshes);
  } else if (s->hlo_sharding_proto()) {
    out.kind = Sharding::Kind::hlo_sharding;
    out.hlo_sharding_proto = bytes(s->hlo_sharding_proto());
  }
  return out;
}

void Reader::avals(const fbs::Exported &e, bool inputs,
                   const std::vector<AbstractValue> &unique, std::size_t leaves,
                   std::vector<AbstractValue> &out) {
  const char *side = inputs ? "input" : "output";
  const auto *idxs = inputs ? e.in_avals_idxs() : e.out_avals_idxs();
  const auto *avals = inputs ? e.in_avals() : e.out_avals();
  std::size_t n = idxs && idxs->size() > 0 ? idxs->size() : avals ? avals->size() : 0;
  if (n != leaves)
    fail(std::string(kNotExported) + "the " + side + " tree has " + std::to_string(leaves) +
         " leaves but there are " + std::to_string(n) + " " + side + " abstract values");
  if (idxs && idxs->size() > 0) {
    for (std::uint32_t i : *idxs) {
      if (i >= unique.size())
        fail(std::string(kNotExported) + "an " + side + " refers to abstract value " +
             std::to_string(i) + " of " + std::to_string(unique.size()));
      spend(cost(unique[i]));
      out.push_back(unique[i]);
    }
  } else if (avals) {
    spend(avals->size() * sizeof(AbstractValue));
    for (const fbs::AbstractValue *a : *avals)
      out.push_back(aval(a));
  }
}

void Reader::shardings(const fbs::Exported &e, bool inputs,
                       const std::vector<NamedSharding> &unique,
                       const std::vector<AbstractMesh> &unique_meshes, std::size_t n,
                       std::vector<Sharding> &out) {
  const char *side = inputs ? "inputs" : "outputs";
  const auto *idxs = inputs ? e.in_shardings_idxs() : e.out_shardings_idxs();
  const auto *list = inputs ? e.in_shardings() : e.out_shardings();
  std::size_t count = idxs && idxs->size() > 0 ? idxs->size() : list ? list->size() : 0;
  if (count == 0) {
    spend(n * sizeof(Sharding));
    out.resize(n);
    return;
  }
  if (count != n)
    fail(std::string(kNotExported) + "it has " + std::to_string(count) + " shardings for " +
         std::to_string(n) + " " + side);
  if (idxs && idxs->size() > 0) {
    for (std::uint32_t i : *idxs) {
      Sharding s;
      if (i > unique.size())
        fail(std::string(kNotExported) + "the " + side + " refer to named sharding " +
             std::to_string(i) + " of " + std::to_string(unique.size()) +
             " (numbered from 1)");
      spend(sizeof(Sharding));
      if (i > 0) {
        spend(cost(unique[i - 1]));
        s.kind = Sharding::Kind::named_sharding;
        s.named = unique[i - 1];
      }
      out.push_back(std::move(s));
    }
  } else {
    spend(list->size() * sizeof(Sharding));
    for (const fbs::Sharding *s : *list)
      out.push_back(sharding(s, unique_meshes));
  }
}

Exported Reader::exported(const fbs::Exported &e, int vjp_depth) {
  Exported out;
  out.serialization_version = e.serialization_version();
  if (out.serialization_version < kMinSerializationVersion ||
      out.serialization_version > kMaxSerializationVersion)
    fail("unsupported serialization version " + std::to_string(out.serialization_version) +
         (out.serialization_version == 0 ? " (the field is missing)" : "") +
         ": jx reads jax.export serialization versions " +
         std::to_string(kMinSerializationVersion) + ".." +
         std::to_string(kMaxSerializationVersion));

  const auto *module = e.mlir_module_serialized();
  if (!module || module->size() == 0)
    fail("the serialized jax.export.Exported has no module "
         "(mlir_module_serialized is missing or empty)");

  out.function_name = str(e.function_name());
  out.in_tree = tree(e.in_tree(), "the input tree");
  out.out_tree = tree(e.out_tree(), "the output tree");

  // The dedup tables of version 10.
  std::vector<AbstractValue> unique_avals;
  std::vector<AbstractMesh> unique_meshes;
  std::vector<NamedSharding> unique_shardings;
  out.has_unique_tables = e.unique_avals() != nullptr;
  if (const auto *v = e.unique_avals()) {
    spend(v->size() * sizeof(AbstractValue));
    for (const fbs::AbstractValue *a : *v)
      unique_avals.push_back(aval(a));
  }
  if (const auto *v = e.unique_abstract_meshes()) {
    spend(v->size() * sizeof(AbstractMesh));
    for (const fbs::AbstractMesh *m : *v)
      unique_meshes.push_back(mesh(m));
  }
  if (const auto *v = e.unique_named_shardings()) {
    spend(v->size() * sizeof(NamedSharding));
    for (const fbs::NamedSharding *s : *v)
      unique_shardings.push_back(named_sharding(s, unique_meshes));
  }

  avals(e, true, unique_avals, out.in_tree.num_leaves(), out.in_avals);
  avals(e, false, unique_avals, out.out_tree.num_leaves(), out.out_avals);
  shardings(e, true, unique_shardings, unique_meshes, out.in_avals.size(), out.in_shardings);
  shardings(e, false, unique_shardings, unique_meshes, out.out_avals.size(),
            out.out_shardings);

  out.nr_devices_32 = e.nr_devices();
  out.nr_devices_short = e.nr_devices_short();
  if (out.nr_devices_32 == 0 && out.nr_devices_short < 0)
    fail(std::string(kNotExported) + "the device count is negative (" +
         std::to_string(out.nr_devices_short) + ")");
  out.nr_devices = out.nr_devices_32 ? out.nr_devices_32
                                     : static_cast<std::uint32_t>(out.nr_devices_short);
  if (out.nr_devices == 0)
    fail(std::string(kNotExported) + "the device count is missing (0)");

  out.platforms = strings(e.platforms(), "the platforms");
  if (out.platforms.empty())
    fail(std::string(kNotExported) + "it names no platform it was lowered for");

  for (int ordered = 1; ordered >= 0; --ordered) {
    const auto *effects = ordered ? e.ordered_effects() : e.unordered_effects();
    auto &dest = ordered ? out.ordered_effects : out.unordered_effects;
    if (!effects)
      continue;
    for (const fbs::Effect *eff : *effects) {
      if (!eff || !eff->type_name())
        fail(std::string(kNotExported) + "an effect has no type name");
      dest.push_back(str(eff->type_name()));
    }
  }

  if (const auto *checks = e.disabled_checks()) {
    for (const fbs::DisabledSafetyCheck *c : *checks) {
      if (!c)
        fail(std::string(kNotExported) + "a disabled safety check is missing");
      DisabledSafetyCheck d;
      int kind = static_cast<int>(c->kind());
      if (kind < 0 || kind > static_cast<int>(fbs::DisabledSafetyCheckKind::MAX))
        fail(std::string(kNotExported) + "a disabled safety check of unknown kind " +
             std::to_string(kind));
      d.kind = static_cast<DisabledSafetyCheck::Kind>(kind);
      if (d.kind == DisabledSafetyCheck::Kind::custom_call) {
        if (!c->custom_call_target())
          fail(std::string(kNotExported) +
               "a disabled custom_call safety check names no target");
        d.custom_call_target = str(c->custom_call_target());
      }
      out.disabled_safety_checks.push_back(std::move(d));
    }
  }

  out.mlir_module_serialized = bytes(module);
  out.calling_convention_version = e.calling_convention_version();
  if (const auto *kept = e.module_kept_var_idx()) {
    spend(kept->size() * 4);
    for (std::uint16_t i : *kept) {
      if (i >= out.in_avals.size())
        fail(std::string(kNotExported) + "the module keeps input " + std::to_string(i) +
             " of " + std::to_string(out.in_avals.size()));
      if (!out.module_kept_var_idx.empty() && i <= out.module_kept_var_idx.back())
        fail(std::string(kNotExported) +
             "the indices of the inputs the module keeps are not ascending");
      out.module_kept_var_idx.push_back(i);
    }
  }
  out.uses_global_constants = e.uses_global_constants();

  if (const fbs::Exported *vjp = e.vjp()) {
    // The Verifier bounds the nesting; this is belt and braces.
    if (vjp_depth > 64)
      fail(std::string(kNotExported) + "its vjp functions nest too deeply");
    try {
      out.vjp = std::make_shared<const Exported>(exported(*vjp, vjp_depth + 1));
    } catch (const format_error &err) {
      fail(std::string("in the vjp function: ") + err.what());
    }
  }
  return out;
}

/// Python's repr of a str (keys) or bytes (auxdata) body, quotes included:
/// single quotes unless the text has a single quote and no double quote.
std::string python_repr(std::string_view s, bool is_bytes) {
  bool has_single = s.find('\'') != std::string_view::npos;
  bool has_double = s.find('"') != std::string_view::npos;
  char quote = has_single && !has_double ? '"' : '\'';
  std::string out = is_bytes ? "b" : "";
  out += quote;
  static const char hex[] = "0123456789abcdef";
  for (unsigned char c : s) {
    if (c == static_cast<unsigned char>(quote) || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c == 0x7f || (is_bytes && c >= 0x80)) {
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out += static_cast<char>(c); // UTF-8 text of a key prints as is
    }
  }
  out += quote;
  return out;
}

void print_tree(std::ostringstream &os, const TreeDef &t) {
  auto children = [&](const char *sep_close) {
    for (std::size_t i = 0; i < t.children.size(); ++i) {
      if (i)
        os << ", ";
      print_tree(os, t.children[i]);
    }
    os << sep_close;
  };
  switch (t.kind) {
  case TreeDef::Kind::leaf: os << '*'; return;
  case TreeDef::Kind::none: os << "None"; return;
  case TreeDef::Kind::tuple:
    os << '(';
    children(t.children.size() == 1 ? ",)" : ")");
    return;
  case TreeDef::Kind::list:
    os << '[';
    children("]");
    return;
  case TreeDef::Kind::dict:
    os << '{';
    for (std::size_t i = 0; i < t.children.size(); ++i) {
      if (i)
        os << ", ";
      os << python_repr(i < t.keys.size() ? t.keys[i] : "", false) << ": ";
      print_tree(os, t.children[i]);
    }
    os << '}';
    return;
  case TreeDef::Kind::custom:
    os << "CustomNode(" << t.custom_name << '[' << python_repr(t.custom_auxdata, true)
       << "], [";
    children("])");
    return;
  }
}

std::string join(const std::vector<std::string> &items, const char *sep) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i)
      out += sep;
    out += items[i];
  }
  return out;
}

} // namespace

// ---------------------------------------------------------------------------
// TreeDef

std::size_t TreeDef::num_leaves() const {
  if (kind == Kind::leaf)
    return 1;
  std::size_t n = 0;
  for (const TreeDef &c : children)
    n += c.num_leaves();
  return n;
}

std::string TreeDef::body_string() const {
  std::ostringstream os;
  print_tree(os, *this);
  return os.str();
}

std::string TreeDef::to_string() const { return "PyTreeDef(" + body_string() + ")"; }

// ---------------------------------------------------------------------------
// dtypes and avals

bool is_key(DType dtype) {
  return dtype == DType::key_fry || dtype == DType::key_rbg ||
         dtype == DType::key_unsafe_rbg;
}

std::string_view jax_name(DType dtype) {
  switch (dtype) {
  case DType::bool_: return "bool";
  case DType::i8: return "int8";
  case DType::i16: return "int16";
  case DType::i32: return "int32";
  case DType::i64: return "int64";
  case DType::ui8: return "uint8";
  case DType::ui16: return "uint16";
  case DType::ui32: return "uint32";
  case DType::ui64: return "uint64";
  case DType::f16: return "float16";
  case DType::f32: return "float32";
  case DType::f64: return "float64";
  case DType::c64: return "complex64";
  case DType::c128: return "complex128";
  case DType::bf16: return "bfloat16";
  case DType::i4: return "int4";
  case DType::ui4: return "uint4";
  case DType::f8_e4m3b11fnuz: return "float8_e4m3b11fnuz";
  case DType::f8_e4m3fn: return "float8_e4m3fn";
  case DType::f8_e4m3fnuz: return "float8_e4m3fnuz";
  case DType::f8_e5m2: return "float8_e5m2";
  case DType::f8_e5m2fnuz: return "float8_e5m2fnuz";
  case DType::f0: return "float0";
  case DType::f8_e4m3: return "float8_e4m3";
  case DType::f8_e3m4: return "float8_e3m4";
  case DType::f8_e8m0fnu: return "float8_e8m0fnu";
  case DType::f4_e2m1fn: return "float4_e2m1fn";
  case DType::key_fry: return "key<fry>";
  case DType::key_rbg: return "key<rbg>";
  case DType::key_unsafe_rbg: return "key<unsafe_rbg>";
  }
  return "?";
}

std::string_view numpy_name(DType dtype) {
  if (is_key(dtype))
    throw format_error("the PRNG key type " + std::string(jax_name(dtype)) +
                       " has no numpy dtype (jx does not take typed PRNG keys "
                       "as inputs or outputs; pass raw uint32 keys)");
  return jax_name(dtype);
}

std::string_view to_string(MemorySpace space) {
  switch (space) {
  case MemorySpace::device: return "device";
  case MemorySpace::host: return "host";
  case MemorySpace::any: return "any";
  }
  return "?";
}

bool AbstractValue::is_constant_dim(std::string_view dim) {
  return !dim.empty() &&
         std::all_of(dim.begin(), dim.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::optional<std::int64_t> AbstractValue::dim(std::size_t i) const {
  if (i >= shape.size() || !is_constant_dim(shape[i]))
    return std::nullopt;
  std::int64_t v = 0;
  auto [end, ec] = std::from_chars(shape[i].data(), shape[i].data() + shape[i].size(), v);
  if (ec != std::errc() || end != shape[i].data() + shape[i].size())
    return std::nullopt;
  return v;
}

bool AbstractValue::is_static() const {
  return std::all_of(shape.begin(), shape.end(), is_constant_dim);
}

std::string AbstractValue::to_string() const {
  if (kind == Kind::token)
    return "token";
  return std::string(jax_name(dtype)) + "[" + join(shape, ",") + "]";
}

// ---------------------------------------------------------------------------
// shardings and checks

std::string AbstractMesh::to_string() const {
  std::string out = "AbstractMesh(";
  for (std::size_t i = 0; i < axis_names.size(); ++i)
    out += python_repr(axis_names[i], false) + ": " +
           (i < axis_sizes.size() ? std::to_string(axis_sizes[i]) : "?") + ", ";
  out += "axis_types=(";
  for (std::size_t i = 0; i < axis_types.size(); ++i) {
    static const char *names[] = {"Missing", "Auto", "Explicit", "Manual"};
    out += names[static_cast<int>(axis_types[i])];
    if (i + 1 < axis_types.size() || axis_types.size() == 1)
      out += axis_types.size() == 1 ? "," : ", ";
  }
  out += ")";
  if (device) {
    out += ", device_kind=" + device->device_kind + ", num_cores=" +
           (device->num_cores ? std::to_string(*device->num_cores) : "None");
    if (!device->platform.empty())
      out += ", platform=" + device->platform;
  }
  return out + ")";
}

std::string NamedSharding::to_string() const {
  std::vector<std::string> parts;
  for (const auto &axes : partitions) {
    if (axes.empty()) {
      parts.push_back("None");
    } else if (axes.size() == 1) {
      parts.push_back(python_repr(axes[0], false));
    } else {
      std::vector<std::string> quoted;
      for (const auto &a : axes)
        quoted.push_back(python_repr(a, false));
      parts.push_back("(" + join(quoted, ", ") + ")");
    }
  }
  auto set = [](const std::vector<std::string> &names) {
    std::vector<std::string> quoted;
    for (const auto &a : names)
      quoted.push_back(python_repr(a, false));
    return "{" + join(quoted, ", ") + "}";
  };
  std::string spec = "P(" + join(parts, ", ");
  if (parts.size() == 1 && reduced.empty() && unreduced.empty())
    spec += ",";
  if (!reduced.empty())
    spec += (parts.empty() ? "" : ", ") + std::string("reduced=") + set(reduced);
  if (!unreduced.empty())
    spec += (parts.empty() && reduced.empty() ? "" : ", ") + std::string("unreduced=") +
            set(unreduced);
  spec += ")";
  return "NamedSharding(mesh=" + mesh.to_string() + ", spec=" + spec +
         ", memory_kind=" + (memory_kind ? *memory_kind : std::string("None")) + ")";
}

std::string Sharding::to_string() const {
  switch (kind) {
  case Kind::unspecified: return "unspecified";
  case Kind::named_sharding: return named.to_string();
  case Kind::hlo_sharding:
    return "HloSharding(" + std::to_string(hlo_sharding_proto.size()) +
           "-byte OpSharding proto)";
  }
  return "?";
}

std::string DisabledSafetyCheck::to_string() const {
  switch (kind) {
  case Kind::platform: return "platform";
  case Kind::custom_call: return "custom_call:" + custom_call_target;
  case Kind::shape_assertions: return "shape_assertions";
  }
  return "?";
}

// ---------------------------------------------------------------------------
// Exported

bool Exported::module_is_bytecode() const {
  return starts_with_bytecode_magic(mlir_module_serialized);
}

bool Exported::is_shape_polymorphic() const {
  for (const auto *avals : {&in_avals, &out_avals})
    for (const AbstractValue &a : *avals)
      if (!a.is_static())
        return true;
  return false;
}

std::string Exported::summary() const {
  std::ostringstream os;
  auto avals = [&](const std::vector<AbstractValue> &v) {
    std::vector<std::string> s;
    for (const auto &a : v)
      s.push_back(a.to_string());
    return "(" + join(s, ", ") + ")";
  };
  auto shardings = [&](const std::vector<Sharding> &v) {
    std::vector<std::string> s;
    for (const auto &x : v)
      s.push_back(x.to_string());
    return "(" + join(s, ", ") + ")";
  };
  os << "function: " << function_name << "\n"
     << "serialization version: " << serialization_version
     << (has_unique_tables ? " (with the version 10 dedup tables)" : "") << "\n"
     << "calling convention version: " << calling_convention_version
     << (calling_convention_supported() ? "" : " (outside JAX's supported range)") << "\n"
     << "platforms: " << join(platforms, ", ") << "\n"
     << "devices: " << nr_devices << "\n"
     << "in_tree: " << in_tree.to_string() << "\n"
     << "in_avals: " << avals(in_avals) << "\n"
     << "in_shardings: " << shardings(in_shardings) << "\n"
     << "out_tree: " << out_tree.to_string() << "\n"
     << "out_avals: " << avals(out_avals) << "\n"
     << "out_shardings: " << shardings(out_shardings) << "\n";
  std::vector<std::string> kept;
  for (auto i : module_kept_var_idx)
    kept.push_back(std::to_string(i));
  os << "module_kept_var_idx: (" << join(kept, ", ") << ")\n"
     << "uses_global_constants: " << (uses_global_constants ? "true" : "false") << "\n";
  if (!ordered_effects.empty())
    os << "ordered_effects: " << join(ordered_effects, ", ") << "\n";
  if (!unordered_effects.empty())
    os << "unordered_effects: " << join(unordered_effects, ", ") << "\n";
  if (!disabled_safety_checks.empty()) {
    std::vector<std::string> s;
    for (const auto &c : disabled_safety_checks)
      s.push_back(c.to_string());
    os << "disabled_safety_checks: " << join(s, ", ") << "\n";
  }
  os << "module: " << mlir_module_serialized.size() << " bytes"
     << (module_is_bytecode() ? " of MLIR bytecode" : " (not MLIR bytecode)") << "\n"
     << "vjp: " << (has_vjp() ? "yes" : "no") << "\n";
  return os.str();
}

Exported parse(std::string_view bytes) {
  AlignedBytes buf(bytes);
  const fbs::Exported *root = verified_root(buf);
  if (!root)
    fail(describe_non_flatbuffer(bytes));
  Reader reader(bytes.size());
  return reader.exported(*root, 0);
}

Exported read_file(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    fail(path + ": cannot open: " + std::strerror(errno));
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad())
    fail(path + ": cannot read: " + std::strerror(errno));
  try {
    return parse(bytes);
  } catch (const format_error &e) {
    fail(path + ": " + e.what());
  }
}

bool looks_like_exported(std::string_view bytes) {
  if (bytes.size() < 8 || starts_with_bytecode_magic(bytes) || looks_like_text(bytes))
    return false;
  AlignedBytes buf(bytes);
  const fbs::Exported *root = verified_root(buf);
  return root && root->mlir_module_serialized() &&
         root->mlir_module_serialized()->size() > 0;
}

} // namespace jx::exported
