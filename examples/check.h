// check.h - the tiny checking helpers the example programs share: each
// example prints what it shows, compares it with the expected text or value
// (from JAX, where JAX has one) and exits non-zero if anything differs.

#ifndef JX_EXAMPLES_CHECK_H
#define JX_EXAMPLES_CHECK_H

#include <iostream>
#include <string>

namespace example {

inline int &failures() {
  static int n = 0;
  return n;
}

/// Prints `what` and whether `ok`.
inline void check(bool ok, const std::string &what) {
  std::cout << (ok ? "  ok    " : "  FAIL  ") << what << "\n";
  if (!ok)
    ++failures();
}

/// Compares two texts; on a mismatch prints both.
inline void check_text(const std::string &got, const std::string &want,
                       const std::string &what) {
  check(got == want, what);
  if (got != want)
    std::cout << "--- got:\n" << got << "\n--- want:\n" << want << "\n";
}

/// The exit status: 0 when every check passed.
inline int finish(const char *name) {
  if (failures())
    std::cout << name << ": " << failures() << " check(s) FAILED\n";
  else
    std::cout << name << ": all checks passed\n";
  return failures() ? 1 : 0;
}

} // namespace example

#endif // JX_EXAMPLES_CHECK_H
