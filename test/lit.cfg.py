# lit configuration of jx's FileCheck tests.
import os

import lit.formats
from lit.llvm import llvm_config

config.name = "jx"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.jx_obj_root, "test")

config.substitutions.append(("%jx_src_root", config.jx_src_root))
config.substitutions.append(("%jx_obj_root", config.jx_obj_root))
llvm_config.with_system_environment(["HOME", "TMPDIR", "JX_DEVICE"])
# JX_DEVICE=cuda or cuda-emulator runs every `jxc run` through the CUDA
# pipeline (docs/cuda.md); tests of what it does not support yet say
# `UNSUPPORTED: jx-device-cuda`.
if os.environ.get("JX_DEVICE", "cpu") in ("cuda", "cuda-emulator"):
    config.available_features.add("jx-device-cuda")
# Every result buffer starts as 0xff bytes (NaN), not zeros: a test whose
# program leaves part of a result unwritten fails rather than passing on
# the zeros of fresh memory.
config.environment["JX_POISON_OUTPUTS"] = "1"
# jxc verifies its module after each phase; the tests verify it after every
# pass, so that a pass that breaks the IR is named.
config.environment["JX_VERIFY_EACH_PASS"] = "1"
llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.add_tool_substitutions(["jx-opt", "jxc", "jx-run"], [config.jx_tools_dir])

# The StableHLO conformance programs, where this checkout sits next to them.
conformance_dir = os.path.join(os.path.dirname(config.jx_src_root), "shared", "conformance")
if os.path.isdir(conformance_dir):
    config.available_features.add("conformance")
    config.substitutions.append(("%conformance_dir", conformance_dir))

# Multi-process tests run jxc under Open MPI's launcher (jx.sh installs
# openmpi-bin). --oversubscribe: more processes than this machine's cores;
# root (CI containers) must be allowed explicitly. Open MPI's own
# components leak at exit (libmpi, MCA plugins it has unloaded, so their
# frames cannot be suppressed by name): leak checking is off in the MPI
# processes of a sanitizer build; ASan's other checks stay on.
import shutil
mpirun = shutil.which("mpirun")
if mpirun:
    config.available_features.add("mpirun")
    config.environment["OMPI_ALLOW_RUN_AS_ROOT"] = "1"
    config.environment["OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"] = "1"
    config.substitutions.append(
        ("%mpirun", mpirun + " --oversubscribe "
         "-x ASAN_OPTIONS=abort_on_error=1:detect_leaks=0 -np"))
