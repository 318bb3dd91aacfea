// RUN: jxc run --split-input-file %s | FileCheck %s
//
// Expected values come from XLA's CPU implementation (jaxlib, run on the same
// stablehlo programs): rng_bit_generator is bit-exact with what JAX computes.

// CHECK: PASS threefry_ui32_2x3
// THREE_FRY pairs the first even dimension: rows 0 and 1 share counters 2..4.
func.func @threefry_ui32_2x3() {
  %state = stablehlo.constant dense<[1, 2]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xui32>)
  check.expect_eq_const %new_state, dense<[1, 5]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[[43444564, 3979645651, 1672743891], [2150618427, 3745730563, 4240503393]]> : tensor<2x3xui32>
  func.return
}

// -----

// CHECK: PASS threefry_ui32_5
// Odd 1-d output: 3 counters, the last second word unused.
func.func @threefry_ui32_5() {
  %state = stablehlo.constant dense<[1, 2]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<5xui32>)
  check.expect_eq_const %new_state, dense<[1, 5]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[43444564, 2150618427, 3979645651, 3745730563, 1672743891]> : tensor<5xui32>
  func.return
}

// -----

// CHECK: PASS threefry_ui32_3x5
// No even dimension: the largest (5) is paired.
func.func @threefry_ui32_3x5() {
  %state = stablehlo.constant dense<[1311768467463790320, 7]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x5xui32>)
  check.expect_eq_const %new_state, dense<[1311768467463790320, 16]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[[1354277001, 2579920119, 2790650682, 1008500922, 2301495697], [3597303695, 3884256470, 1134032072, 3198228444, 2682094158], [1032284266, 4239527758, 937965663, 1546229220, 795244157]]> : tensor<3x5xui32>
  func.return
}

// -----

// CHECK: PASS threefry_ui32_3x1x3
// No even dimension, equal sizes: the first of them is paired.
func.func @threefry_ui32_3x1x3() {
  %state = stablehlo.constant dense<[42, 0]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x1x3xui32>)
  check.expect_eq_const %new_state, dense<[42, 6]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[[[3732534457, 646961260, 2234760234]], [[1332528664, 4263843367, 457295592]], [[1073472746, 2676104049, 1131265418]]]> : tensor<3x1x3xui32>
  func.return
}

// -----

// CHECK: PASS threefry_ui8_4x3
// 8-bit elements are the low bits of the 32-bit words.
func.func @threefry_ui8_4x3() {
  %state = stablehlo.constant dense<[3, 9]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x3xui8>)
  check.expect_eq_const %new_state, dense<[3, 15]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[[159, 240, 14], [78, 247, 157], [54, 143, 231], [0, 172, 64]]> : tensor<4x3xui8>
  func.return
}

// -----

// CHECK: PASS threefry_ui16_2x3x2
// 16-bit elements; the counter wraps around 2^64.
func.func @threefry_ui16_2x3x2() {
  %state = stablehlo.constant dense<[5, 18446744073709551615]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3x2xui16>)
  check.expect_eq_const %new_state, dense<[5, 5]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[[[8985, 54115], [62814, 62091], [64864, 45791]], [[62095, 35035], [28739, 9416], [31162, 34774]]]> : tensor<2x3x2xui16>
  func.return
}

// -----

// CHECK: PASS threefry_ui64_2x3
// 64-bit elements take one counter each; the counter wraps.
func.func @threefry_ui64_2x3() {
  %state = stablehlo.constant dense<[7, 18446744073709551614]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xui64>)
  check.expect_eq_const %new_state, dense<[7, 4]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[[11623698188067921303, 6868590399942727175, 13563526760692328810], [5731837475286458671, 1351350879580556977, 18293117372049887412]]> : tensor<2x3xui64>
  func.return
}

// -----

// CHECK: PASS threefry_si32_3x2
// Signed integers get the same bits.
func.func @threefry_si32_3x2() {
  %state = stablehlo.constant dense<[11, 12]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x2xi32>)
  check.expect_eq_const %new_state, dense<[11, 15]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[[1885324847, 833247812], [180169518, 1304017608], [1208281772, 4150212829]]> : tensor<3x2xi32>
  func.return
}

// -----

// CHECK: PASS threefry_si64_4
// Signed 64-bit integers.
func.func @threefry_si64_4() {
  %state = stablehlo.constant dense<[11, 12]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xi64>)
  check.expect_eq_const %new_state, dense<[11, 16]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[3578772103888881199, 5600712979948317486, 17825028373202922156, 13734194371629258485]> : tensor<4xi64>
  func.return
}

// -----

// CHECK: PASS threefry_f32_2x2
// Floats are the bits of the unsigned integer of their width.
func.func @threefry_f32_2x2() {
  %state = stablehlo.constant dense<[1, 2]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xf32>)
  check.expect_eq_const %new_state, dense<[1, 4]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<"0x54E99602D39234ED3BD52F80035043DF"> : tensor<2x2xf32>
  func.return
}

// -----

// CHECK: PASS threefry_f64_3
// 64-bit floats.
func.func @threefry_f64_3() {
  %state = stablehlo.constant dense<[1, 2]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xf64>)
  check.expect_eq_const %new_state, dense<[1, 5]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<"0x54E996023BD52F80D39234ED035043DFD30BB46361F2C0FC"> : tensor<3xf64>
  func.return
}

// -----

// CHECK: PASS threefry_bf16_4
// bf16.
func.func @threefry_bf16_4() {
  %state = stablehlo.constant dense<[21, 22]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xbf16>)
  check.expect_eq_const %new_state, dense<[21, 24]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<"0x45B8CB3789BE3436"> : tensor<4xbf16>
  func.return
}

// -----

// CHECK: PASS threefry_scalar
// A 0-d output uses one counter.
func.func @threefry_scalar() {
  %state = stablehlo.constant dense<[1, 2]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<ui32>)
  check.expect_eq_const %new_state, dense<[1, 3]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<43444564> : tensor<ui32>
  func.return
}

// -----

// CHECK: PASS threefry_empty
// An empty output leaves the counter unchanged.
func.func @threefry_empty() {
  %state = stablehlo.constant dense<[1, 2]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x0xui32>)
  check.expect_eq_const %new_state, dense<[1, 2]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[[], []]> : tensor<2x0xui32>
  func.return
}

// -----

// CHECK: PASS philox_ui32_5_state3
// PHILOX with a ui64[3] state: four words per 128-bit counter.
func.func @philox_ui32_5_state3() {
  %state = stablehlo.constant dense<[1, 2, 3]> : tensor<3xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<5xui32>)
  check.expect_eq_const %new_state, dense<[1, 4, 3]> : tensor<3xui64>
  check.expect_eq_const %bits, dense<[4031113034, 1366700262, 495645701, 3051723414, 89414891]> : tensor<5xui32>
  func.return
}

// -----

// CHECK: PASS philox_ui32_3x3_state2
// A ui64[2] state: the counter high half is the key, only the low half is returned.
func.func @philox_ui32_3x3_state2() {
  %state = stablehlo.constant dense<[5, 7]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x3xui32>)
  check.expect_eq_const %new_state, dense<[5, 10]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[[1957188081, 3299040168, 2189429415], [2942269241, 4036186172, 3451158193], [2458696665, 1733589896, 209387248]]> : tensor<3x3xui32>
  func.return
}

// -----

// CHECK: PASS philox_carry_state3
// The 128-bit counter carries into its high half.
func.func @philox_carry_state3() {
  %state = stablehlo.constant dense<[3, 18446744073709551615, 7]> : tensor<3xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<3x4xui32>)
  check.expect_eq_const %new_state, dense<[3, 2, 8]> : tensor<3xui64>
  check.expect_eq_const %bits, dense<[[3238653176, 88556361, 4129392015, 3665973541], [3610122722, 3716315414, 2555869787, 3871297371], [816527871, 377755868, 267216249, 3815520075]]> : tensor<3x4xui32>
  func.return
}

// -----

// CHECK: PASS philox_carry_state2
// A ui64[2] state carries into the key-valued high half.
func.func @philox_carry_state2() {
  %state = stablehlo.constant dense<[3, 18446744073709551615]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<12xui32>)
  check.expect_eq_const %new_state, dense<[3, 2]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[1733508001, 547713088, 2905953186, 834471078, 1995848961, 2377083460, 192503441, 2649255194, 3326414959, 1962591100, 3104691913, 2389367721]> : tensor<12xui32>
  func.return
}

// -----

// CHECK: PASS philox_ui64_5
// 64-bit elements: two per 128-bit block.
func.func @philox_ui64_5() {
  %state = stablehlo.constant dense<[9, 1, 2]> : tensor<3xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<5xui64>)
  check.expect_eq_const %new_state, dense<[9, 4, 2]> : tensor<3xui64>
  check.expect_eq_const %bits, dense<[883527380725052238, 5963184026534844072, 6054150555268134322, 3348174957126298945, 17677802773518062055]> : tensor<5xui64>
  func.return
}

// -----

// CHECK: PASS philox_ui8_2x3
// 8-bit elements are the low bits of the words.
func.func @philox_ui8_2x3() {
  %state = stablehlo.constant dense<[9, 1, 2]> : tensor<3xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<2x3xui8>)
  check.expect_eq_const %new_state, dense<[9, 3, 2]> : tensor<3xui64>
  check.expect_eq_const %bits, dense<[[78, 120, 168], [71, 178, 218]]> : tensor<2x3xui8>
  func.return
}

// -----

// CHECK: PASS philox_ui16_7
// 16-bit elements.
func.func @philox_ui16_7() {
  %state = stablehlo.constant dense<[9, 1]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<7xui16>)
  check.expect_eq_const %new_state, dense<[9, 3]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[2334, 43239, 22326, 34760, 43190, 48573, 43479]> : tensor<7xui16>
  func.return
}

// -----

// CHECK: PASS philox_f16_2x2
// f16 bits.
func.func @philox_f16_2x2() {
  %state = stablehlo.constant dense<[17, 18]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xf16>)
  check.expect_eq_const %new_state, dense<[17, 19]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<"0x66E43BB8EB56690E"> : tensor<2x2xf16>
  func.return
}

// -----

// CHECK: PASS philox_scalar_ui64
// A 0-d 64-bit output.
func.func @philox_scalar_ui64() {
  %state = stablehlo.constant dense<[1, 2, 3]> : tensor<3xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<ui64>)
  check.expect_eq_const %new_state, dense<[1, 3, 3]> : tensor<3xui64>
  check.expect_eq_const %bits, dense<5869932932755744586> : tensor<ui64>
  func.return
}

// -----

// CHECK: PASS default_is_philox
// DEFAULT is PHILOX, as in XLA.
func.func @default_is_philox() {
  %state = stablehlo.constant dense<[1, 2]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xui32>)
  check.expect_eq_const %new_state, dense<[1, 4]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[[2100602697, 2847456232, 2074354647], [800269529, 1828267006, 3135207875]]> : tensor<2x3xui32>
  func.return
}

// CHECK-NOT: FAIL
