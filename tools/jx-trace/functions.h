// functions.h - jx-trace's sample functions, by name.

#ifndef JX_TOOLS_JX_TRACE_FUNCTIONS_H
#define JX_TOOLS_JX_TRACE_FUNCTIONS_H

#include "jx/jx.h"

#include <string>
#include <vector>

struct sample {
  std::string name;
  jx::flat_function f;
  std::vector<jx::Array> args; // example arguments
};

const std::vector<sample> &samples();

#endif // JX_TOOLS_JX_TRACE_FUNCTIONS_H
