// Integer attributes wider than 64 bits in a portable artifact: an error
// naming the op, the attribute and the value, never a value wrapped into
// another program (2^64 + 1 read as 1) or an assertion. The artifacts are
// this module written as bytecode by mlir-opt with StableHLO's producer
// string, one placeholder at a time set too wide; each placeholder goes
// through a different reading path (a dimension list, dot_general's
// dimension numbers, one integer of gather's).

// RUN: sed -e 's/SLICE_START/1/' -e 's/DOT_DIM/1/' -e 's/INDEX_VECTOR_DIM/1/' %s \
// RUN:   | mlir-opt --allow-unregistered-dialect --emit-bytecode -o %t.raw
// RUN: python3 %S/Inputs/as_portable.py %t.raw %t.ok
// RUN: jxc compile %t.ok -o /dev/null

// RUN: sed -e 's/SLICE_START/18446744073709551617/' -e 's/DOT_DIM/1/' -e 's/INDEX_VECTOR_DIM/1/' %s \
// RUN:   | mlir-opt --allow-unregistered-dialect --emit-bytecode -o %t.raw
// RUN: python3 %S/Inputs/as_portable.py %t.raw %t.slice
// RUN: not jxc compile %t.slice 2>&1 | FileCheck %s --check-prefix=SLICE
// SLICE: error: vhlo.slice: attribute 'start_indices' holds 18446744073709551617, which does not fit in 64 bits

// An unsigned value above 2^63 - 1 is not read as a negative one either.
// RUN: sed -e 's/SLICE_START/1/' -e 's/DOT_DIM/18446744073709551615/' -e 's/INDEX_VECTOR_DIM/1/' %s \
// RUN:   | mlir-opt --allow-unregistered-dialect --emit-bytecode -o %t.raw
// RUN: python3 %S/Inputs/as_portable.py %t.raw %t.dot
// RUN: not jxc compile %t.dot 2>&1 | FileCheck %s --check-prefix=DOT
// DOT: error: vhlo.dot_general: attribute 'lhs_contracting_dimensions' holds 18446744073709551615, which does not fit in 64 bits

// RUN: sed -e 's/SLICE_START/1/' -e 's/DOT_DIM/1/' -e 's/INDEX_VECTOR_DIM/-170141183460469231731687303715884105728/' %s \
// RUN:   | mlir-opt --allow-unregistered-dialect --emit-bytecode -o %t.raw
// RUN: python3 %S/Inputs/as_portable.py %t.raw %t.gather
// RUN: not jxc compile %t.gather 2>&1 | FileCheck %s --check-prefix=GATHER
// GATHER: error: vhlo.gather: attribute 'index_vector_dim' holds -170141183460469231731687303715884105728, which does not fit in 64 bits

module {
  "vhlo.func_v1"() ({
  ^bb0(%x: tensor<4xf32>, %a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %t: tensor<3x4xf32>, %i: tensor<2x1xi64>):
    %0 = "vhlo.slice_v1"(%x) {start_indices = dense<[SLICE_START]> : tensor<1xi128>, limit_indices = dense<[3]> : tensor<1xi64>, strides = dense<[1]> : tensor<1xi64>} : (tensor<4xf32>) -> tensor<2xf32>
    %1 = "vhlo.dot_general_v2"(%a, %b) {lhs_batching_dimensions = dense<> : tensor<0xi64>, rhs_batching_dimensions = dense<> : tensor<0xi64>, lhs_contracting_dimensions = dense<[DOT_DIM]> : tensor<1xui64>, rhs_contracting_dimensions = dense<[0]> : tensor<1xi64>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    %2 = "vhlo.gather_v2"(%t, %i) {offset_dims = dense<[1]> : tensor<1xi64>, collapsed_slice_dims = dense<[0]> : tensor<1xi64>, operand_batching_dims = dense<> : tensor<0xi64>, start_indices_batching_dims = dense<> : tensor<0xi64>, start_index_map = dense<[0]> : tensor<1xi64>, index_vector_dim = INDEX_VECTOR_DIM : i128, slice_sizes = dense<[1, 4]> : tensor<2xi64>, indices_are_sorted = false} : (tensor<3x4xf32>, tensor<2x1xi64>) -> tensor<2x4xf32>
    "vhlo.return_v1"(%0, %1, %2) : (tensor<2xf32>, tensor<2x4xf32>, tensor<2x4xf32>) -> ()
  }) {sym_name = "main", function_type = (tensor<4xf32>, tensor<2x3xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<2x1xi64>) -> (tensor<2xf32>, tensor<2x4xf32>, tensor<2x4xf32>), arg_attrs = [], res_attrs = []} : () -> ()
}
