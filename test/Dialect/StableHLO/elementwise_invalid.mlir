// RUN: jx-opt %s -split-input-file -verify-diagnostics

// Every constraint the elementwise verifiers check, one case each, named
// after the spec's label.

func.func @cbrt_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{operand shape [2] and result shape [3] must match (cbrt_c1)}}
  %0 = stablehlo.cbrt %x : (tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @ceil_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{operand shape [2] and result shape [3] must match (ceil_c1)}}
  %0 = stablehlo.ceil %x : (tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @cosine_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{operand shape [2] and result shape [3] must match (cosine_c1)}}
  %0 = stablehlo.cosine %x : (tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @exponential_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{operand shape [2] and result shape [3] must match (exponential_c1)}}
  %0 = stablehlo.exponential %x : (tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @exponential_minus_one_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{operand shape [2] and result shape [3] must match (exponential_minus_one_c1)}}
  %0 = stablehlo.exponential_minus_one %x : (tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @floor_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{operand shape [2] and result shape [3] must match (floor_c1)}}
  %0 = stablehlo.floor %x : (tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @log_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{operand shape [2] and result shape [3] must match (log_c1)}}
  %0 = stablehlo.log %x : (tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @log_plus_one_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{operand shape [2] and result shape [3] must match (log_plus_one_c1)}}
  %0 = stablehlo.log_plus_one %x : (tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @logistic_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{operand shape [2] and result shape [3] must match (logistic_c1)}}
  %0 = stablehlo.logistic %x : (tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @negate_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{operand shape [2] and result shape [3] must match (negate_c1)}}
  %0 = stablehlo.negate %x : (tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @round_nearest_afz_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{operand shape [2] and result shape [3] must match (round_nearest_afz_c1)}}
  %0 = stablehlo.round_nearest_afz %x : (tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @round_nearest_even_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{operand shape [2] and result shape [3] must match (round_nearest_even_c1)}}
  %0 = stablehlo.round_nearest_even %x : (tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @rsqrt_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{operand shape [2] and result shape [3] must match (rsqrt_c1)}}
  %0 = stablehlo.rsqrt %x : (tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @sign_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{operand shape [2] and result shape [3] must match (sign_c1)}}
  %0 = stablehlo.sign %x : (tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @sine_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{operand shape [2] and result shape [3] must match (sine_c1)}}
  %0 = stablehlo.sine %x : (tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @sqrt_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{operand shape [2] and result shape [3] must match (sqrt_c1)}}
  %0 = stablehlo.sqrt %x : (tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @tan_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{operand shape [2] and result shape [3] must match (tan_c1)}}
  %0 = stablehlo.tan %x : (tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @tanh_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{operand shape [2] and result shape [3] must match (tanh_c1)}}
  %0 = stablehlo.tanh %x : (tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @count_leading_zeros_c1(%x: tensor<2xi32>) {
  // expected-error @+1 {{operand shape [2] and result shape [3] must match (count_leading_zeros_c1)}}
  %0 = stablehlo.count_leading_zeros %x : (tensor<2xi32>) -> tensor<3xi32>
  return
}

// -----

func.func @popcnt_c1(%x: tensor<2xi32>) {
  // expected-error @+1 {{operand shape [2] and result shape [3] must match (popcnt_c1)}}
  %0 = stablehlo.popcnt %x : (tensor<2xi32>) -> tensor<3xi32>
  return
}

// -----

func.func @not_c1(%x: tensor<2xi32>) {
  // expected-error @+1 {{operand shape [2] and result shape [3] must match (not_c1)}}
  %0 = stablehlo.not %x : (tensor<2xi32>) -> tensor<3xi32>
  return
}

// -----

func.func @negate_c1_type(%x: tensor<2xf32>) {
  // expected-error @+1 {{operand element type 'f32' and result element type 'f64' must match (negate_c1)}}
  %0 = stablehlo.negate %x : (tensor<2xf32>) -> tensor<2xf64>
  return
}

// -----

func.func @abs_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{must match (abs_c1)}}
  %0 = stablehlo.abs %x : (tensor<2xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @abs_c2(%x: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{result element type 'f64' must be 'f32' (abs_c2)}}
  %0 = stablehlo.abs %x : (tensor<2xcomplex<f32>>) -> tensor<2xf64>
  return
}

// -----

func.func @abs_c2_real(%x: tensor<2xi32>) {
  // expected-error @+1 {{result element type 'i64' must be 'i32' (abs_c2)}}
  %0 = stablehlo.abs %x : (tensor<2xi32>) -> tensor<2xi64>
  return
}

// -----

func.func @real_c1(%x: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{must match (real_c1)}}
  %0 = stablehlo.real %x : (tensor<2xcomplex<f32>>) -> tensor<3xf32>
  return
}

// -----

func.func @real_c2(%x: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{result element type 'f64' must be 'f32' (real_c2)}}
  %0 = stablehlo.real %x : (tensor<2xcomplex<f32>>) -> tensor<2xf64>
  return
}

// -----

func.func @imag_c2(%x: tensor<2xcomplex<f64>>) {
  // expected-error @+1 {{result element type 'f32' must be 'f64' (imag_c2)}}
  %0 = stablehlo.imag %x : (tensor<2xcomplex<f64>>) -> tensor<2xf32>
  return
}

// -----

func.func @is_finite_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{must match (is_finite_c1)}}
  %0 = stablehlo.is_finite %x : (tensor<2xf32>) -> tensor<3xi1>
  return
}

// -----

func.func @add_c1(%x: tensor<2xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{operand shapes [2] and [3] must match (add_c1)}}
  %0 = stablehlo.add %x, %y : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @atan2_c1(%x: tensor<2xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{operand shapes [2] and [3] must match (atan2_c1)}}
  %0 = stablehlo.atan2 %x, %y : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @divide_c1(%x: tensor<2xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{operand shapes [2] and [3] must match (divide_c1)}}
  %0 = stablehlo.divide %x, %y : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @maximum_c1(%x: tensor<2xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{operand shapes [2] and [3] must match (maximum_c1)}}
  %0 = stablehlo.maximum %x, %y : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @minimum_c1(%x: tensor<2xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{operand shapes [2] and [3] must match (minimum_c1)}}
  %0 = stablehlo.minimum %x, %y : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @multiply_c1(%x: tensor<2xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{operand shapes [2] and [3] must match (multiply_c1)}}
  %0 = stablehlo.multiply %x, %y : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @power_c1(%x: tensor<2xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{operand shapes [2] and [3] must match (power_c1)}}
  %0 = stablehlo.power %x, %y : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @remainder_c1(%x: tensor<2xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{operand shapes [2] and [3] must match (remainder_c1)}}
  %0 = stablehlo.remainder %x, %y : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @subtract_c1(%x: tensor<2xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{operand shapes [2] and [3] must match (subtract_c1)}}
  %0 = stablehlo.subtract %x, %y : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @and_c1(%x: tensor<2xi32>, %y: tensor<2xi64>) {
  // expected-error @+1 {{operand element types 'i32' and 'i64' must match (and_c1)}}
  %0 = stablehlo.and %x, %y : (tensor<2xi32>, tensor<2xi64>) -> tensor<2xi32>
  return
}

// -----

func.func @or_c1(%x: tensor<2xi32>, %y: tensor<2xi64>) {
  // expected-error @+1 {{operand element types 'i32' and 'i64' must match (or_c1)}}
  %0 = stablehlo.or %x, %y : (tensor<2xi32>, tensor<2xi64>) -> tensor<2xi32>
  return
}

// -----

func.func @xor_c1(%x: tensor<2xi32>, %y: tensor<2xi64>) {
  // expected-error @+1 {{operand element types 'i32' and 'i64' must match (xor_c1)}}
  %0 = stablehlo.xor %x, %y : (tensor<2xi32>, tensor<2xi64>) -> tensor<2xi32>
  return
}

// -----

func.func @shift_left_c1(%x: tensor<2xi32>, %y: tensor<2xi64>) {
  // expected-error @+1 {{operand element types 'i32' and 'i64' must match (shift_left_c1)}}
  %0 = stablehlo.shift_left %x, %y : (tensor<2xi32>, tensor<2xi64>) -> tensor<2xi32>
  return
}

// -----

func.func @shift_right_arithmetic_c1(%x: tensor<2xi32>, %y: tensor<2xi64>) {
  // expected-error @+1 {{operand element types 'i32' and 'i64' must match (shift_right_arithmetic_c1)}}
  %0 = stablehlo.shift_right_arithmetic %x, %y : (tensor<2xi32>, tensor<2xi64>) -> tensor<2xi32>
  return
}

// -----

func.func @shift_right_logical_c1(%x: tensor<2xi32>, %y: tensor<2xi64>) {
  // expected-error @+1 {{operand element types 'i32' and 'i64' must match (shift_right_logical_c1)}}
  %0 = stablehlo.shift_right_logical %x, %y : (tensor<2xi32>, tensor<2xi64>) -> tensor<2xi32>
  return
}

// -----

func.func @add_c1_result(%x: tensor<2xf32>) {
  // expected-error @+1 {{result type 'tensor<2xf16>' must match operand type 'tensor<2xf32>' (add_c1)}}
  %0 = stablehlo.add %x, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf16>
  return
}

// -----

func.func @add_c1_rank(%x: tensor<2xf32>, %y: tensor<2x1xf32>) {
  // expected-error @+1 {{operand shapes [2] and [2, 1] must match (add_c1)}}
  %0 = stablehlo.add %x, %y : (tensor<2xf32>, tensor<2x1xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @complex_c1(%x: tensor<2xf32>, %y: tensor<2xf64>) {
  // expected-error @+1 {{lhs type 'tensor<2xf32>' and rhs type 'tensor<2xf64>' must match (complex_c1)}}
  %0 = stablehlo.complex %x, %y : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xcomplex<f32>>
  return
}

// -----

func.func @complex_c2(%x: tensor<2xf32>) {
  // expected-error @+1 {{result shape [3] must match operand shape [2] (complex_c2)}}
  %0 = stablehlo.complex %x, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xcomplex<f32>>
  return
}

// -----

func.func @complex_c3(%x: tensor<2xf32>) {
  // expected-error @+1 {{result element type 'complex<f64>' must be 'complex<f32>' (complex_c3)}}
  %0 = stablehlo.complex %x, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f64>>
  return
}

// -----

func.func @clamp_c1(%lo: tensor<3xf32>, %x: tensor<2xf32>) {
  // expected-error @+1 {{min shape [3] must be scalar or match operand shape [2] (clamp_c1)}}
  %0 = stablehlo.clamp %lo, %x, %x : (tensor<3xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @clamp_c1_max(%hi: tensor<1xf32>, %x: tensor<2xf32>) {
  // expected-error @+1 {{max shape [1] must be scalar or match operand shape [2] (clamp_c1)}}
  %0 = stablehlo.clamp %x, %x, %hi : (tensor<2xf32>, tensor<2xf32>, tensor<1xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @clamp_c2(%lo: tensor<i32>, %x: tensor<2xf32>) {
  // expected-error @+1 {{min element type 'i32' must match operand element type 'f32' (clamp_c2)}}
  %0 = stablehlo.clamp %lo, %x, %x : (tensor<i32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @clamp_c3(%x: tensor<2xf32>) {
  // expected-error @+1 {{result type 'tensor<3xf32>' must match operand type 'tensor<2xf32>' (clamp_c3)}}
  %0 = stablehlo.clamp %x, %x, %x : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @select_c1(%p: tensor<3xi1>, %x: tensor<2xf32>) {
  // expected-error @+1 {{pred shape [3] must be scalar or match on_true shape [2] (select_c1)}}
  %0 = stablehlo.select %p, %x, %x : (tensor<3xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @select_c2(%p: tensor<i1>, %x: tensor<2xf32>, %y: tensor<2xi32>) {
  // expected-error @+1 {{on_true type 'tensor<2xf32>' and on_false type 'tensor<2xi32>' must match (select_c2)}}
  %0 = stablehlo.select %p, %x, %y : (tensor<i1>, tensor<2xf32>, tensor<2xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @select_c2_result(%p: tensor<i1>, %x: tensor<2xf32>) {
  // expected-error @+1 {{result type 'tensor<2xf64>' must match on_true type 'tensor<2xf32>' (select_c2)}}
  %0 = stablehlo.select %p, %x, %x : (tensor<i1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf64>
  return
}

// -----

func.func @compare_c1(%x: tensor<2xf32>, %y: tensor<2xf64>) {
  // expected-error @+1 {{operand element types 'f32' and 'f64' must match (compare_c1)}}
  %0 = stablehlo.compare LT, %x, %y : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xi1>
  return
}

// -----

func.func @compare_c2(%x: tensor<2xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{operand shapes [2] and [3] must match (compare_c2)}}
  %0 = stablehlo.compare LT, %x, %y : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xi1>
  return
}

// -----

func.func @compare_c2_result(%x: tensor<2xf32>) {
  // expected-error @+1 {{result shape [3] must match operand shape [2] (compare_c2)}}
  %0 = stablehlo.compare LT, %x, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xi1>
  return
}

// -----

func.func @compare_c3_float(%x: tensor<2xf32>) {
  // expected-error @+1 {{compare_type SIGNED does not apply to element type 'f32' (compare_c3)}}
  %0 = stablehlo.compare LT, %x, %x, SIGNED : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return
}

// -----

func.func @compare_c3_unsigned(%x: tensor<2xui32>) {
  // expected-error @+1 {{compare_type SIGNED does not apply to element type 'ui32' (compare_c3)}}
  %0 = stablehlo.compare LT, %x, %x, SIGNED : (tensor<2xui32>, tensor<2xui32>) -> tensor<2xi1>
  return
}

// -----

func.func @compare_c3_int(%x: tensor<2xi32>) {
  // expected-error @+1 {{compare_type FLOAT does not apply to element type 'i32' (compare_c3)}}
  %0 = stablehlo.compare LT, %x, %x, FLOAT : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  return
}

// -----

func.func @compare_c4(%x: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{complex operands only support EQ and NE, got LT (compare_c4)}}
  %0 = stablehlo.compare LT, %x, %x, FLOAT : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xi1>
  return
}

// -----

func.func @convert_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{operand shape [2] and result shape [3] must match (convert_c1)}}
  %0 = stablehlo.convert %x : (tensor<2xf32>) -> tensor<3xi32>
  return
}

// -----

func.func @bitcast_convert_c1_same(%x: tensor<2xf32>) {
  // expected-error @+1 {{must match when element widths are equal (bitcast_convert_c1)}}
  %0 = stablehlo.bitcast_convert %x : (tensor<2xf32>) -> tensor<3xi32>
  return
}

// -----

func.func @bitcast_convert_c1_narrow(%x: tensor<2xf32>) {
  // expected-error @+1 {{result shape [2, 2] must be operand shape [2] plus a last dimension of 4 (bitcast_convert_c1)}}
  %0 = stablehlo.bitcast_convert %x : (tensor<2xf32>) -> tensor<2x2xi8>
  return
}

// -----

func.func @bitcast_convert_c1_wide(%x: tensor<2x3xi8>) {
  // expected-error @+1 {{operand shape [2, 3] must be result shape [2] plus a last dimension of 4 (bitcast_convert_c1)}}
  %0 = stablehlo.bitcast_convert %x : (tensor<2x3xi8>) -> tensor<2xi32>
  return
}

// -----

func.func @bitcast_convert_c2(%x: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{cannot bitcast between 'complex<f32>' and 'f64' (bitcast_convert_c2)}}
  %0 = stablehlo.bitcast_convert %x : (tensor<2xcomplex<f32>>) -> tensor<2xf64>
  return
}

// -----

func.func @reduce_precision_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{output type 'tensor<2xf16>' must match operand type 'tensor<2xf32>' (reduce_precision_c1)}}
  %0 = stablehlo.reduce_precision %x, format = e5m10 : (tensor<2xf32>) -> tensor<2xf16>
  return
}

// -----

func.func @reduce_precision_c2(%x: tensor<2xf32>) {
  // expected-error @+1 {{attribute 'exponent_bits' failed to satisfy constraint}}
  %0 = stablehlo.reduce_precision %x, format = e0m10 : tensor<2xf32>
  return
}

// -----

func.func @reduce_precision_format(%x: tensor<2xf32>) {
  // expected-error @+1 {{expected a format like e5m10, got 'f5m10'}}
  %0 = stablehlo.reduce_precision %x, format = f5m10 : tensor<2xf32>
  return
}

// -----

func.func @and_float_operand(%x: tensor<2xf32>) {
  // expected-error @+1 {{must be ranked tensor of}}
  %0 = stablehlo.and %x, %x : tensor<2xf32>
  return
}

// -----

func.func @compare_bad_direction(%x: tensor<2xf32>) {
  // expected-error @+1 {{unknown comparison_direction 'XX'}}
  %0 = stablehlo.compare XX, %x, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return
}

// -----

func.func @compare_bad_type(%x: tensor<2xf32>) {
  // expected-error @+1 {{expected (lhs_type, rhs_type) -> result_type}}
  %0 = stablehlo.compare LT, %x, %x : tensor<2xf32>
  return
}

// -----

func.func @select_type_list(%p: tensor<i1>, %x: tensor<2xf32>) {
  // expected-error @+1 {{expected `pred_type, result_type` or a function type}}
  %0 = stablehlo.select %p, %x, %x : tensor<i1>, tensor<2xf32>, tensor<2xf32>
  return
}

// -----

func.func @same_type_arity(%x: tensor<2xf32>) {
  // expected-error @+1 {{expected 2 operand types in the function type but got 1}}
  %0 = stablehlo.add %x, %x : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @complex_not_complex(%x: tensor<2xf32>) {
  // expected-error @+1 {{expected a tensor of complex type}}
  %0 = stablehlo.complex %x, %x : tensor<2xf32>
  return
}

// -----

func.func @unranked_rejected(%x: tensor<*xf32>) {
  // expected-error @+1 {{must be ranked tensor of}}
  %0 = "stablehlo.add"(%x, %x) : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @constant_c1() {
  // expected-error @+1 {{value type 'tensor<2xi32>' does not match result type 'tensor<3xi32>' (constant_c1)}}
  %0 = stablehlo.constant() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<3xi32>
  return
}
