func.func @expect_serialized_eq(%a: tensor<3x1xi1>, %b: tensor<i64>) {
  check.expect_serialized_eq %a, probe_id = "probe_i1" : tensor<3x1xi1>
  check.expect_serialized_eq %b, probe_id = "probe_iterations", iter = 0 : tensor<i64>
  check.expect_serialized_eq %b, probe_id = "probe/0", iter = 1 : tensor<i64>
  func.return
}
