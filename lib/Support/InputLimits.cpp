//===- InputLimits.cpp - reject inputs that would exhaust the parser ------===//

#include "jx/Support/InputLimits.h"

#include <cctype>

namespace jx {

std::string checkInputLimits(llvm::StringRef text, llvm::StringRef path) {
  unsigned line = 1, col = 1, depth = 0;
  auto error = [&](const std::string &what) {
    return path.str() + ":" + std::to_string(line) + ":" + std::to_string(col) +
           ": error: " + what;
  };
  for (size_t i = 0; i < text.size(); ++i, ++col) {
    char c = text[i];
    if (c == '\n') {
      ++line;
      col = 0;
      continue;
    }
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      while (i + 1 < text.size() && text[i + 1] != '\n')
        ++i, ++col;
      continue;
    }
    if (c == '"') {
      // Skip the string, with its escapes; an unterminated one is the
      // parser's to report.
      for (++i, ++col; i < text.size() && text[i] != '"' && text[i] != '\n';
           ++i, ++col)
        if (text[i] == '\\' && i + 1 < text.size())
          ++i, ++col;
      if (i < text.size() && text[i] == '\n')
        --i, --col;
      continue;
    }
    if (c == '(' || c == '[' || c == '{' || c == '<') {
      if (++depth > kMaxInputNesting)
        return error("input nests brackets more than " +
                     std::to_string(kMaxInputNesting) + " levels deep");
    } else if (c == ')' || c == ']' || c == '}' ||
               (c == '>' && (i == 0 || text[i - 1] != '-'))) {
      if (depth > 0)
        --depth;
    } else if (c == '#' && i > 0 &&
               (std::isalnum(static_cast<unsigned char>(text[i - 1])) ||
                text[i - 1] == '_') &&
               i + 1 < text.size() &&
               std::isdigit(static_cast<unsigned char>(text[i + 1]))) {
      // A result number: `%name#N`. Walk back to check for the `%`.
      size_t j = i;
      while (j > 0 && (std::isalnum(static_cast<unsigned char>(text[j - 1])) ||
                       text[j - 1] == '_' || text[j - 1] == '$' ||
                       text[j - 1] == '.' || text[j - 1] == '-'))
        --j;
      if (j == 0 || text[j - 1] != '%')
        continue;
      unsigned long long n = 0;
      size_t k = i + 1;
      while (k < text.size() && std::isdigit(static_cast<unsigned char>(text[k])) &&
             n <= kMaxResultNumber)
        n = n * 10 + (text[k++] - '0');
      if (n >= kMaxResultNumber)
        return error("result number after '#' is too large (the limit is " +
                     std::to_string(kMaxResultNumber) + ")");
    }
  }
  return "";
}

} // namespace jx
