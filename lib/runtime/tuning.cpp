// tuning.cpp - the tuning database (tuning.h).

#include "jx/runtime/tuning.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <unistd.h>

namespace jx::runtime {
namespace {

std::mutex db_mutex;
bool loaded = false;
nlohmann::json db = nlohmann::json::object(); // cpu model -> key -> entry
std::vector<std::string> report; // this process's records

std::atomic<int> tuning{-1}; // -1: not yet read from the environment

/// Reads the file once (under db_mutex).
void load() {
  if (loaded)
    return;
  loaded = true;
  std::ifstream in(tuning_db_path());
  if (!in)
    return; // no database yet
  nlohmann::json value = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (value.is_discarded() || !value.is_object()) {
    std::fprintf(stderr,
                 "jx: warning: ignoring the tuning database %s: not a JSON object\n",
                 tuning_db_path().c_str());
    return;
  }
  auto cpus = value.find("cpus");
  if (cpus != value.end() && cpus->is_object())
    db = std::move(*cpus);
}

void save() {
  std::string path = tuning_db_path();
  std::filesystem::path dir = std::filesystem::path(path).parent_path();
  std::error_code ec;
  if (!dir.empty())
    std::filesystem::create_directories(dir, ec);
  std::string tmp = path + ".tmp" + std::to_string(::getpid());
  {
    std::ofstream os(tmp);
    if (!os) {
      std::fprintf(stderr, "jx: warning: cannot write the tuning database %s\n",
                   tmp.c_str());
      return;
    }
    nlohmann::json top = {{"version", 1}, {"cpus", db}};
    os << top.dump(2) << "\n";
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
  auto cpu = db.find(cpu_model());
  if (cpu == db.end() || !cpu->is_object())
    return std::nullopt;
  auto entry = cpu->find(key);
  if (entry == cpu->end() || !entry->is_object())
    return std::nullopt;
  auto winner = entry->find("winner");
  if (winner == entry->end() || !winner->is_string())
    return std::nullopt;
  return winner->get<std::string>();
}

void record_tuning(const std::string &key, const std::string &winner,
                   const std::vector<std::pair<std::string, double>> &times) {
  std::lock_guard<std::mutex> lock(db_mutex);
  load();
  nlohmann::json entry = {{"winner", winner}};
  nlohmann::json us = nlohmann::json::object();
  std::string line = key + ": " + winner + " (";
  for (std::size_t i = 0; i < times.size(); ++i) {
    us[times[i].first] = times[i].second;
    char number[32];
    std::snprintf(number, sizeof number, "%.1f", times[i].second);
    line += (i ? ", " : "") + times[i].first + " " + number + " us";
  }
  entry["microseconds"] = std::move(us);
  nlohmann::json &cpu = db[cpu_model()];
  if (!cpu.is_object())
    cpu = nlohmann::json::object();
  cpu[key] = std::move(entry);
  report.push_back(line + ")");
  save();
}

std::vector<std::string> tuning_report() {
  std::lock_guard<std::mutex> lock(db_mutex);
  return report;
}

} // namespace jx::runtime
