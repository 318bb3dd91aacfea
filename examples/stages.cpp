// stages.cpp - see stages.h.

#include "stages.h"

#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace example {

namespace {

namespace fs = std::filesystem;

/// Writes `text` to dir/name and records it.
void write_file(const fs::path &dir, const std::string &name,
                const std::string &text, std::vector<stage_file> &out) {
  fs::path path = dir / name;
  std::ofstream os(path);
  os << text;
  os.close();
  if (!os)
    throw std::runtime_error("cannot write " + path.string());
  out.push_back({path.string(), text.size()});
}

std::string two_digits(int i) {
  return (i < 10 ? "0" : "") + std::to_string(i);
}

/// The file name of a stage: its number, name and the extension of its text.
std::string file_name(int n, const std::string &stage) {
  if (stage == "llvm-ir")
    return two_digits(n) + "-llvm-ir.ll";
  if (stage == "asm")
    return two_digits(n) + "-host.s";
  return two_digits(n) + "-" + stage + ".mlir";
}

} // namespace

std::vector<stage_file> write_stages(const std::string &dir,
                                     const std::string &jaxpr,
                                     const jx::Compiled &compiled) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec)
    throw std::runtime_error("cannot create " + dir + ": " + ec.message());
  // Stage files of an earlier run (whose names may differ) go first.
  std::vector<fs::path> stale;
  for (const auto &e : fs::directory_iterator(dir, ec)) {
    std::string name = e.path().filename().string();
    if (name.size() > 3 && std::isdigit(static_cast<unsigned char>(name[0])) &&
        std::isdigit(static_cast<unsigned char>(name[1])) && name[2] == '-')
      stale.push_back(e.path());
  }
  for (const fs::path &p : stale)
    fs::remove(p, ec);

  std::vector<stage_file> files;
  int n = 0;
  write_file(dir, two_digits(++n) + "-jaxpr.txt", jaxpr, files);
  for (const std::string &stage : jx::Compiled::stages())
    write_file(dir, file_name(++n, stage), compiled.as_text(stage), files);
  return files;
}

} // namespace example
