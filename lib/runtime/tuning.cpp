// tuning.cpp - the tuning database (tuning.h).

#include "jx/runtime/tuning.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <unistd.h>

namespace jx::runtime {
namespace {

std::mutex db_mutex;
bool loaded = false;
llvm::json::Object db;          // cpu model -> key -> entry
std::vector<std::string> report; // this process's records

std::atomic<int> tuning{-1}; // -1: not yet read from the environment

/// Reads the file once (under db_mutex).
void load() {
  if (loaded)
    return;
  loaded = true;
  auto buffer = llvm::MemoryBuffer::getFile(tuning_db_path());
  if (!buffer)
    return; // no database yet
  llvm::Expected<llvm::json::Value> value =
      llvm::json::parse((*buffer)->getBuffer());
  if (!value) {
    std::fprintf(stderr,
                 "jx: warning: ignoring the tuning database %s: %s\n",
                 tuning_db_path().c_str(),
                 llvm::toString(value.takeError()).c_str());
    return;
  }
  if (llvm::json::Object *o = value->getAsObject())
    if (llvm::json::Object *cpus = o->getObject("cpus"))
      db = std::move(*cpus);
}

void save() {
  std::string path = tuning_db_path();
  llvm::SmallString<256> dir(path);
  llvm::sys::path::remove_filename(dir);
  if (!dir.empty())
    (void)llvm::sys::fs::create_directories(dir);
  std::string tmp = path + ".tmp" + std::to_string(::getpid());
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(tmp, ec);
    if (ec) {
      std::fprintf(stderr, "jx: warning: cannot write the tuning database %s: %s\n",
                   tmp.c_str(), ec.message().c_str());
      return;
    }
    llvm::json::Object top{{"version", 1}, {"cpus", llvm::json::Object(db)}};
    os << llvm::formatv("{0:2}", llvm::json::Value(std::move(top))) << "\n";
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0)
    std::remove(tmp.c_str());
}

} // namespace

std::string tuning_db_path() {
  if (const char *p = std::getenv("JX_TUNING_DB"); p && *p)
    return p;
  if (const char *x = std::getenv("XDG_CACHE_HOME"); x && *x)
    return std::string(x) + "/jx/tuning.json";
  if (const char *h = std::getenv("HOME"); h && *h)
    return std::string(h) + "/.cache/jx/tuning.json";
  return "jx-tuning.json";
}

std::string cpu_model() {
  static const std::string model = [] {
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line))
      if (line.rfind("model name", 0) == 0) {
        auto colon = line.find(':');
        if (colon != std::string::npos) {
          std::string m = line.substr(colon + 1);
          m.erase(0, m.find_first_not_of(" \t"));
          return m;
        }
      }
    return std::string("unknown CPU");
  }();
  return model;
}

bool tuning_enabled() {
  int t = tuning.load();
  if (t < 0) {
    const char *env = std::getenv("JX_TUNE");
    t = env && std::string(env) == "1";
    tuning = t;
  }
  return t == 1;
}

void set_tuning(bool on) { tuning = on ? 1 : 0; }

std::optional<std::string> tuned_choice(const std::string &key) {
  std::lock_guard<std::mutex> lock(db_mutex);
  load();
  if (llvm::json::Object *cpu = db.getObject(cpu_model()))
    if (llvm::json::Object *entry = cpu->getObject(key))
      if (std::optional<llvm::StringRef> w = entry->getString("winner"))
        return w->str();
  return std::nullopt;
}

void record_tuning(const std::string &key, const std::string &winner,
                   const std::vector<std::pair<std::string, double>> &times) {
  std::lock_guard<std::mutex> lock(db_mutex);
  load();
  llvm::json::Object entry{{"winner", winner}};
  llvm::json::Object us;
  std::string line = key + ": " + winner + " (";
  for (std::size_t i = 0; i < times.size(); ++i) {
    us[times[i].first] = times[i].second;
    line += (i ? ", " : "") + times[i].first + " " +
            llvm::formatv("{0:f1}", times[i].second).str() + " us";
  }
  entry["microseconds"] = std::move(us);
  llvm::json::Value &cpu = db[cpu_model()];
  if (!cpu.getAsObject())
    cpu = llvm::json::Object();
  (*cpu.getAsObject())[key] = std::move(entry);
  report.push_back(line + ")");
  save();
}

std::vector<std::string> tuning_report() {
  std::lock_guard<std::mutex> lock(db_mutex);
  return report;
}

} // namespace jx::runtime
