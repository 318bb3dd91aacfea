// CacheKey.cpp - the compile cache's key for one compilation (CacheKey.h).

#include "CacheKey.h"

#include "jx/Pipelines/CPUPipeline.h"

#include "mlir/IR/OperationSupport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <link.h>

namespace jx::compiler {
namespace {

/// The GNU build ID of the loaded object that holds this function: the
/// executable or shared library the compiler is linked into. Computed once.
const std::string &compilerBuildId() {
  static const std::string id = [] {
    struct search {
      uintptr_t address;
      std::string id;
    } s{reinterpret_cast<uintptr_t>(&cacheKey), ""};
    dl_iterate_phdr(
        [](dl_phdr_info *info, size_t, void *data) {
          auto *s = static_cast<search *>(data);
          bool mine = false;
          for (int i = 0; i < info->dlpi_phnum; ++i) {
            const ElfW(Phdr) &p = info->dlpi_phdr[i];
            uintptr_t start = info->dlpi_addr + p.p_vaddr;
            if (p.p_type == PT_LOAD && s->address >= start &&
                s->address < start + p.p_memsz)
              mine = true;
          }
          if (!mine)
            return 0;
          for (int i = 0; i < info->dlpi_phnum; ++i) {
            const ElfW(Phdr) &p = info->dlpi_phdr[i];
            if (p.p_type != PT_NOTE)
              continue;
            auto *at = reinterpret_cast<const char *>(info->dlpi_addr + p.p_vaddr);
            const char *end = at + p.p_memsz;
            while (at + sizeof(ElfW(Nhdr)) <= end) {
              auto *note = reinterpret_cast<const ElfW(Nhdr) *>(at);
              const char *name = at + sizeof(ElfW(Nhdr));
              const char *desc = name + ((note->n_namesz + 3) & ~3u);
              if (note->n_type == NT_GNU_BUILD_ID && note->n_namesz == 4 &&
                  std::memcmp(name, "GNU", 4) == 0)
                s->id = llvm::toHex(llvm::StringRef(desc, note->n_descsz));
              at = desc + ((note->n_descsz + 3) & ~3u);
            }
          }
          return 1;
        },
        &s);
    // Without a build ID every compile is its own build: the key changes
    // with each process, and the cache never hands back code of another.
    if (s.id.empty())
      s.id = "no-build-id-" + std::to_string(reinterpret_cast<uintptr_t>(&s));
    return s.id;
  }();
  return id;
}

} // namespace

std::string cacheKey(mlir::ModuleOp module, const std::string &entry,
                     const compile_options &options) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, mlir::OpPrintingFlags().enableDebugInfo(true).printGenericOpForm());
  llvm::SHA256 hash;
  auto field = [&](llvm::StringRef s) {
    uint64_t n = s.size();
    hash.update(llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(&n), 8));
    hash.update(s);
  };
  field("jx compile cache key 1");
  field(runtime::version());
  field(compilerBuildId());
  const runtime::cpu_info &cpu = runtime::host_cpu();
  field(cpu.model);
  for (const std::string &flag : cpu.flags)
    field(flag);
  field(options.target_cpu);
  field(options.device);
  field(entry);
  field(std::string{char('0' + options.fuse), char('0' + options.blas),
                    char('0' + options.dnnl), char('0' + options.time_regions),
                    // JX_STREAMING_STORES=0 changes the code, not its results.
                    char('0' + defaultStreamingStores())});
  field(text);
  return llvm::toHex(hash.final(), /*LowerCase=*/true);
}

} // namespace jx::compiler
