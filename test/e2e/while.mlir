// RUN: jxc run --split-input-file %s | FileCheck %s
//
// stablehlo.while runs `body` while `cond` yields true (spec: while); the
// loop-carried values may be of any tensor or token type. Expected values are
// the closed forms of the loops.

// CHECK: PASS while_si64_sum
// sum = 1 + 2 + ... + 10 = 55, i = 10.
func.func @while_si64_sum() {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %ten = stablehlo.constant dense<10> : tensor<i64>
  %i, %sum = stablehlo.while(%arg0 = %zero, %arg1 = %zero) : tensor<i64>, tensor<i64>
  cond {
    %c = stablehlo.compare LT, %arg0, %ten : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %next = stablehlo.add %arg0, %one : tensor<i64>
    %s = stablehlo.add %arg1, %next : tensor<i64>
    stablehlo.return %next, %s : tensor<i64>, tensor<i64>
  }
  check.expect_eq_const %i, dense<10> : tensor<i64>
  check.expect_eq_const %sum, dense<55> : tensor<i64>
  func.return
}

// -----

// CHECK: PASS while_zero_trips
// cond is false at once: the results are the operands, body never runs.
func.func @while_zero_trips() {
  %x = stablehlo.constant dense<[7, -8]> : tensor<2xi32>
  %f = stablehlo.constant dense<false> : tensor<i1>
  %r = stablehlo.while(%arg0 = %x) : tensor<2xi32>
  cond {
    stablehlo.return %f : tensor<i1>
  } do {
    %y = stablehlo.add %arg0, %arg0 : tensor<2xi32>
    stablehlo.return %y : tensor<2xi32>
  }
  check.expect_eq_const %r, dense<[7, -8]> : tensor<2xi32>
  func.return
}

// -----

// CHECK: PASS while_unsigned_wraps
// ui8: 200 + 10 * 10 = 300 = 44 (mod 256); ui32 counter counts down 10 -> 0.
func.func @while_unsigned_wraps() {
  %x = stablehlo.constant dense<[200, 0]> : tensor<2xui8>
  %ten8 = stablehlo.constant dense<10> : tensor<2xui8>
  %n = stablehlo.constant dense<10> : tensor<ui32>
  %one = stablehlo.constant dense<1> : tensor<ui32>
  %zero = stablehlo.constant dense<0> : tensor<ui32>
  %c, %r = stablehlo.while(%arg0 = %n, %arg1 = %x) : tensor<ui32>, tensor<2xui8>
  cond {
    %p = stablehlo.compare GT, %arg0, %zero : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %m = stablehlo.subtract %arg0, %one : tensor<ui32>
    %y = stablehlo.add %arg1, %ten8 : tensor<2xui8>
    stablehlo.return %m, %y : tensor<ui32>, tensor<2xui8>
  }
  check.expect_eq_const %c, dense<0> : tensor<ui32>
  check.expect_eq_const %r, dense<[44, 100]> : tensor<2xui8>
  func.return
}

// -----

// CHECK: PASS while_floats
// Four doublings multiply by 16, in every floating-point type.
func.func @while_floats() {
  %a = stablehlo.constant dense<[1.5, -0.25]> : tensor<2xf32>
  %b = stablehlo.constant dense<[1.5, -0.25]> : tensor<2xf64>
  %c = stablehlo.constant dense<[1.5, -0.25]> : tensor<2xf16>
  %d = stablehlo.constant dense<[1.5, -0.25]> : tensor<2xbf16>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %four = stablehlo.constant dense<4> : tensor<i32>
  %i, %ra, %rb, %rc, %rd = stablehlo.while(%i0 = %zero, %a0 = %a, %b0 = %b, %c0 = %c, %d0 = %d) : tensor<i32>, tensor<2xf32>, tensor<2xf64>, tensor<2xf16>, tensor<2xbf16>
  cond {
    %p = stablehlo.compare LT, %i0, %four : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %i1 = stablehlo.add %i0, %one : tensor<i32>
    %a1 = stablehlo.add %a0, %a0 : tensor<2xf32>
    %b1 = stablehlo.add %b0, %b0 : tensor<2xf64>
    %c1 = stablehlo.add %c0, %c0 : tensor<2xf16>
    %d1 = stablehlo.add %d0, %d0 : tensor<2xbf16>
    stablehlo.return %i1, %a1, %b1, %c1, %d1 : tensor<i32>, tensor<2xf32>, tensor<2xf64>, tensor<2xf16>, tensor<2xbf16>
  }
  check.expect_eq_const %i, dense<4> : tensor<i32>
  check.expect_eq_const %ra, dense<[24.0, -4.0]> : tensor<2xf32>
  check.expect_eq_const %rb, dense<[24.0, -4.0]> : tensor<2xf64>
  check.expect_eq_const %rc, dense<[24.0, -4.0]> : tensor<2xf16>
  check.expect_eq_const %rd, dense<[24.0, -4.0]> : tensor<2xbf16>
  func.return
}

// -----

// CHECK: PASS while_pred_and_complex
// Three trips: the flag flips three times; (1 + 2i) * i^3 = 2 - i.
func.func @while_pred_and_complex() {
  %flag = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %z = stablehlo.constant dense<(1.0, 2.0)> : tensor<complex<f32>>
  %iunit = stablehlo.constant dense<(0.0, 1.0)> : tensor<complex<f32>>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %three = stablehlo.constant dense<3> : tensor<i32>
  %i, %f, %w = stablehlo.while(%i0 = %zero, %f0 = %flag, %w0 = %z) : tensor<i32>, tensor<2xi1>, tensor<complex<f32>>
  cond {
    %p = stablehlo.compare LT, %i0, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %i1 = stablehlo.add %i0, %one : tensor<i32>
    %f1 = stablehlo.not %f0 : tensor<2xi1>
    %w1 = stablehlo.multiply %w0, %iunit : tensor<complex<f32>>
    stablehlo.return %i1, %f1, %w1 : tensor<i32>, tensor<2xi1>, tensor<complex<f32>>
  }
  check.expect_eq_const %f, dense<[false, true]> : tensor<2xi1>
  check.expect_eq_const %w, dense<(2.0, -1.0)> : tensor<complex<f32>>
  func.return
}

// -----

// CHECK: PASS while_nested
// An inner loop of 4 trips inside an outer loop of 3: 12 increments.
func.func @while_nested() {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %three = stablehlo.constant dense<3> : tensor<i32>
  %four = stablehlo.constant dense<4> : tensor<i32>
  %i, %total = stablehlo.while(%i0 = %zero, %t0 = %zero) : tensor<i32>, tensor<i32>
  cond {
    %p = stablehlo.compare LT, %i0, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %j, %t = stablehlo.while(%j0 = %zero, %t1 = %t0) : tensor<i32>, tensor<i32>
    cond {
      %q = stablehlo.compare LT, %j0, %four : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %q : tensor<i1>
    } do {
      %j1 = stablehlo.add %j0, %one : tensor<i32>
      %t2 = stablehlo.add %t1, %one : tensor<i32>
      stablehlo.return %j1, %t2 : tensor<i32>, tensor<i32>
    }
    %i1 = stablehlo.add %i0, %one : tensor<i32>
    stablehlo.return %i1, %t : tensor<i32>, tensor<i32>
  }
  check.expect_eq_const %total, dense<12> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS while_carries_token
// A token rides along with the counter (tokens are placeholders).
func.func @while_carries_token() {
  %tok = stablehlo.create_token : !stablehlo.token
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %five = stablehlo.constant dense<5> : tensor<i32>
  %i, %t = stablehlo.while(%i0 = %zero, %t0 = %tok) : tensor<i32>, !stablehlo.token
  cond {
    %p = stablehlo.compare LT, %i0, %five : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %i1 = stablehlo.add %i0, %one : tensor<i32>
    %t1 = stablehlo.after_all %t0 : !stablehlo.token
    stablehlo.return %i1, %t1 : tensor<i32>, !stablehlo.token
  }
  check.expect_eq_const %i, dense<5> : tensor<i32>
  func.return
}

// -----

// A program JAX emitted for fori_loop, lax.switch, lax.cond and while_loop
// on scalars (x = 1.5, i = 4); the expected values are JAX's results.
// CHECK: PASS main
module @jit_f {
  func.func private @f(%arg0: tensor<f32>, %arg1: tensor<i32>) -> (tensor<f32> , tensor<f32> , tensor<f32> , tensor<i32> , tensor<i32> ) {
    %c = stablehlo.constant dense<0> : tensor<i64>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %0:5 = stablehlo.while(%iterArg = %arg0, %iterArg_4 = %c_1, %iterArg_5 = %c, %iterArg_6 = %cst, %iterArg_7 = %cst_0) : tensor<f32>, tensor<i64>, tensor<i64>, tensor<f32>, tensor<f32>
    cond {
      %c_8 = stablehlo.constant dense<7> : tensor<i64>
      %5 = stablehlo.compare LT, %iterArg_4, %c_8, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %5 : tensor<i1>
    } do {
      %5:3 = func.call @closed_call(%iterArg, %iterArg_5, %iterArg_6, %iterArg_7) : (tensor<f32>, tensor<i64>, tensor<f32>, tensor<f32>) -> (tensor<i64>, tensor<f32>, tensor<f32>)
      %c_8 = stablehlo.constant dense<1> : tensor<i64>
      %6 = stablehlo.add %iterArg_4, %c_8 : tensor<i64>
      stablehlo.return %iterArg, %6, %5#0, %5#1, %5#2 : tensor<f32>, tensor<i64>, tensor<i64>, tensor<f32>, tensor<f32>
    }
    %c_2 = stablehlo.constant dense<2> : tensor<i32>
    %1 = stablehlo.compare GT, %arg1, %c_2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %2 = stablehlo.convert %1 : (tensor<i1>) -> tensor<i32>
    %3 = "stablehlo.case"(%2) ({
      %5 = stablehlo.add %0#3, %0#4 : tensor<f32>
      stablehlo.return %5 : tensor<f32>
    }, {
      %5 = stablehlo.subtract %0#3, %0#4 : tensor<f32>
      stablehlo.return %5 : tensor<f32>
    }) : (tensor<i32>) -> tensor<f32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %4:2 = stablehlo.while(%iterArg = %arg1, %iterArg_4 = %c_3) : tensor<i32>, tensor<i32>
    cond {
      %c_5 = stablehlo.constant dense<100> : tensor<i32>
      %5 = stablehlo.compare LT, %iterArg, %c_5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %5 : tensor<i1>
    } do {
      %c_5 = stablehlo.constant dense<3> : tensor<i32>
      %5 = stablehlo.multiply %iterArg, %c_5 : tensor<i32>
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %6 = stablehlo.add %5, %c_6 : tensor<i32>
      %c_7 = stablehlo.constant dense<1> : tensor<i32>
      %7 = stablehlo.add %iterArg_4, %c_7 : tensor<i32>
      stablehlo.return %6, %7 : tensor<i32>, tensor<i32>
    }
    return %0#3, %0#4, %3, %4#0, %4#1 : tensor<f32>, tensor<f32>, tensor<f32>, tensor<i32>, tensor<i32>
  }
  func.func private @closed_call(%arg0: tensor<f32>, %arg1: tensor<i64>, %arg2: tensor<f32>, %arg3: tensor<f32>) -> (tensor<i64>, tensor<f32>, tensor<f32>) {
    %c = stablehlo.constant dense<1> : tensor<i64>
    %0 = stablehlo.add %arg1, %c : tensor<i64>
    %1 = stablehlo.convert %arg1 : (tensor<i64>) -> tensor<f32>
    %2 = stablehlo.multiply %arg0, %1 : tensor<f32>
    %3 = stablehlo.add %arg2, %2 : tensor<f32>
    %c_0 = stablehlo.constant dense<3> : tensor<i64>
    %4 = call @remainder(%arg1, %c_0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %5 = stablehlo.convert %4 : (tensor<i64>) -> tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<2> : tensor<i32>
    %6 = stablehlo.clamp %c_1, %5, %c_2 : tensor<i32>
    %7 = "stablehlo.case"(%6) ({
      %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %8 = stablehlo.add %arg3, %cst : tensor<f32>
      stablehlo.return %8 : tensor<f32>
    }, {
      %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %8 = stablehlo.multiply %arg3, %cst : tensor<f32>
      stablehlo.return %8 : tensor<f32>
    }, {
      %8 = stablehlo.negate %arg3 : tensor<f32>
      stablehlo.return %8 : tensor<f32>
    }) : (tensor<i32>) -> tensor<f32>
    return %0, %3, %7 : tensor<i64>, tensor<f32>, tensor<f32>
  }
  func.func private @remainder(%arg0: tensor<i64>, %arg1: tensor<i64>) -> tensor<i64> {
    %c = stablehlo.constant dense<0> : tensor<i64>
    %0 = stablehlo.compare EQ, %arg1, %c, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i64>
    %1 = call @_where(%0, %c_0, %arg1) : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %2 = stablehlo.remainder %arg0, %1 : tensor<i64>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %3 = stablehlo.compare NE, %2, %c_1, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %4 = stablehlo.compare LT, %2, %c_2, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %c_3 = stablehlo.constant dense<0> : tensor<i64>
    %5 = stablehlo.compare LT, %1, %c_3, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %6 = stablehlo.compare NE, %4, %5, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %7 = stablehlo.and %6, %3 : tensor<i1>
    %8 = stablehlo.add %2, %1 : tensor<i64>
    %9 = stablehlo.select %7, %8, %2 : tensor<i1>, tensor<i64>
    return %9 : tensor<i64>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<i64>, %arg2: tensor<i64>) -> tensor<i64> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i64>
    return %0 : tensor<i64>
  }
  func.func @main() {
    %x = stablehlo.constant dense<1.5> : tensor<f32>
    %i = stablehlo.constant dense<4> : tensor<i32>
    %r:5 = call @f(%x, %i) : (tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<f32>, tensor<f32>, tensor<i32>, tensor<i32>)
    check.expect_eq_const %r#0, dense<31.5> : tensor<f32>
    check.expect_eq_const %r#1, dense<7.0> : tensor<f32>
    check.expect_eq_const %r#2, dense<24.5> : tensor<f32>
    check.expect_eq_const %r#3, dense<121> : tensor<i32>
    check.expect_eq_const %r#4, dense<3> : tensor<i32>
    return
  }
}

// CHECK-NOT: FAIL

// -----

// Counted loops (an scf.for since the loop counts): a negative start, a
// start at the limit (no trips) and past it, the limit a value computed
// outside the loop, the counter read in the body.
// CHECK: PASS while_counted_bounds
func.func @while_counted_bounds() {
  %m3 = stablehlo.constant dense<-3> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %two = stablehlo.constant dense<2> : tensor<i32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %four = stablehlo.add %two, %two : tensor<i32>
  // i from -3 to 4: s = -3 - 2 - 1 + 0 + 1 + 2 + 3 = 0, trips = 7.
  %i, %s, %t = stablehlo.while(%a = %m3, %b = %zero, %c = %zero) : tensor<i32>, tensor<i32>, tensor<i32>
  cond {
    %p = stablehlo.compare LT, %a, %four, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %n = stablehlo.add %a, %one : tensor<i32>
    %sb = stablehlo.add %b, %a : tensor<i32>
    %tc = stablehlo.add %c, %one : tensor<i32>
    stablehlo.return %n, %sb, %tc : tensor<i32>, tensor<i32>, tensor<i32>
  }
  check.expect_eq_const %i, dense<4> : tensor<i32>
  check.expect_eq_const %s, dense<0> : tensor<i32>
  check.expect_eq_const %t, dense<7> : tensor<i32>
  // Starting past the limit: no trips, the values unchanged.
  %nine = stablehlo.constant dense<9> : tensor<i32>
  %j, %u = stablehlo.while(%a = %nine, %b = %two) : tensor<i32>, tensor<i32>
  cond {
    %p = stablehlo.compare LT, %a, %four, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %n = stablehlo.add %one, %a : tensor<i32>
    %ub = stablehlo.multiply %b, %two : tensor<i32>
    stablehlo.return %n, %ub : tensor<i32>, tensor<i32>
  }
  check.expect_eq_const %j, dense<9> : tensor<i32>
  check.expect_eq_const %u, dense<2> : tensor<i32>
  func.return
}
