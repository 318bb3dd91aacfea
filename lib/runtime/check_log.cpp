// check_log.cpp - the log check ops report to (checks.h).

#include "jx/runtime/checks.h"

namespace jx::runtime {
namespace {
thread_local check_log *current_log = nullptr;
} // namespace

scoped_check_log::scoped_check_log(check_log &log) : previous(current_log) {
  current_log = &log;
}
scoped_check_log::~scoped_check_log() { current_log = previous; }

check_log *current_check_log() { return current_log; }

} // namespace jx::runtime
