// dp_train.cpp - the digits MLP trained data-parallel: every device takes a
// slice of each batch, computes its gradient, and the gradients are
// averaged by an all-reduce (lax::pmean) inside one jx::pmap'd step, so the
// parameters stay identical on every device.
//
//   JX_CPU_DEVICES=2 build/bin/jx-dp-train          # 2 devices, 1 process
//   mpirun -np 2 build/bin/jx-dp-train              # 2 processes (MPI)
//   build/bin/jx-dp-train --devices 4 --check-single --epochs 3
//
// Each step checks that the parameters are equal on every device (pmax and
// pmin of their sum agree); --check-single also trains the same model on
// one device with whole batches and checks that the two loss curves agree
// within float tolerance (the mean over the devices' equal slices is the
// mean over the batch). Prints each epoch's loss, test accuracy and time.
//
// Exit codes: 0 trained, every check held; 1 a check failed; 2 the data
// set is missing (python3-sklearn) or bad arguments.

#include "digits.h"

#include "jx/distributed.h"
#include "jx/jx.h"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <string>

namespace jnp = jx::numpy;
namespace lax = jx::lax;
using jx::Array;

struct Params {
  Array w1, b1, w2, b2;
};
JX_REGISTER_TREE(Params, w1, b1, w2, b2)

namespace {

constexpr int kHidden = 64;
constexpr int kClasses = 10;
constexpr int kBatch = 64; // global batch, divided among the devices
constexpr float kLearningRate = 0.5f;

Array logits_of(const Params &p, const Array &x) {
  return jnp::matmul(jnp::tanh(jnp::matmul(x, p.w1) + p.b1), p.w2) + p.b2;
}

/// Mean cross-entropy of the batch.
Array loss_fn(const Params &p, const Array &x, const Array &onehot) {
  Array logp = jx::nn::log_softmax(logits_of(p, x), -1);
  return -jnp::mean(jnp::sum(logp * onehot, -1));
}

Params sgd(const Params &p, const Params &g) {
  return jx::tree_map(
      [](const Array &v, const Array &d) { return v - d * kLearningRate; }, p,
      g);
}

/// Deterministic initial parameters (the same on every process).
Params init() {
  auto uniform = [](int64_t rows, int64_t cols, uint32_t seed) {
    jx::Array key = jx::random::PRNGKey(seed);
    float scale = 1.0f / std::sqrt(static_cast<float>(rows));
    return jx::random::uniform(key, {rows, cols}, jx::float32, -scale, scale);
  };
  return Params{uniform(example::digits::kPixels, kHidden, 1),
                jnp::zeros({kHidden}), uniform(kHidden, kClasses, 2),
                jnp::zeros({kClasses})};
}

struct options {
  int epochs = 5;
  int devices = 0; // in one process: JX_CPU_DEVICES, else 2
  bool check_single = false;
  std::string data = example::default_digits_path();
};

[[noreturn]] void usage(const std::string &why) {
  std::cerr << "jx-dp-train: " << why << "\n"
            << "usage: jx-dp-train [--epochs N] [--devices D] [--check-single]"
               " [--data PATH]\n";
  std::exit(2);
}

options parse(int argc, char **argv) {
  options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc)
        usage(a + " needs a value");
      return argv[++i];
    };
    if (a == "--epochs")
      o.epochs = std::atoi(value().c_str());
    else if (a == "--devices")
      o.devices = std::atoi(value().c_str());
    else if (a == "--check-single")
      o.check_single = true;
    else if (a == "--data")
      o.data = value();
    else
      usage("unknown option " + a);
  }
  if (o.epochs < 1)
    usage("--epochs must be at least 1");
  return o;
}

} // namespace

int main(int argc, char **argv) {
  options opt = parse(argc, argv);
  if (jx::distributed::launched_by_mpirun())
    jx::distributed::initialize();
  const int rank = jx::distributed::process_index();
  const int processes = jx::distributed::process_count();
  int devices = processes;
  if (processes == 1) {
    const char *env = std::getenv("JX_CPU_DEVICES");
    devices = opt.devices ? opt.devices : env ? std::atoi(env) : 2;
  } else if (opt.devices && opt.devices != processes) {
    usage("--devices " + std::to_string(opt.devices) + " under mpirun -np " +
          std::to_string(processes) + ": one device per process");
  }
  if (devices < 1 || kBatch % devices)
    usage("the batch of " + std::to_string(kBatch) +
          " must divide among the devices (" + std::to_string(devices) + ")");
  std::ostream &out = rank == 0 ? std::cout : *new std::ostream(nullptr);

  example::digits data;
  try {
    data = example::read_digits(opt.data);
  } catch (const std::exception &e) {
    std::cerr << "jx-dp-train: " << e.what() << " (Debian: python3-sklearn)\n";
    return 2;
  }
  const int64_t n = data.rows(), n_train = n - n / 5;
  const int64_t steps = n_train / kBatch, local = kBatch / devices;
  // Pixels scaled to [0, 1]; labels one-hot.
  std::vector<double> pixels(data.pixels.begin(), data.pixels.end());
  for (double &v : pixels)
    v /= 16.0;
  Array x = jx::array(pixels, {n, example::digits::kPixels});
  Array y = jx::array(data.labels, {n});
  Array onehot = jx::nn::one_hot(y, kClasses);
  Array x_test = jnp::slice(x, {jx::range(n_train, n)});
  Array y_test = jnp::slice(y, {jx::range(n_train, n)});

  // The step: each device's gradient of its slice, averaged over devices.
  auto step = jx::pmap(
      [](const Params &p, const Array &xb, const Array &tb) {
        auto [loss, g] = jx::value_and_grad(loss_fn)(p, xb, tb);
        Params mean_g = jx::tree_map(
            [](const Array &v) { return lax::pmean(v, "batch"); }, g);
        Params next = sgd(p, mean_g);
        // Equal parameters on every device: the extremes of their sum agree.
        Array total = jnp::sum(next.w1) + jnp::sum(next.b1) +
                      jnp::sum(next.w2) + jnp::sum(next.b2);
        Array same = jnp::equal(lax::pmax(total, "batch"),
                                lax::pmin(total, "batch"));
        return std::make_tuple(next, lax::pmean(loss, "batch"), same);
      },
      "batch", {.in_axes = {jx::not_mapped, 0, 0}, .out_axes = jx::not_mapped,
                .name = "dp_step"});
  auto single_step = jx::jit([](const Params &p, const Array &xb,
                                const Array &tb) {
    auto [loss, g] = jx::value_and_grad(loss_fn)(p, xb, tb);
    return std::make_tuple(sgd(p, g), loss);
  });
  auto accuracy = jx::jit([](const Params &p, const Array &xs, const Array &ys) {
    return jnp::mean(
        jnp::equal(jnp::argmax(logits_of(p, xs), 1), ys).astype(jx::float32));
  });

  out << "data-parallel training on " << devices << " device"
      << (devices > 1 ? "s" : "")
      << (processes > 1 ? " (" + std::to_string(processes) + " MPI processes)"
                        : std::string(" (threads of one process)"))
      << ": " << opt.epochs << " epochs of " << steps << " steps, batch "
      << kBatch << " (" << local << " per device)\n";
  Params params = init(), single = init();
  bool ok = true;
  for (int epoch = 0; epoch < opt.epochs; ++epoch) {
    auto start = std::chrono::steady_clock::now();
    double loss_sum = 0, single_sum = 0;
    for (int64_t s = 0; s < steps; ++s) {
      Array xb = jnp::slice(x, {jx::range(s * kBatch, (s + 1) * kBatch)});
      Array tb = jnp::slice(onehot, {jx::range(s * kBatch, (s + 1) * kBatch)});
      // This process's devices' slices: [devices here, local, ...].
      int64_t here = processes > 1 ? 1 : devices;
      int64_t first = processes > 1 ? rank * local : 0;
      Array xs = jnp::slice(xb, {jx::range(first, first + here * local)})
                     .reshape({here, local, example::digits::kPixels});
      Array ts = jnp::slice(tb, {jx::range(first, first + here * local)})
                     .reshape({here, local, kClasses});
      auto [next, loss, same] = step(params, xs, ts);
      params = next;
      loss_sum += loss.item<float>();
      if (!same.item<bool>()) {
        std::cerr << "rank " << rank << ": epoch " << epoch << " step " << s
                  << ": the parameters differ between devices\n";
        ok = false;
      }
      if (opt.check_single) {
        auto [next1, loss1] = single_step(single, xb, tb);
        single = next1;
        single_sum += loss1.item<float>();
      }
    }
    double secs = std::chrono::duration<double>(
                      std::chrono::steady_clock::now() - start)
                      .count();
    double mean = loss_sum / steps;
    out << "epoch " << epoch + 1 << ": loss " << std::fixed
        << std::setprecision(6) << mean << ", test accuracy "
        << std::setprecision(3) << accuracy(params, x_test, y_test).item<float>()
        << ", " << std::setprecision(3) << secs << " s";
    if (opt.check_single) {
      double ref = single_sum / steps;
      bool close = std::abs(mean - ref) <= 1e-4 * std::abs(ref) + 1e-6;
      out << " (one device: loss " << std::setprecision(6) << ref
          << (close ? ", equal" : ", DIFFERENT") << ")";
      ok &= close;
    }
    out << "\n" << std::defaultfloat;
  }
  if (!ok) {
    std::cerr << "jx-dp-train: rank " << rank << ": a check failed\n";
    return 1;
  }
  out << "parameters identical on every device after every step\n";
  return 0;
}
