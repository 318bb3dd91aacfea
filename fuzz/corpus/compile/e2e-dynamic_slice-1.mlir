func.func @dynamic_slice_i8() {
  %x = stablehlo.constant dense<[[-7, 3, 65, 115], [-120, -92, 82, 114], [-65, -49, 94, -20]]> : tensor<3x4xi8>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_slice %x, %i0, %i1, sizes = [2, 2] : (tensor<3x4xi8>, tensor<i64>, tensor<i64>) -> tensor<2x2xi8>
  check.expect_eq_const %r, dense<[[-92, 82], [-49, 94]]> : tensor<2x2xi8>
  func.return
}
