// checks.h - the runtime side of the test-only check ops.
//
// Compiled check ops call jx_rt_check (see CheckToRuntime.h); its verdicts
// go to the check_log installed on the calling thread.

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

} // namespace jx::runtime

extern "C" void jx_rt_check(int32_t kind, int64_t actual, int64_t expected,
                            int64_t count, int32_t element_code,
                            double tolerance, int64_t max_ulp, int64_t min_ulp,
                            int64_t line);

#endif // JX_RUNTIME_CHECKS_H
