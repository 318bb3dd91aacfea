// RUN: jxc run --split-input-file %s | FileCheck %s --implicit-check-not=FAIL
// tuple and get_tuple_element: an element taken from a tuple is the value
// put in (resolved at compile time).

// CHECK: PASS tuple_i1
func.func @tuple_i1() {
  %a = stablehlo.constant dense<[true, true]> : tensor<2xi1>
  %b = stablehlo.constant dense<1505919583> : tensor<i32>
  %t = stablehlo.tuple %a, %b : tuple<tensor<2xi1>, tensor<i32>>
  %x = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xi1>, tensor<i32>>) -> tensor<2xi1>
  %y = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xi1>, tensor<i32>>) -> tensor<i32>
  check.expect_eq_const %x, dense<[true, true]> : tensor<2xi1>
  check.expect_eq_const %y, dense<1505919583> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS tuple_i8
func.func @tuple_i8() {
  %a = stablehlo.constant dense<[-7, 3]> : tensor<2xi8>
  %b = stablehlo.constant dense<-115153665> : tensor<i32>
  %t = stablehlo.tuple %a, %b : tuple<tensor<2xi8>, tensor<i32>>
  %x = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xi8>, tensor<i32>>) -> tensor<2xi8>
  %y = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xi8>, tensor<i32>>) -> tensor<i32>
  check.expect_eq_const %x, dense<[-7, 3]> : tensor<2xi8>
  check.expect_eq_const %y, dense<-115153665> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS tuple_i16
func.func @tuple_i16() {
  %a = stablehlo.constant dense<[22123, -15623]> : tensor<2xi16>
  %b = stablehlo.constant dense<1449875649> : tensor<i32>
  %t = stablehlo.tuple %a, %b : tuple<tensor<2xi16>, tensor<i32>>
  %x = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xi16>, tensor<i32>>) -> tensor<2xi16>
  %y = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xi16>, tensor<i32>>) -> tensor<i32>
  check.expect_eq_const %x, dense<[22123, -15623]> : tensor<2xi16>
  check.expect_eq_const %y, dense<1449875649> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS tuple_i32
func.func @tuple_i32() {
  %a = stablehlo.constant dense<[1337901816, -1779623277]> : tensor<2xi32>
  %b = stablehlo.constant dense<1337901816> : tensor<i32>
  %t = stablehlo.tuple %a, %b : tuple<tensor<2xi32>, tensor<i32>>
  %x = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xi32>, tensor<i32>>) -> tensor<2xi32>
  %y = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xi32>, tensor<i32>>) -> tensor<i32>
  check.expect_eq_const %x, dense<[1337901816, -1779623277]> : tensor<2xi32>
  check.expect_eq_const %y, dense<1337901816> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS tuple_i64
func.func @tuple_i64() {
  %a = stablehlo.constant dense<[-4611686018427387907, 24909552067]> : tensor<2xi64>
  %b = stablehlo.constant dense<972564302> : tensor<i32>
  %t = stablehlo.tuple %a, %b : tuple<tensor<2xi64>, tensor<i32>>
  %x = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xi64>, tensor<i32>>) -> tensor<2xi64>
  %y = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xi64>, tensor<i32>>) -> tensor<i32>
  check.expect_eq_const %x, dense<[-4611686018427387907, 24909552067]> : tensor<2xi64>
  check.expect_eq_const %y, dense<972564302> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS tuple_ui8
func.func @tuple_ui8() {
  %a = stablehlo.constant dense<[171, 255]> : tensor<2xui8>
  %b = stablehlo.constant dense<733537704> : tensor<i32>
  %t = stablehlo.tuple %a, %b : tuple<tensor<2xui8>, tensor<i32>>
  %x = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xui8>, tensor<i32>>) -> tensor<2xui8>
  %y = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xui8>, tensor<i32>>) -> tensor<i32>
  check.expect_eq_const %x, dense<[171, 255]> : tensor<2xui8>
  check.expect_eq_const %y, dense<733537704> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS tuple_ui16
func.func @tuple_ui16() {
  %a = stablehlo.constant dense<[29166, 65532]> : tensor<2xui16>
  %b = stablehlo.constant dense<-236027138> : tensor<i32>
  %t = stablehlo.tuple %a, %b : tuple<tensor<2xui16>, tensor<i32>>
  %x = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xui16>, tensor<i32>>) -> tensor<2xui16>
  %y = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xui16>, tensor<i32>>) -> tensor<i32>
  check.expect_eq_const %x, dense<[29166, 65532]> : tensor<2xui16>
  check.expect_eq_const %y, dense<-236027138> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS tuple_ui32
func.func @tuple_ui32() {
  %a = stablehlo.constant dense<[4058335883, 4294967292]> : tensor<2xui32>
  %b = stablehlo.constant dense<1910852235> : tensor<i32>
  %t = stablehlo.tuple %a, %b : tuple<tensor<2xui32>, tensor<i32>>
  %x = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xui32>, tensor<i32>>) -> tensor<2xui32>
  %y = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xui32>, tensor<i32>>) -> tensor<i32>
  check.expect_eq_const %x, dense<[4058335883, 4294967292]> : tensor<2xui32>
  check.expect_eq_const %y, dense<1910852235> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS tuple_ui64
func.func @tuple_ui64() {
  %a = stablehlo.constant dense<[1507893476435237117, 18446744073709551612]> : tensor<2xui64>
  %b = stablehlo.constant dense<942957556> : tensor<i32>
  %t = stablehlo.tuple %a, %b : tuple<tensor<2xui64>, tensor<i32>>
  %x = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xui64>, tensor<i32>>) -> tensor<2xui64>
  %y = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xui64>, tensor<i32>>) -> tensor<i32>
  check.expect_eq_const %x, dense<[1507893476435237117, 18446744073709551612]> : tensor<2xui64>
  check.expect_eq_const %y, dense<942957556> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS tuple_f16
func.func @tuple_f16() {
  %a = stablehlo.constant dense<[-1.75, 7.25]> : tensor<2xf16>
  %b = stablehlo.constant dense<-336951519> : tensor<i32>
  %t = stablehlo.tuple %a, %b : tuple<tensor<2xf16>, tensor<i32>>
  %x = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xf16>, tensor<i32>>) -> tensor<2xf16>
  %y = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xf16>, tensor<i32>>) -> tensor<i32>
  check.expect_eq_const %x, dense<[-1.75, 7.25]> : tensor<2xf16>
  check.expect_eq_const %y, dense<-336951519> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS tuple_bf16
func.func @tuple_bf16() {
  %a = stablehlo.constant dense<[5.5, 9.0]> : tensor<2xbf16>
  %b = stablehlo.constant dense<1187719576> : tensor<i32>
  %t = stablehlo.tuple %a, %b : tuple<tensor<2xbf16>, tensor<i32>>
  %x = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xbf16>, tensor<i32>>) -> tensor<2xbf16>
  %y = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xbf16>, tensor<i32>>) -> tensor<i32>
  check.expect_eq_const %x, dense<[5.5, 9.0]> : tensor<2xbf16>
  check.expect_eq_const %y, dense<1187719576> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS tuple_f32
func.func @tuple_f32() {
  %a = stablehlo.constant dense<[-7.5, -7.5]> : tensor<2xf32>
  %b = stablehlo.constant dense<-1572811698> : tensor<i32>
  %t = stablehlo.tuple %a, %b : tuple<tensor<2xf32>, tensor<i32>>
  %x = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xf32>, tensor<i32>>) -> tensor<2xf32>
  %y = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xf32>, tensor<i32>>) -> tensor<i32>
  check.expect_eq_const %x, dense<[-7.5, -7.5]> : tensor<2xf32>
  check.expect_eq_const %y, dense<-1572811698> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS tuple_f64
func.func @tuple_f64() {
  %a = stablehlo.constant dense<[2.25, -5.0]> : tensor<2xf64>
  %b = stablehlo.constant dense<484036408> : tensor<i32>
  %t = stablehlo.tuple %a, %b : tuple<tensor<2xf64>, tensor<i32>>
  %x = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xf64>, tensor<i32>>) -> tensor<2xf64>
  %y = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xf64>, tensor<i32>>) -> tensor<i32>
  check.expect_eq_const %x, dense<[2.25, -5.0]> : tensor<2xf64>
  check.expect_eq_const %y, dense<484036408> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS tuple_c64
func.func @tuple_c64() {
  %a = stablehlo.constant dense<[(7.75, 12.5), (7.25, 14.0)]> : tensor<2xcomplex<f32>>
  %b = stablehlo.constant dense<1700607164> : tensor<i32>
  %t = stablehlo.tuple %a, %b : tuple<tensor<2xcomplex<f32>>, tensor<i32>>
  %x = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xcomplex<f32>>, tensor<i32>>) -> tensor<2xcomplex<f32>>
  %y = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xcomplex<f32>>, tensor<i32>>) -> tensor<i32>
  check.expect_eq_const %x, dense<[(7.75, 12.5), (7.25, 14.0)]> : tensor<2xcomplex<f32>>
  check.expect_eq_const %y, dense<1700607164> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS tuple_c128
func.func @tuple_c128() {
  %a = stablehlo.constant dense<[(-7.0, 6.0), (6.5, -6.0)]> : tensor<2xcomplex<f64>>
  %b = stablehlo.constant dense<-1502065091> : tensor<i32>
  %t = stablehlo.tuple %a, %b : tuple<tensor<2xcomplex<f64>>, tensor<i32>>
  %x = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xcomplex<f64>>, tensor<i32>>) -> tensor<2xcomplex<f64>>
  %y = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xcomplex<f64>>, tensor<i32>>) -> tensor<i32>
  check.expect_eq_const %x, dense<[(-7.0, 6.0), (6.5, -6.0)]> : tensor<2xcomplex<f64>>
  check.expect_eq_const %y, dense<-1502065091> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS tuple_nested
func.func @tuple_nested() {
  %a = stablehlo.constant dense<[-0.75, 0.0]> : tensor<2xf64>
  %b = stablehlo.constant dense<-4611686018427387907> : tensor<i64>
  %c = stablehlo.constant dense<[207, 21, 255]> : tensor<3xui8>
  %inner = stablehlo.tuple %b, %c : tuple<tensor<i64>, tensor<3xui8>>
  %t = stablehlo.tuple %a, %inner : tuple<tensor<2xf64>, tuple<tensor<i64>, tensor<3xui8>>>
  %x = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xf64>, tuple<tensor<i64>, tensor<3xui8>>>) -> tensor<2xf64>
  %i = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xf64>, tuple<tensor<i64>, tensor<3xui8>>>) -> tuple<tensor<i64>, tensor<3xui8>>
  %y = stablehlo.get_tuple_element %i[0] : (tuple<tensor<i64>, tensor<3xui8>>) -> tensor<i64>
  %z = stablehlo.get_tuple_element %i[1] : (tuple<tensor<i64>, tensor<3xui8>>) -> tensor<3xui8>
  check.expect_eq_const %x, dense<[-0.75, 0.0]> : tensor<2xf64>
  check.expect_eq_const %y, dense<-4611686018427387907> : tensor<i64>
  check.expect_eq_const %z, dense<[207, 21, 255]> : tensor<3xui8>
  func.return
}

// -----

// CHECK: PASS tuple_unused
func.func @tuple_unused() {
  %a = stablehlo.constant dense<[-0.75, 0.0]> : tensor<2xf64>
  %t = stablehlo.tuple %a : tuple<tensor<2xf64>>
  %e = stablehlo.tuple : tuple<>
  check.expect_eq_const %a, dense<[-0.75, 0.0]> : tensor<2xf64>
  func.return
}

// CHECK-NOT: FAIL
