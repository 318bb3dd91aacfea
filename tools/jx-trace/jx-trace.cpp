// jx-trace - prints what jx makes of its sample functions.
//
//   jx-trace --list
//   jx-trace --jaxpr NAME      make_jaxpr(f)(args)
//   jx-trace --stablehlo NAME  jit(f).lower(args).as_text()
//   jx-trace --run NAME        jit(f)(args) and f(args) eagerly

#include "functions.h"

#include <cstring>
#include <iostream>

int main(int argc, char **argv) {
  if (argc == 2 && std::strcmp(argv[1], "--list") == 0) {
    for (const sample &s : samples())
      std::cout << s.name << "\n";
    return 0;
  }
  if (argc != 3) {
    std::cerr << "usage: jx-trace --list | --jaxpr NAME | --stablehlo NAME | "
                 "--run NAME\n";
    return 2;
  }
  std::string mode = argv[1], name = argv[2];
  for (const sample &s : samples()) {
    if (s.name != name)
      continue;
    try {
      std::vector<jx::shaped_array> avals;
      for (const jx::Array &a : s.args)
        avals.push_back(a.aval());
      if (mode == "--jaxpr") {
        std::cout << jx::core::trace_to_jaxpr(s.f, avals) << "\n";
      } else if (mode == "--stablehlo") {
        jx::Lowered l(jx::core::trace_to_jaxpr(s.f, avals), name);
        std::cout << l.as_text();
      } else if (mode == "--run") {
        jx::detail::jit_core jf(s.f, name);
        for (const jx::Array &r : jf.call(s.args))
          std::cout << "jit:   " << r << "\n";
        for (const jx::Array &r : s.f(s.args))
          std::cout << "eager: " << r << "\n";
      } else {
        std::cerr << "jx-trace: unknown mode " << mode << "\n";
        return 2;
      }
      return 0;
    } catch (const std::exception &e) {
      std::cerr << "jx-trace: " << e.what() << "\n";
      return 1;
    }
  }
  std::cerr << "jx-trace: no sample function named " << name << "\n";
  return 2;
}
