// jxc run --input naming something that is not a regular file: an error
// naming the path and exit 2, at once. A FIFO must not be opened for a
// blocking read (that waits for a writer forever); `timeout` turns a hang
// into a failure (rc=124) instead of a stuck test.

// RUN: rm -rf %t && mkdir -p %t/dir && mkfifo %t/fifo.npy

// RUN: timeout 60 jxc run %s --input %t/fifo.npy > %t/fifo.log 2>&1; echo rc=$? >> %t/fifo.log
// RUN: FileCheck %s --check-prefix=FIFO < %t/fifo.log
// FIFO-DAG: jxc: error: {{.*}}fifo.npy: not a regular file (a FIFO); .npy inputs must be regular files
// FIFO: rc=2

// RUN: timeout 60 jxc run %s --input /dev/null > %t/dev.log 2>&1; echo rc=$? >> %t/dev.log
// RUN: FileCheck %s --check-prefix=DEV < %t/dev.log
// DEV-DAG: jxc: error: /dev/null: not a regular file (a character device); .npy inputs must be regular files
// DEV: rc=2

// RUN: timeout 60 jxc run %s --input %t/dir > %t/dir.log 2>&1; echo rc=$? >> %t/dir.log
// RUN: FileCheck %s --check-prefix=DIR < %t/dir.log
// DIR-DAG: jxc: error: {{.*}}dir: is a directory, not a .npy file
// DIR: rc=2

// A symbolic link to a regular file is read as the file.
// RUN: python3 %S/Inputs/make_npy.py %t/ok.npy '<f4' 2 1 2 && ln -s %t/ok.npy %t/link.npy
// RUN: timeout 60 jxc run %s --input %t/link.npy --output-dir %t/out; echo rc=$? > %t/link.log
// RUN: FileCheck %s --check-prefix=LINK < %t/link.log
// LINK: rc=0

func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.negate %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}
