# Sanitizer and fuzzing builds, in a build directory of their own:
#
#   cmake -G Ninja -B build-asan -DJX_SANITIZE=address,undefined -DJX_FUZZ=ON \
#     -DCMAKE_BUILD_TYPE=RelWithDebInfo \
#     -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" \
#     -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22
#
# (`./jx.sh sanitize` and `./jx.sh fuzz` do this; docs/testing.md.) Only
# jx's own code is instrumented: Debian's libMLIR/libLLVM are not, nor is
# the code the JIT generates.

set(JX_SANITIZE "" CACHE STRING
  "Sanitizers for jx's code, as for -fsanitize= (e.g. address,undefined)")
option(JX_FUZZ "Build the libFuzzer targets in fuzz/ (needs clang)" OFF)

if(JX_SANITIZE)
  # A finding stops the program, so a test or fuzz run that has one fails.
  add_compile_options(-fsanitize=${JX_SANITIZE} -fno-sanitize-recover=all
                      -fno-omit-frame-pointer)
  add_link_options(-fsanitize=${JX_SANITIZE})
  if(JX_SANITIZE MATCHES "undefined")
    # libLLVM/libMLIR are built without RTTI: UBSan's vptr check cannot read
    # the dynamic type of their objects.
    add_compile_options(-fno-sanitize=vptr)
  endif()
  # The runtimes' default options (sanitizer_options.c) in every program:
  # linked into each target made from here on (an object library's objects
  # join a static library too, where no program pulls them from).
  add_library(JXSanitizerOptions OBJECT ${CMAKE_CURRENT_LIST_DIR}/sanitizer_options.c)
  link_libraries(JXSanitizerOptions)
  message(STATUS "jx: sanitizers ${JX_SANITIZE}")
endif()

if(JX_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "JX_FUZZ needs clang (-fsanitize=fuzzer)")
  endif()
  # Coverage feedback from every jx library; the targets link libFuzzer.
  add_compile_options(-fsanitize=fuzzer-no-link)
  message(STATUS "jx: libFuzzer targets in fuzz/")
endif()
