// run_exported.cpp - a model exported from JAX, run from C++ (docs/deploy.md).
//
// In Python (scripts/gen_export_fixtures.py wrote these files):
//
//   exp = jax.export.export(jax.jit(f))(*args)          # or symbolic shapes
//   open("model.exported", "wb").write(exp.serialize())
//
// In C++, with no Python and no XLA: jx::load reads the file and the result
// is called with jx arrays, or with the export's trees.

#include "check.h"

#include "jx/jx.h"

#include <cmath>
#include <iostream>

namespace {

const std::string dir = JX_EXPORT_FIXTURES; // test/Fixtures/export

jx::Array npy(const std::string &file) {
  return jx::Array(jx::runtime::read_npy(dir + "/" + file));
}

bool close(const jx::Array &got, const jx::Array &want) {
  if (got.shape() != want.shape())
    return false;
  std::vector<double> g = got.to_vector<double>(), w = want.to_vector<double>();
  for (std::size_t i = 0; i < g.size(); ++i)
    if (std::abs(g[i] - w[i]) > 1e-6 + 1e-5 * std::abs(w[i]))
      return false;
  return true;
}

} // namespace

int main() {
  using example::check;
  using example::check_text;

  // 1. Trees in, trees out: f({'w': w, 'b': b}, (x, s)) returns
  //    ({'y': ..., 'stats': (..., ...)}, [...], None).
  jx::LoadedProgram model = jx::load(dir + "/pytree_dict_tuple.exported");
  std::cout << model.name() << " (" << model.form() << ")\n";
  check_text(model.exported()->in_tree.to_string(),
             "PyTreeDef((({'b': *, 'w': *}, (*, *)), {}))", "the input tree");
  jx::TreeValue params = jx::TreeValue::dict(
      {{"w", npy("pytree_dict_tuple.default.in1.npy")},
       {"b", npy("pytree_dict_tuple.default.in0.npy")}});
  jx::TreeValue batch = jx::TreeValue::tuple(
      {npy("pytree_dict_tuple.default.in2.npy"),
       npy("pytree_dict_tuple.default.in3.npy")});
  jx::TreeValue out = model.call({params, batch});
  check_text(out.structure(),
             "PyTreeDef(({'stats': (*, *), 'y': *}, [*], None))",
             "the output tree");
  check(close(out[0]["stats"][0].array(),
              npy("pytree_dict_tuple.default.out0.npy")) &&
            close(out[0]["stats"][1].array(),
                  npy("pytree_dict_tuple.default.out1.npy")) &&
            close(out[0]["y"].array(), npy("pytree_dict_tuple.default.out2.npy")) &&
            close(out[1][0].array(), npy("pytree_dict_tuple.default.out3.npy")),
        "JAX's outputs");

  // A tree of the wrong structure is refused, naming where it differs.
  try {
    model.call({batch, params});
    check(false, "a wrong tree is refused");
  } catch (const jx::error &e) {
    std::cout << "  " << e.what() << "\n";
    check(std::string(e.what()).find("the export expects") != std::string::npos,
          "a wrong tree is refused");
  }

  // 2. A shape-polymorphic export ("b, 8"): one file, any batch size.
  jx::LoadedProgram poly = jx::load(dir + "/poly_mlp.exported");
  check_text(poly.input_types()[0], "float32[b,8]", "a symbolic input");
  for (const char *b : {"b3", "b5"}) {
    std::string p = std::string("poly_mlp.") + b;
    std::vector<jx::Array> y = poly({npy(p + ".in0.npy"), npy(p + ".in1.npy")});
    check(close(y[0], npy(p + ".out0.npy")),
          std::string("batch ") + (b + 1) + ": JAX's outputs");
  }
  // Inputs that break the specification get JAX's messages.
  try {
    poly({npy("poly_mlp.bad_static_dim.in0.npy"),
          npy("poly_mlp.bad_static_dim.in1.npy")});
    check(false, "a wrong constant dimension is refused");
  } catch (const jx::error &e) {
    check_text(e.what(),
               "Shape mismatch for args[0].shape[1] (expected same constant): "
               "expected (b, 8) and called with (3, 7)",
               "a wrong constant dimension is refused");
  }
  jx::LoadedProgram two = jx::load(dir + "/poly_two_args.exported");
  try {
    two({npy("poly_two_args.bad_batch_mismatch.in0.npy"),
         npy("poly_two_args.bad_batch_mismatch.in1.npy")});
    check(false, "inconsistent batch sizes are refused");
  } catch (const jx::error &e) {
    check(std::string(e.what()).find(
              "Found inconsistency between dimension size args[1].shape[0] "
              "(= 4) and the specification 'b' (= 3)") != std::string::npos,
          "inconsistent batch sizes are refused (the shape assertion)");
  }

  // 3. An export for another platform is refused when loaded.
  try {
    jx::load(dir + "/platforms_cuda_only.exported");
    check(false, "a CUDA-only export is refused");
  } catch (const jx::error &e) {
    check(std::string(e.what()).find("lowered for cuda only") !=
              std::string::npos,
          "a CUDA-only export is refused");
  }
  return example::finish("run_exported");
}
