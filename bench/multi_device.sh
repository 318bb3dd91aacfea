#!/bin/bash
# bench/multi_device.sh - all-reduce bandwidth (in one process and over MPI,
# next to memcpy and MPI_Allreduce) and the scaling of a data-parallel step
# from 1 to 2 processes, one thread each. docs/performance.md, "Many
# devices", holds a run's numbers.
#
#   bench/multi_device.sh [BUILD_DIR]      (default: build)
set -euo pipefail
build=${1:-build}
bench=$build/bench/jx_multi_device_bench
if [ ! -x "$bench" ]; then
  echo "bench/multi_device.sh: $bench is missing (ninja -C $build jx_multi_device_bench;" \
       "it needs Google Benchmark and MPI)" >&2
  exit 2
fi
# Root in containers: Open MPI refuses it unless told.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores"
echo
"$bench" allreduce --devices 2
echo
mpirun --oversubscribe -np 2 "$bench" allreduce
echo
for np in 1 2; do
  JX_NUM_THREADS=1 mpirun --oversubscribe -np $np "$bench" step
done
echo
JX_NUM_THREADS=2 "$bench" grad-placement --devices 2
