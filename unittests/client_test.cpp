// client_test.cpp - the PJRT-shaped runtime API: clients, devices,
// buffers, DLPack, loaded executables.

#include "jx/Compiler/Compile.h"
#include "jx/runtime/client.h"

#include "../lib/frontend/lowering.h"

#include "mlir/Parser/Parser.h"

#include <dlpack/dlpack.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>

namespace {

using jx::runtime::Buffer;
using jx::runtime::Client;
using jx::runtime::host_buffer;

host_buffer floats(std::vector<int64_t> shape, std::vector<float> values) {
  host_buffer b;
  b.shape = std::move(shape);
  b.data.resize(values.size() * 4);
  std::memcpy(b.data.data(), values.data(), values.size() * 4);
  return b;
}

std::vector<float> values_of(const host_buffer &b) {
  std::vector<float> v(b.data.size() / 4);
  std::memcpy(v.data(), b.data.data(), b.data.size());
  return v;
}

std::unique_ptr<jx::runtime::executable> compile_add_one(bool serializable = false) {
  auto module = mlir::parseSourceString<mlir::ModuleOp>(
      "func.func @main(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {\n"
      "  %c = stablehlo.constant dense<1.0> : tensor<2x2xf32>\n"
      "  %0 = stablehlo.add %x, %c : tensor<2x2xf32>\n"
      "  return %0 : tensor<2x2xf32>\n}\n",
      &jx::frontend::context());
  jx::compiler::compile_options o;
  o.serializable = serializable;
  return jx::compiler::compile(*module, "main", o);
}

TEST(Client, DevicesAndTheirNames) {
  auto client = Client::cpu({3});
  EXPECT_EQ(client->platform_name(), "cpu");
  EXPECT_NE(client->platform_version().find("jx "), std::string::npos);
  ASSERT_EQ(client->device_count(), 3);
  EXPECT_EQ(client->device(2).to_string(), "cpu:2");
  EXPECT_EQ(&client->device(1).client(), client.get());
  EXPECT_EQ(client->devices().size(), 3u);
  try {
    (void)client->device(3);
    FAIL();
  } catch (const std::out_of_range &e) {
    EXPECT_STREQ(e.what(), "no device cpu:3; this client has cpu:0..cpu:2");
  }
  EXPECT_THROW((void)Client::cpu({-1}), std::invalid_argument);
  ::setenv("JX_CPU_DEVICES", "4", 1);
  EXPECT_EQ(Client::cpu()->device_count(), 4);
  ::setenv("JX_CPU_DEVICES", "two", 1);
  EXPECT_THROW((void)Client::cpu(), std::invalid_argument);
  ::unsetenv("JX_CPU_DEVICES");
  EXPECT_EQ(Client::cpu()->device_count(), 1);
}

TEST(Client, ExecuteOnItsDeviceOnly) {
  auto client = Client::cpu({2});
  auto exe = client->load(compile_add_one(), client->device(0));
  Buffer x = client->buffer_from_host(floats({2, 2}, {1, 2, 3, 4}), client->device(0));
  std::vector<Buffer> out = exe->execute({&x});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].type_string(), "f32[2,2]");
  EXPECT_EQ(&out[0].device(), &client->device(0));
  EXPECT_EQ(values_of(out[0].host()), (std::vector<float>{2, 3, 4, 5}));
  Buffer y = client->buffer_from_host(floats({2, 2}, {1, 2, 3, 4}), client->device(1));
  try {
    (void)exe->execute({&y});
    FAIL();
  } catch (const std::invalid_argument &e) {
    EXPECT_STREQ(e.what(), "@main argument #0 is on cpu:1, the executable on cpu:0");
  }
  auto other = Client::cpu();
  EXPECT_THROW((void)other->load(compile_add_one(), client->device(0)),
               std::invalid_argument);
}

TEST(Client, DeserializedExecutable) {
  auto client = Client::cpu();
  auto exe = client->load(compile_add_one(true), client->device(0));
  auto back = client->deserialize_executable(exe->serialize(), client->device(0));
  Buffer x = client->buffer_from_host(floats({2, 2}, {0, 0, 0, 0}), client->device(0));
  EXPECT_EQ(values_of(back->execute({&x})[0].host()), (std::vector<float>{1, 1, 1, 1}));
}

TEST(Client, DLPackRoundTripSharesThenCopies) {
  auto client = Client::cpu();
  Buffer x = client->buffer_from_host(floats({2, 3}, {1, 2, 3, 4, 5, 6}), client->device(0));
  DLManagedTensor *t = x.to_dlpack();
  EXPECT_EQ(t->dl_tensor.ndim, 2);
  EXPECT_EQ(t->dl_tensor.shape[1], 3);
  EXPECT_EQ(t->dl_tensor.strides[0], 3);
  EXPECT_EQ(t->dl_tensor.dtype.code, kDLFloat);
  EXPECT_EQ(t->dl_tensor.dtype.bits, 32);
  EXPECT_EQ(t->dl_tensor.device.device_type, kDLCPU);
  EXPECT_EQ(t->dl_tensor.data, x.host().data.data()); // shared, not copied
  Buffer back = Buffer::from_dlpack(t, client->device(0)); // calls the deleter
  EXPECT_EQ(values_of(back.host()), values_of(x.host()));

  // A transposed view (strides 1, 2) of a 2x3 array, as another framework
  // hands one over.
  float data[6] = {1, 2, 3, 4, 5, 6};
  int64_t shape[2] = {3, 2}, strides[2] = {1, 3};
  static bool deleted;
  deleted = false;
  DLManagedTensor view{};
  view.dl_tensor = {data, {kDLCPU, 0}, 2, {kDLFloat, 32, 1}, shape, strides, 0};
  view.deleter = [](DLManagedTensor *) { deleted = true; };
  Buffer tr = Buffer::from_dlpack(&view, client->device(0));
  EXPECT_TRUE(deleted);
  EXPECT_EQ(tr.type_string(), "f32[3,2]");
  EXPECT_EQ(values_of(tr.host()), (std::vector<float>{1, 4, 2, 5, 3, 6}));

  // What jx cannot take: the deleter still runs, the error says why.
  deleted = false;
  DLManagedTensor gpu = view;
  gpu.dl_tensor.device = {kDLCUDA, 0};
  EXPECT_THROW((void)Buffer::from_dlpack(&gpu, client->device(0)), std::invalid_argument);
  EXPECT_TRUE(deleted);
  host_buffer flags;
  flags.dtype = jx::runtime::dtype::bool_;
  flags.shape = {2};
  flags.data.resize(2);
  Buffer b = client->buffer_from_host(flags, client->device(0));
  EXPECT_THROW((void)b.to_dlpack(), std::invalid_argument);
}

} // namespace

namespace {

// A program for 2 replicas loaded on both devices of a client: each device
// runs on its own buffers, the all_reduce sums across them.
TEST(Client, ExecuteOnSeveralDevices) {
  auto module = mlir::parseSourceString<mlir::ModuleOp>(
      "module attributes {mhlo.num_replicas = 2 : i32} {\n"
      "func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
      "  %s = \"stablehlo.all_reduce\"(%x) ({\n"
      "  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n"
      "    %t = stablehlo.add %a, %b : tensor<f32>\n"
      "    stablehlo.return %t : tensor<f32>\n"
      "  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} :"
      " (tensor<2xf32>) -> tensor<2xf32>\n"
      "  return %s : tensor<2xf32>\n}\n}\n",
      &jx::frontend::context());
  auto client = Client::cpu({.cpu_devices = 2});
  auto exe = client->load(jx::compiler::compile(*module, "main"),
                          client->devices(), 2);
  Buffer a = client->buffer_from_host(floats({2}, {1, 2}), client->device(0));
  Buffer b = client->buffer_from_host(floats({2}, {10, 20}), client->device(1));
  auto outs = exe->execute_on_devices({{&a}, {&b}});
  ASSERT_EQ(outs.size(), 2u);
  EXPECT_EQ(values_of(outs[0][0].host()), (std::vector<float>{11, 22}));
  EXPECT_EQ(values_of(outs[1][0].host()), (std::vector<float>{11, 22}));
  EXPECT_EQ(&outs[1][0].device(), &client->device(1));
  // Buffers must sit on the device they are given for.
  EXPECT_THROW(exe->execute_on_devices({{&b}, {&a}}), std::invalid_argument);
  // As many devices as the program's replicas.
  EXPECT_THROW(client->load(jx::compiler::compile(*module, "main"),
                            {&client->device(0)}, 2),
               std::invalid_argument);
}

} // namespace

namespace {

// Donation (jax.jit's donate_argnums): the result is written into the
// donated argument's memory, which the argument gives up.
TEST(Client, DonatedArgumentBecomesTheResult) {
  auto client = Client::cpu();
  auto exe = client->load(compile_add_one(), client->device(0));
  ASSERT_TRUE(exe->executable().may_alias(0, 0));
  Buffer x =
      client->buffer_from_host(floats({2, 2}, {1, 2, 3, 4}), client->device(0));
  void *memory = x.unsafe_pointer();
  std::vector<Buffer> out = exe->execute({&x}, {.donate = {0}});
  EXPECT_EQ(values_of(out[0].host()), (std::vector<float>{2, 3, 4, 5}));
  EXPECT_EQ(out[0].unsafe_pointer(), memory);
  EXPECT_TRUE(x.is_deleted());
  try {
    (void)x.shape();
    FAIL() << "a donated buffer answered";
  } catch (const std::logic_error &e) {
    EXPECT_STREQ(e.what(), "Buffer::shape: the buffer on cpu:0 was donated to "
                           "an execution, which took its memory");
  }
  try {
    (void)exe->execute({&x});
    FAIL() << "ran on a donated buffer";
  } catch (const std::invalid_argument &e) {
    EXPECT_STREQ(e.what(),
                 "@main argument #0 was donated to an earlier execution");
  }
  // Not donated: a new result, the argument as it was.
  Buffer y = out[0];
  std::vector<Buffer> again = exe->execute({&y});
  EXPECT_NE(again[0].unsafe_pointer(), y.unsafe_pointer());
  EXPECT_EQ(values_of(y.host()), (std::vector<float>{2, 3, 4, 5}));
}

TEST(Client, DonationRefusedTakesNothing) {
  auto client = Client::cpu();
  auto exe = client->load(compile_add_one(), client->device(0));
  Buffer x =
      client->buffer_from_host(floats({2, 2}, {1, 2, 3, 4}), client->device(0));
  auto refused = [&](std::vector<Buffer *> args,
                     std::vector<std::size_t> donate) {
    try {
      (void)exe->execute(args, {.donate = donate});
    } catch (const std::invalid_argument &e) {
      return std::string(e.what());
    }
    return std::string("(ran)");
  };
  {
    Buffer shared = x; // another Buffer holds the memory
    EXPECT_EQ(refused({&x}, {0}),
              "@main: argument #0 cannot be donated: another Buffer (or a "
              "DLPack tensor) shares its memory");
  }
  EXPECT_EQ(refused({&x}, {0, 0}), "@main: argument #0 is donated twice");
  EXPECT_EQ(refused({&x}, {1}), "@main: donated argument #1, but there are 1");
  Buffer wrong =
      client->buffer_from_host(floats({4}, {1, 2, 3, 4}), client->device(0));
  EXPECT_EQ(refused({&wrong}, {0}),
            "@main input #0 must be f32[2,2], got f32[4]");
  EXPECT_FALSE(wrong.is_deleted());
  EXPECT_FALSE(x.is_deleted());
  EXPECT_EQ(values_of(x.host()), (std::vector<float>{1, 2, 3, 4}));
}

TEST(Client, CudaWithoutADriverSaysWhy) {
  try {
    auto gpu = Client::cuda();
    // A machine with a GPU: its devices are cuda:0.., and a CPU program is
    // refused there.
    ASSERT_GE(gpu->device_count(), 1);
    EXPECT_EQ(gpu->platform_name(), "cuda");
    EXPECT_EQ(gpu->device(0).to_string(), "cuda:0");
    EXPECT_THROW((void)gpu->load(compile_add_one(), gpu->device(0)),
                 std::invalid_argument);
  } catch (const std::runtime_error &e) {
    std::string why = e.what();
    EXPECT_EQ(why.rfind("CUDA: ", 0), 0u) << why;
    EXPECT_TRUE(why.find("libcuda.so.1") != std::string::npos ||
                why.find("no CUDA device") != std::string::npos)
        << why;
  }
}

} // namespace
