func.func @scan(%input: tensor<4xi32>, %init: tensor<i32>, %m: tensor<2x3xf32>, %c: tensor<3xf32>,
                %mi: tensor<2x3xi32>, %ci: tensor<3xi32>) {
  %0:2 = chlo.scan(%input) inits(%init) dimension=0 {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %1 = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %1, %1 : tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  %2:2 = chlo.scan(%input) inits(%init) dimension=0 attributes {is_reverse = true} {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %3 = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %3, %3 : tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  %4:4 = chlo.scan (%m, %mi) inits (%c, %ci) dimension = 0 attributes {is_associative = true, scan_dim_size = 2 : i64} {
  ^bb0(%a: tensor<3xf32>, %b: tensor<3xi32>, %x: tensor<3xf32>, %y: tensor<3xi32>):
    %5 = stablehlo.add %a, %x : tensor<3xf32>
    %6 = stablehlo.add %b, %y : tensor<3xi32>
    stablehlo.return %5, %6, %5, %6 : tensor<3xf32>, tensor<3xi32>, tensor<3xf32>, tensor<3xi32>
  } : (tensor<2x3xf32>, tensor<2x3xi32>, tensor<3xf32>, tensor<3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>, tensor<3xf32>, tensor<3xi32>)
  %7 = chlo.scan(%m) inits() dimension = 1 {
  ^bb0(%a: tensor<2xf32>):
    stablehlo.return %a : tensor<2xf32>
  } : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}
