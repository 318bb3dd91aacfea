func.func @triangular_solve_f32_left_upper_no_transpose() {
  %a = stablehlo.constant dense<[[3.097, 0.556, -0.103, -0.463], [0.292, 3.291, -0.107, -0.391], [0.115, -1.247, 3.345, 0.246], [-0.819, 0.031, -0.482, 3.379]]> : tensor<4x4xf32>
  %b = stablehlo.constant dense<[[-2.034, -0.914], [0.71, 1.156], [-2.158, -0.498], [0.328, -0.609]]> : tensor<4x2xf32>
  %r = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = false, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<4x4xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  check.expect_almost_eq_const %r, dense<[[-0.7009408026480021, -0.38500482973739586], [0.20606514113725352, 0.3254384517324665], [-0.6522807934879593, -0.13562427921334222], [0.09707013909440662, -0.18023083752589522]]> : tensor<4x2xf32>
  func.return
}
