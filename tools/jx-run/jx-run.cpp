// jx-run.cpp - run a serialized executable with nothing but jx's runtime.
//
//   jx-run FILE.jxe [--input a.npy ...] [--output-dir D] [--max-memory SIZE]
//          [--threads N] [--devices N]
//
// FILE.jxe comes from `jxc compile prog.mlir --emit=executable -o FILE.jxe`.
// This program links only the runtime (no MLIR, no LLVM: the
// runtime-links-no-llvm test checks its libraries), so it is what a service
// that runs finished models looks like. It prints each result (type and
// values, elided when long) and the checks' verdict as `jxc run` does: PASS
// or FAIL. Inputs are .npy files or inline ("2x3xf32=1 2 3 4 5 6").
// An executable of a multi-device program runs with --devices N on N
// threads, with jxc run --devices' convention (docs/multi-device.md).
// Exit codes as jxc's: 0 success, 1 a check failed, 2 the executable or an
// input could not be read or loaded, or the command line is wrong.

#include "jx/runtime/check_hooks.h"
#include "jx/runtime/collectives.h"
#include "jx/runtime/executable.h"
#include "jx/runtime/format.h"
#include "jx/runtime/memory.h"
#include "jx/runtime/threads.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

constexpr int kExitCheckFailed = 1;
constexpr int kExitUsage = 2;

int usage(const std::string &message) {
  std::cerr << "jx-run: error: " << message << "\n"
            << "usage: jx-run FILE.jxe [--input a.npy ...] [--output-dir D] "
               "[--max-memory SIZE] [--threads N] [--devices N]\n";
  return kExitUsage;
}

} // namespace

int main(int argc, char **argv) {
  jx::runtime::enable_checks(); // executables of programs with check ops
  std::string file, output_dir;
  std::vector<std::string> inputs;
  int devices = 0;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&](const std::string &flag) -> const char * {
      if (arg.rfind(flag + "=", 0) == 0)
        return argv[i] + flag.size() + 1;
      if (arg == flag && i + 1 < argc)
        return argv[++i];
      return nullptr;
    };
    if (arg == "--help" || arg == "-h") {
      std::cout << "usage: jx-run FILE.jxe [--input a.npy ...] [--output-dir D] "
                   "[--max-memory SIZE] [--threads N] [--devices N]\n"
                   "Runs an executable written by `jxc compile --emit=executable`.\n";
      return 0;
    }
    if (arg == "--version") {
      std::cout << "jx-run (jx " << jx::runtime::version() << ")\n";
      return 0;
    }
    if (arg.rfind("--input", 0) == 0) {
      const char *v = value("--input");
      if (!v)
        return usage("--input needs an .npy file or an inline value");
      inputs.push_back(v);
    } else if (arg.rfind("--output-dir", 0) == 0) {
      const char *v = value("--output-dir");
      if (!v || !*v)
        return usage("--output-dir needs a folder");
      output_dir = v;
    } else if (arg.rfind("--max-memory", 0) == 0) {
      const char *v = value("--max-memory");
      uint64_t bytes = 0;
      if (!v || !jx::runtime::parse_memory_size(v, bytes))
        return usage("--max-memory needs a size (bytes, or e.g. 512M, 8G)");
      jx::runtime::set_memory_limit(bytes);
    } else if (arg.rfind("--threads", 0) == 0) {
      const char *v = value("--threads");
      int n = v ? std::atoi(v) : 0;
      if (n <= 0)
        return usage("--threads needs a positive count");
      jx::runtime::set_num_threads(static_cast<unsigned>(n));
    } else if (arg.rfind("--devices", 0) == 0) {
      const char *v = value("--devices");
      devices = v ? std::atoi(v) : 0;
      if (devices <= 0)
        return usage("--devices needs a positive count");
    } else if (!arg.empty() && arg[0] == '-') {
      return usage("unknown option " + arg);
    } else if (file.empty()) {
      file = arg;
    } else {
      return usage("one executable at a time (got " + file + " and " + arg + ")");
    }
  }
  if (file.empty())
    return usage("give an executable (FILE.jxe)");

  std::ifstream in(file, std::ios::binary);
  if (!in) {
    std::cerr << "jx-run: error: cannot open " << file << "\n";
    return kExitUsage;
  }
  std::ostringstream bytes;
  bytes << in.rdbuf();
  std::unique_ptr<jx::runtime::executable> exe;
  try {
    exe = jx::runtime::executable::deserialize(bytes.str());
  } catch (const jx::runtime::load_error &e) {
    std::cerr << "jx-run: error: " << file << ": " << e.what() << "\n";
    return kExitUsage;
  }
  const int grid = exe->num_replicas() * exe->num_partitions();
  if ((grid > 1 || devices) && devices != grid) {
    std::cerr << "jx-run: error: @" << exe->entry() << " runs on " << grid
              << " device" << (grid > 1 ? "s" : "") << " ("
              << exe->num_replicas() << " replicas x " << exe->num_partitions()
              << " partitions); "
              << (devices ? "--devices gives " + std::to_string(devices)
                          : "run it with --devices " + std::to_string(grid))
              << "\n";
    return kExitUsage;
  }
  std::vector<jx::runtime::host_buffer> args;
  std::vector<jx::runtime::host_buffer> results;
  jx::runtime::check_log log;
  try {
    for (const std::string &input : inputs)
      args.push_back(jx::runtime::read_input(input));
    results = grid > 1 ? jx::runtime::run_on_grid(*exe, args, &log)
                       : exe->run(args, &log);
    if (!output_dir.empty()) {
      std::filesystem::create_directories(output_dir);
      for (std::size_t i = 0; i < results.size(); ++i)
        jx::runtime::write_npy(output_dir + "/result" + std::to_string(i) + ".npy",
                               results[i]);
    }
  } catch (const std::exception &e) {
    std::cerr << "jx-run: error: " << e.what() << "\n";
    std::cout << "FAIL " << exe->entry() << ": " << e.what() << "\n";
    return kExitUsage;
  }
  for (std::size_t i = 0; i < results.size(); ++i)
    std::cout << "result[" << i << "]: " << results[i].type_string() << "\n"
              << jx::runtime::format_values(results[i]) << "\n";
  if (!log.failures.empty()) {
    std::cout << "FAIL " << exe->entry() << ": " << log.failures.front() << "\n";
    return kExitCheckFailed;
  }
  std::cout << "PASS " << exe->entry() << "\n";
  return 0;
}
