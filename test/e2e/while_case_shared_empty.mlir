// RUN: jxc run %s | FileCheck %s
// A while body running an inner while, then a case that reads the inner
// loop's result: the linalg phase used to CSE every tensor.empty across the
// loop bodies into one destination, and the case's result was overwritten
// by the inner loop's (got 2, expected 1.5). Written by jx::jit (see
// ControlFlow.CaseAfterInnerLoopInLoopBody).
// CHECK: PASS t
// CHECK-NOT: FAIL
module {
  func.func @t() {
    %arg0 = stablehlo.constant dense<[1.0, 1.0]> : tensor<2xf64>
    %0 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f64>) -> tensor<2xf64>
    %2 = stablehlo.multiply %arg0, %1 : tensor<2xf64>
    %3 = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.constant dense<1> : tensor<i32>
    %5:5 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %3, %iterArg_1 = %4, %iterArg_2 = %arg0, %iterArg_3 = %2) : tensor<2xf64>, tensor<i32>, tensor<i32>, tensor<2xf64>, tensor<2xf64>
     cond {
      %6 = stablehlo.compare LT, %iterArg_0, %iterArg_1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %6 : tensor<i1>
    } do {
      %6 = stablehlo.constant dense<1> : tensor<i32>
      %7 = stablehlo.add %iterArg_0, %6 : tensor<i32>
      %8 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
      %9 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f64>) -> tensor<2xf64>
      %10 = stablehlo.multiply %iterArg, %9 : tensor<2xf64>
      %11 = stablehlo.constant dense<0> : tensor<i32>
      %12 = stablehlo.constant dense<2> : tensor<i32>
      %13:4 = stablehlo.while(%iterArg_4 = %11, %iterArg_5 = %12, %iterArg_6 = %iterArg_2, %iterArg_7 = %10) : tensor<i32>, tensor<i32>, tensor<2xf64>, tensor<2xf64>
       cond {
        %19 = stablehlo.compare LT, %iterArg_4, %iterArg_5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %19 : tensor<i1>
      } do {
        %19 = stablehlo.constant dense<1> : tensor<i32>
        %20 = stablehlo.add %iterArg_4, %19 : tensor<i32>
        %21 = stablehlo.add %iterArg_7, %iterArg_6 : tensor<2xf64>
        stablehlo.return %20, %iterArg_5, %iterArg_6, %21 : tensor<i32>, tensor<i32>, tensor<2xf64>, tensor<2xf64>
      }
      %14 = stablehlo.constant dense<0> : tensor<i32>
      %15 = stablehlo.compare GT, %iterArg_0, %14, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %16 = stablehlo.convert %15 : (tensor<i1>) -> tensor<i32>
      %17 = "stablehlo.case"(%16) ({
        %19 = stablehlo.constant dense<1.500000e+00> : tensor<f64>
        %20 = stablehlo.broadcast_in_dim %19, dims = [] : (tensor<f64>) -> tensor<2xf64>
        %21 = stablehlo.multiply %13#2, %20 : tensor<2xf64>
        stablehlo.return %21 : tensor<2xf64>
      }, {
        %19 = stablehlo.constant dense<3.000000e+00> : tensor<f64>
        %20 = stablehlo.broadcast_in_dim %19, dims = [] : (tensor<f64>) -> tensor<2xf64>
        %21 = stablehlo.multiply %13#2, %20 : tensor<2xf64>
        stablehlo.return %21 : tensor<2xf64>
      }) : (tensor<i32>) -> tensor<2xf64>
      %18 = stablehlo.add %iterArg_3, %13#3 : tensor<2xf64>
      stablehlo.return %iterArg, %7, %iterArg_1, %17, %18 : tensor<2xf64>, tensor<i32>, tensor<i32>, tensor<2xf64>, tensor<2xf64>
    }
    check.expect_eq_const %5#3, dense<[1.5, 1.5]> : tensor<2xf64>
    check.expect_eq_const %5#4, dense<[2.0, 2.0]> : tensor<2xf64>
    return
  }
}
