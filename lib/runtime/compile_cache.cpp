// compile_cache.cpp - the persistent compile cache (compile_cache.h).

#include "jx/runtime/compile_cache.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <random>
#include <sstream>

#include <unistd.h>

namespace jx::runtime {
namespace {

namespace fs = std::filesystem;

std::mutex dir_mutex;
bool dir_set = false;
std::string dir_value;

std::atomic<uint64_t> hits{0}, misses{0}, rejected{0}, stores{0};

std::string dir_from_environment() {
  const char *flag = std::getenv("JX_CACHE");
  if (flag && std::string(flag) == "0")
    return "";
  if (const char *d = std::getenv("JX_CACHE_DIR"); d && *d)
    return d;
  if (!flag || std::string(flag) != "1")
    return "";
  if (const char *x = std::getenv("XDG_CACHE_HOME"); x && *x)
    return std::string(x) + "/jx/executables";
  if (const char *h = std::getenv("HOME"); h && *h)
    return std::string(h) + "/.cache/jx/executables";
  return "jx-executables";
}

bool logging() {
  static const bool on = [] {
    const char *v = std::getenv("JX_CACHE_LOG");
    return v && *v && std::string(v) != "0";
  }();
  return on;
}

void log(const char *what, const std::string &path, const std::string &why = "") {
  if (logging())
    std::fprintf(stderr, "jx: compile cache %s %s%s%s\n", what, path.c_str(),
                 why.empty() ? "" : ": ", why.c_str());
}

std::string entry_path(const std::string &dir, const std::string &key) {
  return dir + "/" + key + ".jxe";
}

bool is_entry(const fs::directory_entry &e) {
  return e.is_regular_file() && e.path().extension() == ".jxe";
}

} // namespace

std::string cache_dir() {
  std::lock_guard<std::mutex> lock(dir_mutex);
  if (!dir_set) {
    dir_value = dir_from_environment();
    dir_set = true;
  }
  return dir_value;
}

void set_cache_dir(const std::string &dir) {
  std::lock_guard<std::mutex> lock(dir_mutex);
  dir_value = dir;
  dir_set = true;
}

std::unique_ptr<executable> cache_lookup(const std::string &key) {
  std::string dir = cache_dir();
  if (dir.empty())
    return nullptr;
  std::string path = entry_path(dir, key);
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    ++misses;
    log("miss", path);
    return nullptr;
  }
  std::ostringstream bytes;
  bytes << in.rdbuf();
  in.close();
  try {
    std::unique_ptr<executable> exe = executable::deserialize(bytes.str());
    ++hits;
    log("hit", path);
    return exe;
  } catch (const load_error &e) {
    ++rejected;
    log("rejected", path, e.what());
    std::error_code ec;
    fs::remove(path, ec);
    return nullptr;
  }
}

void cache_store(const std::string &key, const executable &exe) {
  std::string dir = cache_dir();
  if (dir.empty() || !exe.serializable())
    return;
  std::error_code ec;
  fs::create_directories(dir, ec);
  std::string path = entry_path(dir, key);
  // A name of its own per writer, so that processes storing the same entry
  // at once do not interleave; rename() replaces atomically.
  std::random_device rd;
  std::string tmp = dir + "/." + key + "." + std::to_string(::getpid()) + "." +
                    std::to_string(rd()) + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary);
    std::string bytes = exe.serialize();
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) {
      std::fprintf(stderr, "jx: warning: cannot write the compile cache entry %s\n",
                   tmp.c_str());
      fs::remove(tmp, ec);
      return;
    }
  }
  fs::rename(tmp, path, ec);
  if (ec) {
    std::fprintf(stderr, "jx: warning: cannot store the compile cache entry %s: %s\n",
                 path.c_str(), ec.message().c_str());
    fs::remove(tmp, ec);
    return;
  }
  ++stores;
  log("store", path);
}

cache_activity cache_counters() {
  cache_activity a;
  a.hits = hits;
  a.misses = misses;
  a.rejected = rejected;
  a.stores = stores;
  return a;
}

cache_contents cache_statistics() {
  cache_contents c;
  std::string dir = cache_dir();
  std::error_code ec;
  if (dir.empty() || !fs::is_directory(dir, ec))
    return c;
  for (const auto &e : fs::directory_iterator(dir, ec))
    if (is_entry(e)) {
      ++c.entries;
      c.bytes += e.file_size(ec);
    }
  return c;
}

uint64_t cache_clear() {
  std::string dir = cache_dir();
  std::error_code ec;
  uint64_t removed = 0;
  if (dir.empty() || !fs::is_directory(dir, ec))
    return 0;
  for (const auto &e : fs::directory_iterator(dir, ec))
    if (is_entry(e) && fs::remove(e.path(), ec))
      ++removed;
  return removed;
}

} // namespace jx::runtime
