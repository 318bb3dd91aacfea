// dnnl.cpp - the runtime's oneDNN kernels: the convolution that compiled
// code calls (jx-convolution-to-dnnl), with its bias add fused, and the
// gradient of one with respect to its kernel; the
// GEMMs behind jx_rt_gemm_f32 (all but small products: the matmul
// primitive, or dnnl_sgemm for large square ones) and jx_rt_gemm_s8s32
// (blas.cpp).
//
// Each distinct convolution descriptor (kernels.h) gets a oneDNN primitive
// once: the input and output are described in place by their strides, the
// kernel is reordered on every call into the layout oneDNN chose for the
// primitive (format `any`: blocked for its AVX2/AVX-512/AMX kernels, picked for
// the running CPU by oneDNN itself). When the only implementation that takes
// the input and output in place is oneDNN's reference loop, they are
// reordered too, into the layouts of the fast one.
//
// Every primitive here takes its scratchpad from the calling thread
// (scratchpad_mode::user, add_scratchpad): in oneDNN's default mode a
// primitive keeps the scratchpad of the thread that created it, and two
// threads running it at once (the heads of an attention block, one per
// thread, blas.cpp's batch_on_threads) overwrite each other's partial
// results.
//
// oneDNN runs its own OpenMP runtime (GNU's libgomp, as Debian builds it),
// not the LLVM one of jx's parallel loops; its thread count is set here
// from jx::runtime::num_threads() before each call.

#include "dnnl.h"

#include "jx/runtime/kernels.h"
#include "jx/runtime/memory.h"
#include "jx/runtime/threads.h"

#include <oneapi/dnnl/dnnl.hpp>

#include <dlfcn.h>

#include <array>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace {

namespace cd = jx::runtime::conv_desc;

struct key_hash {
  std::size_t operator()(const std::vector<int64_t> &v) const {
    std::size_t h = 0xcbf29ce484222325ull;
    for (int64_t x : v)
      h = (h ^ static_cast<uint64_t>(x)) * 0x100000001b3ull;
    return h;
  }
};

/// Primitives made once per key and kept for the process: oneDNN's
/// creation costs far more than a call.
template <typename Entry> class primitive_cache {
public:
  /// The entry for `key`, made by `make(key)` the first time.
  template <typename Make>
  const Entry &get(const std::vector<int64_t> &key, Make make) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = entries_.find(key);
    if (it == entries_.end())
      it = entries_.emplace(key, make(key)).first;
    return *it->second;
  }

private:
  std::mutex mutex_;
  std::unordered_map<std::vector<int64_t>, std::unique_ptr<Entry>, key_hash>
      entries_;
};

/// Attributes that make a primitive take its scratchpad from its caller.
dnnl::primitive_attr user_scratchpad(dnnl::primitive_attr attr = {}) {
  attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
  return attr;
}

/// The calling thread's scratchpad for a primitive that needs `md`, added
/// to `args` (nothing when it needs none). Page-aligned, grown as needed
/// and kept for the thread's next calls.
void add_scratchpad(const dnnl::memory::desc &md, const dnnl::engine &engine,
                    std::unordered_map<int, dnnl::memory> &args) {
  std::size_t bytes = md.get_size();
  if (bytes == 0)
    return;
  struct buffer {
    void *data = nullptr;
    std::size_t size = 0;
    ~buffer() { std::free(data); }
  };
  thread_local buffer pad;
  if (pad.size < bytes) {
    std::size_t size = (bytes + 4095) / 4096 * 4096;
    void *data = std::aligned_alloc(4096, size);
    if (!data)
      throw std::bad_alloc();
    std::free(pad.data);
    pad.data = data;
    pad.size = size;
  }
  args[DNNL_ARG_SCRATCHPAD] = dnnl::memory(md, engine, pad.data);
}

/// One descriptor's primitive and the reorders around it.
struct conv_entry {
  /// convolution_forward, deconvolution_forward, or (for a descriptor
  /// flagged filter_gradient) convolution_backward_weights, whose
  /// source, weights and destination are the input, kernel and output
  /// below (the latter two gradients).
  dnnl::primitive conv;
  dnnl::memory::desc scratchpad; // the primitive's, from its caller
  dnnl::memory::desc input, kernel, output;        // the caller's layouts
  dnnl::memory::desc conv_input, conv_kernel, conv_output;
  dnnl::memory::desc bias; // zero when the descriptor has none
  /// A base-dilated convolution is a deconvolution over the kernel with
  /// its spatial dimensions reversed (the last `reversed_dims` of kernel).
  int64_t reversed_dims = 0;
};

dnnl::engine &cpu_engine() {
  static dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  return engine;
}

/// libgomp's omp_set_num_threads / omp_get_max_threads (by symbol version,
/// so that LLVM's libomp, which jx also loads, does not answer).
void set_library_threads(int n) {
  using set_fn = void (*)(int);
  using get_fn = int (*)();
  static set_fn set =
      reinterpret_cast<set_fn>(dlvsym(RTLD_DEFAULT, "omp_set_num_threads", "OMP_1.0"));
  static get_fn get =
      reinterpret_cast<get_fn>(dlvsym(RTLD_DEFAULT, "omp_get_max_threads", "OMP_1.0"));
  if (set && get && get() != n)
    set(n);
}

dnnl::memory::dims read(const int64_t *&p, int64_t n) {
  dnnl::memory::dims v(p, p + n);
  p += n;
  return v;
}

/// Whether a convolution runs on oneDNN's blocked layout (nChw8c/16c,
/// the operands reordered on each call) rather than on the layout it was
/// given (NHWC from JAX). JX_DNNL_LAYOUT=given or =blocked decides for
/// every convolution. By default a window wider than 1x1 and at most 7
/// wide, over at least 64 input and output channels (multiples of 8),
/// goes blocked. Measured on AMD EPYC Zen 3 (AVX2, oneDNN jit:avx2), reorders
/// included, one thread: 3x3 convolutions with 64 to 256 channels ran
/// 8-20% faster blocked, while 1x1 ones (GEMMs on NHWC) ran 30% slower,
/// as did a 7x7 one over 3 channels and the filter gradient, whose window
/// is as wide as the image (docs/performance.md).
bool prefer_blocked(int64_t C, int64_t O, int64_t G,
                    const dnnl::memory::dims &window) {
  static const int forced = [] {
    const char *v = std::getenv("JX_DNNL_LAYOUT");
    std::string s = v ? v : "";
    return s == "blocked" ? 1 : s == "given" ? 0 : -1;
  }();
  if (forced >= 0)
    return forced == 1;
  if (G != 1 || C < 64 || O < 64 || C % 8 || O % 8)
    return false;
  bool wider = false;
  for (int64_t k : window) {
    if (k > 7)
      return false;
    wider |= k > 1;
  }
  return wider;
}

std::unique_ptr<conv_entry> make_entry(const std::vector<int64_t> &d) {
  using dnnl::memory;
  const int64_t S = d[cd::rank], G = d[cd::groups];
  const int64_t N = d[cd::batch], C = d[cd::in_features],
                O = d[cd::out_features];
  const int64_t *p = d.data() + cd::header;
  memory::dims inSpatial = read(p, S), kSpatial = read(p, S),
               outSpatial = read(p, S), strides = read(p, S),
               padLo = read(p, S), padHi = read(p, S), dilation = read(p, S),
               baseDilation = read(p, S);
  memory::dims inStrides = read(p, S + 2), kStrides = read(p, S + 2),
               outStrides = read(p, S + 2);

  auto e = std::make_unique<conv_entry>();
  const auto f32 = memory::data_type::f32;
  memory::dims inDims = {N, C}, outDims = {N, O};
  inDims.insert(inDims.end(), inSpatial.begin(), inSpatial.end());
  outDims.insert(outDims.end(), outSpatial.begin(), outSpatial.end());
  e->input = memory::desc(inDims, f32, inStrides);
  e->output = memory::desc(outDims, f32, outStrides);
  // The kernel: (O, C/G, spatial...), or grouped (G, O/G, C/G, spatial...).
  memory::dims kDims = {O, C / G}, kst = kStrides;
  if (G > 1) {
    kDims = {G, O / G, C / G};
    kst.insert(kst.begin(), (O / G) * kStrides[0]);
  }
  kDims.insert(kDims.end(), kSpatial.begin(), kSpatial.end());
  e->kernel = memory::desc(kDims, f32, kst);
  // oneDNN counts dilation from 0 (no holes).
  for (int64_t &v : dilation)
    v -= 1;
  if (d[cd::flags] & cd::has_bias)
    e->bias = memory::desc({O}, f32, memory::format_tag::x);
  const memory::desc &bias = e->bias;

  // out[o] = sum over i, k with o + k*R - lo = i*D of x[i] w[k] is, with
  // k' = K-1-k, the deconvolution o = i*D + k'*R - ((K-1)*R - lo): strides
  // D, left padding (K-1)*R - lo, right padding (K-1)*R - hi.
  bool deconv = false;
  for (int64_t i = 0; i < S; ++i)
    deconv |= baseDilation[i] != 1;
  if (deconv) {
    for (int64_t i = 0; i < S; ++i) {
      int64_t extent = (kSpatial[i] - 1) * (dilation[i] + 1);
      padLo[i] = extent - padLo[i];
      padHi[i] = extent - padHi[i];
    }
    strides = baseDilation;
    e->reversed_dims = S;
  }

  // The primitive, with the layouts of input and output given.
  struct built {
    dnnl::primitive primitive;
    memory::desc src, weights, dst, scratchpad;
    std::string impl;
  };
  const dnnl::primitive_attr attr = user_scratchpad();
  const bool gradient = d[cd::flags] & cd::filter_gradient;
  auto build = [&](const memory::desc &in, const memory::desc &out) {
    memory::desc anyKernel(kDims, f32, memory::format_tag::any);
    if (gradient) {
      // oneDNN picks the backward implementation by a forward one.
      dnnl::convolution_forward::desc hintDesc(
          dnnl::prop_kind::forward_training,
          dnnl::algorithm::convolution_direct, in, anyKernel, out, strides,
          dilation, padLo, padHi);
      dnnl::convolution_forward::primitive_desc hint(hintDesc, cpu_engine());
      dnnl::convolution_backward_weights::desc desc(
          dnnl::algorithm::convolution_direct, in, anyKernel, out, strides,
          dilation, padLo, padHi);
      dnnl::convolution_backward_weights::primitive_desc pd(desc, attr,
                                                            cpu_engine(), hint);
      return built{dnnl::convolution_backward_weights(pd),
                   pd.src_desc(),
                   pd.diff_weights_desc(),
                   pd.diff_dst_desc(),
                   pd.scratchpad_desc(),
                   pd.impl_info_str()};
    }
    if (deconv) {
      dnnl::deconvolution_forward::desc desc(
          dnnl::prop_kind::forward_inference,
          dnnl::algorithm::deconvolution_direct, in, anyKernel, bias, out,
          strides, dilation, padLo, padHi);
      dnnl::deconvolution_forward::primitive_desc pd(desc, attr, cpu_engine());
      return built{dnnl::deconvolution_forward(pd), pd.src_desc(),
                   pd.weights_desc(), pd.dst_desc(), pd.scratchpad_desc(),
                   pd.impl_info_str()};
    }
    dnnl::convolution_forward::desc desc(
        dnnl::prop_kind::forward_inference,
        dnnl::algorithm::convolution_direct, in, anyKernel, bias, out, strides,
        dilation, padLo, padHi);
    dnnl::convolution_forward::primitive_desc pd(desc, attr, cpu_engine());
    return built{dnnl::convolution_forward(pd), pd.src_desc(),
                 pd.weights_desc(), pd.dst_desc(), pd.scratchpad_desc(),
                 pd.impl_info_str()};
  };
  built b = build(e->input, e->output);
  if (b.impl.rfind("ref", 0) == 0 ||
      (!gradient && prefer_blocked(C, O, G, kSpatial))) {
    // Only the reference loop reads these layouts, or oneDNN's blocked
    // layout is faster: let oneDNN choose. (The filter gradient of a 3x3
    // convolution over 64 channels ran 21 ms on the given NHWC layouts,
    // 25 blocked with the reorders, on a Zen 4 core.)
    memory::desc anyIn(inDims, f32, memory::format_tag::any),
        anyOut(outDims, f32, memory::format_tag::any);
    built alt = build(anyIn, anyOut);
    if (alt.impl.rfind("ref", 0) != 0)
      b = std::move(alt);
  }
  e->conv_input = b.src;
  e->conv_output = b.dst;
  e->conv_kernel = b.weights;
  e->scratchpad = b.scratchpad;
  e->conv = std::move(b.primitive);
  return e;
}

primitive_cache<conv_entry> convolutions;

/// Copies `from` into `to` (their layouts differ) on the calling thread.
void reorder(const dnnl::memory &from, const dnnl::memory &to,
             dnnl::stream &stream) {
  const dnnl::engine &engine = cpu_engine();
  dnnl::reorder::primitive_desc pd(engine, from.get_desc(), engine,
                                   to.get_desc(), user_scratchpad());
  std::unordered_map<int, dnnl::memory> args = {{DNNL_ARG_FROM, from},
                                                {DNNL_ARG_TO, to}};
  add_scratchpad(pd.scratchpad_desc(), engine, args);
  dnnl::reorder(pd).execute(stream, args);
}

/// A buffer for a reordered operand, reused by the calling thread.
void *scratch(std::vector<char> &space, std::size_t bytes) {
  if (space.size() < bytes)
    space.resize(bytes);
  return space.data();
}

/// A copy of the f32 tensor `data` (dims and strides of `md`, all
/// positive) with its last `count` dimensions reversed, in the same
/// layout.
void *reversed(const dnnl::memory::desc &md, void *data, int64_t count,
               std::vector<char> &space) {
  dnnl::memory::dims dims = md.dims();
  const dnnl_memory_desc_t &c = md.data;
  std::vector<int64_t> strides(c.format_desc.blocking.strides,
                               c.format_desc.blocking.strides + c.ndims);
  int64_t span = 1, total = 1;
  for (std::size_t i = 0; i < dims.size(); ++i) {
    span += (dims[i] - 1) * strides[i];
    total *= dims[i];
  }
  const float *from = static_cast<const float *>(data);
  float *to = static_cast<float *>(scratch(space, span * sizeof(float)));
  std::vector<int64_t> index(dims.size(), 0);
  const std::size_t first = dims.size() - count;
  for (int64_t n = 0; n < total; ++n) {
    int64_t src = 0, dst = 0;
    for (std::size_t i = 0; i < dims.size(); ++i) {
      src += index[i] * strides[i];
      dst += (i >= first ? dims[i] - 1 - index[i] : index[i]) * strides[i];
    }
    to[dst] = from[src];
    for (std::size_t i = dims.size(); i-- > 0;) {
      if (++index[i] < dims[i])
        break;
      index[i] = 0;
    }
  }
  return to;
}

/// The calling thread's stream, and its buffers for reordered operands
/// (input, kernel, output, reversed kernel), kept for its next calls.
struct thread_state {
  dnnl::stream stream{cpu_engine()};
  std::vector<char> input, kernel, output, reversed;
};

thread_state &this_thread() {
  thread_local thread_state state;
  return state;
}

/// The operand `data`, in layout `from`, as memory in layout `to`: itself,
/// or a copy reordered into `space`.
dnnl::memory operand(const dnnl::memory::desc &from,
                     const dnnl::memory::desc &to, void *data,
                     std::vector<char> &space, dnnl::stream &stream) {
  dnnl::memory user(from, cpu_engine(), data);
  if (from == to)
    return user;
  dnnl::memory copy(to, cpu_engine(), scratch(space, to.get_size()));
  reorder(user, copy, stream);
  return copy;
}

/// Where a primitive writes a result in layout `to` that the caller wants
/// at `data` in layout `user`: there, or in `space` (then finish_result
/// copies it over).
dnnl::memory result(const dnnl::memory::desc &to,
                    const dnnl::memory::desc &user, void *data,
                    std::vector<char> &space) {
  return dnnl::memory(to, cpu_engine(),
                      to == user ? data : scratch(space, to.get_size()));
}

/// Copies a result that result() put aside into the caller's `data`.
void finish_result(const dnnl::memory &written, const dnnl::memory::desc &user,
                   void *data, dnnl::stream &stream) {
  if (written.get_desc() != user) {
    dnnl::memory to(user, cpu_engine(), data);
    reorder(written, to, stream);
  }
}

/// The entry of `desc` (made the first time), with oneDNN's threads set
/// for a call.
const conv_entry &prepare_call(const int64_t *desc) {
  set_library_threads(static_cast<int>(jx::runtime::num_threads()));
  return convolutions.get(
      std::vector<int64_t>(desc, desc + cd::size(desc[cd::rank])), make_entry);
}

void run(const int64_t *desc, void *input, void *kernel, void *bias,
         void *output) {
  const conv_entry &e = prepare_call(desc);
  dnnl::engine &engine = cpu_engine();
  auto &[stream, inputSpace, kernelSpace, outputSpace, reversedSpace] =
      this_thread();

  dnnl::memory in = operand(e.input, e.conv_input, input, inputSpace, stream);
  if (e.reversed_dims)
    kernel = reversed(e.kernel, kernel, e.reversed_dims, reversedSpace);
  dnnl::memory k =
      operand(e.kernel, e.conv_kernel, kernel, kernelSpace, stream);
  dnnl::memory out = result(e.conv_output, e.output, output, outputSpace);
  std::unordered_map<int, dnnl::memory> args = {
      {DNNL_ARG_SRC, in}, {DNNL_ARG_WEIGHTS, k}, {DNNL_ARG_DST, out}};
  if (!e.bias.is_zero())
    args[DNNL_ARG_BIAS] = dnnl::memory(e.bias, engine, bias);
  add_scratchpad(e.scratchpad, engine, args);
  e.conv.execute(stream, args);
  finish_result(out, e.output, output, stream);
  stream.wait();
}

/// kernel = the kernel gradient of the forward convolution `desc`.
void run_filter_gradient(const int64_t *desc, void *input,
                         void *output_gradient, void *kernel) {
  const conv_entry &e = prepare_call(desc);
  dnnl::engine &engine = cpu_engine();
  auto &[stream, inputSpace, kernelSpace, outputSpace, reversedSpace] =
      this_thread();

  dnnl::memory in = operand(e.input, e.conv_input, input, inputSpace, stream);
  dnnl::memory dy =
      operand(e.output, e.conv_output, output_gradient, outputSpace, stream);
  dnnl::memory dk = result(e.conv_kernel, e.kernel, kernel, kernelSpace);
  std::unordered_map<int, dnnl::memory> args = {
      {DNNL_ARG_SRC, in}, {DNNL_ARG_DIFF_DST, dy}, {DNNL_ARG_DIFF_WEIGHTS, dk}};
  add_scratchpad(e.scratchpad, engine, args);
  e.conv.execute(stream, args);
  finish_result(dk, e.kernel, kernel, stream);
  stream.wait();
}

std::pair<dnnl::memory::data_type, dnnl::memory::data_type>
data_types(jx::runtime::gemm_types types) {
  using dt = dnnl::memory::data_type;
  if (types == jx::runtime::gemm_types::s8s32)
    return {dt::s8, dt::s32};
  return {dt::f32, dt::f32};
}
/// One GEMM shape's primitive and its operands' layouts.
struct gemm_entry {
  dnnl::matmul matmul;
  dnnl::memory::desc a, b, c, scratchpad;
};

/// `key`: m, n, k, trans_a, trans_b, lda, ldb, ldc, accumulate, types.
std::unique_ptr<gemm_entry> make_gemm(const std::vector<int64_t> &key) {
  using dnnl::memory;
  auto [m, n, k, ta, tb, lda, ldb, ldc, accumulate, types] =
      std::array<int64_t, 10>{key[0], key[1], key[2], key[3], key[4],
                              key[5], key[6], key[7], key[8], key[9]};
  auto [in, out] = data_types(static_cast<jx::runtime::gemm_types>(types));
  auto e = std::make_unique<gemm_entry>();
  e->a = memory::desc({m, k}, in, ta ? memory::dims{1, lda} : memory::dims{lda, 1});
  e->b = memory::desc({k, n}, in, tb ? memory::dims{1, ldb} : memory::dims{ldb, 1});
  e->c = memory::desc({m, n}, out, memory::dims{ldc, 1});
  dnnl::primitive_attr attr = user_scratchpad();
  if (accumulate) {
    dnnl::post_ops ops;
    ops.append_sum(1.0f);
    attr.set_post_ops(ops);
  }
  dnnl::matmul::primitive_desc pd(dnnl::matmul::desc(e->a, e->b, e->c), attr,
                                  cpu_engine());
  e->scratchpad = pd.scratchpad_desc();
  e->matmul = dnnl::matmul(pd);
  return e;
}

primitive_cache<gemm_entry> gemms;

} // namespace

bool jx::runtime::dnnl_gemm(gemm_types types, int64_t m, int64_t n, int64_t k,
                            bool trans_a, bool trans_b, const void *a,
                            int64_t lda, const void *b, int64_t ldb,
                            bool accumulate, void *c, int64_t ldc) {
  try {
    const gemm_entry &e =
        gemms.get({m, n, k, trans_a, trans_b, lda, ldb, ldc, accumulate,
                   static_cast<int64_t>(types)},
                  make_gemm);
    dnnl::engine &engine = cpu_engine();
    thread_local dnnl::stream stream(engine);
    set_library_threads(static_cast<int>(jx::runtime::num_threads()));
    dnnl::memory am(e.a, engine, const_cast<void *>(a));
    dnnl::memory bm(e.b, engine, const_cast<void *>(b));
    dnnl::memory cm(e.c, engine, c);
    std::unordered_map<int, dnnl::memory> args = {
        {DNNL_ARG_SRC, am}, {DNNL_ARG_WEIGHTS, bm}, {DNNL_ARG_DST, cm}};
    add_scratchpad(e.scratchpad, engine, args);
    e.matmul.execute(stream, args);
    stream.wait();
    return true;
  } catch (const dnnl::error &) {
    return false; // the caller's BLAS computes it
  } catch (const std::bad_alloc &) {
    return false; // no scratchpad: the same
  }
}

bool jx::runtime::dnnl_sgemm_f32(int64_t m, int64_t n, int64_t k,
                                 bool trans_a, bool trans_b, const float *a,
                                 int64_t lda, const float *b, int64_t ldb,
                                 float beta, float *c, int64_t ldc) {
  set_library_threads(static_cast<int>(jx::runtime::num_threads()));
  // dnnl_sgemm is row major, like jx's operands.
  dnnl_status_t status =
      dnnl_sgemm(trans_a ? 'T' : 'N', trans_b ? 'T' : 'N', m, n, k, 1.0f, a,
                 lda, b, ldb, beta, c, ldc);
  return status == dnnl_success;
}

namespace {

/// Runs `body` for the descriptor `desc` of an entry named `name`, or
/// fails the current call with a message naming it.
template <typename Body>
void checked_call(const char *name, int64_t desc, bool gradient, Body body) {
  const auto *d = reinterpret_cast<const int64_t *>(desc);
  std::string message;
  if (d[cd::version] != cd::kVersion || d[cd::element] != cd::element_f32 ||
      d[cd::rank] < 1 || d[cd::rank] > 3) {
    message = std::string(name) + ": descriptor version " +
              std::to_string(d[cd::version]) +
              " is not this runtime's (compiled by another jx?)";
    jx::runtime::fail_current_call(std::move(message));
  }
  if (bool(d[cd::flags] & cd::filter_gradient) != gradient) {
    message = std::string(name) + ": given the descriptor of " +
              (gradient ? "a forward convolution" : "a filter gradient");
    jx::runtime::fail_current_call(std::move(message));
  }
  try {
    body(d);
    return;
  } catch (const dnnl::error &err) {
    message = std::string("convolution (oneDNN): ") + err.what();
  } catch (const std::bad_alloc &) {
    message = "convolution (oneDNN): out of memory";
  }
  jx::runtime::fail_current_call(std::move(message));
}

void *address(int64_t a) { return reinterpret_cast<void *>(a); }

} // namespace

extern "C" void jx_rt_conv(int64_t desc, int64_t input, int64_t kernel,
                           int64_t bias, int64_t output) {
  checked_call("jx_rt_conv", desc, false, [&](const int64_t *d) {
    run(d, address(input), address(kernel), address(bias), address(output));
  });
}

extern "C" void jx_rt_conv_filter_gradient(int64_t desc, int64_t input,
                                           int64_t output_gradient,
                                           int64_t kernel) {
  checked_call("jx_rt_conv_filter_gradient", desc, true, [&](const int64_t *d) {
    run_filter_gradient(d, address(input), address(output_gradient),
                        address(kernel));
  });
}
