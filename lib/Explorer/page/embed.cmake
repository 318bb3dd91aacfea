# embed.cmake - the pipeline explorer's page template as a C++ header.
#
#   cmake -DDIR=<lib/Explorer/page> -DOUT=<ExplorerAssets.h> -P embed.cmake
#
# Writes jx::explorer::kHtml, kCss and kJs (explorer.html, .css, .js) as raw
# string literals, which `jxc explore` (lib/Explorer/Explorer.cpp) fills with the
# program's data. Each file must not contain the literal's closing
# delimiter `)JXEXPLORER"`.
set(content "// Generated from lib/Explorer/page by embed.cmake; do not edit.\n")
string(APPEND content "#ifndef JX_EXPLORER_ASSETS_H\n#define JX_EXPLORER_ASSETS_H\n")
string(APPEND content "namespace jx::explorer {\n")
foreach(pair "kHtml;explorer.html" "kCss;explorer.css" "kJs;explorer.js")
  list(GET pair 0 name)
  list(GET pair 1 file)
  file(READ "${DIR}/${file}" text)
  string(FIND "${text}" ")JXEXPLORER\"" bad)
  if(NOT bad EQUAL -1)
    message(FATAL_ERROR "${file} contains the delimiter )JXEXPLORER\"")
  endif()
  string(APPEND content "inline constexpr const char ${name}[] = R\"JXEXPLORER(${text})JXEXPLORER\";\n")
endforeach()
string(APPEND content "} // namespace jx::explorer\n#endif\n")
# Only touch the header when it changes, so that jxc is not rebuilt for nothing.
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
  if(old STREQUAL content)
    return()
  endif()
endif()
file(WRITE "${OUT}" "${content}")
