// Library.cpp - ahead-of-time libraries: an entry compiled into a static
// library (or shared object) with a C header that calls it (Compile.h).

#include "jx/Compiler/Compile.h"
#include "Lowering.h"

#include "jx/Target/CPU/CPUTarget.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <cctype>

namespace jx::compiler {
namespace {

using runtime::dtype;
using runtime::tensor_spec;

bool isIdentifier(const std::string &s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_'))
    return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_'))
      return false;
  return true;
}

/// `s` with every character a C identifier cannot hold replaced by '_'.
std::string identifierFrom(const std::string &s) {
  std::string out = s;
  for (char &c : out)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_'))
      c = '_';
  if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0])))
    out = "_" + out;
  return out;
}

/// The C element type of a dtype's buffers, and what one element is.
const char *cType(dtype t) {
  switch (t) {
  case dtype::float32: return "float";
  case dtype::float64: return "double";
  case dtype::complex64: return "float";   // real, imaginary
  case dtype::complex128: return "double"; // real, imaginary
  case dtype::float16:
  case dtype::bfloat16: return "uint16_t"; // the bits
  case dtype::int8:
  case dtype::int4:
  case dtype::int2: return "int8_t";
  case dtype::uint8:
  case dtype::uint4:
  case dtype::uint2:
  case dtype::bool_: return "uint8_t";
  case dtype::int16: return "int16_t";
  case dtype::uint16: return "uint16_t";
  case dtype::int32: return "int32_t";
  case dtype::uint32: return "uint32_t";
  case dtype::int64: return "int64_t";
  case dtype::uint64: return "uint64_t";
  }
  return "void";
}

std::string describe(const tensor_spec &t) {
  int64_t n = runtime::element_count(t);
  std::string s = t.type_string() + ", " + std::to_string(n) +
                  (n == 1 ? " element" : " elements");
  if (t.dtype == dtype::complex64 || t.dtype == dtype::complex128)
    s += " of two values (real, imaginary)";
  else if (t.dtype == dtype::float16 || t.dtype == dtype::bfloat16)
    s += n == 1 ? " as its 16 bits" : " as their 16 bits";
  else if (t.dtype == dtype::bool_)
    s += ", one byte each (0 or 1)";
  return s;
}

std::string writeHeader(const std::string &name, const std::string &entry,
                        const std::string &wrapper, const EntrySignature &sig,
                        const runtime::cpu_info &cpu) {
  std::string fn = name + "_" + identifierFrom(entry);
  std::string guard = "JX_AOT_" + name + "_H";
  for (char &c : guard)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  std::string upper = fn;
  for (char &c : upper)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  std::string out;
  llvm::raw_string_ostream os(out);
  os << "/* " << name << ".h - @" << entry << " compiled ahead of time by jxc (jx "
     << runtime::version() << ").\n"
     << " *\n"
     << " * Link lib" << name << ".a (or lib" << name
     << ".so), jx's runtime (libjx_runtime.so) and\n"
     << " * LLVM's OpenMP runtime (libomp). Run it on CPUs with these features:\n"
     << " * " << cpu.model << ":";
  size_t column = 80;
  for (const std::string &f : cpu.flags) {
    if (column + f.size() > 76) {
      os << "\n *  ";
      column = 4;
    }
    os << " " << f;
    column += f.size() + 1;
  }
  os << (cpu.flags.empty() ? " any x86-64" : "") << "\n"
     << " * Buffers are row-major and contiguous; shapes are fixed, as listed\n"
     << " * below. */\n\n"
     << "#ifndef " << guard << "\n#define " << guard << "\n\n"
     << "#include <stdint.h>\n\n"
     << "#ifdef __cplusplus\n#include <stdexcept>\n#include <string>\nextern \"C\" {\n#endif\n\n"
     << "/* The compiled entry and jx's runtime (jx/runtime/aot.h). */\n"
     << "void " << wrapper << "(void **args);\n"
     << "int jx_rt_call_packed(void (*entry)(void **), void **args);\n"
     << "const char *jx_rt_last_error(void);\n\n";
  os << "#define " << upper << "_NUM_INPUTS " << sig.inputs.size() << "\n";
  os << "#define " << upper << "_NUM_OUTPUTS " << sig.outputs.size() << "\n\n";
  // Parameters, and the descriptor words of each: allocated, aligned,
  // offset, sizes, row-major strides.
  std::vector<std::string> params;
  std::string words;
  size_t count = 0;
  auto addDescriptor = [&](const std::string &pointer, const tensor_spec &t) {
    std::string p = "(int64_t)(intptr_t)" + pointer;
    words += "      " + p + ", " + p + ", 0";
    count += 3;
    for (int64_t d : t.shape)
      words += ", " + std::to_string(d);
    int64_t stride = 1;
    std::vector<int64_t> strides(t.shape.size());
    for (size_t i = t.shape.size(); i-- > 0;) {
      strides[i] = stride;
      stride *= t.shape[i];
    }
    for (int64_t s : strides)
      words += ", " + std::to_string(s);
    count += 2 * t.shape.size();
    words += ",\n";
  };
  os << "/* Runs @" << entry << ":\n";
  for (size_t i = 0; i < sig.inputs.size(); ++i) {
    os << " *   in" << i << ": " << describe(sig.inputs[i]) << "\n";
    params.push_back(std::string("const ") + cType(sig.inputs[i].dtype) + " *in" +
                     std::to_string(i));
    addDescriptor("in" + std::to_string(i), sig.inputs[i]);
  }
  for (size_t i = 0; i < sig.outputs.size(); ++i) {
    os << " *   out" << i << ": " << describe(sig.outputs[i]) << "\n";
    params.push_back(std::string(cType(sig.outputs[i].dtype)) + " *out" +
                     std::to_string(i));
    addDescriptor("out" + std::to_string(i), sig.outputs[i]);
  }
  os << " * Outputs must not overlap inputs. Returns 0, or 1 when the call failed\n"
     << " * (a temporary over the memory limit, JX_MAX_MEMORY; a library call\n"
     << " * refused), with the reason in jx_rt_last_error(). Thread-safe. */\n";
  std::string plist;
  for (size_t i = 0; i < params.size(); ++i)
    plist += (i ? ", " : "") + params[i];
  if (plist.empty())
    plist = "void";
  os << "static inline int " << fn << "(" << plist << ") {\n"
     << "  /* Each buffer's memref descriptor: allocated and aligned pointers,\n"
     << "     offset, sizes, strides. */\n"
     << "  int64_t w[" << std::max<size_t>(count, 1) << "] = {\n"
     << (words.empty() ? "      0\n" : words) << "  };\n"
     << "  void *a[" << std::max<size_t>(count, 1) << "];\n"
     << "  int i;\n"
     << "  for (i = 0; i < " << count << "; ++i)\n"
     << "    a[i] = &w[i];\n"
     << "  return jx_rt_call_packed(" << wrapper << ", a);\n"
     << "}\n\n"
     << "#ifdef __cplusplus\n} /* extern \"C\" */\n\n"
     << "namespace " << name << " {\n"
     << "/// " << fn << ", throwing std::runtime_error with the reason when it fails.\n"
     << "inline void " << identifierFrom(entry) << "(" << (params.empty() ? "" : plist)
     << ") {\n  if (" << fn << "(";
  for (size_t i = 0; i < sig.inputs.size(); ++i)
    os << (i ? ", " : "") << "in" << i;
  for (size_t i = 0; i < sig.outputs.size(); ++i)
    os << (i || !sig.inputs.empty() ? ", " : "") << "out" << i;
  os << ") != 0)\n    throw std::runtime_error(std::string(\"" << fn
     << ": \") + jx_rt_last_error());\n}\n} // namespace " << name << "\n#endif\n\n"
     << "#endif /* " << guard << " */\n";
  return out;
}

} // namespace

std::optional<library> compile_library(mlir::ModuleOp module,
                                       const std::string &entry,
                                       const std::string &name, bool shared,
                                       const compile_options &options) {
  if (!isIdentifier(name)) {
    module.emitError() << "library name '" << name
                       << "' is not a C identifier (letters, digits, _)";
    return std::nullopt;
  }
  EntrySignature signature;
  mlir::OwningOpRef<mlir::ModuleOp> lowered =
      lowerEntry(module, entry, options, signature);
  if (!lowered)
    return std::nullopt;
  std::string prefix = "jx_" + name + "_";
  llvm::Expected<std::string> binary =
      cpu::compileLibrary(*lowered, prefix, shared, options.target_cpu);
  if (!binary) {
    module.emitError() << "compiling @" << entry << " into a library failed: "
                       << llvm::toString(binary.takeError());
    return std::nullopt;
  }
  library lib;
  lib.binary = std::move(*binary);
  lib.header = writeHeader(name, entry, "_mlir_" + prefix + entry, signature,
                           signature.target);
  return lib;
}

} // namespace jx::compiler
