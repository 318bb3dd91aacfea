// checks.h - where the verdicts of the test-only check ops go.
//
// Compiled check ops call jx_rt_check, which lives outside the production
// runtime, in libjx_checks (check_hooks.h); its verdicts go to the
// check_log installed on the calling thread, which executable::run installs
// for each call.

#ifndef JX_RUNTIME_CHECKS_H
#define JX_RUNTIME_CHECKS_H

#include <cstdint>
#include <string>
#include <vector>

namespace jx::runtime {

struct check_log {
  int64_t checks_run = 0;
  std::vector<std::string> failures; // one line each: what, where, values
};

/// Installs `log` for checks run by this thread until the guard dies.
class scoped_check_log {
public:
  explicit scoped_check_log(check_log &log);
  ~scoped_check_log();
  scoped_check_log(const scoped_check_log &) = delete;
  scoped_check_log &operator=(const scoped_check_log &) = delete;

private:
  check_log *previous;
};

/// The log installed on this thread, or null.
check_log *current_check_log();

} // namespace jx::runtime


#endif // JX_RUNTIME_CHECKS_H
