#!/bin/sh
# check_no_llvm.sh FILE... - fails when a file needs libMLIR or libLLVM,
# directly or through another library (the runtime must not: see
# lib/runtime/CMakeLists.txt).
status=0
for f in "$@"; do
  if ! out=$(ldd "$f" 2>&1); then
    echo "check_no_llvm: ldd $f failed: $out"
    status=1
    continue
  fi
  bad=$(echo "$out" | grep -E 'lib(MLIR|LLVM)[-.]')
  if [ -n "$bad" ]; then
    echo "check_no_llvm: $f needs the compiler's libraries:"
    echo "$bad"
    status=1
  else
    echo "check_no_llvm: $f: $(echo "$out" | wc -l) libraries, none of MLIR or LLVM"
  fi
done
exit $status
