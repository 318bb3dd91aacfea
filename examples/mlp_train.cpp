// mlp_train.cpp - trains a small MLP on the 8x8 handwritten digits with
// jx: the parameters and the Adam state are trees (JX_REGISTER_TREE), the
// loss is differentiated by jx::value_and_grad, the optimizer is written in
// jx ops over jx::tree_map, and the whole training step (forward, backward,
// update) is one jx::jit-compiled function, compiled once. Every stage of
// that compilation (jaxpr, StableHLO, the CPU pipeline's phases, LLVM IR,
// assembly) is written into a folder, with the pipeline explorer's page of
// the step (Compiled::explore, docs/explorer.md).
//
//   ./jx.sh demo                                  # builds and runs this
//   build/bin/jx-mlp-train [--epochs N] [--data digits.csv.gz]
//                          [--stages DIR] [--min-accuracy A]
//
// The data set is the one scikit-learn ships (Debian: python3-sklearn).
// Exit codes: 0 trained and reached the accuracy bar (and the loss fell,
// and the step compiled once); 1 it did not; 2 the data set is missing or
// unreadable; 64 bad command-line arguments.

#include "digits.h"
#include "stages.h"

#include <jx/jx.h>
#include <jx/random.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace jnp = jx::numpy;
using jx::Array;

// --- The model and the optimizer state, as trees -----------------------------

struct Params {
  Array w1, b1; // 64 -> hidden
  Array w2, b2; // hidden -> 10
};
JX_REGISTER_TREE(Params, w1, b1, w2, b2)

struct Adam {
  Params m, v; // first and second moment estimates
  Array count; // f32[]: the number of steps taken
};
JX_REGISTER_TREE(Adam, m, v, count)

struct TrainState {
  Params params;
  Adam opt;
};
JX_REGISTER_TREE(TrainState, params, opt)

namespace {

constexpr int64_t kClasses = 10;
constexpr int64_t kHidden = 128;
constexpr int64_t kBatch = 64;
constexpr float kLearningRate = 3e-3f;
constexpr double kBeta1 = 0.9, kBeta2 = 0.999;
constexpr float kEps = 1e-8f;
constexpr int64_t kSeed = 0;
constexpr int kDefaultEpochs = 25;

#ifndef JX_MLP_DEFAULT_STAGES
#define JX_MLP_DEFAULT_STAGES "build/mlp_stages"
#endif

Array logits_of(const Params &p, const Array &x) {
  Array h = jnp::tanh(jnp::matmul(x, p.w1) + p.b1);
  return jnp::matmul(h, p.w2) + p.b2;
}

/// Mean softmax cross-entropy of the batch; `labels` int32[B].
Array loss_fn(const Params &p, const Array &x, const Array &labels) {
  Array logp = jx::nn::log_softmax(logits_of(p, x));
  Array targets = jx::nn::one_hot(labels, kClasses);
  return -jnp::mean(jnp::sum(targets * logp, 1));
}

/// One Adam step (Kingma & Ba, with bias correction), in jx ops over the
/// leaves of the parameter tree.
std::pair<Params, Adam> adam_update(const Params &p, const Params &g,
                                    const Adam &s) {
  Array count = s.count + 1.0f;
  Params m = jx::tree_map(
      [](const Array &m, const Array &g) {
        return float(kBeta1) * m + float(1 - kBeta1) * g;
      },
      s.m, g);
  Params v = jx::tree_map(
      [](const Array &v, const Array &g) {
        return float(kBeta2) * v + float(1 - kBeta2) * g * g;
      },
      s.v, g);
  Array m_scale = 1.0f / (1.0f - jnp::power(Array(float(kBeta1)), count));
  Array v_scale = 1.0f / (1.0f - jnp::power(Array(float(kBeta2)), count));
  Params step = jx::tree_map(
      [&](const Array &m, const Array &v) {
        return kLearningRate * (m * m_scale) / (jnp::sqrt(v * v_scale) + kEps);
      },
      m, v);
  Params next = jx::tree_map(
      [](const Array &p, const Array &d) { return p - d; }, p, step);
  return {next, Adam{m, v, count}};
}

/// The training step: loss and gradient, then the update.
std::pair<TrainState, Array> train_step(const TrainState &s, const Array &x,
                                        const Array &labels) {
  auto [loss, grads] = jx::value_and_grad(loss_fn)(s.params, x, labels);
  auto [params, opt] = adam_update(s.params, grads, s.opt);
  return {TrainState{params, opt}, loss};
}

// --- jit of a function of trees ----------------------------------------------
// jx::jit takes arrays; a function of a tree goes through its leaves. N is
// the number of leaves (fixed for a model), so the jitted function has N
// array arguments and the cache key is their shapes.

template <std::size_t N, class F> auto of_leaves(F f) {
  return [f](const auto &...a) {
    static_assert(sizeof...(a) == N);
    return f(std::vector<Array>{a...});
  };
}

template <class G, std::size_t... I>
auto apply_leaves(const G &g, const std::vector<Array> &v,
                  std::index_sequence<I...>) {
  return g(v.at(I)...);
}

constexpr std::size_t kStateLeaves = 4 + 4 + 4 + 1; // params, m, v, count
constexpr std::size_t kStepArgs = kStateLeaves + 2; // + x, labels

// --- Data --------------------------------------------------------------------

/// A [rows, 64] float32 array of pixels scaled to [0, 1], and the labels.
std::pair<Array, Array> batch_of(const example::digits &d,
                                 const std::vector<int32_t> &rows,
                                 std::size_t first, std::size_t count) {
  jx::runtime::host_buffer x, y;
  x.dtype = jx::runtime::dtype::float32;
  x.shape = {static_cast<int64_t>(count), example::digits::kPixels};
  x.data.resize(count * example::digits::kPixels * sizeof(float));
  y.dtype = jx::runtime::dtype::int32;
  y.shape = {static_cast<int64_t>(count)};
  y.data.resize(count * sizeof(int32_t));
  auto *xp = reinterpret_cast<float *>(x.data.data());
  auto *yp = reinterpret_cast<int32_t *>(y.data.data());
  for (std::size_t i = 0; i < count; ++i) {
    int32_t r = rows[first + i];
    for (int j = 0; j < example::digits::kPixels; ++j)
      xp[i * example::digits::kPixels + j] =
          d.pixels[r * example::digits::kPixels + j] / 16.0f;
    yp[i] = d.labels[r];
  }
  return {Array(std::move(x)), Array(std::move(y))};
}

std::vector<int32_t> ints(const Array &a) { return a.to_vector<int32_t>(); }

struct options {
  int epochs = kDefaultEpochs;
  std::string data = example::default_digits_path();
  std::string stages = JX_MLP_DEFAULT_STAGES;
  double min_accuracy = 0.95;
};

[[noreturn]] void usage(const std::string &why) {
  std::cerr << "jx-mlp-train: " << why << "\n"
            << "usage: jx-mlp-train [--epochs N] [--data PATH] [--stages DIR] "
               "[--min-accuracy A]\n";
  std::exit(64);
}

options parse_args(int argc, char **argv) {
  options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc)
        usage(a + " needs a value");
      return argv[++i];
    };
    try {
      if (a == "--epochs")
        o.epochs = std::stoi(value());
      else if (a == "--data")
        o.data = value();
      else if (a == "--stages")
        o.stages = value();
      else if (a == "--min-accuracy")
        o.min_accuracy = std::stod(value());
      else if (a == "-h" || a == "--help") {
        std::cout << "jx-mlp-train: trains an MLP on the 8x8 digits with "
                     "jx (see examples/mlp_train.cpp)\n"
                  << "  --epochs N        epochs (default " << kDefaultEpochs
                  << ")\n"
                  << "  --data PATH       digits.csv.gz (default "
                  << example::default_digits_path() << ")\n"
                  << "  --stages DIR      where the compiled step's stages go "
                     "(default "
                  << JX_MLP_DEFAULT_STAGES << ")\n"
                  << "  --min-accuracy A  exit 1 below this test accuracy "
                     "(default 0.95)\n";
        std::exit(0);
      } else
        usage("unknown argument '" + a + "'");
    } catch (const std::logic_error &) { // stoi/stod
      usage("bad value for " + a);
    }
  }
  if (o.epochs < 1)
    usage("--epochs must be at least 1");
  return o;
}

} // namespace

int main(int argc, char **argv) {
  options opt = parse_args(argc, argv);

  // 1. The data set.
  example::digits data;
  {
    std::ifstream probe(opt.data);
    if (!probe) {
      std::cerr << "jx-mlp-train: error: the digits data set is missing: "
                << opt.data << "\n"
                << "  install python3-sklearn (Debian: apt-get install "
                   "python3-sklearn; ./jx.sh does it), or pass --data PATH "
                   "to a digits.csv.gz\n";
      return 2;
    }
  }
  try {
    data = example::read_digits(opt.data);
  } catch (const std::exception &e) {
    std::cerr << "jx-mlp-train: error: " << e.what() << "\n";
    return 2;
  }

  // 2. Keys: one for the split, one per layer, one for the shuffles.
  Array key = jx::random::PRNGKey(kSeed);
  Array keys = jx::random::split(key, 4);
  auto key_at = [&](int64_t i) { return jnp::slice(keys, {i}); };
  const int64_t n = data.rows();
  const int64_t n_test = n / 5, n_train = n - n_test;
  std::vector<int32_t> order = ints(jx::random::permutation(key_at(0), n));
  std::vector<int32_t> train_rows(order.begin(), order.begin() + n_train);
  std::vector<int32_t> test_rows(order.begin() + n_train, order.end());
  std::cout << "digits: " << n << " images of 8x8 pixels from " << opt.data
            << "\n  " << n_train << " for training, " << n_test
            << " for testing (a fixed permutation, seed " << kSeed << ")\n";

  // 3. Parameters: LeCun-normal weights, zero biases; Adam's moments zero.
  auto lecun = [&](int64_t i, int64_t fan_in, int64_t fan_out) {
    return jx::random::normal(key_at(i), {fan_in, fan_out}) *
           static_cast<float>(1.0 / std::sqrt(static_cast<double>(fan_in)));
  };
  Params params{lecun(1, example::digits::kPixels, kHidden),
                jnp::zeros({kHidden}), lecun(2, kHidden, kClasses),
                jnp::zeros({kClasses})};
  auto zeros_like = [](const Array &a) { return jnp::zeros_like(a); };
  TrainState state{params,
                   Adam{jx::tree_map(zeros_like, params),
                        jx::tree_map(zeros_like, params), jnp::zeros({})}};
  std::cout << "model: 64 -> " << kHidden << " (tanh) -> " << kClasses
            << ", softmax cross-entropy, Adam (lr " << kLearningRate
            << "), batches of " << kBatch << "\n";

  // 4. The step, flattened to leaves and jitted: (state leaves, x, labels)
  //    -> (new state leaves, loss).
  auto step_leaves = [state](const std::vector<Array> &args) {
    std::vector<Array> leaves(args.begin(), args.begin() + kStateLeaves);
    TrainState s = jx::tree_unflatten(state, leaves);
    auto [next, loss] =
        train_step(s, args[kStateLeaves], args[kStateLeaves + 1]);
    std::vector<Array> out = jx::tree_leaves(next);
    out.push_back(loss);
    return out;
  };
  auto step_fn = of_leaves<kStepArgs>(step_leaves);
  auto step = jx::jit(step_fn, "train_step");
  auto predict = jx::jit(
      [](const Array &w1, const Array &b1, const Array &w2, const Array &b2,
         const Array &x) {
        return jnp::argmax(logits_of(Params{w1, b1, w2, b2}, x), 1);
      },
      "predict");
  // Each epoch's order of the training rows: a permutation under the
  // shuffle key folded with the epoch number.
  const Array shuffle_key = key_at(3);
  auto shuffle = jx::jit(
      [n_train](const Array &k, const Array &epoch) {
        return jx::random::permutation(jx::random::fold_in(k, epoch), n_train);
      },
      "shuffle");

  std::vector<Array> leaves = jx::tree_leaves(state);
  if (leaves.size() != kStateLeaves) {
    std::cerr << "jx-mlp-train: internal error: " << leaves.size()
              << " state leaves, expected " << kStateLeaves << "\n";
    return 1;
  }

  // 5. Every stage of the compiled step, from the jaxpr to assembly.
  {
    auto [x0, y0] = batch_of(data, train_rows, 0, kBatch);
    std::vector<Array> args = leaves;
    args.push_back(x0);
    args.push_back(y0);
    auto seq = std::make_index_sequence<kStepArgs>{};
    auto t0 = std::chrono::steady_clock::now();
    std::ostringstream jaxpr;
    jaxpr << apply_leaves(jx::make_jaxpr(step_fn), args, seq) << "\n";
    try {
      auto lower = [&](const auto &...a) { return step.lower(a...); };
      jx::Compiled compiled = apply_leaves(lower, args, seq).compile();
      jx::cost_analysis_result cost = compiled.cost_analysis();
      std::vector<example::stage_file> files =
          example::write_stages(opt.stages, jaxpr.str(), compiled);
      double ms = std::chrono::duration<double, std::milli>(
                      std::chrono::steady_clock::now() - t0)
                      .count();
      std::string dir = opt.stages;
      while (dir.size() > 1 && dir.back() == '/')
        dir.pop_back();
      std::printf("stages of the compiled training step (%.0f ms to trace, "
                  "lower and compile them) in %s/:\n",
                  ms, dir.c_str());
      for (const auto &f : files) {
        std::string name = f.path.substr(f.path.find_last_of('/') + 1);
        std::printf("  %-24s %8zu bytes\n", name.c_str(), f.bytes);
      }
      std::printf("cost of one step: %.3g flops, %.3g transcendentals, %.3g "
                  "bytes accessed\n",
                  cost.flops, cost.transcendentals, cost.bytes_accessed);
      // The pipeline explorer's page of the step, run on the first batch.
      std::string page = dir + "/explorer.html";
      compiled.explore(page, args, "MLP train step");
      std::printf("the pipeline explorer of the step (open it in a browser): %s\n",
                  page.c_str());
    } catch (const std::exception &e) {
      std::cerr << "jx-mlp-train: error: writing the stages: " << e.what()
                << "\n";
      return 1;
    }
  }

  // 6. Training.
  const std::size_t batches = static_cast<std::size_t>(n_train / kBatch);
  std::cout << "training: " << opt.epochs << " epochs of " << batches
            << " batches\n";
  std::vector<double> epoch_loss;
  double total_ms = 0, first_ms = 0;
  for (int epoch = 0; epoch < opt.epochs; ++epoch) {
    auto t0 = std::chrono::steady_clock::now();
    std::vector<int32_t> perm = ints(shuffle(
        shuffle_key, jx::array({static_cast<double>(epoch)}, {}, jx::uint32)));
    std::vector<int32_t> rows(perm.size());
    for (std::size_t i = 0; i < perm.size(); ++i)
      rows[i] = train_rows[perm[i]];
    double sum = 0;
    for (std::size_t b = 0; b < batches; ++b) {
      auto [x, y] = batch_of(data, rows, b * kBatch, kBatch);
      std::vector<Array> args = leaves;
      args.push_back(x);
      args.push_back(y);
      std::vector<Array> out =
          apply_leaves(step, args, std::make_index_sequence<kStepArgs>{});
      sum += out.back().item<float>();
      out.pop_back();
      leaves = std::move(out);
    }
    double ms = std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - t0)
                    .count();
    total_ms += ms;
    if (epoch == 0)
      first_ms = ms;
    epoch_loss.push_back(sum / static_cast<double>(batches));
    std::printf("epoch %3d  loss %.4f  %7.1f ms%s\n", epoch + 1,
                epoch_loss.back(), ms,
                epoch == 0 ? "  (includes compiling the step)" : "");
    std::fflush(stdout);
  }

  // 7. Test accuracy.
  auto [x_test, y_test] = batch_of(data, test_rows, 0, test_rows.size());
  std::vector<int32_t> predicted =
      ints(predict(leaves[0], leaves[1], leaves[2], leaves[3], x_test));
  std::vector<int32_t> truth = ints(y_test);
  int64_t correct = 0;
  for (std::size_t i = 0; i < truth.size(); ++i)
    correct += predicted[i] == truth[i];
  double accuracy = static_cast<double>(correct) / truth.size();
  std::printf("test accuracy: %.2f%% (%lld of %zu)\n", 100 * accuracy,
              static_cast<long long>(correct), truth.size());
  if (opt.epochs > 1)
    std::printf("time per epoch: %.1f ms (mean of epochs 2..%d; epoch 1 "
                "also compiled the step: %.0f ms)\n",
                (total_ms - first_ms) / (opt.epochs - 1), opt.epochs, first_ms);

  // 8. Checks: one compilation of the step, a falling loss, the bar.
  int failures = 0;
  std::cout << "train_step: " << step.cache_misses() << " compile, "
            << step.cache_hits() << " cache hits";
  if (step.cache_misses() == 1) {
    std::cout << " (compiled once)\n";
  } else {
    std::cout << " -- FAIL: expected one compile\n";
    ++failures;
  }
  if (epoch_loss.size() > 1 && !(epoch_loss.back() < epoch_loss.front())) {
    std::cout << "FAIL: the loss did not decrease\n";
    ++failures;
  }
  if (accuracy < opt.min_accuracy) {
    std::printf("FAIL: test accuracy %.2f%% is below %.2f%%\n", 100 * accuracy,
                100 * opt.min_accuracy);
    ++failures;
  }
  return failures ? 1 : 0;
}
