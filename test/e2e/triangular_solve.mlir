// RUN: jxc run --split-input-file %s | FileCheck %s

// CHECK: PASS triangular_solve_f32_left_lower_no_transpose
func.func @triangular_solve_f32_left_lower_no_transpose() {
  %a = stablehlo.constant dense<[[4.02, -1.278, 0.209, -0.284], [-0.226, 2.892, -1.01, -0.116], [-0.433, 1.661, 3.113, -0.176], [-0.141, -0.334, -0.528, 2.805]]> : tensor<4x4xf32>
  %b = stablehlo.constant dense<[[0.482, -0.239], [0.958, -0.2], [0.024, 1.546], [0.545, -0.505]]> : tensor<4x2xf32>
  %r = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<4x4xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  check.expect_almost_eq_const %r, dense<[[0.11990049751243782, -0.059452736318407966], [0.34062846211542563, -0.07380232310095443], [-0.1573616961615279, 0.527736146432642], [0.21126164025758262, -0.09247348535478764]]> : tensor<4x2xf32>
  func.return
}

// -----

// CHECK: PASS triangular_solve_f32_left_lower_transpose
func.func @triangular_solve_f32_left_lower_transpose() {
  %a = stablehlo.constant dense<[[2.909, 0.27, 0.968, -0.135], [-0.122, 3.501, -0.443, -0.146], [0.441, 0.29, 3.046, 0.335], [-1.414, 0.511, -0.48, 2.166]]> : tensor<4x4xf32>
  %b = stablehlo.constant dense<[[0.276, 0.701], [-0.445, -1.076], [0.026, -0.053], [1.406, 0.747]]> : tensor<4x2xf32>
  %r = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<4x4xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  check.expect_almost_eq_const %r, dense<[[0.3839116887531129, 0.38788245403091365], [-0.23103158394070047, -0.3607386158973637], [0.11082696893250855, 0.03694687006073085], [0.6491228070175439, 0.34487534626038785]]> : tensor<4x2xf32>
  func.return
}

// -----

// CHECK: PASS triangular_solve_f32_left_upper_no_transpose
func.func @triangular_solve_f32_left_upper_no_transpose() {
  %a = stablehlo.constant dense<[[3.097, 0.556, -0.103, -0.463], [0.292, 3.291, -0.107, -0.391], [0.115, -1.247, 3.345, 0.246], [-0.819, 0.031, -0.482, 3.379]]> : tensor<4x4xf32>
  %b = stablehlo.constant dense<[[-2.034, -0.914], [0.71, 1.156], [-2.158, -0.498], [0.328, -0.609]]> : tensor<4x2xf32>
  %r = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = false, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<4x4xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  check.expect_almost_eq_const %r, dense<[[-0.7009408026480021, -0.38500482973739586], [0.20606514113725352, 0.3254384517324665], [-0.6522807934879593, -0.13562427921334222], [0.09707013909440662, -0.18023083752589522]]> : tensor<4x2xf32>
  func.return
}

// -----

// CHECK: PASS triangular_solve_f32_left_upper_transpose
func.func @triangular_solve_f32_left_upper_transpose() {
  %a = stablehlo.constant dense<[[3.795, -0.596, 0.177, -0.524], [0.703, 2.989, -0.186, -0.859], [0.841, 0.376, 3.377, 0.569], [0.175, -0.32, -0.4, 2.6]]> : tensor<4x4xf32>
  %b = stablehlo.constant dense<[[1.37, -1.46], [-0.596, -0.321], [0.225, 0.575], [-1.249, -1.73]]> : tensor<4x2xf32>
  %r = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = false, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<4x4xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  check.expect_almost_eq_const %r, dense<[[0.3610013175230567, -0.3847167325428195], [-0.12741492631524198, -0.1841054441604284], [0.040688063519035825, 0.18029352947771377], [-0.45862932287117014, -0.8432019856381016]]> : tensor<4x2xf32>
  func.return
}

// -----

// CHECK: PASS triangular_solve_f32_right_lower_no_transpose
func.func @triangular_solve_f32_right_lower_no_transpose() {
  %a = stablehlo.constant dense<[[2.998, 0.607, 0.379, 0.108], [-0.159, 3.147, -0.122, 0.409], [-0.397, 0.067, 2.945, 0.272], [0.112, 1.275, 0.749, 3.748]]> : tensor<4x4xf32>
  %b = stablehlo.constant dense<[[-2.04, -0.34, -0.609, 0.533], [-2.279, 1.174, 1.067, -1.302]]> : tensor<2x4xf32>
  %r = "stablehlo.triangular_solve"(%a, %b) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<4x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  check.expect_almost_eq_const %r, dense<[[-0.7264506089484695, -0.16048250387592947, -0.24295914244246622, 0.14220917822838847], [-0.6607782127581411, 0.5042014777470378, 0.4506592763452336, -0.3473852721451441]]> : tensor<2x4xf32>
  func.return
}

// -----

// CHECK: PASS triangular_solve_f32_right_lower_transpose
func.func @triangular_solve_f32_right_lower_transpose() {
  %a = stablehlo.constant dense<[[2.511, -0.401, 0.022, 0.32], [1.024, 2.901, 0.384, 0.078], [0.88, 0.371, 3.684, -0.539], [-0.096, -0.407, 0.752, 3.329]]> : tensor<4x4xf32>
  %b = stablehlo.constant dense<[[-0.305, -0.452, 0.485, -0.701], [-0.931, 0.481, 2.463, -0.246]]> : tensor<2x4xf32>
  %r = "stablehlo.triangular_solve"(%a, %b) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<4x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  check.expect_almost_eq_const %r, dense<[[-0.12146555157307845, -0.11293322136820672, 0.17203797788054118, -0.26674589168340124], [-0.37076861808044603, 0.2966794432659003, 0.7272552417098653, -0.2125987370658817]]> : tensor<2x4xf32>
  func.return
}

// -----

// CHECK: PASS triangular_solve_f32_right_upper_no_transpose
func.func @triangular_solve_f32_right_upper_no_transpose() {
  %a = stablehlo.constant dense<[[2.722, -0.586, -0.668, 0.262], [0.425, 3.005, 0.166, 0.058], [0.069, -0.763, 2.771, 0.056], [-0.392, -0.238, -0.41, 2.833]]> : tensor<4x4xf32>
  %b = stablehlo.constant dense<[[0.853, -0.407, -0.154, 0.814], [0.645, 1.695, -2.09, 0.857]]> : tensor<2x4xf32>
  %r = "stablehlo.triangular_solve"(%a, %b) {left_side = false, lower = false, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<4x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  check.expect_almost_eq_const %r, dense<[[0.3133725202057311, -0.07433068324773431, 0.024421413538993967, 0.25938580309787623], [0.23695811903012493, 0.6102687047426467, -0.7336761391104856, 0.28260051243530565]]> : tensor<2x4xf32>
  func.return
}

// -----

// CHECK: PASS triangular_solve_f32_right_upper_transpose
func.func @triangular_solve_f32_right_upper_transpose() {
  %a = stablehlo.constant dense<[[2.759, 0.067, 0.419, 0.542], [0.52, 3.078, 0.805, -0.141], [-0.07, 0.4, 2.724, 1.08], [0.51, 1.088, -0.013, 2.808]]> : tensor<4x4xf32>
  %b = stablehlo.constant dense<[[0.167, 0.735, -0.587, 0.38], [-0.017, 1.616, -0.663, 1.046]]> : tensor<2x4xf32>
  %r = "stablehlo.triangular_solve"(%a, %b) {left_side = false, lower = false, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<4x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  check.expect_almost_eq_const %r, dense<[[0.06715986504154466, 0.3153813413225097, -0.26914605218569976, 0.13532763532763534], [-0.035595386416539414, 0.6443614717717131, -0.39108211905568735, 0.3725071225071226]]> : tensor<2x4xf32>
  func.return
}

// -----

// CHECK: PASS triangular_solve_f64_unit_diagonal_ignores_other_triangle
func.func @triangular_solve_f64_unit_diagonal_ignores_other_triangle() {
  %a = stablehlo.constant dense<[[0x7FC00000, 0x7FC00000, 0x7FC00000], [-0.595, 0x7FC00000, 0x7FC00000], [0.082, 0.312, 0x7FC00000]]> : tensor<3x3xf64>
  %b = stablehlo.constant dense<[[0.27, 0.195], [-0.275, -1.608], [0.76, -1.756]]> : tensor<3x2xf64>
  %r = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf64>, tensor<3x2xf64>) -> tensor<3x2xf64>
  check.expect_almost_eq_const %r, dense<[[0.27, 0.195], [-0.11435000000000002, -1.491975], [0.7735372, -1.3064938]]> : tensor<3x2xf64> {tolerance = 1.0e-10 : f64}
  func.return
}

// -----

// CHECK: PASS triangular_solve_f64_upper_right_unit_transpose
func.func @triangular_solve_f64_upper_right_unit_transpose() {
  %a = stablehlo.constant dense<[[3.326, -0.007, 0.563], [0x7FC00000, 2.588, 0.179], [0x7FC00000, 0x7FC00000, 3.021]]> : tensor<3x3xf64>
  %b = stablehlo.constant dense<[[-0.135, -0.189, -0.832], [-0.189, -2.138, -0.157]]> : tensor<2x3xf64>
  %r = "stablehlo.triangular_solve"(%a, %b) {left_side = false, lower = false, unit_diagonal = true, transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<3x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  check.expect_almost_eq_const %r, dense<[[0.3331354959999999, -0.040072000000000024, -0.832], [-0.115378279, -2.1098969999999997, -0.157]]> : tensor<2x3xf64> {tolerance = 1.0e-10 : f64}
  func.return
}

// -----

// CHECK: PASS triangular_solve_f32_batched
func.func @triangular_solve_f32_batched() {
  %a = stablehlo.constant dense<[[[[2.401, 0.56, 0.635], [-0.976, 3.072, -0.063], [-0.523, 0.266, 2.769]], [[2.116, -0.133, -0.074], [0.053, 2.384, 0.308], [0.368, -0.573, 2.671]]], [[[2.96, -0.283, 0.872], [0.104, 2.495, -0.394], [-0.029, 1.148, 2.911]], [[3.064, 0.257, -0.02], [1.14, 2.734, 0.372], [0.08, 0.311, 2.412]]]]> : tensor<2x2x3x3xf32>
  %b = stablehlo.constant dense<[[[[1.768, -0.122], [0.034, -0.935], [-0.73, 0.564]], [[0.986, 0.753], [1.209, 0.714], [0.028, 0.837]]], [[[0.594, -0.101], [0.726, 1.286], [0.235, -0.356]], [[0.719, 1.901], [-0.211, -0.092], [-0.136, 1.223]]]]> : tensor<2x2x3x2xf32>
  %r = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = false, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x2x3x3xf32>, tensor<2x2x3x2xf32>) -> tensor<2x2x3x2xf32>
  check.expect_almost_eq_const %r, dense<[[[[0.8047633280433141, -0.034667048132406585], [0.005661170548934634, -0.30018487326200793], [-0.263633080534489, 0.20368364030335856]], [[0.4981304432273314, 0.38309905151282525], [0.5057765296661383, 0.2590114679417758], [0.010482965181579934, 0.31336578060651443]]], [[[0.2059326363460671, 0.04933870828736305], [0.3037302361507625, 0.4961185855049156], [0.0807282720714531, -0.1222947440742013]], [[0.24012236340300072, 0.6323498140126846], [-0.06950434368028184, -0.1026415108073386], [-0.05638474295190714, 0.5070480928689884]]]]> : tensor<2x2x3x2xf32>
  func.return
}

// -----

// CHECK: PASS triangular_solve_f64_batched_right_transpose
func.func @triangular_solve_f64_batched_right_transpose() {
  %a = stablehlo.constant dense<[[[2.081, 0.183, 0.596], [-0.407, 3.744, 0.268], [-0.275, 0.102, 2.233]], [[2.717, 0.913, -0.447], [0.922, 2.959, 0.497], [0.022, -1.121, 2.714]]]> : tensor<2x3x3xf64>
  %b = stablehlo.constant dense<[[[0.19, -1.151, -1.347]], [[0.366, -0.649, -1.696]]]> : tensor<2x1x3xf64>
  %r = "stablehlo.triangular_solve"(%a, %b) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<2x3x3xf64>, tensor<2x1x3xf64>) -> tensor<2x1x3xf64>
  check.expect_almost_eq_const %r, dense<[[[0.09130225852955311, -0.29749999486604484, -0.578390899878207]], [[0.1347073978652926, -0.26130456939229463, -0.7339299871193068]]]> : tensor<2x1x3xf64> {tolerance = 1.0e-10 : f64}
  func.return
}

// -----

// CHECK: PASS triangular_solve_complex64_left_lower_no_transpose
func.func @triangular_solve_complex64_left_lower_no_transpose() {
  %a = stablehlo.constant dense<[[(2.658, 0.441), (0.43, 0.135), (-0.237, 0.274)], [(0.467, -0.222), (3.764, 0.15), (0.016, -0.236)], [(-0.565, -0.163), (-0.651, -0.646), (2.987, -0.786)]]> : tensor<3x3xcomplex<f32>>
  %b = stablehlo.constant dense<[[(-0.482, 0.926), (-1.108, -0.633)], [(-0.959, 0.778), (0.671, 0.357)], [(-0.107, -0.686), (2.914, 1.103)]]> : tensor<3x2xcomplex<f32>>
  %r = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xcomplex<f32>>, tensor<3x2xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
  check.expect_almost_eq_const %r, dense<[[(-0.1202281992631668, 0.3683298103367406), (-0.44414097771937117, -0.16445967976890796)], [(-0.2550510755791542, 0.16406933572614033), (0.24623014446350652, 0.07924252171329797)], [(-0.11297847916121051, -0.215683225820812), (0.7817573628843096, 0.5901567270666752)]]> : tensor<3x2xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS triangular_solve_complex64_left_lower_transpose
func.func @triangular_solve_complex64_left_lower_transpose() {
  %a = stablehlo.constant dense<[[(2.612, 0.102), (-1.529, 0.725), (0.397, 0.057)], [(-0.309, -0.04), (3.743, 0.051), (-0.325, 0.42)], [(-0.591, -0.403), (0.774, 0.305), (2.462, 0.289)]]> : tensor<3x3xcomplex<f32>>
  %b = stablehlo.constant dense<[[(2.333, 0.133), (-0.337, 1.168)], [(-0.915, -0.657), (0.736, -0.092)], [(-0.397, -2.552), (0.289, -0.89)]]> : tensor<3x2xcomplex<f32>>
  %r = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<3x3xcomplex<f32>>, tensor<3x2xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
  check.expect_almost_eq_const %r, dense<[[(0.9424543222129406, -0.25325325132497084), (-0.022929722703182942, 0.38322724321065144)], [(-0.2677448942421712, 0.058432464316960996), (0.15177976046659383, 0.04387498289674561)], [(-0.2790808409811935, -1.003795953272313), (0.07393174737366282, -0.37017314175101074)]]> : tensor<3x2xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS triangular_solve_complex64_left_lower_adjoint
func.func @triangular_solve_complex64_left_lower_adjoint() {
  %a = stablehlo.constant dense<[[(3.768, 0.377), (-0.341, -0.321), (-0.351, 0.869)], [(-0.609, 0.205), (3.29, -0.058), (0.089, -0.259)], [(-0.593, -0.122), (0.334, 0.429), (3.13, -0.134)]]> : tensor<3x3xcomplex<f32>>
  %b = stablehlo.constant dense<[[(1.078, 0.299), (0.581, 0.789)], [(1.346, 0.163), (0.814, 0.556)], [(-0.063, -0.472), (-1.909, -0.38)]]> : tensor<3x2xcomplex<f32>>
  %r = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose ADJOINT>} : (tensor<3x3xcomplex<f32>>, tensor<3x2xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
  check.expect_almost_eq_const %r, dense<[[(0.33180710271760905, 0.12204666709272391), (0.07629537950556646, 0.25456636612608974)], [(0.4322735972679317, 0.053657121124699746), (0.3237879016702502, 0.09288591815223941)], [(-0.026535081105621926, -0.14966271537758677), (-0.6139764047480676, -0.09512049896605715)]]> : tensor<3x2xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS triangular_solve_complex64_right_lower_no_transpose
func.func @triangular_solve_complex64_right_lower_no_transpose() {
  %a = stablehlo.constant dense<[[(2.529, 0.715), (0.681, 0.714), (0.079, 0.49)], [(-0.246, 0.394), (2.334, 0.578), (-0.077, 0.272)], [(0.721, 0.388), (0.231, -0.39), (2.638, 0.75)]]> : tensor<3x3xcomplex<f32>>
  %b = stablehlo.constant dense<[[(0.231, 0.452), (2.024, 0.748), (-2.042, 0.577)], [(0.705, -0.54), (0.981, -0.142), (-0.343, 1.019)]]> : tensor<2x3xcomplex<f32>>
  %r = "stablehlo.triangular_solve"(%a, %b) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xcomplex<f32>>, tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  check.expect_almost_eq_const %r, dense<[[(0.39416893151665533, -0.08451873455221104), (0.8542979177097401, -0.041319195209874184), (-0.6586474798259506, 0.4059839309588563)], [(0.21915399192846147, -0.45039554312090013), (0.3121445570972097, -0.18001996485012126), (-0.018690843263032168, 0.39159140729616154)]]> : tensor<2x3xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS triangular_solve_complex64_right_lower_transpose
func.func @triangular_solve_complex64_right_lower_transpose() {
  %a = stablehlo.constant dense<[[(3.639, -0.294), (0.049, 0.043), (0.039, 0.241)], [(0.1, -0.536), (3.519, 0.401), (-0.527, -0.887)], [(-0.665, 0.273), (0.062, -0.789), (2.447, -0.637)]]> : tensor<3x3xcomplex<f32>>
  %b = stablehlo.constant dense<[[(0.642, -0.029), (-0.406, 1.055), (-0.796, -0.716)], [(-0.445, -0.472), (0.465, -0.522), (-0.054, 1.169)]]> : tensor<2x3xcomplex<f32>>
  %r = "stablehlo.triangular_solve"(%a, %b) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<3x3xcomplex<f32>>, tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  check.expect_almost_eq_const %r, dense<[[(0.17591767934549335, 0.006243417897107734), (-0.08304899004288915, 0.3358824039064144), (-0.2743716170681339, -0.41724509024036843)], [(-0.11108215117133578, -0.13868044859696968), (0.13626778616205662, -0.1768443792040704), (-0.13536695917398542, 0.46561250950203353)]]> : tensor<2x3xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS triangular_solve_complex64_right_lower_adjoint
func.func @triangular_solve_complex64_right_lower_adjoint() {
  %a = stablehlo.constant dense<[[(3.496, -0.042), (0.644, -0.06), (-0.017, 0.867)], [(-0.078, 1.294), (3.426, -0.05), (-0.197, 0.007)], [(0.415, -1.141), (0.362, 0.106), (2.651, -0.004)]]> : tensor<3x3xcomplex<f32>>
  %b = stablehlo.constant dense<[[(-1.073, 0.857), (0.786, 1.056), (-1.566, -1.386)], [(-0.215, -1.408), (0.139, 0.602), (-1.249, -0.03)]]> : tensor<2x3xcomplex<f32>>
  %r = "stablehlo.triangular_solve"(%a, %b) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose ADJOINT>} : (tensor<3x3xcomplex<f32>>, tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  check.expect_almost_eq_const %r, dense<[[(-0.3039333168627053, 0.24878867257100504), (0.13141265432570307, 0.19718189484060494), (-0.46257267782196276, -0.4519272721384787)], [(-0.06632776440675471, -0.4019491515717724), (0.19290235522078714, 0.1386966495254004), (-0.6655415797761012, 0.06993229194066602)]]> : tensor<2x3xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS triangular_solve_complex128_batched_upper_adjoint
func.func @triangular_solve_complex128_batched_upper_adjoint() {
  %a = stablehlo.constant dense<[[[(2.394, 0.165), (-0.148, 0.841), (-0.054, 0.089)], [(-0.072, -0.135), (3.414, 0.155), (0.192, -0.22)], [(0.885, 0.081), (0.687, -0.004), (3.339, 0.136)]], [[(3.539, 0.962), (0.662, -0.203), (0.353, 0.018)], [(-0.613, -0.1), (3.43, 0.336), (0.036, -0.591)], [(0.809, -0.346), (0.047, -0.02), (3.263, 0.273)]]]> : tensor<2x3x3xcomplex<f64>>
  %b = stablehlo.constant dense<[[[(-0.046, 0.188)], [(-0.5, 0.444)], [(-0.867, -0.943)]], [[(0.512, -0.312)], [(1.442, -0.268)], [(0.323, 0.295)]]]> : tensor<2x3x1xcomplex<f64>>
  %r = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = false, unit_diagonal = false, transpose_a = #stablehlo<transpose ADJOINT>} : (tensor<2x3x3xcomplex<f64>>, tensor<2x3x1xcomplex<f64>>) -> tensor<2x3x1xcomplex<f64>>
  check.expect_almost_eq_const %r, dense<[[[(-0.02451071562349732, 0.07684032244031869)], [(-0.17187445652558075, 0.11954256447578818)], [(-0.2326596689167401, -0.28685641904615583)]], [[(0.1570347580830136, -0.04547402167961033)], [(0.39135783261852747, -0.04031429206388469)], [(0.06800073668679983, 0.03144406737684436)]]]> : tensor<2x3x1xcomplex<f64>> {tolerance = 1.0e-10 : f64}
  func.return
}

// -----

// CHECK: PASS triangular_solve_f16
func.func @triangular_solve_f16() {
  %a = stablehlo.constant dense<[[2.0, 0.0, 0.0], [1.0, 4.0, 0.0], [-3.0, 2.0, 1.0]]> : tensor<3x3xf16>
  %b = stablehlo.constant dense<[[2.0], [-7.0], [-4.0]]> : tensor<3x1xf16>
  %r = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf16>, tensor<3x1xf16>) -> tensor<3x1xf16>
  check.expect_eq_const %r, dense<[[1.0], [-2.0], [3.0000000000000004]]> : tensor<3x1xf16>
  func.return
}

// -----

// CHECK: PASS triangular_solve_bf16
func.func @triangular_solve_bf16() {
  %a = stablehlo.constant dense<[[2.0, 0.0, 0.0], [1.0, 4.0, 0.0], [-3.0, 2.0, 1.0]]> : tensor<3x3xbf16>
  %b = stablehlo.constant dense<[[-9.0, -2.0, 3.0]]> : tensor<1x3xbf16>
  %r = "stablehlo.triangular_solve"(%a, %b) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xbf16>, tensor<1x3xbf16>) -> tensor<1x3xbf16>
  check.expect_eq_const %r, dense<[[1.0, -2.0, 3.0]]> : tensor<1x3xbf16>
  func.return
}

// -----

// CHECK: PASS triangular_solve_no_columns
func.func @triangular_solve_no_columns() {
  %a = stablehlo.constant dense<[[2.984, -0.608, 0.563], [0.846, 2.868, 0.199], [0.134, 0.392, 2.26]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<> : tensor<3x0xf32>
  %r = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x0xf32>) -> tensor<3x0xf32>
  check.expect_almost_eq_const %r, dense<> : tensor<3x0xf32>
  func.return
}

// CHECK-NOT: FAIL
