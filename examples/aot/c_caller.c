/* c_caller.c - the generated header is C: a C program calls the compiled
 * MLP on zero inputs: 4 equally likely classes, probability 1/4 each, and
 * the cross-entropy loss log(4). */

#include "mlp.h"

#include <math.h>
#include <stdio.h>

int main(void) {
  static float b1[16], b2[4], w1[8 * 16], w2[16 * 4], x[6 * 8], out[6 * 4], loss;
  static int32_t labels[6];
  int i;
  if (mlp_main(b1, b2, w1, w2, x, labels, out, &loss) != 0) {
    fprintf(stderr, "FAIL: mlp_main: %s\n", jx_rt_last_error());
    return 1;
  }
  for (i = 0; i < 24; ++i)
    if (fabsf(out[i] - 0.25f) > 1e-6f) {
      fprintf(stderr, "FAIL: out[%d] = %g, expected 1/4\n", i, out[i]);
      return 1;
    }
  if (fabsf(loss - logf(4.0f)) > 1e-5f) {
    fprintf(stderr, "FAIL: loss %g, expected log(4) = %g\n", loss, logf(4.0f));
    return 1;
  }
  printf("C caller: probabilities %g, loss %g\n", out[0], loss);
  return 0;
}
