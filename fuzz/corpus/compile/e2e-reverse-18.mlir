func.func @reverse_rank3_dims02() {
  %x = stablehlo.constant dense<[[[228, 71, 66, 118], [229, 31, 63, 133], [61, 104, 88, 18]], [[8, 25, 169, 252], [238, 177, 236, 114], [140, 163, 103, 255]]]> : tensor<2x3x4xui8>
  %r = stablehlo.reverse %x, dims = [0, 2] : tensor<2x3x4xui8>
  check.expect_eq_const %r, dense<[[[252, 169, 25, 8], [114, 236, 177, 238], [255, 103, 163, 140]], [[118, 66, 71, 228], [133, 63, 31, 229], [18, 88, 104, 61]]]> : tensor<2x3x4xui8>
  func.return
}
