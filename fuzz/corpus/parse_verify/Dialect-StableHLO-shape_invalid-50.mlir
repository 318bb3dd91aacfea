func.func @dynamic_slice_index_type(%x: tensor<3xi64>, %i: tensor<1xi64>) {
  %0 = stablehlo.dynamic_slice %x, %i, sizes = [2] : (tensor<3xi64>, tensor<1xi64>) -> tensor<2xi64>
  return
}
