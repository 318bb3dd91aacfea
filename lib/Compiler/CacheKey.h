// CacheKey.h - the compile cache's key for one compilation.

#ifndef JX_LIB_COMPILER_CACHEKEY_H
#define JX_LIB_COMPILER_CACHEKEY_H

#include "jx/Compiler/Compile.h"

#include <string>

namespace jx::compiler {

/// A SHA-256, in hex, of everything the machine code depends on: the
/// module's text (with locations, which check messages carry), the entry,
/// the options, jx's version, the build ID of the binary the compiler is
/// linked into (another build of jx may compile differently), and the CPU
/// (model and flags) the code is compiled for.
std::string cacheKey(mlir::ModuleOp module, const std::string &entry,
                     const compile_options &options);

} // namespace jx::compiler

#endif // JX_LIB_COMPILER_CACHEKEY_H
