// dlpack.cpp - buffers to and from DLPack tensors (client.h), the exchange
// format of PyTorch, JAX, CuPy, TVM and others (Debian's libdlpack-dev,
// DLPack 0.6).

#include "jx/runtime/client.h"

#include <dlpack/dlpack.h>

#include <cstring>
#include <stdexcept>

namespace jx::runtime {
namespace {

/// What a DLPack tensor made by to_dlpack keeps alive.
struct exported {
  DLManagedTensor tensor;
  std::shared_ptr<host_buffer> storage;
  std::shared_ptr<device_array> device_memory;
  std::vector<int64_t> shape, strides;
};

DLDataType dl_type(dtype t) {
  switch (t) {
  case dtype::int8: return {kDLInt, 8, 1};
  case dtype::int16: return {kDLInt, 16, 1};
  case dtype::int32: return {kDLInt, 32, 1};
  case dtype::int64: return {kDLInt, 64, 1};
  case dtype::uint8: return {kDLUInt, 8, 1};
  case dtype::uint16: return {kDLUInt, 16, 1};
  case dtype::uint32: return {kDLUInt, 32, 1};
  case dtype::uint64: return {kDLUInt, 64, 1};
  case dtype::float16: return {kDLFloat, 16, 1};
  case dtype::float32: return {kDLFloat, 32, 1};
  case dtype::float64: return {kDLFloat, 64, 1};
  case dtype::bfloat16: return {kDLBfloat, 16, 1};
  case dtype::complex64: return {kDLComplex, 64, 1};
  case dtype::complex128: return {kDLComplex, 128, 1};
  default:
    throw std::invalid_argument("to_dlpack: DLPack 0.6 has no type for " +
                                dtype_name(t));
  }
}

dtype jx_type(DLDataType t) {
  if (t.lanes != 1)
    throw std::invalid_argument("from_dlpack: vector types (" + std::to_string(t.lanes) +
                                " lanes) are not supported");
  for (dtype d : {dtype::int8, dtype::int16, dtype::int32, dtype::int64, dtype::uint8,
                  dtype::uint16, dtype::uint32, dtype::uint64, dtype::float16,
                  dtype::float32, dtype::float64, dtype::bfloat16, dtype::complex64,
                  dtype::complex128}) {
    DLDataType m = dl_type(d);
    if (m.code == t.code && m.bits == t.bits)
      return d;
  }
  throw std::invalid_argument("from_dlpack: no jx dtype for DLPack type code " +
                              std::to_string(t.code) + " with " + std::to_string(t.bits) +
                              " bits");
}

} // namespace

DLManagedTensor *Buffer::to_dlpack() const {
  check_alive("to_dlpack");
  auto *e = new exported();
  e->storage = storage_;
  e->device_memory = device_memory_;
  e->shape = shape();
  e->strides.resize(e->shape.size());
  int64_t stride = 1;
  for (std::size_t i = e->shape.size(); i-- > 0;) {
    e->strides[i] = stride;
    stride *= e->shape[i];
  }
  try {
    e->tensor.dl_tensor.dtype = dl_type(dtype());
  } catch (...) {
    delete e;
    throw;
  }
  e->tensor.dl_tensor.data = unsafe_pointer();
  // A CUDA buffer is managed memory, which the GPU and the host address.
  e->tensor.dl_tensor.device =
      storage_ ? DLDevice{kDLCPU, 0} : DLDevice{kDLCUDAManaged, device_->id()};
  e->tensor.dl_tensor.ndim = static_cast<int>(e->shape.size());
  e->tensor.dl_tensor.shape = e->shape.data();
  e->tensor.dl_tensor.strides = e->strides.data();
  e->tensor.dl_tensor.byte_offset = 0;
  e->tensor.manager_ctx = e;
  e->tensor.deleter = [](DLManagedTensor *t) {
    delete static_cast<exported *>(t->manager_ctx);
  };
  return &e->tensor;
}

Buffer Buffer::from_dlpack(DLManagedTensor *tensor, Device &device) {
  if (!tensor)
    throw std::invalid_argument("from_dlpack: null tensor");
  struct release {
    DLManagedTensor *t;
    ~release() {
      if (t->deleter)
        t->deleter(t);
    }
  } guard{tensor};
  const DLTensor &t = tensor->dl_tensor;
  if (device.kind() != "cpu")
    throw std::invalid_argument("from_dlpack: " + device.to_string() +
                                " is not a CPU device (buffer_from_host copies "
                                "host values to a GPU)");
  if (t.device.device_type != kDLCPU && t.device.device_type != kDLCUDAHost)
    throw std::invalid_argument("from_dlpack: the tensor is on device type " +
                                std::to_string(t.device.device_type) +
                                ", not in CPU memory");
  if (t.ndim < 0)
    throw std::invalid_argument("from_dlpack: negative rank");
  host_buffer b;
  b.dtype = jx_type(t.dtype);
  b.shape.assign(t.shape, t.shape + t.ndim);
  for (int64_t d : b.shape)
    if (d < 0)
      throw std::invalid_argument("from_dlpack: negative dimension");
  std::size_t item = itemsize(b.dtype);
  int64_t count = b.size();
  b.data.resize(static_cast<std::size_t>(count) * item);
  const char *base = static_cast<const char *>(t.data) + t.byte_offset;
  bool compact = true;
  if (t.strides) {
    int64_t expected = 1;
    for (int i = t.ndim; i-- > 0;) {
      if (b.shape[i] != 1 && t.strides[i] != expected)
        compact = false;
      expected *= b.shape[i];
    }
  }
  if (compact || count == 0) {
    if (count)
      std::memcpy(b.data.data(), base, b.data.size());
  } else {
    // Element by element through the strides (in elements, as DLPack has them).
    std::vector<int64_t> index(static_cast<std::size_t>(t.ndim), 0);
    for (int64_t n = 0; n < count; ++n) {
      int64_t offset = 0;
      for (int i = 0; i < t.ndim; ++i)
        offset += index[i] * t.strides[i];
      std::memcpy(b.data.data() + n * item, base + offset * static_cast<int64_t>(item), item);
      for (int i = t.ndim; i-- > 0;) {
        if (++index[i] < b.shape[i])
          break;
        index[i] = 0;
      }
    }
  }
  return device.client().buffer_from_host(std::move(b), device);
}

} // namespace jx::runtime
