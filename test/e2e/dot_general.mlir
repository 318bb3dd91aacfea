// RUN: jxc run --split-input-file %s | FileCheck %s

// CHECK: PASS dot_general_si32_batch_matmul
func.func @dot_general_si32_batch_matmul() {
  %lhs = stablehlo.constant dense<[[[8, 2, 3], [8, 1, 5]], [[6, -5, -8], [-4, -4, 7]]]> : tensor<2x2x3xi32>
  %rhs = stablehlo.constant dense<[[[8, -9], [0, 6], [-7, 6]], [[-7, -1], [6, -4], [-3, -4]]]> : tensor<2x3x2xi32>
  %r = stablehlo.dot_general %lhs, %rhs, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x2x3xi32>, tensor<2x3x2xi32>) -> tensor<2x2x2xi32>
  check.expect_eq_const %r, dense<[[[43, -42], [29, -36]], [[-48, 46], [-17, -8]]]> : tensor<2x2x2xi32>
  func.return
}

// -----

// CHECK: PASS dot_general_si64_matmul
func.func @dot_general_si64_matmul() {
  %lhs = stablehlo.constant dense<[[438, -491, 980, -110], [-44, 9, 165, 106], [18, 991, 615, 585]]> : tensor<3x4xi64>
  %rhs = stablehlo.constant dense<[[400, 244], [-318, 977], [-68, -570], [690, -680]]> : tensor<4x2xi64>
  %r = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<3x4xi64>, tensor<4x2xi64>) -> tensor<3x2xi64>
  check.expect_eq_const %r, dense<[[188798, -856635], [41458, -168073], [53892, 224249]]> : tensor<3x2xi64>
  func.return
}

// -----

// CHECK: PASS dot_general_si8_to_si32
func.func @dot_general_si8_to_si32() {
  %lhs = stablehlo.constant dense<[[100, -100, 127], [-128, 50, 3]]> : tensor<2x3xi8>
  %rhs = stablehlo.constant dense<[[100, 2], [-100, 3], [127, -128]]> : tensor<3x2xi8>
  %r = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x3xi8>, tensor<3x2xi8>) -> tensor<2x2xi32>
  check.expect_eq_const %r, dense<[[36129, -16356], [-17419, -490]]> : tensor<2x2xi32>
  func.return
}

// -----

// CHECK: PASS dot_general_ui8_to_ui32
func.func @dot_general_ui8_to_ui32() {
  %lhs = stablehlo.constant dense<[[200, 255, 1]]> : tensor<1x3xui8>
  %rhs = stablehlo.constant dense<[[250], [255], [7]]> : tensor<3x1xui8>
  %r = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<1x3xui8>, tensor<3x1xui8>) -> tensor<1x1xui32>
  check.expect_eq_const %r, dense<[[115032]]> : tensor<1x1xui32>
  func.return
}

// -----

// CHECK: PASS dot_general_ui32
func.func @dot_general_ui32() {
  %lhs = stablehlo.constant dense<[[3000000000, 1000000000]]> : tensor<1x2xui32>
  %rhs = stablehlo.constant dense<[[1], [1]]> : tensor<2x1xui32>
  %r = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<1x2xui32>, tensor<2x1xui32>) -> tensor<1x1xui32>
  check.expect_eq_const %r, dense<[[4000000000]]> : tensor<1x1xui32>
  func.return
}

// -----

// CHECK: PASS dot_general_si16_wraps
func.func @dot_general_si16_wraps() {
  %lhs = stablehlo.constant dense<[[300, 300]]> : tensor<1x2xi16>
  %rhs = stablehlo.constant dense<[[300], [300]]> : tensor<2x1xi16>
  %r = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<1x2xi16>, tensor<2x1xi16>) -> tensor<1x1xi16>
  check.expect_eq_const %r, dense<[[-16608]]> : tensor<1x1xi16>
  func.return
}

// -----

// CHECK: PASS dot_general_i1
func.func @dot_general_i1() {
  %lhs = stablehlo.constant dense<[[true, false, true], [false, false, true], [false, false, false]]> : tensor<3x3xi1>
  %rhs = stablehlo.constant dense<[[false, true], [true, true], [false, false]]> : tensor<3x2xi1>
  %r = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<3x3xi1>, tensor<3x2xi1>) -> tensor<3x2xi1>
  check.expect_eq_const %r, dense<[[false, true], [false, false], [false, false]]> : tensor<3x2xi1>
  func.return
}

// -----

// CHECK: PASS dot_general_f16
func.func @dot_general_f16() {
  %lhs = stablehlo.constant dense<[[1.5, 0.5, -1.5], [-2.0, 0.0, -2.0]]> : tensor<2x3xf16>
  %rhs = stablehlo.constant dense<[[-1.5, 0.0], [2.0, 0.0], [1.5, 2.0]]> : tensor<3x2xf16>
  %r = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x3xf16>, tensor<3x2xf16>) -> tensor<2x2xf16>
  check.expect_eq_const %r, dense<[[-3.5, -3.0], [0.0, -4.0]]> : tensor<2x2xf16>
  func.return
}

// -----

// CHECK: PASS dot_general_bf16
func.func @dot_general_bf16() {
  %lhs = stablehlo.constant dense<[[1.5, 0.5, -1.5], [-2.0, 0.0, -2.0]]> : tensor<2x3xbf16>
  %rhs = stablehlo.constant dense<[[-1.5, 0.0], [2.0, 0.0], [1.5, 2.0]]> : tensor<3x2xbf16>
  %r = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x3xbf16>, tensor<3x2xbf16>) -> tensor<2x2xbf16>
  check.expect_eq_const %r, dense<[[-3.5, -3.0], [0.0, -4.0]]> : tensor<2x2xbf16>
  func.return
}

// -----

// CHECK: PASS dot_general_bf16_to_f32
func.func @dot_general_bf16_to_f32() {
  %lhs = stablehlo.constant dense<[[256.0, 1.0, 0.5]]> : tensor<1x3xbf16>
  %rhs = stablehlo.constant dense<[[1.0], [1.0], [1.0]]> : tensor<3x1xbf16>
  %r = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<1x3xbf16>, tensor<3x1xbf16>) -> tensor<1x1xf32>
  check.expect_eq_const %r, dense<[[257.5]]> : tensor<1x1xf32>
  func.return
}

// -----

// CHECK: PASS dot_general_f32_permuted_dims
func.func @dot_general_f32_permuted_dims() {
  %lhs = stablehlo.constant dense<[[[4.0, 1.0, -1.0, 0.0], [-3.0, 0.0, -1.0, -3.0]], [[5.0, -5.0, -4.0, -3.0], [5.0, 2.0, 4.0, -3.0]], [[2.0, -1.0, 0.0, -5.0], [1.0, 4.0, 2.0, -4.0]]]> : tensor<3x2x4xf32>
  %rhs = stablehlo.constant dense<[[[0.0, -3.0, 5.0], [4.0, -3.0, 0.0], [5.0, 4.0, 2.0], [2.0, -5.0, 3.0], [0.0, -4.0, -3.0]], [[0.0, 2.0, 0.0], [1.0, 4.0, 2.0], [-2.0, 2.0, 1.0], [-4.0, -5.0, 2.0], [-1.0, 1.0, -2.0]]]> : tensor<2x5x3xf32>
  %r = stablehlo.dot_general %lhs, %rhs, batching_dims = [1] x [0], contracting_dims = [0] x [2] : (tensor<3x2x4xf32>, tensor<2x5x3xf32>) -> tensor<2x4x5xf32>
  check.expect_eq_const %r, dense<[[[-5.0, 1.0, 44.0, -11.0, -26.0], [10.0, 19.0, -17.0, 24.0, 23.0], [12.0, 8.0, -21.0, 18.0, 16.0], [-16.0, 9.0, -22.0, 0.0, 27.0]], [[10.0, 19.0, 17.0, -11.0, 6.0], [4.0, 16.0, 8.0, -2.0, -6.0], [8.0, 19.0, 12.0, -12.0, 1.0], [-6.0, -23.0, -4.0, 19.0, 8.0]]]> : tensor<2x4x5xf32>
  func.return
}

// -----

// CHECK: PASS dot_general_f64_two_contracting
func.func @dot_general_f64_two_contracting() {
  %lhs = stablehlo.constant dense<[[[[0.16405279571222256, 2.2447566264860495, -0.8317231814120817, -0.6239435864439059], [0.2054039460646989, 0.49301329141235634, -0.1764060659057582, -0.20593033025321647]], [[0.7024629551205442, 0.5199076370338984, -1.0336758320736887, -0.07918131861584184], [0.035286848661474135, -1.0544846220491104, 0.25983910067436333, -0.8579564771765439]]], [[[0.9720667079170427, 0.1927459126050724, 0.08930648576905029, -0.591028352856274], [-0.11860982387769403, -1.9977462929070549, -1.1314074705230586, 0.3628397991887543]], [[-2.1285670418221447, 0.8466085214811634, -1.7460964753739088, 0.7567385026642676], [-0.8454970328793241, 0.7789910843424612, 0.1309512075847998, -1.5368349402914887]]], [[[1.2491487495584548, 1.4417071555226115, -0.0658049060002071, -0.27391627217232034], [-0.15986696597063635, -0.9751523227787462, 1.0985867597569177, -0.5428919317301868]], [[-0.051190412691676575, -0.7932964032030436, -0.6260730997201972, -1.2777251516511705], [1.2570693137143927, -0.15408757320601318, 0.9659216187288089, 0.01332459691325976]]]]> : tensor<3x2x2x4xf64>
  %rhs = stablehlo.constant dense<[[[[-0.6944035277028942, -0.3266852600022522, -0.5602310505028996, 0.007959099184913658, -0.3752668396769557], [-0.29992171594179834, -1.3785746841359137, -0.8068459276211205, 1.65405754880043, -0.6712332162517173]], [[-1.0540937876234928, 0.33732633257503086, 1.407272199556532, -1.454024302481208, -0.20852184825127065], [-0.6320525539349078, -1.7610194743274028, 0.7349267092583915, -0.02344391855484465, 0.07144184429260535]]], [[[-0.7523114724455892, 0.4547841629969166, -0.539297349487321, -0.1429032084967607, -1.108260792181513], [-1.2161027602081953, 1.3355318553000226, -0.5071047045384752, 0.2916803563558019, -0.03379043476737232]], [[-0.44114520276218416, -0.5079609703372195, 0.6300825914455861, -0.3018676045339098, -0.15144364817129202], [0.022221557194479512, 1.1765083202520015, 0.6805109746331383, 0.3826002677279928, -0.5635713933532417]]], [[[-1.3819687200064654, 0.949529931735302, 0.9664471342208761, -0.1407083991233403, 0.541883841603518], [0.781443053885405, 0.8311844526649818, 0.9213834732464707, -0.45561765066113274, 1.5149729826647176]], [[-1.2465930582857083, 0.861723076993649, 0.4939320790307585, 0.8736191135245024, 1.8790083070967372], [1.484445473378649, -1.145176907189325, -1.688671580267857, 0.8168890590537966, -1.015012415875923]]], [[[-0.0124053886475133, 0.839727477005194, -1.6437973511855861, -2.1099804543094787, 0.259299020337227], [0.04438588961329704, -0.24580307138192253, 0.03853476377021816, -0.8605156073672797, -1.5134944072721068]], [[-0.1666548508803217, -0.9717086910493917, -1.643481322411107, 0.5056810713932767, -0.061398628422175805], [0.40652853663281385, -0.9892949414259369, -0.6580587918366578, -0.9990430272201656, -0.8866418670580481]]]]> : tensor<4x2x2x5xf64>
  %r = stablehlo.dot_general %lhs, %rhs, batching_dims = [1] x [1], contracting_dims = [2, 3] x [2, 0] : (tensor<3x2x2x4xf64>, tensor<4x2x2x5xf64>) -> tensor<2x3x5xf64>
  check.expect_almost_eq_const %r, dense<[[[-1.4536709441688729, -0.06713989198872267, -1.6668902466531104, 1.8551942182046386, -3.2719337502262777], [0.6609145553571419, -4.175542391612234, 0.489599723491543, 0.6390539441461693, -2.7993446582098365], [0.21053148546260034, -0.08029734992692514, 0.5241369289148611, -0.1910956731009314, 0.4530155471687479]], [[0.3231502231273114, -1.5924751724753992, 0.3698564924118075, -1.456299145508504, -1.0688808892169583], [4.0421212323575, 0.3878001585570747, -3.8692507976565595, 3.6568704045965843, -2.2814690966741487], [2.0386327407683607, -2.4265712089229705, 0.397901510920541, -0.19185388174849383, -1.78272184531486]]]> : tensor<2x3x5xf64>
  func.return
}

// -----

// CHECK: PASS dot_general_complex64
func.func @dot_general_complex64() {
  %lhs = stablehlo.constant dense<[[(0.0, 0.0), (3.0, 1.0), (-3.0, 1.0)], [(-2.0, -2.0), (-1.0, -2.0), (-3.0, 0.0)]]> : tensor<2x3xcomplex<f32>>
  %rhs = stablehlo.constant dense<[[(1.0, 3.0), (3.0, 0.0)], [(3.0, 3.0), (-1.0, 1.0)], [(-2.0, 1.0), (-2.0, -3.0)]]> : tensor<3x2xcomplex<f32>>
  %r = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x3xcomplex<f32>>, tensor<3x2xcomplex<f32>>) -> tensor<2x2xcomplex<f32>>
  check.expect_eq_const %r, dense<[[(11.0, 7.0), (5.0, 9.0)], [(13.0, -20.0), (3.0, 4.0)]]> : tensor<2x2xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS dot_general_complex128_batch
func.func @dot_general_complex128_batch() {
  %lhs = stablehlo.constant dense<[[[(-0.08247837201730518, -1.1725457074049794), (0.08105437041126562, -0.9406998682024224), (-0.29071668060054134, 1.1306132302500087)], [(1.1545697469862868, 0.15762662339846478), (-0.021472567043494796, 0.04799924156205696), (-2.200415672482062, -0.05346178883805718)]], [[(-0.6920725504744906, 0.038400261555346496), (-1.968796607080243, 0.8054056469437983), (-3.2514384154965383, 0.5525672973560755)], [(-0.5301153497723121, 0.21570470002449457), (1.3335598501027237, -1.0428683575900106), (0.04711990613059292, 0.511108764909727)]]]> : tensor<2x2x3xcomplex<f64>>
  %rhs = stablehlo.constant dense<[[(-0.6842470779924941, 1.721971643856479), (1.0938456759004787, 1.4604067672595522), (-1.2710508217241274, -0.46358376160908316)], [(-0.13762097627558853, 0.7717211655645232), (-0.007358286291270949, 0.37867606967021183), (-1.3246455506441366, -2.613559463345258)]]> : tensor<2x3xcomplex<f64>>
  %r = stablehlo.dot_general %lhs, %rhs, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x2x3xcomplex<f64>>, tensor<2x3xcomplex<f64>>) -> tensor<2x2xcomplex<f64>>
  check.expect_almost_eq_const %r, dense<[[(4.431641080368138, -1.5526179188356797), (1.617030488136612, 2.9894555144853863)], [(5.526279449074664, 6.475037545159223), (1.5649836604515706, -0.7263144282808278)]]> : tensor<2x2xcomplex<f64>>
  func.return
}

// -----

// CHECK: PASS dot_general_outer_product
func.func @dot_general_outer_product() {
  %lhs = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %rhs = stablehlo.constant dense<[10, 20]> : tensor<2xi32>
  %r = stablehlo.dot_general %lhs, %rhs, contracting_dims = [] x [] : (tensor<3xi32>, tensor<2xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %r, dense<[[10, 20], [20, 40], [30, 60]]> : tensor<3x2xi32>
  func.return
}

// -----

// CHECK: PASS dot_general_empty_contracting
func.func @dot_general_empty_contracting() {
  %lhs = stablehlo.constant dense<> : tensor<2x0xf32>
  %rhs = stablehlo.constant dense<> : tensor<0x3xf32>
  %r = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x0xf32>, tensor<0x3xf32>) -> tensor<2x3xf32>
  check.expect_eq_const %r, dense<[[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]> : tensor<2x3xf32>
  func.return
}

// CHECK-NOT: FAIL
