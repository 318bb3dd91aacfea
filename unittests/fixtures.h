// fixtures.h - reading the JAX printouts under test/Frontend/Inputs.

#ifndef JX_UNITTESTS_FIXTURES_H
#define JX_UNITTESTS_FIXTURES_H

#include <fstream>
#include <map>
#include <sstream>
#include <string>

/// Sections `== name` followed by text, from Inputs/<file>.
inline std::map<std::string, std::string> read_sections(const std::string &file) {
  std::ifstream in(std::string(JX_FRONTEND_INPUTS) + "/" + file);
  std::map<std::string, std::string> out;
  std::string line, name;
  while (std::getline(in, line)) {
    if (line.rfind("== ", 0) == 0) {
      name = line.substr(3);
      out[name];
    } else {
      std::string &s = out[name];
      s += (s.empty() ? "" : "\n") + line;
    }
  }
  return out;
}

#endif // JX_UNITTESTS_FIXTURES_H
